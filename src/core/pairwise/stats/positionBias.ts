/**
 * Position bias, measured on every run: the flip rate (of the pairs asked in both orders, the
 * share whose verdict changed with the order; Wang et al., "Large Language Models are not Fair
 * Evaluators", ACL 2024) and the first-position win rate (of the decisive verdicts of every
 * order asked, the share won by the summary shown first), each with a Wilson 95% interval, the
 * latter with an exact binomial test against 0.5.
 */
import { binomialTest } from '../../stats/binomialTest';
import { wilsonInterval } from '../../stats/wilson';
import type { PairOutcome } from './outcome';

export interface RateWithInterval {
  value: number;
  interval: [number, number];
  /** Pairs (flip rate) or decisive verdicts (first-position win rate) it is a share of. */
  of: number;
}

export interface PositionBias {
  flipRate: RateWithInterval;
  firstPositionWinRate: RateWithInterval & { p: number };
}

export function proportion(successes: number, trials: number): RateWithInterval {
  const interval = wilsonInterval(successes, trials);
  return { value: interval.share, interval: [interval.low, interval.high], of: trials };
}

export function positionBias(outcomes: readonly PairOutcome[]): PositionBias {
  let bothOrders = 0;
  let flipped = 0;
  let decisive = 0;
  let firstWon = 0;
  for (const outcome of outcomes) {
    if (outcome.orders.length === 2) {
      bothOrders++;
      if (outcome.orders[0].verdict !== outcome.orders[1].verdict) flipped++;
    }
    for (const order of outcome.orders) {
      if (order.verdict === 'tie') continue;
      decisive++;
      if (order.verdict === order.first) firstWon++;
    }
  }
  return { flipRate: proportion(flipped, bothOrders), firstPositionWinRate: { ...proportion(firstWon, decisive), p: binomialTest(firstWon, decisive) } };
}
