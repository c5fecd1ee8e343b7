/**
 * The paired permutation (sign-flip) test of a mean difference: under the null hypothesis each item's
 * difference is as likely negated, so the signs are flipped at random (every pattern when
 * there are few enough to enumerate) and the observed mean is set against the flipped ones.
 * Two-sided p-value as scipy.stats.permutation_test(permutation_type='samples') computes it:
 * twice the smaller one-sided p, at most 1; a randomized test counts the observed statistic
 * among the resamples ((k + 1) / (R + 1)), an exact one does not. From NORMAL_FROM items on,
 * the flipped means are read from their normal limit (mean 0, variance Σd²/n²) instead of
 * resampled: at that size the limit is closer to the exact p-value than 9,999 resamples get,
 * and a 10,000-item comparison stays fast.
 */
import { seededRandom, DEFAULT_SEED } from './random';

export interface SignFlipResult {
  pValue: number;
  /** Whether every sign pattern was enumerated. */
  exact: boolean;
  /** How the null distribution was read: every sign pattern, random ones, or its normal limit. */
  method: 'exact' | 'monte-carlo' | 'normal';
  resamples: number;
}

/** Items from which the normal limit of the sign-flip distribution is used. */
export const NORMAL_FROM = 1000;

/** Random sign flips drawn when there are too many patterns to enumerate. */
export const SIGN_FLIPS = 9999;

/** How the test reads its null distribution for n differences. */
export function signFlipMethod(n: number, resamples = SIGN_FLIPS, normalFrom = NORMAL_FROM): SignFlipResult['method'] {
  if (n >= normalFrom) return 'normal';
  return n < 31 && 2 ** n <= resamples ? 'exact' : 'monte-carlo';
}

/** The standard normal's upper tail P(Z > z), from erfc (Numerical Recipes' Chebyshev fit, error < 1.2e-7). */
export function normalUpperTail(z: number): number {
  const x = Math.abs(z) / Math.SQRT2;
  const t = 1 / (1 + 0.5 * x);
  const erfc =
    t *
    Math.exp(
      -x * x -
        1.26551223 +
        t *
          (1.00002368 +
            t *
              (0.37409196 +
                t * (0.09678418 + t * (-0.18628806 + t * (0.27886807 + t * (-1.13520398 + t * (1.48851587 + t * (-0.82215223 + t * 0.17087277)))))))),
    );
  return z >= 0 ? erfc / 2 : 1 - erfc / 2;
}

export function signFlipTest(differences: ArrayLike<number>, options: { resamples?: number; seed?: number; normalFrom?: number } = {}): SignFlipResult {
  const n = differences.length;
  const resamples = options.resamples ?? SIGN_FLIPS;
  const method = signFlipMethod(n, resamples, options.normalFrom);
  if (n === 0) return { pValue: NaN, exact: true, method: 'exact', resamples: 0 };
  let observed = 0;
  let squares = 0;
  for (let i = 0; i < n; i++) {
    observed += differences[i];
    squares += differences[i] * differences[i];
  }
  observed /= n;
  if (method === 'normal') {
    const sd = Math.sqrt(squares) / n;
    const pValue = sd === 0 ? 1 : Math.min(1, 2 * normalUpperTail(Math.abs(observed) / sd));
    return { pValue, exact: false, method: 'normal', resamples: 0 };
  }
  // scipy's tolerance, so that a resample equal to the observed statistic counts as "as extreme".
  const gamma = Math.abs(observed) * Number.EPSILON * 100;
  let less = 0;
  let greater = 0;
  const count = (statistic: number): void => {
    if (statistic <= observed + gamma) less++;
    if (statistic >= observed - gamma) greater++;
  };
  const exact = method === 'exact';
  if (exact) {
    for (let pattern = 0; pattern < 2 ** n; pattern++) {
      let sum = 0;
      for (let i = 0; i < n; i++) sum += pattern & (1 << i) ? -differences[i] : differences[i];
      count(sum / n);
    }
    const total = 2 ** n;
    return { pValue: Math.min(1, 2 * Math.min(less / total, greater / total)), exact, method: 'exact', resamples: total };
  }
  const random = seededRandom(options.seed ?? DEFAULT_SEED);
  for (let r = 0; r < resamples; r++) {
    let sum = 0;
    let bits = 0;
    for (let i = 0; i < n; i++) {
      // One draw gives 32 independent fair signs: a 10,000-item comparison stays fast.
      if (i % 32 === 0) bits = Math.floor(random() * 4294967296);
      sum += (bits >>> (i % 32)) & 1 ? -differences[i] : differences[i];
    }
    count(sum / n);
  }
  return { pValue: Math.min(1, 2 * Math.min((less + 1) / (resamples + 1), (greater + 1) / (resamples + 1))), exact, method: 'monte-carlo', resamples };
}
