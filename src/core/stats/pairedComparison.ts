/**
 * Two systems' scores on the same items, compared: the mean difference (B − A) with its
 * paired bootstrap 95% interval, the paired permutation p-value, and wins / ties / losses
 * (items where B scored higher, the same, lower).
 */
import { bootstrapMean } from './bootstrapMean';
import type { Interval } from './percentile';
import { signFlipTest, type SignFlipResult } from './signFlipTest';

export interface PairedComparison {
  n: number;
  meanA: number;
  meanB: number;
  meanDifference: number;
  interval: Interval;
  pValue: number;
  exact: boolean;
  /** How the permutation p-value was read (see signFlipTest). */
  pMethod: SignFlipResult['method'];
  wins: number;
  ties: number;
  losses: number;
}

/** Scores this close count as a tie (they are probability-weighted sums, so float noise). */
const TIE = 1e-9;

export function pairedComparison(a: ArrayLike<number>, b: ArrayLike<number>, options: { seed?: number; resamples?: number } = {}): PairedComparison {
  const n = a.length;
  const differences = new Float64Array(n);
  let wins = 0;
  let ties = 0;
  let sumA = 0;
  let sumB = 0;
  for (let i = 0; i < n; i++) {
    differences[i] = b[i] - a[i];
    sumA += a[i];
    sumB += b[i];
    if (Math.abs(differences[i]) <= TIE) ties++;
    else if (differences[i] > 0) wins++;
  }
  const boot = bootstrapMean(differences, { seed: options.seed });
  const test = signFlipTest(differences, { seed: options.seed, resamples: options.resamples });
  return {
    n,
    meanA: sumA / n,
    meanB: sumB / n,
    meanDifference: boot.mean,
    interval: boot.interval,
    pValue: test.pValue,
    exact: test.exact,
    pMethod: test.method,
    wins,
    ties,
    losses: n - wins - ties,
  };
}
