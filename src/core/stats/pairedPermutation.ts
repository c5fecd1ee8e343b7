/**
 * Paired permutation test: are two score sets (two judges on the same items) equally good?
 * Under the null hypothesis the two are exchangeable within each unit (document or item), so
 * each permutation swaps the pair in each unit with probability 1/2 and recomputes the
 * statistic (the difference of the two sets' correlations). The p-value follows
 * scipy.stats.permutation_test for randomized tests: one-sided p = (extreme + 1) / (R + 1),
 * counting the observed statistic as one of the permutations, and two-sided p = twice the
 * smaller one-sided p, at most 1.
 */
import { seededRandom } from './random';
import type { Figures, ResamplingOptions, Statistic } from './resampledFigures';

export interface PermutationResult {
  /** Figure name → two-sided p-value; NaN when the observed figure is undefined. */
  pValues: Record<string, number>;
  /** Permutations whose figure was defined, per figure (the R in the p-value). */
  permutations: Record<string, number>;
}

// scipy counts a permuted statistic within this relative distance (100 machine epsilons) of the observed one as equal
// to it, so that float noise in a statistic that ties the observed one exactly does not count.
const RELATIVE_TIE = Number.EPSILON * 100;

export function pairedPermutationTest<U>(units: readonly U[], swap: (unit: U) => U, statistic: Statistic<U>, options: ResamplingOptions): PermutationResult {
  const observed = statistic(units);
  const random = seededRandom(options.seed);
  const names = Object.keys(observed);
  const atMost = Object.fromEntries(names.map((n) => [n, 0]));
  const atLeast = Object.fromEntries(names.map((n) => [n, 0]));
  const defined = Object.fromEntries(names.map((n) => [n, 0]));
  const swapped = units.map(swap);
  const permuted = new Array<U>(units.length);
  for (let r = 0; r < options.resamples; r++) {
    for (let i = 0; i < units.length; i++) permuted[i] = random() < 0.5 ? swapped[i] : units[i];
    const figures = statistic(permuted);
    for (const name of names) {
      const value = figures[name];
      if (Number.isNaN(value)) continue;
      const tie = Math.abs(observed[name] * RELATIVE_TIE);
      defined[name]++;
      if (value <= observed[name] + tie) atMost[name]++;
      if (value >= observed[name] - tie) atLeast[name]++;
    }
  }
  const pValues: Figures = {};
  for (const name of names) {
    if (Number.isNaN(observed[name])) {
      pValues[name] = NaN;
      continue;
    }
    const less = (atMost[name] + 1) / (defined[name] + 1);
    const greater = (atLeast[name] + 1) / (defined[name] + 1);
    pValues[name] = Math.min(1, 2 * Math.min(less, greater));
  }
  return { pValues, permutations: defined };
}
