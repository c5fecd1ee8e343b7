/**
 * `meta --cross`: every judge aspect correlated with every human aspect (Spearman ρ at the
 * dataset's level, with a percentile bootstrap interval), and a test of whether a judge
 * aspect agrees with another human aspect more than with its own. Every cell is computed on
 * ONE shared set of resamples, so the difference of two cells of a row is a paired statistic
 * of two dependent correlations (they share the judge's scores), resampled together.
 */
import { holmAdjust } from '../stats/holm';
import { percentileInterval, type Interval } from '../stats/percentile';
import { resampleIndices, seededRandom } from '../stats/random';
import type { Level } from '../datasets/dataset';
import { meanOverDocuments, summaryUnits, type Scored } from './metaEvaluate';
import { itemLevelStatistic, levelFigures, resampledUnit, type BootstrapInfo } from './metaIntervals';

/** The items every cell is computed on: each judge and human aspect a column of the same length. */
export interface CrossColumns {
  group: readonly string[];
  system: readonly string[];
  judge: Readonly<Record<string, readonly number[]>>;
  human: Readonly<Record<string, readonly number[]>>;
}

export interface CrossCell {
  human: string;
  spearman: number;
  interval: Interval;
  /** Summary level: documents left out of this cell because its judge or human scores are constant in them. */
  skipped: number;
}

export interface CrossRow {
  judge: string;
  cells: CrossCell[];
}

/** ρ(judge a, human b) − ρ(judge a, human a): does judge aspect a follow human aspect b more than its own? */
export interface CrossTest {
  judge: string;
  other: string;
  difference: number;
  interval: Interval;
  /** Two-sided bootstrap p-value: 2·min(share of resampled differences ≤ 0, share ≥ 0), at most 1. */
  pValue: number;
  /** Holm-adjusted across every test of the matrix. */
  pHolm: number;
  /** The interval lies above 0 and pHolm < alpha: judge aspect a is confused with human aspect b. */
  confused: boolean;
}

export interface CrossResult {
  level: Level;
  judgeAspects: string[];
  humanAspects: string[];
  rows: CrossRow[];
  tests: CrossTest[];
  /** Items with every judge and human score (all cells are over these). */
  items: number;
  documents: number;
  alpha: number;
  bootstrap: BootstrapInfo;
}

export interface CrossOptions {
  resamples: number;
  seed: number;
  confidence?: number;
  alpha?: number;
}

/** Spearman of one (judge, human) pair: its value and its value on each resample of units. */
interface PairFigures {
  spearman: number;
  resampled: Float64Array;
  skipped: number;
}

function pairFigures(level: Level, items: readonly Scored[], resamples: readonly (readonly number[])[]): PairFigures {
  const resampled = new Float64Array(resamples.length);
  if (level === 'summary') {
    // Each document's correlation is computed once; a resample averages the drawn documents'.
    const documents = summaryUnits(items);
    const picked = new Array<(typeof documents)[number]>(documents.length);
    resamples.forEach((indices, r) => {
      for (let i = 0; i < indices.length; i++) picked[i] = documents[indices[i]];
      resampled[r] = meanOverDocuments(picked).spearman;
    });
    return { spearman: meanOverDocuments(documents).spearman, resampled, skipped: documents.filter((d) => d === null).length };
  }
  const statistic = itemLevelStatistic(level, items);
  resamples.forEach((indices, r) => (resampled[r] = statistic(indices).spearman));
  return { spearman: levelFigures(level, items).spearman, resampled, skipped: 0 };
}

/** The units resampled at a level: documents in order of first appearance (as summaryUnits groups them), or items. */
function unitCount(level: Level, columns: CrossColumns): number {
  return level === 'summary' ? new Set(columns.group).size : columns.group.length;
}

/** `resamples` lists of unit indices, drawn as every other bootstrap of `meta` draws them (same seed, same lists). */
function drawResamples(units: number, resamples: number, seed: number): number[][] {
  const random = seededRandom(seed);
  return Array.from({ length: resamples }, () => resampleIndices(random, units));
}

/** Shares of the resampled differences (undefined ones left out) at or below, and at or above, 0. */
function bootstrapPValue(differences: readonly number[]): number {
  const defined = differences.filter((d) => !Number.isNaN(d));
  if (defined.length === 0) return NaN;
  const below = defined.filter((d) => d <= 0).length / defined.length;
  const above = defined.filter((d) => d >= 0).length / defined.length;
  return Math.min(1, 2 * Math.min(below, above));
}

/** The matrix and its tests on given resamples of units (drawResamples, or explicit lists in tests). */
export function crossMatrix(
  level: Level,
  columns: CrossColumns,
  resamples: readonly (readonly number[])[],
  options: { confidence?: number; alpha?: number } = {},
): Omit<CrossResult, 'bootstrap' | 'items' | 'documents'> {
  const confidence = options.confidence ?? 0.95;
  const alpha = options.alpha ?? 0.05;
  const judgeAspects = Object.keys(columns.judge);
  const humanAspects = Object.keys(columns.human);
  const figures = new Map<string, PairFigures>();
  const rows = judgeAspects.map((judge): CrossRow => ({
    judge,
    cells: humanAspects.map((human): CrossCell => {
      const items = columns.group.map((group, i): Scored => ({
        group,
        system: columns.system[i],
        human: columns.human[human][i],
        predicted: columns.judge[judge][i],
      }));
      const pair = pairFigures(level, items, resamples);
      figures.set(`${judge}\u0000${human}`, pair);
      return { human, spearman: pair.spearman, interval: percentileInterval([...pair.resampled], confidence), skipped: pair.skipped };
    }),
  }));
  const untested = judgeAspects
    .filter((judge) => humanAspects.includes(judge))
    .flatMap((judge) =>
      humanAspects
        .filter((other) => other !== judge)
        .map((other) => {
          const own = figures.get(`${judge}\u0000${judge}`) as PairFigures;
          const cross = figures.get(`${judge}\u0000${other}`) as PairFigures;
          const differences = Array.from(cross.resampled, (value, r) => value - own.resampled[r]);
          return {
            judge,
            other,
            difference: cross.spearman - own.spearman,
            interval: percentileInterval(differences, confidence),
            pValue: bootstrapPValue(differences),
          };
        }),
    );
  const adjusted = holmAdjust(untested.map((t) => t.pValue));
  const tests = untested.map((t, k): CrossTest => ({ ...t, pHolm: adjusted[k], confused: t.interval.low > 0 && adjusted[k] < alpha }));
  return { level, judgeAspects, humanAspects, rows, tests, alpha };
}

/** The matrix with intervals on `options.resamples` seeded resamples of the level's units. */
export function crossAspects(level: Level, columns: CrossColumns, options: CrossOptions): CrossResult {
  const confidence = options.confidence ?? 0.95;
  const matrix = crossMatrix(level, columns, drawResamples(unitCount(level, columns), options.resamples, options.seed), {
    confidence,
    alpha: options.alpha,
  });
  return {
    ...matrix,
    items: columns.group.length,
    documents: new Set(columns.group).size,
    bootstrap: { resamples: options.resamples, seed: options.seed, unit: resampledUnit(level), confidence },
  };
}
