/**
 * Pearson, Spearman and Kendall tau-b of a bootstrap resample of fixed pairs (x, y), given as
 * how many times each pair was drawn. The pairs are sorted once; each resample is then read
 * off in sorted order, so no resample sorts again. This is what keeps 1,000 resamples of all
 * 1600 SummEval items pooled interactive (three comparator sorts per resample take seconds).
 * Same semantics as src/core/meta/correlation.ts on the expanded resample.
 */
import { countedKendallTauB, sortPairs, type SortedPairs } from './kendall';

type Counts = ArrayLike<number>;

/** Average ranks (1-based) of the drawn values, ties sharing the mean of the ranks they span. */
function drawnRanks(values: readonly number[], order: Int32Array, counts: Counts): Float64Array {
  const ranks = new Float64Array(values.length);
  let k = 0;
  let below = 0;
  while (k < order.length) {
    let end = k;
    let weight = counts[order[k]];
    while (end + 1 < order.length && values[order[end + 1]] === values[order[k]]) weight += counts[order[++end]];
    const rank = below + (weight + 1) / 2;
    for (let j = k; j <= end; j++) ranks[order[j]] = rank;
    below += weight;
    k = end + 1;
  }
  return ranks;
}

function weightedPearson(x: ArrayLike<number>, y: ArrayLike<number>, counts: Counts, n: number): number {
  let mx = 0;
  let my = 0;
  for (let i = 0; i < x.length; i++) {
    mx += counts[i] * x[i];
    my += counts[i] * y[i];
  }
  mx /= n;
  my /= n;
  let sxy = 0;
  let sxx = 0;
  let syy = 0;
  for (let i = 0; i < x.length; i++) {
    const c = counts[i];
    if (c === 0) continue;
    const dx = x[i] - mx;
    const dy = y[i] - my;
    sxy += c * dx * dy;
    sxx += c * dx * dx;
    syy += c * dy * dy;
  }
  if (sxx === 0 || syy === 0) return NaN;
  return Math.max(-1, Math.min(1, sxy / Math.sqrt(sxx * syy)));
}

export interface CorrelationFigures {
  pearson: number;
  spearman: number;
  kendall: number;
}

/** Correlations of pairs sorted beforehand, pair i counted counts[i] times (NaN when undefined). */
export function countedCorrelations(x: readonly number[], y: readonly number[], sorted: SortedPairs, counts: Counts): CorrelationFigures {
  let n = 0;
  for (let i = 0; i < counts.length; i++) n += counts[i];
  if (n < 2) return { pearson: NaN, spearman: NaN, kendall: NaN };
  return {
    pearson: weightedPearson(x, y, counts, n),
    spearman: weightedPearson(drawnRanks(x, sorted.byX, counts), drawnRanks(y, sorted.byY, counts), counts, n),
    kendall: countedKendallTauB(x, y, sorted, counts),
  };
}

/** The correlations of any resample of these pairs, given how often each pair was drawn. */
export function resampledCorrelations(x: readonly number[], y: readonly number[]): (counts: Counts) => CorrelationFigures {
  const sorted = sortPairs(x, y);
  return (counts) => countedCorrelations(x, y, sorted, counts);
}
