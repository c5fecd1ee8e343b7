/**
 * How a dataset run ends, as an exit code: a run-level error keeps its own code; a run in
 * which no item finished takes the code of its most frequent cause; a run in which some
 * items failed is partial (14); a cancelled run 130. README's exit-code table lists them.
 */
import { errorExitCodes, SUCCESS_EXIT_CODE, type ErrorCode } from '../errors';
import type { RunSummary } from './runItems';

/** Some requested results failed, the rest were printed. */
export const PARTIAL_EXIT_CODE = errorExitCodes.partial;
/** A `--fail-under` quality gate failed. */
export const QUALITY_GATE_EXIT_CODE = errorExitCodes['quality-gate'];

/** The cause most items failed of (ties: the first seen); 'invalid-reply' when none had a code. */
export function mainCause(causes: RunSummary['causes']): ErrorCode {
  let best: ErrorCode = 'invalid-reply';
  let count = 0;
  for (const [cause, n] of Object.entries(causes)) {
    if (cause !== 'unknown' && (n ?? 0) > count) {
      best = cause as ErrorCode;
      count = n ?? 0;
    }
  }
  return best;
}

export function runExitCode(summary: RunSummary): number {
  if (summary.fatal) return summary.fatal.exitCode;
  if (summary.cancelled) return errorExitCodes.cancelled;
  if (summary.failed === 0) return SUCCESS_EXIT_CODE;
  if (summary.written + summary.alreadyDone === 0) return errorExitCodes[mainCause(summary.causes)];
  return PARTIAL_EXIT_CODE;
}
