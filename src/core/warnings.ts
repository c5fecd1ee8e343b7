/**
 * Caveats a reader must see beside a number (issue 11, "warnings are visible"): evaluate()
 * adds them to each aspect (AspectResult.warnings) and to the run (EvaluationResult.warnings),
 * and every front end prints what it finds there.
 */
import { LOW_VALID_MASS } from './geval/logprobScore';
import type { AspectResult, FineResult } from './result';

/**
 * Sampling route: answers that held no readable score, and the valid mass, which there is
 * the share of answers read. (The log-probability route warns about its own valid mass.)
 */
export function samplingWarnings(aspect: AspectResult): string[] {
  if (aspect.method !== 'sampling' || aspect.error !== undefined || !aspect.samples || !aspect.unparsed) return [];
  const read = aspect.samples - aspect.unparsed;
  const warnings = [`${aspect.unparsed} of ${aspect.samples} sampled answers held no readable score`];
  if (read / aspect.samples < LOW_VALID_MASS) {
    warnings.push(`valid mass ${(read / aspect.samples).toFixed(2)} (below ${LOW_VALID_MASS}): the score rests on ${read} answer(s) out of ${aspect.samples}`);
  }
  return warnings;
}

/** The aspect with its sampling warnings added (once: a warning already there is not repeated). */
export function withAspectWarnings(aspect: AspectResult): AspectResult {
  const added = samplingWarnings(aspect).filter((w) => !aspect.warnings?.includes(w));
  return added.length === 0 ? aspect : { ...aspect, warnings: [...(aspect.warnings ?? []), ...added] };
}

/** Run-level warnings of the fine-grained part (unjudged entities, halved entity lists). */
export function fineWarnings(fine: FineResult | undefined): string[] {
  return (fine?.warnings ?? []).map((w) => `fine-grained: ${w}`);
}
