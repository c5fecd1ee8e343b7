/**
 * Correlation coefficients with scipy's semantics (pearsonr, spearmanr, kendalltau), which
 * the published meta-evaluation scripts (G-Eval, UniEval) use. Each returns NaN when it is
 * undefined: fewer than two points, or a constant input.
 */

function mean(values: readonly number[]): number {
  let sum = 0;
  for (const v of values) sum += v;
  return sum / values.length;
}

function checkLengths(x: readonly number[], y: readonly number[]): void {
  if (x.length !== y.length) {
    throw new Error(`correlation: inputs differ in length (${x.length} vs ${y.length})`);
  }
}

export function pearson(x: readonly number[], y: readonly number[]): number {
  checkLengths(x, y);
  const n = x.length;
  if (n < 2) return NaN;
  const mx = mean(x);
  const my = mean(y);
  let sxy = 0;
  let sxx = 0;
  let syy = 0;
  for (let i = 0; i < n; i++) {
    const dx = x[i] - mx;
    const dy = y[i] - my;
    sxy += dx * dy;
    sxx += dx * dx;
    syy += dy * dy;
  }
  if (sxx === 0 || syy === 0) return NaN;
  const r = sxy / Math.sqrt(sxx * syy);
  // Rounding can push |r| a hair past 1; scipy clips the same way.
  return Math.max(-1, Math.min(1, r));
}

/** Ranks 1..n, tied values sharing the average of the ranks they span. */
export function averageRanks(values: readonly number[]): number[] {
  const order = values.map((_, i) => i).sort((a, b) => values[a] - values[b]);
  const ranks = new Array<number>(values.length);
  let start = 0;
  while (start < order.length) {
    let end = start;
    while (end + 1 < order.length && values[order[end + 1]] === values[order[start]]) end++;
    const rank = (start + end) / 2 + 1;
    for (let k = start; k <= end; k++) ranks[order[k]] = rank;
    start = end + 1;
  }
  return ranks;
}

export function spearman(x: readonly number[], y: readonly number[]): number {
  checkLengths(x, y);
  return pearson(averageRanks(x), averageRanks(y));
}

/**
 * Kendall's tau-b: (concordant − discordant) / sqrt((n0 − n1)(n0 − n2)), where pairs tied in x
 * (resp. y) are left out of the first (resp. second) factor. Pairwise, O(n²): 1.3 M pairs for
 * all 1600 SummEval items, a few milliseconds.
 */
export function kendallTauB(x: readonly number[], y: readonly number[]): number {
  checkLengths(x, y);
  const n = x.length;
  if (n < 2) return NaN;
  let s = 0;
  let untiedX = 0;
  let untiedY = 0;
  for (let i = 0; i < n; i++) {
    const xi = x[i];
    const yi = y[i];
    for (let j = i + 1; j < n; j++) {
      const dx = Math.sign(xi - x[j]);
      const dy = Math.sign(yi - y[j]);
      s += dx * dy;
      if (dx !== 0) untiedX++;
      if (dy !== 0) untiedY++;
    }
  }
  if (untiedX === 0 || untiedY === 0) return NaN;
  const tau = s / Math.sqrt(untiedX * untiedY);
  return Math.max(-1, Math.min(1, tau));
}

export interface Correlations {
  pearson: number;
  spearman: number;
  kendall: number;
}

export function correlations(x: readonly number[], y: readonly number[]): Correlations {
  return { pearson: pearson(x, y), spearman: spearman(x, y), kendall: kendallTauB(x, y) };
}
