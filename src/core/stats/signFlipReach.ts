/**
 * What a sign-flip test can tell on n paired differences, known before looking at them:
 * - the smallest p-value it can give: every difference on the same side and none zero. Enumerated,
 *   only the observed pattern is as extreme on that side, so p = 2 / 2^n; with random flips
 *   the observed statistic counts itself, p = 2 / (flips + 1); in the normal limit it has no floor;
 * - the fewest differences with which p can fall below a level (a Holm-adjusted one, say);
 * - the shift the differences could show at that level: the half-width of the normal
 *   interval of their mean, z(1 − level/2) · s/√n, which a mean must exceed to be told from 0.
 */
import { meanStandardError } from './meanStandardError';
import { signFlipMethod, SIGN_FLIPS } from './signFlipTest';
import { normalQuantile } from './wilson';

export function smallestSignFlipP(n: number, flips = SIGN_FLIPS): number {
  if (n === 0) return NaN;
  const method = signFlipMethod(n, flips);
  if (method === 'exact') return Math.min(1, 2 / 2 ** n);
  return method === 'monte-carlo' ? 2 / (flips + 1) : 0;
}

/** The fewest differences whose smallest p-value is below `level` (0 < level). */
export function signFlipPairsNeeded(level: number, flips = SIGN_FLIPS): number {
  if (!(level > 0)) throw new RangeError(`a significance level above 0, got ${level}`);
  let n = 1;
  // Terminates: from the normal limit on the smallest p is 0.
  while (smallestSignFlipP(n, flips) >= level) n++;
  return n;
}

/** The largest number of differences whose sign patterns are all enumerated. */
export function exactSignFlipsUpTo(flips = SIGN_FLIPS): number {
  let n = 0;
  while (signFlipMethod(n + 1, flips) === 'exact') n++;
  return n;
}

/** Half-width of the two-sided normal interval of the mean at `level`: the smallest mean told from 0. Infinity below two values. */
export function detectableShift(differences: readonly number[], level: number): number {
  return normalQuantile(1 - level / 2) * meanStandardError(differences);
}
