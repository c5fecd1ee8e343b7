/**
 * Operation: one summary evaluated as a run spec asks (`sumlens eval`, the agent tools'
 * evaluate_summary): evaluate()'s options come from the spec alone (runSpec/evaluateOptions.ts),
 * as each item of a dataset run's do, so one summary and a dataset of them are judged alike.
 * The outcome carries the result and the error code it ends with (none when every part scored).
 */
import { exitCodeOf, SUCCESS_EXIT_CODE, type ErrorCode } from '../errors';
import { evaluate, type EvaluateHooks, type EvaluationInput } from '../evaluate';
import type { LlmSession } from '../llm/types';
import { runOutcome } from '../outcome';
import type { EvaluationResult } from '../result';
import { evaluateOptionsOf } from '../runSpec/evaluateOptions';
import type { RunSpec } from '../runSpec/runSpec';

export interface SummaryOutcome {
  result: EvaluationResult;
  /** Why the evaluation did not fully succeed: a part failed (`partial`), every part failed of this cause, or it was cancelled. */
  code?: ErrorCode;
  exitCode: number;
}

function summaryOutcome(result: EvaluationResult): SummaryOutcome {
  const code = runOutcome(result);
  return { result, ...(code !== undefined ? { code } : {}), exitCode: code === undefined ? SUCCESS_EXIT_CODE : exitCodeOf(code) };
}

export async function evaluateSummary(spec: RunSpec, input: EvaluationInput, ports: EvaluateHooks & { session: LlmSession }): Promise<SummaryOutcome> {
  const { session, ...hooks } = ports;
  return summaryOutcome(await evaluate(input, { ...evaluateOptionsOf(spec), session }, hooks));
}
