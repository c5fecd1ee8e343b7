/**
 * Balanced accuracy of a binary verdict against people's labels: the mean of its sensitivity
 * (the share of the positives it caught) and its specificity (the share of the negatives it
 * passed), so a verdict that calls everything faithful on a set that is mostly faithful does
 * not look good. Its interval is Wilson-style, with no resampling: the Wilson score interval of
 * each share, combined by Zou and Donner's MOVER ("Construction of confidence limits about
 * effect measures: a general approach", Statistics in Medicine 2008), as Newcombe does for a
 * difference of two proportions. It treats the labelled units (sentences) as independent.
 */
import type { Interval } from './percentile';
import { wilsonInterval } from './wilson';

/** Counts of a binary verdict against labels; positive = the label SumLens looks for (unfaithful). */
export interface Confusion {
  truePositive: number;
  falsePositive: number;
  falseNegative: number;
  trueNegative: number;
}

export interface BalancedAccuracy extends Interval {
  /** (sensitivity + specificity) / 2; NaN when either class has no labelled unit. */
  value: number;
  sensitivity: number;
  specificity: number;
}

export const EMPTY_CONFUSION: Confusion = { truePositive: 0, falsePositive: 0, falseNegative: 0, trueNegative: 0 };

export function addConfusion(a: Confusion, b: Confusion): Confusion {
  return {
    truePositive: a.truePositive + b.truePositive,
    falsePositive: a.falsePositive + b.falsePositive,
    falseNegative: a.falseNegative + b.falseNegative,
    trueNegative: a.trueNegative + b.trueNegative,
  };
}

export function balancedAccuracy(m: Confusion, level = 0.95): BalancedAccuracy {
  const sensitivity = wilsonInterval(m.truePositive, m.truePositive + m.falseNegative, level);
  const specificity = wilsonInterval(m.trueNegative, m.trueNegative + m.falsePositive, level);
  const value = (sensitivity.share + specificity.share) / 2;
  if (!Number.isFinite(value)) return { value: NaN, sensitivity: sensitivity.share, specificity: specificity.share, low: 0, high: 1, level };
  const below = Math.hypot(sensitivity.share - sensitivity.low, specificity.share - specificity.low) / 2;
  const above = Math.hypot(sensitivity.high - sensitivity.share, specificity.high - specificity.share) / 2;
  return { value, sensitivity: sensitivity.share, specificity: specificity.share, low: value - below, high: value + above, level };
}
