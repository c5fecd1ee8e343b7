/**
 * From entity verdicts and sentence counts to metric ratios, and ratios to the 1–5 scale.
 * The paper's equations did not survive in our copy of it; these follow its text:
 * - completeness = Σ points(verdict) ÷ rubric entities (yes 1, partially 0.5);
 * - correctness  = 1 − Σ penalty(verdict) ÷ target entities ("incorrectness ratio");
 * - alignment    = correctly placed entities ÷ target entities;
 * - readability  = 1 − sentences with an issue ÷ sentences.
 * A metric with nothing to count (zero entities, zero sentences) is null, not a vacuous 1:
 * an empty summary is not "perfectly correct".
 */
import type { MetricScore } from '../result';
import { ERROR_VERDICT, type VotingRule } from './voting';

/** 1 + 4·ratio: ratio 0 → 1, ratio 1 → 5, linear in between. */
export function ratioToScore(ratio: number): number {
  return 1 + 4 * ratio;
}

export function metricScore(ratio: number | null): MetricScore | null {
  return ratio === null ? null : { ratio, score: ratioToScore(ratio) };
}

/** Verdicts that count (entities whose every vote failed are left out). */
function counted(verdicts: string[]): string[] {
  return verdicts.filter((v) => v !== ERROR_VERDICT);
}

/** Mean points (or 1 − mean penalty) of the verdicts under a voting rule; null when none count. */
export function verdictRatio(rule: VotingRule, verdicts: string[]): number | null {
  const valid = counted(verdicts);
  if (valid.length === 0) return null;
  if (rule.points) return valid.reduce((sum, v) => sum + (rule.points?.[v] ?? 0), 0) / valid.length;
  const penalty = valid.reduce((sum, v) => sum + (rule.penalty?.[v] ?? 0), 0);
  return 1 - penalty / valid.length;
}

export function sentenceRatio(sentences: number, withIssues: number): number | null {
  if (sentences === 0) return null;
  return 1 - Math.min(withIssues, sentences) / sentences;
}
