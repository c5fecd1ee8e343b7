/**
 * Isotonic (monotone increasing) regression by pool-adjacent-violators, for calibrating a
 * judge's scores to a person's: the fitted value at each distinct x (tied x are pooled
 * first, weighted by their count), and a map that interpolates linearly between the fitted
 * points and clamps beyond them. Checked against scipy.optimize.isotonic_regression in
 * test/fixtures/scipy/agreement.json.
 */
export interface IsotonicFit {
  /** Distinct x, ascending. */
  x: number[];
  /** The fitted, non-decreasing y at each x. */
  y: number[];
}

export function isotonicFit(xs: ArrayLike<number>, ys: ArrayLike<number>): IsotonicFit {
  const byX = new Map<number, { sum: number; count: number }>();
  for (let i = 0; i < xs.length; i++) {
    const cell = byX.get(xs[i]) ?? { sum: 0, count: 0 };
    cell.sum += ys[i];
    cell.count += 1;
    byX.set(xs[i], cell);
  }
  const x = [...byX.keys()].sort((a, b) => a - b);
  // Blocks of pooled points: mean, weight, and how many distinct x they cover.
  const blocks: { mean: number; weight: number; size: number }[] = [];
  for (const value of x) {
    const { sum, count } = byX.get(value)!;
    blocks.push({ mean: sum / count, weight: count, size: 1 });
    while (blocks.length > 1 && blocks[blocks.length - 2].mean > blocks[blocks.length - 1].mean) {
      const last = blocks.pop()!;
      const previous = blocks[blocks.length - 1];
      const weight = previous.weight + last.weight;
      previous.mean = (previous.mean * previous.weight + last.mean * last.weight) / weight;
      previous.weight = weight;
      previous.size += last.size;
    }
  }
  const y = blocks.flatMap((b) => Array<number>(b.size).fill(b.mean));
  return { x, y };
}

/** The fitted map at `value`: linear between fitted points, the end values beyond them. */
export function applyIsotonic(fit: IsotonicFit, value: number): number {
  const { x, y } = fit;
  if (x.length === 0) return NaN;
  if (value <= x[0]) return y[0];
  if (value >= x[x.length - 1]) return y[y.length - 1];
  let hi = 1;
  while (x[hi] < value) hi++;
  const t = (value - x[hi - 1]) / (x[hi] - x[hi - 1]);
  return y[hi - 1] + t * (y[hi] - y[hi - 1]);
}
