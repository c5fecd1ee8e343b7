/**
 * Operation: write the training triples of reason-grounded evaluation (`sumlens distill`):
 * question, reason, answer per item of a people-scored set, from the judge the spec names with
 * the spec's reason examples and templates folder (distill/distillRun.ts: resumable, split by
 * document). The outcome carries the code the run ends with: cancelled 130, partial 14, and
 * every item failed the failure itself.
 */
import type { Dataset } from '../datasets/dataset';
import { distill, type DistillSummary } from '../distill/distillRun';
import { exitCodeOf, SUCCESS_EXIT_CODE, SumLensError } from '../errors';
import type { LlmSession } from '../llm/types';
import type { RunSpec } from '../runSpec/runSpec';

export interface ReasonDistillation {
  /** The judge, its reason examples (`reasons`, `reasonsK`) and templates folder (`prompts`). */
  spec: RunSpec & Required<Pick<RunSpec, 'reasons' | 'reasonsK'>>;
  dataset: Dataset;
  out: string;
  /** Only the first N items. */
  limit?: number;
}

export interface DistillPorts {
  session: LlmSession;
  signal?: AbortSignal;
  onProgress?(done: number, total: number): void;
}

export interface DistillOutcome {
  summary: DistillSummary;
  /** Why no item could be written, when every one failed. */
  failure?: SumLensError;
  exitCode: number;
}

export async function distillReasons(run: ReasonDistillation, ports: DistillPorts): Promise<DistillOutcome> {
  const { spec } = run;
  const summary = await distill({
    dataset: run.dataset,
    out: run.out,
    limit: run.limit,
    examples: spec.reasons,
    reasonsK: spec.reasonsK,
    promptOverrideDir: spec.prompts,
    ...ports,
  });
  if (summary.cancelled) return { summary, exitCode: exitCodeOf('cancelled') };
  if (summary.failed.length === 0) return { summary, exitCode: SUCCESS_EXIT_CODE };
  if (summary.written + summary.alreadyDone > 0) return { summary, exitCode: exitCodeOf('partial') };
  const first = summary.failed[0];
  const failure = new SumLensError('invalid-reply', `every item failed; ${first.key}: ${first.message}`);
  return { summary, failure, exitCode: exitCodeOf(failure.code) };
}
