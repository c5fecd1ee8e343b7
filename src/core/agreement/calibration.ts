/**
 * Calibration of a judge to people (opt-in): per aspect and judge, a monotone (isotonic) map
 * from the judge's score to the person's scale, fitted on rated pairs, with the agreement it
 * buys measured honestly: 5-fold cross-validation (items shuffled by the seed; each fold's
 * scores mapped by a fit on the other four) before and after. A calibrated score is always
 * shown beside the raw one, never instead of it.
 */
import * as z from 'zod';
import { SumLensError } from '../errors';
import { readWrittenJson } from '../jsonFile';
import { spearman } from '../stats/correlation';
import { applyIsotonic, isotonicFit, type IsotonicFit } from '../stats/isotonic';
import { krippendorffAlpha } from '../stats/krippendorffAlpha';
import { seededRandom } from '../stats/random';
import type { RatedPair } from './ratedSets';

export const FOLDS = 5;

export interface AgreementFigures {
  alphaInterval: number;
  spearman: number;
  meanAbsoluteDifference: number;
}

export interface CalibrationMap extends IsotonicFit {
  aspect: string;
  judge: string;
  items: number;
  /** Cross-validated agreement with the person, raw and mapped. */
  before: AgreementFigures;
  after: AgreementFigures;
}

export interface CalibrationFile {
  sumlens: 'calibration';
  version: 1;
  seed: number;
  maps: CalibrationMap[];
}

function figures(person: number[], judge: number[]): AgreementFigures {
  return {
    alphaInterval: krippendorffAlpha([person, judge], 'interval'),
    spearman: spearman(person, judge),
    meanAbsoluteDifference: person.reduce((s, p, i) => s + Math.abs(p - judge[i]), 0) / person.length,
  };
}

/** Each item's fold, shuffled by the seed. */
function folds(n: number, seed: number): number[] {
  const order = Array.from({ length: n }, (_, i) => i);
  const random = seededRandom(seed);
  for (let i = n - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [order[i], order[j]] = [order[j], order[i]];
  }
  const fold = new Array<number>(n);
  order.forEach((item, position) => (fold[item] = position % FOLDS));
  return fold;
}

export function calibrate(pairs: RatedPair[], seed: number): CalibrationFile {
  const groups = new Map<string, RatedPair[]>();
  for (const pair of pairs) groups.set(`${pair.aspect}\u0000${pair.judge}`, [...(groups.get(`${pair.aspect}\u0000${pair.judge}`) ?? []), pair]);
  const maps = [...groups.values()].map((group): CalibrationMap => {
    const person = group.map((p) => p.person);
    const judge = group.map((p) => p.score);
    if (group.length < 2 * FOLDS)
      throw new SumLensError(
        'bad-input',
        `${group[0].aspect} (${group[0].judge}): ${group.length} rated item(s); calibration needs at least ${2 * FOLDS} for its ${FOLDS}-fold check`,
      );
    const fold = folds(group.length, seed);
    const mapped = judge.map((_, i) => {
      const train = group.map((_, k) => k).filter((k) => fold[k] !== fold[i]);
      return applyIsotonic(
        isotonicFit(
          train.map((k) => judge[k]),
          train.map((k) => person[k]),
        ),
        judge[i],
      );
    });
    return {
      aspect: group[0].aspect,
      judge: group[0].judge,
      items: group.length,
      ...isotonicFit(judge, person),
      before: figures(person, judge),
      after: figures(person, mapped),
    };
  });
  return { sumlens: 'calibration', version: 1, seed, maps };
}

const FileSchema = z.object({
  sumlens: z.literal('calibration'),
  version: z.literal(1),
  seed: z.number(),
  maps: z.array(z.looseObject({ aspect: z.string(), judge: z.string(), x: z.array(z.number()).min(1), y: z.array(z.number()).min(1) })),
});

/** What applying a map needs (the rest of the file is for the reader). */
export interface CalibrationMaps {
  maps: (IsotonicFit & { aspect: string; judge: string })[];
}

export function readCalibration(path: string): CalibrationMaps {
  const file = readWrittenJson(path, FileSchema, {
    what: 'a calibration map',
    command: 'sumlens calibrate',
    writeOne: 'sumlens calibrate RATINGS --out FILE',
  }) as z.infer<typeof FileSchema>;
  for (const m of file.maps)
    if (m.x.length !== m.y.length) throw new SumLensError('bad-input', `${path}: the map of ${m.aspect} has ${m.x.length} x and ${m.y.length} y`);
  return { maps: file.maps.map(({ aspect, judge, x, y }) => ({ aspect, judge, x, y })) };
}

/** The calibrated score of `aspect`, when the file maps it (for `judge`, or its only judge). */
export function calibratedScore(file: CalibrationMaps, aspect: string, score: number, judge?: string): number | undefined {
  const candidates = file.maps.filter((m) => m.aspect === aspect);
  const map = candidates.find((m) => m.judge === judge) ?? (candidates.length === 1 ? candidates[0] : undefined);
  return map ? applyIsotonic(map, score) : undefined;
}
