/**
 * The standard error of a mean of scores, with an optional prior on the spread: `weight`
 * pseudo-observations of variance `variance` are pooled with the sample's own squared
 * deviations. Without a prior, five identical answers have a standard error of 0 and look
 * certain; with one, the error shrinks only as answers accumulate, so a rule that stops
 * sampling at a bound does not stop before the minority answers had a chance to appear.
 *
 *   s² = (Σ(x − x̄)² + weight · variance) / (n − 1 + weight),   SE = √(s² / n)
 *
 * weight 0 is the ordinary sample standard error (Bessel-corrected); it is undefined
 * (Infinity) below two values. No values: Infinity.
 */
export interface SpreadPrior {
  weight: number;
  variance: number;
}

export function meanStandardError(values: readonly number[], prior: SpreadPrior = { weight: 0, variance: 0 }): number {
  const n = values.length;
  if (n === 0 || n - 1 + prior.weight <= 0) return Infinity;
  const mean = values.reduce((sum, v) => sum + v, 0) / n;
  const squares = values.reduce((sum, v) => sum + (v - mean) ** 2, 0);
  const variance = (squares + prior.weight * prior.variance) / (n - 1 + prior.weight);
  return Math.sqrt(variance / n);
}
