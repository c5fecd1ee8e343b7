/**
 * Resampling statistics work on named figures computed from a list of units: the three
 * correlation coefficients of a meta-evaluation computed from its documents or items, or the
 * difference of two judges' coefficients. A statistic maps units to such figures.
 */
export type Figures = Record<string, number>;

export type Statistic<U> = (units: readonly U[]) => Figures;

export interface ResamplingOptions {
  /** Number of resamples (bootstrap) or permutations. */
  resamples: number;
  /** Seed of the generator (src/core/stats/random.ts), printed beside every figure. */
  seed: number;
}
