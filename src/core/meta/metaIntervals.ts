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
import type { Correlations } from './correlation';
import type { Level } from './datasets';
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
  if (level === 'system') return (positions) => ({ ...systemCorrelations(positions.map((p) => items[p])) });
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
  const intervals = Object.fromEntries(
    COEFFICIENTS.map((c) => [c, result.intervals[c] ?? { low: NaN, high: NaN, level: confidence }]),
  ) as Record<Coefficient, Interval>;
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
