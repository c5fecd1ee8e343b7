/**
 * From entity verdicts and sentence counts to metric ratios, and ratios to the 1–5 scale.
 * The paper's equations did not survive in our copy of it; these follow its text:
 * - completeness = Σ points(verdict) ÷ rubric entities (yes 1, partially 0.5);
 * - correctness  = 1 − Σ penalty(verdict) ÷ target entities ("incorrectness ratio"; an
 *   unsupported claim, Unknown, weighs as much as an incorrect one);
 * - alignment    = correctly placed entities ÷ target entities;
 * - readability  = 1 − sentences with an issue ÷ sentences.
 * Unjudged entities (too few prompts answered) are left out and counted apart, so every
 * metric says what it rests on. A metric with nothing to count (zero entities, zero
 * sentences) is null, not a vacuous 1: an empty summary is not "perfectly correct".
 */
import type { MetricScore } from '../result';
import { UNJUDGED_VERDICT, type VotingRule } from './voting';

/** 1 + 4·ratio: ratio 0 → 1, ratio 1 → 5, linear in between. */
export function ratioToScore(ratio: number): number {
  return 1 + 4 * ratio;
}

export function metricScore(ratio: number | null, counted?: number, unjudged = 0): MetricScore | null {
  if (ratio === null) return null;
  return { ratio, score: ratioToScore(ratio), ...(counted !== undefined ? { counted } : {}), ...(unjudged > 0 ? { unjudged } : {}) };
}

/** Points (or 1 − penalty) per judged entity, averaged; null when no entity was judged. */
export function verdictMetric(rule: VotingRule, verdicts: string[]): MetricScore | null {
  const judged = verdicts.filter((v) => v !== UNJUDGED_VERDICT);
  const unjudged = verdicts.length - judged.length;
  if (judged.length === 0) return null;
  const ratio = rule.points
    ? judged.reduce((sum, v) => sum + (rule.points?.[v] ?? 0), 0) / judged.length
    : 1 - judged.reduce((sum, v) => sum + (rule.penalty?.[v] ?? 0), 0) / judged.length;
  return metricScore(ratio, judged.length, unjudged);
}

export function sentenceRatio(sentences: number, withIssues: number): number | null {
  if (sentences === 0) return null;
  return 1 - Math.min(withIssues, sentences) / sentences;
}
