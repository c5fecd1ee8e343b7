/**
 * What one evaluated item records: every score that was read, and for every score that was
 * not, why (with the error's code when it has one). Nothing is ever recorded as a null score.
 */
import { fineAspectReading } from '../fine/summevalAspects';
import type { AspectResult, EvaluationResult } from '../result';
import type { Failure } from '../runFile/runRecord';

/** The fine-grained metrics, recorded as scores under these names (1–5). */
export const FINE_METRICS = ['completeness', 'correctness', 'alignment', 'readability'] as const;

export interface ItemScores {
  scores: Record<string, number>;
  errors: Record<string, Failure>;
}

function aspectFailure(aspect: AspectResult | undefined): Failure {
  if (!aspect) return { message: 'not scored' };
  return { ...(aspect.errorCode ? { code: aspect.errorCode } : {}), message: aspect.error ?? 'no score could be read' };
}

/**
 * Scores of a result. `names` maps each judged aspect to the name it is recorded under
 * (bench records QAGS's "hallucination" as the human "consistency").
 */
export function itemScores(result: EvaluationResult, names: ReadonlyArray<{ judge: string; as: string }>): ItemScores {
  const out: ItemScores = { scores: {}, errors: {} };
  if (result.method === 'choose') {
    // An aspect the judge did not choose has no score and is no failure: the meta counts it missing.
    for (const { judge, as } of names) {
      const aspect = result.aspects.find((a) => a.name === judge);
      if (typeof aspect?.score === 'number') out.scores[as] = aspect.score;
      else if (aspect) out.errors[as] = aspectFailure(aspect);
    }
    return out;
  }
  if (result.method !== 'fine') {
    for (const { judge, as } of names) {
      const aspect = result.aspects.find((a) => a.name === judge);
      if (typeof aspect?.score === 'number') out.scores[as] = aspect.score;
      else out.errors[as] = aspectFailure(aspect);
    }
  }
  if (result.method === 'fine' || result.method === 'all') {
    const fine = result.fine;
    if (!fine) out.errors.fine = { message: 'the fine-grained part did not run' };
    else {
      // A null metric is a failure only when a step failed; else it had nothing to judge (see fine.notes).
      const failed = (fine.errors ?? []).join('; ');
      for (const metric of FINE_METRICS) {
        const score = fine[metric]?.score;
        if (typeof score === 'number') out.scores[metric] = score;
        else if (failed) out.errors[metric] = { message: failed };
      }
      // --method fine on SummEval: its human aspects read from the fine-grained metrics (paper §4.3).
      for (const { as } of result.method === 'fine' ? names : []) {
        const reading = fineAspectReading(fine, as);
        if (reading?.score != null) out.scores[as] = reading.score;
        else if (reading) out.errors[as] = { message: `fine-grained: ${reading.why}` };
      }
    }
  }
  return out;
}
