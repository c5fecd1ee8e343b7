/**
 * Kendall's tau-b with Knight's O(n log n) algorithm (as scipy's kendalltau), over pairs that
 * may each be counted several times (a bootstrap resample): sort the pairs by (x, y) once,
 * lay the counted y values out in that order, and the discordant pairs are their inversions.
 * Tied pairs are counted from runs of equal values in the sorted orders.
 */

type Counts = ArrayLike<number>;

/** Pair indices sorted by (x, y), and by y: computed once per set of pairs. */
export interface SortedPairs {
  byX: Int32Array;
  byY: Int32Array;
}

export function sortPairs(x: readonly number[], y: readonly number[]): SortedPairs {
  const indices = Int32Array.from(x.keys());
  return {
    byX: indices.slice().sort((a, b) => x[a] - x[b] || y[a] - y[b]),
    byY: indices.slice().sort((a, b) => y[a] - y[b]),
  };
}

/** Tied pairs over runs of equal keys in `order`: Σ W(W − 1)/2, W the counted size of a run. */
function tiedPairs(order: Int32Array, counts: Counts, same: (a: number, b: number) => boolean): number {
  let pairs = 0;
  let weight = 0;
  for (let k = 0; k < order.length; k++) {
    if (k > 0 && !same(order[k], order[k - 1])) {
      pairs += (weight * (weight - 1)) / 2;
      weight = 0;
    }
    weight += counts[order[k]];
  }
  return pairs + (weight * (weight - 1)) / 2;
}

/** Strict inversions of `values` (i < j, values[i] > values[j]) by bottom-up merge sort. */
function countInversions(values: Float64Array): number {
  const n = values.length;
  let source: Float64Array = values;
  let target: Float64Array = new Float64Array(n);
  let inversions = 0;
  for (let width = 1; width < n; width *= 2) {
    for (let lo = 0; lo < n; lo += 2 * width) {
      const mid = Math.min(lo + width, n);
      const hi = Math.min(lo + 2 * width, n);
      let i = lo;
      let j = mid;
      let k = lo;
      while (i < mid && j < hi) {
        if (source[i] <= source[j]) target[k++] = source[i++];
        else {
          inversions += mid - i;
          target[k++] = source[j++];
        }
      }
      while (i < mid) target[k++] = source[i++];
      while (j < hi) target[k++] = source[j++];
    }
    [source, target] = [target, source];
  }
  return inversions;
}

/** tau-b of the pairs, pair i counted counts[i] times; NaN when fewer than 2 or x or y constant. */
export function countedKendallTauB(x: readonly number[], y: readonly number[], sorted: SortedPairs, counts: Counts): number {
  let n = 0;
  for (let i = 0; i < counts.length; i++) n += counts[i];
  if (n < 2) return NaN;
  const ys = new Float64Array(n);
  let k = 0;
  for (const i of sorted.byX) for (let c = counts[i]; c > 0; c--) ys[k++] = y[i];
  const total = (n * (n - 1)) / 2;
  const tiedX = tiedPairs(sorted.byX, counts, (a, b) => x[a] === x[b]);
  const tiedY = tiedPairs(sorted.byY, counts, (a, b) => y[a] === y[b]);
  const tiedBoth = tiedPairs(sorted.byX, counts, (a, b) => x[a] === x[b] && y[a] === y[b]);
  const untiedX = total - tiedX;
  const untiedY = total - tiedY;
  if (untiedX === 0 || untiedY === 0) return NaN;
  const s = total - tiedX - tiedY + tiedBoth - 2 * countInversions(ys);
  return Math.max(-1, Math.min(1, s / Math.sqrt(untiedX * untiedY)));
}
