/**
 * Whether one judge agrees with people more than another on the same items: each judge's
 * Spearman correlation with the human scores with a bootstrap interval, their difference
 * with a paired bootstrap interval (the same resampled items for both), and a paired
 * permutation p-value (each item's two judge scores swapped at random; all 2^n swaps when
 * that is no more than `resamples`, as scipy.stats.permutation_test does exactly).
 * Used by the editor's "Measure against people" on a prompt template.
 */
import { spearman } from './correlation';
import { percentileInterval, type Interval } from './percentile';
import { DEFAULT_SEED, resampleIndices, seededRandom } from './random';

export interface CorrelationWithInterval {
  correlation: number;
  interval: Interval;
}

export interface PairedCorrelationComparison {
  items: number;
  candidate: CorrelationWithInterval;
  baseline: CorrelationWithInterval;
  /** candidate − baseline. */
  difference: CorrelationWithInterval;
  /** Two-sided: how often a random swap of the judges gives a difference at least as large. */
  pValue: number;
  resamples: number;
  seed: number;
}

const pick = (values: readonly number[], indices: readonly number[]) => indices.map((i) => values[i]);

function permutationPValue(
  human: readonly number[],
  candidate: readonly number[],
  baseline: readonly number[],
  { observed, resamples, seed }: { observed: number; resamples: number; seed: number },
): number {
  const n = human.length;
  const extreme = (swap: (i: number) => boolean) => {
    const a = candidate.map((c, i) => (swap(i) ? baseline[i] : c));
    const b = baseline.map((c, i) => (swap(i) ? candidate[i] : c));
    // A tolerance so that ties with the observed difference count, whatever the rounding.
    return Math.abs(spearman(human, a) - spearman(human, b)) >= Math.abs(observed) - 1e-12;
  };
  if (n < 31 && 2 ** n <= resamples) {
    let count = 0;
    for (let mask = 0; mask < 2 ** n; mask++) if (extreme((i) => ((mask >> i) & 1) === 1)) count++;
    return count / 2 ** n;
  }
  const random = seededRandom(seed + 1);
  let count = 0;
  for (let r = 0; r < resamples; r++) if (extreme(() => random() < 0.5)) count++;
  return (count + 1) / (resamples + 1);
}

export function comparePairedCorrelations(
  human: readonly number[],
  candidate: readonly number[],
  baseline: readonly number[],
  options: { resamples?: number; seed?: number; level?: number } = {},
): PairedCorrelationComparison {
  const resamples = options.resamples ?? 2000;
  const seed = options.seed ?? DEFAULT_SEED;
  const level = options.level ?? 0.95;
  const random = seededRandom(seed);
  const boot = { candidate: [] as number[], baseline: [] as number[], difference: [] as number[] };
  for (let r = 0; r < resamples; r++) {
    const indices = resampleIndices(random, human.length);
    const h = pick(human, indices);
    const c = spearman(h, pick(candidate, indices));
    const b = spearman(h, pick(baseline, indices));
    boot.candidate.push(c);
    boot.baseline.push(b);
    boot.difference.push(c - b);
  }
  const candidateRho = spearman(human, candidate);
  const baselineRho = spearman(human, baseline);
  const difference = candidateRho - baselineRho;
  return {
    items: human.length,
    candidate: { correlation: candidateRho, interval: percentileInterval(boot.candidate, level) },
    baseline: { correlation: baselineRho, interval: percentileInterval(boot.baseline, level) },
    difference: { correlation: difference, interval: percentileInterval(boot.difference, level) },
    pValue: permutationPValue(human, candidate, baseline, { observed: difference, resamples, seed }),
    resamples,
    seed,
  };
}
