/**
 * A pairwise question's answer as a distribution: the judge answers "A" (the summary shown
 * first), "B" (shown second) or "tie", read like a labelled score scale by the G-Eval routes
 * (token log-probabilities where the server gives them, else n samples), so P(A), P(B) and
 * P(tie) come from the same machinery, fallbacks and provenance as a score.
 */
import type { ScoreScale } from '../prompts/scoreScale';
import type { Verdict } from './stats/outcome';

/** The positions' labels as the templates ask for them: A the summary shown first, B the second. */
export const PREFERENCE_SCALE: ScoreScale = { min: 0, max: 2, labels: { A: 0, tie: 1, B: 2 } };

/** Probabilities of the three answers, by position shown. */
export interface PositionProbabilities {
  first: number;
  tie: number;
  second: number;
}

/** The reading's distribution (values 0, 1, 2 as strings) as probabilities by position; absent values are 0. */
export function positionProbabilities(distribution: Record<string, number>): PositionProbabilities {
  return { first: distribution['0'] ?? 0, tie: distribution['1'] ?? 0, second: distribution['2'] ?? 0 };
}

/** Probabilities in the pair's own terms, A and B the systems as the pair lists them. */
export interface PairProbabilities {
  pA: number;
  pB: number;
  pTie: number;
}

export function bySystem(p: PositionProbabilities, first: 'A' | 'B'): PairProbabilities {
  return first === 'A' ? { pA: p.first, pB: p.second, pTie: p.tie } : { pA: p.second, pB: p.first, pTie: p.tie };
}

/** The most probable answer (ties broken towards "tie", then A), and its lead over the next: the margin. */
export function verdictOf(p: PairProbabilities): { verdict: Verdict; margin: number } {
  const ranked = (
    [
      ['tie', p.pTie],
      ['A', p.pA],
      ['B', p.pB],
    ] as [Verdict, number][]
  ).sort((x, y) => y[1] - x[1]);
  return { verdict: ranked[0][0], margin: ranked[0][1] - ranked[1][1] };
}
