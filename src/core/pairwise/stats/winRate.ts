/**
 * Two systems: B's win rate over A (ties as half a win), its bootstrap interval resampling
 * documents (seeded), and the sign test (an exact binomial test of B's wins against A's, ties
 * left out).
 */
import { bootstrapIntervals } from '../../stats/correlationBootstrap';
import { binomialTest } from '../../stats/binomialTest';
import type { ResamplingOptions } from '../../stats/resampledFigures';
import { byDocument, scoreOfB, type PairOutcome } from './outcome';

export interface WinRate {
  value: number;
  interval: [number, number];
  wins: number;
  losses: number;
  ties: number;
  /** Two-sided sign test of wins against losses. */
  signTestP: number;
}

function meanScoreOfB(outcomes: readonly PairOutcome[]): number {
  let sum = 0;
  for (const outcome of outcomes) sum += scoreOfB(outcome.verdict);
  return outcomes.length === 0 ? NaN : sum / outcomes.length;
}

export function winRate(outcomes: readonly PairOutcome[], options: ResamplingOptions): WinRate {
  const wins = outcomes.filter((o) => o.verdict === 'B').length;
  const losses = outcomes.filter((o) => o.verdict === 'A').length;
  const documents = [...byDocument(outcomes).values()];
  const { intervals } = bootstrapIntervals(documents, (docs) => ({ winRate: meanScoreOfB(docs.flat()) }), options);
  return {
    value: meanScoreOfB(outcomes),
    interval: [intervals.winRate.low, intervals.winRate.high],
    wins,
    losses,
    ties: outcomes.length - wins - losses,
    signTestP: binomialTest(wins, wins + losses),
  };
}
