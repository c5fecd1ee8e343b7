/**
 * Bootstrap confidence intervals for figures computed from units (Efron's nonparametric
 * bootstrap, percentile intervals). Which unit is resampled is the caller's choice and
 * matters: Deutsch, Dror and Roth (2021, "A Statistical Analysis of Summarization Evaluation
 * Metrics Using Resampling Methods") resample documents for summary-level correlations and
 * items for pooled ones, so the interval reflects the variation the figure is averaged over.
 */
import { percentileInterval, type Interval } from './percentile';
import { resampleIndices, seededRandom } from './random';
import type { ResamplingOptions, Statistic } from './resampledFigures';

export interface BootstrapOptions extends ResamplingOptions {
  /** Confidence level of the intervals; 0.95 unless told. */
  confidence?: number;
}

export interface BootstrapIntervals {
  /** Figure name → percentile interval of its bootstrap distribution. */
  intervals: Record<string, Interval>;
  /**
   * Per figure, resamples whose figure was undefined (e.g. every resampled document constant);
   * they are left out of the interval. Only figures with some are listed.
   */
  undefinedResamples: Record<string, number>;
}

/** Bootstrap distributions of every figure of `statistic`, each an array of `resamples` values. */
export function bootstrapDistributions<U>(units: readonly U[], statistic: Statistic<U>, options: ResamplingOptions): Record<string, number[]> {
  const random = seededRandom(options.seed);
  const distributions: Record<string, number[]> = {};
  const picked = new Array<U>(units.length);
  for (let r = 0; r < options.resamples; r++) {
    const indices = resampleIndices(random, units.length);
    for (let i = 0; i < indices.length; i++) picked[i] = units[indices[i]];
    const figures = statistic(picked);
    for (const [name, value] of Object.entries(figures)) (distributions[name] ??= []).push(value);
  }
  return distributions;
}

export function bootstrapIntervals<U>(units: readonly U[], statistic: Statistic<U>, options: BootstrapOptions): BootstrapIntervals {
  const distributions = bootstrapDistributions(units, statistic, options);
  const intervals: Record<string, Interval> = {};
  const undefinedResamples: Record<string, number> = {};
  for (const [name, values] of Object.entries(distributions)) {
    intervals[name] = percentileInterval(values, options.confidence ?? 0.95);
    const missing = values.filter(Number.isNaN).length;
    if (missing > 0) undefinedResamples[name] = missing;
  }
  return { intervals, undefinedResamples };
}
