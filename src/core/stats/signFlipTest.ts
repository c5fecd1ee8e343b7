/**
 * The paired permutation (sign-flip) test of a mean difference: under the null hypothesis each item's
 * difference is as likely negated, so the signs are flipped at random (every pattern when
 * there are few enough to enumerate) and the observed mean is set against the flipped ones.
 * Two-sided p-value as scipy.stats.permutation_test(permutation_type='samples') computes it:
 * twice the smaller one-sided p, at most 1; a randomized test counts the observed statistic
 * among the resamples ((k + 1) / (R + 1)), an exact one does not.
 */
import { seededRandom, DEFAULT_SEED } from './random';

export interface SignFlipResult {
  pValue: number;
  /** Whether every sign pattern was enumerated. */
  exact: boolean;
  resamples: number;
}

export function signFlipTest(differences: ArrayLike<number>, options: { resamples?: number; seed?: number } = {}): SignFlipResult {
  const n = differences.length;
  const resamples = options.resamples ?? 9999;
  if (n === 0) return { pValue: NaN, exact: true, resamples: 0 };
  let observed = 0;
  for (let i = 0; i < n; i++) observed += differences[i];
  observed /= n;
  // scipy's tolerance, so that a resample equal to the observed statistic counts as "as extreme".
  const gamma = Math.abs(observed) * Number.EPSILON * 100;
  let less = 0;
  let greater = 0;
  const count = (statistic: number): void => {
    if (statistic <= observed + gamma) less++;
    if (statistic >= observed - gamma) greater++;
  };
  const exact = n < 31 && 2 ** n <= resamples;
  if (exact) {
    for (let pattern = 0; pattern < 2 ** n; pattern++) {
      let sum = 0;
      for (let i = 0; i < n; i++) sum += pattern & (1 << i) ? -differences[i] : differences[i];
      count(sum / n);
    }
    const total = 2 ** n;
    return { pValue: Math.min(1, 2 * Math.min(less / total, greater / total)), exact, resamples: total };
  }
  const random = seededRandom(options.seed ?? DEFAULT_SEED);
  for (let r = 0; r < resamples; r++) {
    let sum = 0;
    let bits = 0;
    for (let i = 0; i < n; i++) {
      // One draw gives 32 independent fair signs: a 10,000-item comparison stays fast.
      if (i % 32 === 0) bits = Math.floor(random() * 4294967296);
      sum += (bits >>> i % 32) & 1 ? -differences[i] : differences[i];
    }
    count(sum / n);
  }
  return { pValue: Math.min(1, 2 * Math.min((less + 1) / (resamples + 1), (greater + 1) / (resamples + 1))), exact, resamples };
}
