/**
 * Bootstrap intervals for a meta-evaluation's correlations: documents are resampled at the
 * summary level (the figure is an average over documents) and items at the sample and system
 * levels (Deutsch, Dror and Roth, 2021). Percentile intervals, seeded so that a printed interval
 * can be reproduced from its printed seed.
 */
import { bootstrapIntervals, type BootstrapOptions } from '../stats/correlationBootstrap';
import type { Interval } from '../stats/percentile';
import type { Statistic } from '../stats/resampledFigures';
import { resampledCorrelations } from '../stats/resampledCorrelations';
import { correlations, type Correlations } from '../stats/correlation';
import type { Level } from '../datasets/dataset';
import {
  meanOverDocuments,
  metaEvaluate,
  pooledCorrelations,
  summaryUnits,
  systemCorrelations,
  type MetaResult,
  type Scored,
  type ScoredItem,
} from './metaEvaluate';

export type Coefficient = keyof Correlations;
export const COEFFICIENTS: readonly Coefficient[] = ['pearson', 'spearman', 'kendall'];

/** How an interval was made, printed and written beside it. */
export interface BootstrapInfo {
  resamples: number;
  seed: number;
  /** What was resampled: documents (summary level) or items. */
  unit: 'documents' | 'items';
  confidence: number;
  /** Resamples whose coefficient was undefined (every resampled document skipped); left out. */
  undefinedResamples?: Partial<Record<Coefficient, number>>;
}

export interface MetaIntervals {
  intervals: Record<Coefficient, Interval>;
  bootstrap: BootstrapInfo;
}

export type MetaResultWithIntervals = MetaResult & Partial<MetaIntervals>;

export function resampledUnit(level: Level): BootstrapInfo['unit'] {
  return level === 'summary' ? 'documents' : 'items';
}

/** The figure of one level as a function of its resampling units' own list. */
export function levelFigures(level: Level, items: readonly Scored[]): Correlations {
  if (level === 'summary') return meanOverDocuments(summaryUnits(items));
  return level === 'system' ? systemCorrelations(items) : pooledCorrelations(items);
}

/**
 * The figure of the sample or system level as a function of resampled item positions. The
 * sample level counts how often each item was drawn and reads the correlations off orders
 * sorted once (src/core/stats/resampledCorrelations.ts).
 */
export function itemLevelStatistic(level: Exclude<Level, 'summary'>, items: readonly Scored[]): Statistic<number> {
  if (level === 'system') {
    const means = systemMeansOf(items);
    return (positions) => ({ ...means(positions, (p) => items[p].predicted) });
  }
  const figures = resampledCorrelations(
    items.map((i) => i.predicted),
    items.map((i) => i.human),
  );
  const counts = new Int32Array(items.length);
  return (positions) => {
    counts.fill(0);
    for (const p of positions) counts[p]++;
    return { ...figures(counts) };
  };
}

/**
 * The system level over drawn item positions, without grouping objects per resample: per-system
 * sums in arrays indexed by each item's system number, then the correlation of the means of
 * the systems drawn at all. `predictedAt` gives the prediction at a position (a permutation
 * test swaps which set it comes from).
 */
export function systemMeansOf(items: readonly Scored[]): (positions: readonly number[], predictedAt: (p: number) => number) => Correlations {
  const names = [...new Set(items.map((i) => i.system))];
  const systemOf = items.map((i) => names.indexOf(i.system));
  const human = new Float64Array(names.length);
  const predicted = new Float64Array(names.length);
  const drawn = new Int32Array(names.length);
  return (positions, predictedAt) => {
    human.fill(0);
    predicted.fill(0);
    drawn.fill(0);
    for (const p of positions) {
      const s = systemOf[p];
      human[s] += items[p].human;
      predicted[s] += predictedAt(p);
      drawn[s]++;
    }
    const present = [...drawn.keys()].filter((s) => drawn[s] > 0);
    return correlations(
      present.map((s) => predicted[s] / drawn[s]),
      present.map((s) => human[s] / drawn[s]),
    );
  };
}

/** 0, 1, …, n − 1: the units of the item levels. */
export const positionsOf = (items: readonly unknown[]): number[] => Array.from(items.keys());

export function metaIntervals(level: Level, all: readonly ScoredItem[], options: BootstrapOptions): MetaIntervals {
  const items = all.filter((i): i is Scored => i.predicted !== null);
  const confidence = options.confidence ?? 0.95;
  // Summary level: each document's correlations are computed once, and a resample averages them.
  const result =
    level === 'summary'
      ? bootstrapIntervals(summaryUnits(items), (documents) => ({ ...meanOverDocuments(documents) }), options)
      : bootstrapIntervals(positionsOf(items), itemLevelStatistic(level, items), options);
  const intervals = Object.fromEntries(COEFFICIENTS.map((c) => [c, result.intervals[c] ?? { low: NaN, high: NaN, level: confidence }])) as Record<
    Coefficient,
    Interval
  >;
  const undefinedResamples = result.undefinedResamples as Partial<Record<Coefficient, number>>;
  return {
    intervals,
    bootstrap: {
      resamples: options.resamples,
      seed: options.seed,
      unit: resampledUnit(level),
      confidence,
      ...(Object.keys(undefinedResamples).length > 0 ? { undefinedResamples } : {}),
    },
  };
}

/** metaEvaluate, with bootstrap intervals unless `resampling` is undefined or asks for 0 resamples. */
export function metaEvaluateWithIntervals(
  aspect: string,
  level: Level,
  items: readonly ScoredItem[],
  resampling: BootstrapOptions | undefined,
): MetaResultWithIntervals {
  const result = metaEvaluate(aspect, level, items);
  if (!resampling || resampling.resamples === 0) return result;
  return { ...result, ...metaIntervals(level, items, resampling) };
}
