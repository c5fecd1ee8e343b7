/**
 * Length bias: the longer summary's win rate (ties as half), and the length-controlled win rate
 * of B over A, AlpacaEval's idea (Dubois et al., "Length-Controlled AlpacaEval", 2024) in its
 * simplest form: a logistic regression of B's share (1, ½, 0) on the length difference (B's
 * words − A's, in hundreds), read at zero difference, σ(intercept).
 */
import { logisticFit, sigmoid } from '../../stats/logisticFit';
import { scoreOfB, type PairOutcome } from './outcome';

export interface LengthBias {
  /** Of the pairs of unequal length, the share won by the longer summary (ties as half). */
  longerWinRate: { value: number; of: number };
  lengthControlledWinRate: { value: number; slopePerHundredWords: number; converged: boolean };
}

export function lengthBias(outcomes: readonly PairOutcome[]): LengthBias | undefined {
  const measured = outcomes.filter((o) => o.lengthA !== undefined && o.lengthB !== undefined);
  if (measured.length === 0) return undefined;
  const difference = measured.map((o) => (o.lengthB! - o.lengthA!) / 100);
  const share = measured.map((o) => scoreOfB(o.verdict));
  let longerScore = 0;
  let unequal = 0;
  measured.forEach((_, i) => {
    if (difference[i] === 0) return;
    unequal++;
    longerScore += difference[i] > 0 ? share[i] : 1 - share[i];
  });
  const fit = logisticFit(difference, share);
  return {
    longerWinRate: { value: unequal === 0 ? NaN : longerScore / unequal, of: unequal },
    lengthControlledWinRate: { value: sigmoid(fit.intercept), slopePerHundredWords: fit.slope, converged: fit.converged },
  };
}
