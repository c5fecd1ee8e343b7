/**
 * When the sampling route stops drawing: answers come in batches, and drawing stops once
 * the standard error of the mean score is below a bound, or at the maximum. The bound is a
 * share of the scale's range (0.05 is 0.1 point on 1–3, 0.2 on 1–5), so one rule fits
 * every scale: the prior below scales with the range too.
 *
 * The standard error carries a small prior on the spread (see stats/meanStandardError):
 * a quarter of a pseudo-answer with the largest variance the scale allows, so identical
 * answers never look certain. Measured on recorded gpt-3.5 answers (Topical-Chat, 20 per
 * item, 20 seeded orders; `npm run bench`, "sampling"): the plain rule at the same bound
 * stops after a few identical answers, drawing about 13.6 answers per item but losing
 * 0.02–0.034 of Spearman's ρ with people; with the prior it draws about 17.3 (13% fewer
 * than 20) and keeps ρ within 0.01 of all 20 answers on every aspect, the cheapest rule
 * of the grid in the bench that does (pinned by test/unit/meta/adaptiveReplay.test.ts).
 */
import { meanStandardError, type SpreadPrior } from '../stats/meanStandardError';
import type { ScoreScale } from '../prompts/scoreScale';
import { DEFAULT_SAMPLES } from '../methodsAndTasks';

export interface StopRule {
  /** Stop once the standard error, as a share of the scale's range, is below this; 0 draws the maximum in one batch. */
  maxStandardError: number;
  /** At most this many answers. */
  maxSamples: number;
  /** Answers asked per request. */
  batchSize: number;
  /** Pseudo-answers of maximal variance pooled into the spread (0: plain standard error). */
  priorWeight: number;
}

export const DEFAULT_BATCH_SIZE = 5;
export const DEFAULT_PRIOR_WEIGHT = 0.25;
/** With the prior above, the cheapest bound that kept ρ within 0.01 of all 20 answers on every aspect (see above). */
export const DEFAULT_MAX_STANDARD_ERROR = 0.05;

export function stopRule(options: { maxStandardError?: number; maxSamples?: number; batchSize?: number; priorWeight?: number }): StopRule {
  const maxStandardError = options.maxStandardError ?? DEFAULT_MAX_STANDARD_ERROR;
  const maxSamples = options.maxSamples ?? DEFAULT_SAMPLES;
  return {
    maxStandardError,
    maxSamples,
    // With no bound to reach, batches only add requests: draw everything at once.
    batchSize: maxStandardError > 0 ? Math.min(options.batchSize ?? DEFAULT_BATCH_SIZE, maxSamples) : maxSamples,
    priorWeight: options.priorWeight ?? DEFAULT_PRIOR_WEIGHT,
  };
}

/** The prior on the spread: `weight` answers of the scale's largest variance (half at each end). */
export function spreadPrior(scale: ScoreScale, weight: number): SpreadPrior {
  return { weight, variance: (scale.max - scale.min) ** 2 / 4 };
}

/** How many answers to draw next (0: stop), given the values read so far from `drawn` answers. */
export function nextBatch(rule: StopRule, read: readonly number[], drawn: number, scale: ScoreScale): number {
  const left = rule.maxSamples - drawn;
  if (left <= 0) return 0;
  if (drawn > 0 && relativeStandardError(read, scale, rule.priorWeight) < rule.maxStandardError) return 0;
  return Math.min(rule.batchSize, left);
}

/** The standard error of the mean with the spread prior, as a share of the scale's range. */
export function relativeStandardError(values: readonly number[], scale: ScoreScale, priorWeight: number): number {
  return meanStandardError(values, spreadPrior(scale, priorWeight)) / (scale.max - scale.min);
}
