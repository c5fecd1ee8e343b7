/**
 * After a run: one stderr line per cause of failure, naming the aspects and metrics it
 * took, the fine-grained caveats as warnings, and the exit code the run ends with.
 */
import { exitCodeOf, SUCCESS_EXIT_CODE, type SumLensError } from '../core/errors';
import { failedParts, failuresByCause, runOutcome } from '../core/outcome';
import type { EvaluationResult } from '../core/result';
import { printError, printWarning } from './stderr';

/**
 * Prints the failures of `result` and returns its exit code. `stoppedBy` is the run-level
 * error that ended the run: its own line is printed by the caller, so parts it took are not
 * repeated here.
 */
export function reportOutcome(result: EvaluationResult, stoppedBy?: SumLensError): number {
  const printed = new Set<string>(stoppedBy ? [stoppedBy.message] : []);
  for (const { parts, failure } of failuresByCause(failedParts(result))) {
    // A part the stop took may carry its cause's message as it read then (a spending limit's counts grow after).
    if (printed.has(failure.message) || failure.code === stoppedBy?.code) continue;
    printed.add(failure.message);
    printError(`${parts.join(', ')} failed: ${failure.message}`);
  }
  for (const error of result.fine?.errors ?? []) {
    if (![...printed].some((message) => error.endsWith(message))) printWarning(`fine-grained ${error}`);
  }
  const code = runOutcome(result);
  return code === undefined ? SUCCESS_EXIT_CODE : exitCodeOf(code);
}
