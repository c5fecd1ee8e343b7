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
  /** A map `sumlens align` adopted: where it came from (absent in a `sumlens calibrate` map). */
  provenance?: CalibrationProvenance;
}

/**
 * An adopted calibration's header, as an aligned template's: the data file and its hash, the
 * folds and the held-out gain; and the template whose scores it maps (a score from another
 * template is not mapped by it).
 */
export interface CalibrationProvenance {
  /** The header's lines as an aligned template's front matter has them. */
  header: string[];
  date: string;
  data: string;
  dataSha256: string;
  folds: number;
  template: string;
  templateSha256: string;
  /** Held out (cross-validation grouped by source document): mean |judge - people| before and after, the change with its 95% interval. */
  meanAbsoluteDifference: { before: number; after: number; change: number; interval: { low: number; high: number } };
  adjustedP: number;
  alphaGain: { value: number; interval: { low: number; high: number } };
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
  maps: z.array(
    z.looseObject({
      aspect: z.string(),
      judge: z.string(),
      x: z.array(z.number()).min(1),
      y: z.array(z.number()).min(1),
      provenance: z.looseObject({ templateSha256: z.string().regex(/^[0-9a-f]{64}$/) }).optional(),
    }),
  ),
});

export type AppliedMap = IsotonicFit & { aspect: string; judge: string; templateSha256?: string };

/** What applying a map needs (the rest of the file is for the reader). */
export interface CalibrationMaps {
  maps: AppliedMap[];
}

function readChecked(path: string): z.infer<typeof FileSchema> {
  const file = readWrittenJson(path, FileSchema, {
    what: 'a calibration map',
    command: 'sumlens calibrate',
    writeOne: 'sumlens calibrate RATINGS --out FILE',
  }) as z.infer<typeof FileSchema>;
  for (const m of file.maps)
    if (m.x.length !== m.y.length) throw new SumLensError('bad-input', `${path}: the map of ${m.aspect} has ${m.x.length} x and ${m.y.length} y`);
  return file;
}

/** The whole file, each map with every field as written (for adding a map to it). */
export function readCalibrationFile(path: string): CalibrationFile {
  return readChecked(path) as unknown as CalibrationFile;
}

export function readCalibration(path: string): CalibrationMaps {
  const file = readChecked(path);
  return {
    maps: file.maps.map(({ aspect, judge, x, y, provenance }) => ({
      aspect,
      judge,
      x,
      y,
      ...(provenance ? { templateSha256: provenance.templateSha256 } : {}),
    })),
  };
}

/** The map of `aspect` in the file (for `judge`, or its only judge). */
export function calibrationMapFor(file: CalibrationMaps, aspect: string, judge?: string): AppliedMap | undefined {
  const candidates = file.maps.filter((m) => m.aspect === aspect);
  return candidates.find((m) => m.judge === judge) ?? (candidates.length === 1 ? candidates[0] : undefined);
}

/** The calibrated score of `aspect`, when the file maps it (for `judge`, or its only judge). */
export function calibratedScore(file: CalibrationMaps, aspect: string, score: number, judge?: string): number | undefined {
  const map = calibrationMapFor(file, aspect, judge);
  return map ? applyIsotonic(map, score) : undefined;
}
