/**
 * The percentile interval of a bootstrap distribution, with numpy's default ("linear")
 * interpolation so that figures line up with scipy/numpy reference values.
 */
export interface Interval {
  low: number;
  high: number;
  /** Confidence level, e.g. 0.95. */
  level: number;
}

/** The q-quantile (0 ≤ q ≤ 1) of values, NaNs left out; NaN when none remain. */
export function quantile(values: readonly number[], q: number): number {
  const sorted = values.filter((v) => !Number.isNaN(v)).sort((a, b) => a - b);
  if (sorted.length === 0) return NaN;
  const position = q * (sorted.length - 1);
  const below = Math.floor(position);
  const above = Math.min(below + 1, sorted.length - 1);
  return sorted[below] + (sorted[above] - sorted[below]) * (position - below);
}

export function percentileInterval(values: readonly number[], level = 0.95): Interval {
  const tail = (1 - level) / 2;
  return { low: quantile(values, tail), high: quantile(values, 1 - tail), level };
}
