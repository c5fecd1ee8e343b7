/**
 * A bench run: evaluate every item of a dataset (or the first `limit`), appending one JSONL
 * record per finished item. Items already in the output file are skipped, so a killed run
 * resumed with the same command goes on where it stopped. An item whose evaluation throws (a
 * run-level error: endpoint, key, model) is not written, so a rerun retries it; an aspect that
 * failed inside an item (after the session's retries) is written with a null score and its
 * message under `errors` (meta counts it as missing). The first errors are reported.
 */
import { setMaxListeners } from 'node:events';
import { isCancellation } from '../errors';
import type { EvaluateHooks, EvaluateOptions, EvaluationInput } from '../evaluate';
import type { LlmSession, Usage } from '../llm/types';
import type { EvaluationResult, Method } from '../result';
import { appendBenchRecord, openBenchOutput } from './benchOutput';
import { toBenchInput, type BenchPlan } from './benchPlan';
import type { BenchRecord } from './benchRecord';
import type { Dataset, DatasetItem } from '../meta/datasets';

/** The evaluate() entry point (src/core/evaluate.ts), injected so runs can be tested alone. */
export type Evaluator = (input: EvaluationInput, options: EvaluateOptions, hooks: EvaluateHooks) => Promise<EvaluationResult>;

export interface BenchRunOptions {
  dataset: Dataset;
  plan: BenchPlan;
  method: Method;
  out: string;
  session: LlmSession;
  evaluate: Evaluator;
  /** Evaluate only the first N items of the dataset. */
  limit?: number;
  /** Items evaluated at once; the session's own limit caps the calls in flight. */
  itemConcurrency: number;
  /** Passed through to evaluate(): samples, topLogprobs, parseRule, promptOverrideDir. */
  extra?: Partial<EvaluateOptions>;
  signal?: AbortSignal;
  onProgress?(done: number, total: number, usage: Usage): void;
}

export interface BenchRunSummary {
  /** Items in scope (after --limit). */
  total: number;
  /** Items found already done in the output file. */
  alreadyDone: number;
  written: number;
  /** Items that threw (run-level errors): not written, so a rerun retries them. */
  failed: number;
  /** Aspects that failed inside written items (score null, message under `errors`). */
  aspectErrors: number;
  errors: string[];
  /** Bytes of a torn last line cut off before resuming. */
  truncatedBytes: number;
  cancelled: boolean;
  durationMs: number;
  usage: Usage;
}

export function benchRecord(item: DatasetItem, plan: BenchPlan, result: EvaluationResult): BenchRecord {
  const scores: Record<string, number | null> = {};
  const errors: Record<string, string> = {};
  for (const pair of plan.aspects) {
    const aspect = result.aspects.find((a) => a.name === pair.judge);
    scores[pair.human] = aspect?.score ?? null;
    if (aspect?.error !== undefined) errors[pair.human] = aspect.error;
    else if (!aspect) errors[pair.human] = 'not scored';
  }
  return {
    key: item.key,
    index: item.index,
    ...(item.doc_id !== undefined ? { doc_id: item.doc_id } : {}),
    system_id: item.system_id,
    scores,
    ...(Object.keys(errors).length > 0 ? { errors } : {}),
    result: result as unknown as Record<string, unknown>,
  };
}

/** Items in scope that are not in the output file yet, in dataset order. */
export function pendingItems(dataset: Dataset, done: Set<string>, limit?: number): { inScope: number; todo: DatasetItem[] } {
  const scope = limit !== undefined ? dataset.items.slice(0, limit) : dataset.items;
  return { inScope: scope.length, todo: scope.filter((item) => !done.has(item.key)) };
}

export async function runBench(options: BenchRunOptions): Promise<BenchRunSummary> {
  const started = Date.now();
  const opened = openBenchOutput(options.out);
  const { inScope, todo } = pendingItems(options.dataset, opened.done, options.limit);
  const alreadyDone = inScope - todo.length;
  const summary: BenchRunSummary = {
    total: inScope,
    alreadyDone,
    written: 0,
    failed: 0,
    aspectErrors: 0,
    errors: [],
    truncatedBytes: opened.truncatedBytes,
    cancelled: false,
    durationMs: 0,
    usage: options.session.usage(),
  };
  const judgeAspects = options.plan.aspects.map((a) => a.judge);
  // One signal for every item in flight: each evaluate() listens on it, legitimately many.
  const controller = new AbortController();
  setMaxListeners(0, controller.signal);
  const forward = (): void => controller.abort();
  if (options.signal?.aborted) controller.abort();
  options.signal?.addEventListener('abort', forward, { once: true });
  const signal = controller.signal;
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < todo.length && !signal.aborted) {
      const item = todo[next++];
      try {
        const result = await options.evaluate(
          toBenchInput(item, options.plan.task),
          { ...options.extra, method: options.method, aspects: judgeAspects, session: options.session },
          { signal },
        );
        if (result.cancelled) break;
        const record = benchRecord(item, options.plan, result);
        appendBenchRecord(options.out, record);
        summary.written++;
        for (const [aspect, message] of Object.entries(record.errors ?? {})) {
          summary.aspectErrors++;
          if (summary.errors.length < 5) summary.errors.push(`item ${item.index} (${item.key}) ${aspect}: ${message}`);
        }
      } catch (error) {
        if (isCancellation(error)) break;
        summary.failed++;
        if (summary.errors.length < 5) summary.errors.push(`item ${item.index} (${item.key}): ${(error as Error).message}`);
      }
      options.onProgress?.(alreadyDone + summary.written + summary.failed, inScope, options.session.usage());
    }
  };
  options.onProgress?.(alreadyDone, inScope, options.session.usage());
  await Promise.all(Array.from({ length: Math.max(1, Math.min(options.itemConcurrency, todo.length)) }, worker));
  options.signal?.removeEventListener('abort', forward);
  summary.cancelled = signal.aborted;
  summary.durationMs = Date.now() - started;
  summary.usage = options.session.usage();
  return summary;
}
