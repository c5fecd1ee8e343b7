/**
 * The percentile bootstrap interval of a mean: resample the values with replacement, take
 * each resample's mean, and read the interval off their distribution (numpy's linear
 * percentile). Paired differences use it on the per-item differences (a paired bootstrap
 * resamples items, keeping each item's pair together). Matches
 * scipy.stats.bootstrap(method='percentile') up to resampling noise.
 */
import { percentileInterval, type Interval } from './percentile';
import { runNow, type Work } from '../cooperative';
import { resampledMeansWork, DEFAULT_SEED } from './random';

/** Resamples drawn for an interval unless told otherwise. */
export const BOOTSTRAP_RESAMPLES = 2000;

export interface MeanEstimate {
  mean: number;
  n: number;
  interval: Interval;
}

export function mean(values: ArrayLike<number>): number {
  let sum = 0;
  for (let i = 0; i < values.length; i++) sum += values[i];
  return values.length ? sum / values.length : NaN;
}

export function bootstrapMean(values: ArrayLike<number>, options: { resamples?: number; level?: number; seed?: number } = {}): MeanEstimate {
  return runNow(bootstrapMeanWork(values, options));
}

/** bootstrapMean as cooperative work (cooperative.ts). */
export function* bootstrapMeanWork(values: ArrayLike<number>, options: { resamples?: number; level?: number; seed?: number } = {}): Work<MeanEstimate> {
  const means = yield* resampledMeansWork(Float64Array.from(values), options.resamples ?? BOOTSTRAP_RESAMPLES, options.seed ?? DEFAULT_SEED);
  return { mean: mean(values), n: values.length, interval: percentileInterval(Array.from(means), options.level ?? 0.95) };
}
