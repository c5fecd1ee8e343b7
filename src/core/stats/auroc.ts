/**
 * The area under the ROC curve of a score that should be higher for the positives: the
 * chance that a random positive outscores a random negative, ties counting half (the
 * Mann–Whitney U over n₁·n₀). Its interval is DeLong's (DeLong, DeLong and Clarke-Pearson,
 * "Comparing the Areas under Two or More Correlated Receiver Operating Characteristic Curves:
 * A Nonparametric Approach", Biometrics 1988): the normal interval from the variance of each
 * positive's and each negative's share of the comparisons it wins, clipped to [0, 1].
 */
import type { Interval } from './percentile';
import { normalQuantile } from './wilson';

export interface Auroc extends Interval {
  /** NaN when either class is empty. */
  value: number;
  positives: number;
  negatives: number;
}

/** 1 when x outscores y, ½ on a tie, else 0. */
const wins = (x: number, y: number): number => (x > y ? 1 : x === y ? 0.5 : 0);

/** Sample variance (n − 1); 0 for fewer than two values. */
function variance(values: number[]): number {
  if (values.length < 2) return 0;
  const mean = values.reduce((s, v) => s + v, 0) / values.length;
  return values.reduce((s, v) => s + (v - mean) ** 2, 0) / (values.length - 1);
}

/** O(n₁·n₀): SumLens's sets have a few hundred summaries. */
export function auroc(positives: readonly number[], negatives: readonly number[], level = 0.95): Auroc {
  const counts = { positives: positives.length, negatives: negatives.length };
  if (positives.length === 0 || negatives.length === 0) return { value: NaN, low: 0, high: 1, level, ...counts };
  const ofPositives = positives.map((x) => negatives.reduce((s, y) => s + wins(x, y), 0) / negatives.length);
  const ofNegatives = negatives.map((y) => positives.reduce((s, x) => s + wins(x, y), 0) / positives.length);
  const value = ofPositives.reduce((s, v) => s + v, 0) / positives.length;
  // One positive or one negative leaves its side's variance unknown: no interval then.
  if (positives.length < 2 || negatives.length < 2) return { value, low: 0, high: 1, level, ...counts };
  const spread = Math.sqrt(variance(ofPositives) / positives.length + variance(ofNegatives) / negatives.length);
  const z = normalQuantile(1 - (1 - level) / 2);
  return { value, low: Math.max(0, value - z * spread), high: Math.min(1, value + z * spread), level, ...counts };
}
