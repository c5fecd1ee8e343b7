/**
 * A seeded pseudo-random generator for resampling statistics (bootstrap intervals,
 * permutation tests). Seeded so that a printed figure can be reproduced from the printed
 * seed; mulberry32 is small, fast and statistically adequate for resampling (it is not
 * for cryptography).
 */
export type Random = () => number;

/** Uniform numbers in [0, 1) from a 32-bit seed. */
export function seededRandom(seed: number): Random {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** An integer in [0, n). */
export function randomIndex(random: Random, n: number): number {
  return Math.floor(random() * n);
}

/** n indices drawn with replacement from [0, n): one bootstrap resample. */
export function resampleIndices(random: Random, n: number): number[] {
  const picked = new Array<number>(n);
  for (let i = 0; i < n; i++) picked[i] = randomIndex(random, n);
  return picked;
}

/** The default seed printed beside every resampled figure unless the user picks another. */
export const DEFAULT_SEED = 20260101;
