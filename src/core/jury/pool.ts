/**
 * A jury's score for one aspect: the judges' scores pooled (mean by default, or median), with
 * their spread (sample standard deviation, min, max). Judges without a score are left out and
 * named by the caller; no score at all is no jury score.
 */
import type { PoolRule } from '../methodsAndTasks';

export interface Pooled {
  score: number;
  sd: number;
  min: number;
  max: number;
  judges: number;
}

export function pool(scores: readonly number[], rule: PoolRule): Pooled | undefined {
  const n = scores.length;
  if (n === 0) return undefined;
  const mean = scores.reduce((s, x) => s + x, 0) / n;
  const sorted = [...scores].sort((a, b) => a - b);
  const median = n % 2 ? sorted[(n - 1) / 2] : (sorted[n / 2 - 1] + sorted[n / 2]) / 2;
  const sd = n > 1 ? Math.sqrt(scores.reduce((s, x) => s + (x - mean) ** 2, 0) / (n - 1)) : 0;
  return { score: rule === 'mean' ? mean : median, sd, min: sorted[0], max: sorted[n - 1], judges: n };
}
