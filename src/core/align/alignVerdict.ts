/**
 * Is a candidate better than the template the user has? On the held-out scores: each
 * candidate's agreement with people (alpha, kappa, Spearman, mean absolute difference, with
 * bootstrap intervals), and a paired test of its absolute error against the original's on the
 * same items (sign-flip permutation, Holm over the candidates), and the gain in alpha with its
 * paired interval (alphaGain.ts). The best candidate is adopted only when it lowers the error
 * significantly and its alpha gain's interval lies above zero; otherwise the verdict is to keep
 * the template.
 */
import { agreementRows, type AgreementRow } from '../agreement/agreementTable';
import { holmAdjust } from '../stats/holm';
import { pairedComparison, type PairedComparison } from '../stats/pairedComparison';
import { alphaGain, type AlphaGain } from './alphaGain';
import type { AlignItem, CandidateName, CrossValidation } from './crossValidate';

export const SIGNIFICANCE = 0.05;

export interface CandidateVerdict {
  name: CandidateName;
  agreement: AgreementRow;
  /** Absolute error, candidate minus original, per item: negative is better. */
  errorChange: PairedComparison;
  /** Holm-adjusted over the candidates. */
  adjustedP: number;
  alphaGain: AlphaGain;
  /** Adoptable: the error significantly lower and the alpha gain's interval above zero. */
  significant: boolean;
}

export interface AlignVerdict {
  aspect: string;
  n: number;
  original: AgreementRow;
  candidates: CandidateVerdict[];
  adopted?: CandidateName;
}

export interface VerdictOptions {
  aspect: string;
  scale: [number, number];
  resamples: number;
  seed: number;
}

export function alignVerdict(items: readonly AlignItem[], cv: CrossValidation, options: VerdictOptions): AlignVerdict {
  const rowOf = (judge: string, scores: readonly number[]) =>
    agreementRows(
      items.map((item, i) => ({ aspect: options.aspect, judge, person: item.human, score: scores[i] })),
      { scale: options.scale, resamples: options.resamples, seed: options.seed },
    )[0];
  const originalError = cv.original.map((score, i) => Math.abs(score - items[i].human));
  const changes = cv.candidates.map((c) =>
    pairedComparison(
      originalError,
      c.scores.map((score, i) => Math.abs(score - items[i].human)),
      { seed: options.seed },
    ),
  );
  const adjusted = holmAdjust(changes.map((c) => c.pValue));
  const people = items.map((item) => item.human);
  const candidates = cv.candidates.map((c, k): CandidateVerdict => {
    const gain = alphaGain(people, cv.original, c.scores, { resamples: options.resamples, seed: options.seed });
    return {
      name: c.name,
      agreement: rowOf(c.name, c.scores),
      errorChange: changes[k],
      adjustedP: adjusted[k],
      alphaGain: gain,
      significant: adjusted[k] < SIGNIFICANCE && changes[k].meanDifference < 0 && gain.interval.low > 0,
    };
  });
  const best = candidates.filter((c) => c.significant).sort((a, b) => a.errorChange.meanDifference - b.errorChange.meanDifference)[0];
  return { aspect: options.aspect, n: items.length, original: rowOf('original', cv.original), candidates, adopted: best?.name };
}
