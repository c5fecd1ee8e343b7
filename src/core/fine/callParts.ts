/**
 * The fine-grained method's calls part by part, before anything is known of the texts: three
 * extraction steps a chunk of a note, one judging call an angle (before facts are split over
 * calls by the entity limit), one call a readability prompt. The run plans its progress by
 * these (evaluateFine.ts, then adjusted as it learns the facts) and the dry run counts by them
 * (planFine.ts): one place, so neither mirrors the other's arithmetic.
 */
import { ANGLES, type Angle } from './angles';
import { READABILITY_PROMPTS } from './readability';

/** Calls of one extraction of a note's chunk: extract, verify, and locate in the source. */
export const EXTRACTION_STEPS = 3;

/** The alignment angles that apply: the reference's only when there is a reference. */
export function alignmentAngles(hasReference: boolean): Angle[] {
  return hasReference ? ANGLES.alignment : ANGLES.alignment.filter((a) => a.name !== 'alignment-reference');
}

export interface FineCallParts {
  completeness: number;
  correctness: number;
  /** Alignment angles that judge against the source (they carry it, like correctness). */
  alignmentWithSource: number;
  /** The alignment angle against the reference, when there is one. */
  alignmentWithReference: number;
  readability: number;
}

export function fineCallParts(hasReference: boolean): FineCallParts {
  const alignment = alignmentAngles(hasReference);
  const withReference = alignment.filter((a) => a.name === 'alignment-reference').length;
  return {
    completeness: ANGLES.completeness.length,
    correctness: ANGLES.correctness.length,
    alignmentWithSource: alignment.length - withReference,
    alignmentWithReference: withReference,
    readability: READABILITY_PROMPTS.length,
  };
}

/** The calls a run plans up front: both notes extracted in one chunk each, each angle and prompt once. */
export function plannedFineCalls(hasReference: boolean): number {
  const parts = fineCallParts(hasReference);
  return 2 * EXTRACTION_STEPS + parts.completeness + parts.correctness + parts.alignmentWithSource + parts.alignmentWithReference + parts.readability;
}
