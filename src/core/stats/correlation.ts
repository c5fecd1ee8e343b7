/**
 * Correlation coefficients with scipy's semantics (pearsonr, spearmanr, kendalltau), which
 * the published meta-evaluation scripts (G-Eval, UniEval) use. Each returns NaN when it is
 * undefined: fewer than two points, or a constant input.
 */
import { countedKendallTauB, sortPairs } from './kendall';

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

/**
 * averageRanks of resamples of `values` (picked indices into it), each by counting the picks
 * of each distinct value rather than sorting: O(n + distinct values). The same ranks, as the
 * same (start + end) / 2 + 1 of the span a value's ties take.
 */
export function averageRanksOfResamples(values: readonly number[]): (picked: readonly number[]) => number[] {
  const distinct = [...new Set(values)].sort((a, b) => a - b);
  const index = new Map(distinct.map((v, i) => [v, i]));
  const code = values.map((v) => index.get(v)!);
  const counts = new Int32Array(distinct.length);
  const rankOf = new Float64Array(distinct.length);
  return (picked) => {
    counts.fill(0);
    for (const i of picked) counts[code[i]]++;
    let before = 0;
    for (let c = 0; c < distinct.length; c++) {
      rankOf[c] = (before + before + counts[c] - 1) / 2 + 1;
      before += counts[c];
    }
    return picked.map((i) => rankOf[code[i]]);
  };
}

export function spearman(x: readonly number[], y: readonly number[]): number {
  checkLengths(x, y);
  return pearson(averageRanks(x), averageRanks(y));
}

/**
 * Kendall's tau-b: (concordant − discordant) / sqrt((n0 − n1)(n0 − n2)), where pairs tied in x
 * (resp. y) are left out of the first (resp. second) factor. Knight's O(n log n) algorithm
 * (src/core/stats/kendall.ts), as scipy's kendalltau.
 */
export function kendallTauB(x: readonly number[], y: readonly number[]): number {
  checkLengths(x, y);
  if (x.length < 2) return NaN;
  return countedKendallTauB(x, y, sortPairs(x, y), new Int32Array(x.length).fill(1));
}

export interface Correlations {
  pearson: number;
  spearman: number;
  kendall: number;
}

export function correlations(x: readonly number[], y: readonly number[]): Correlations {
  return { pearson: pearson(x, y), spearman: spearman(x, y), kendall: kendallTauB(x, y) };
}
