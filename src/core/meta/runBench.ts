/**
 * A bench run: evaluate every item of a dataset (or the first `limit`), appending one JSONL
 * record per finished item. Items already in the output file are skipped, so a killed run
 * resumed with the same command goes on where it stopped. Items with a failed aspect are not
 * written (a rerun retries them); they are counted and their first errors reported.
 */
import { isCancellation } from '../errors';
import type { EvaluateHooks, EvaluateOptions, EvaluationInput } from '../evaluate';
import type { LlmSession, Usage } from '../llm/types';
import type { EvaluationResult, Method } from '../result';
import { appendBenchRecord, openBenchOutput } from './benchOutput';
import { toBenchInput, type BenchPlan } from './benchPlan';
import type { BenchRecord } from './benchRecord';
import type { Dataset, DatasetItem } from './datasets';

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
  failed: number;
  errors: string[];
  /** Bytes of a torn last line cut off before resuming. */
  truncatedBytes: number;
  cancelled: boolean;
  durationMs: number;
  usage: Usage;
}

export function benchRecord(item: DatasetItem, plan: BenchPlan, result: EvaluationResult): BenchRecord {
  const scores: Record<string, number | null> = {};
  for (const pair of plan.aspects) {
    scores[pair.human] = result.aspects.find((a) => a.name === pair.judge)?.score ?? null;
  }
  return {
    key: item.key,
    index: item.index,
    ...(item.doc_id !== undefined ? { doc_id: item.doc_id } : {}),
    system_id: item.system_id,
    scores,
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
    errors: [],
    truncatedBytes: opened.truncatedBytes,
    cancelled: false,
    durationMs: 0,
    usage: options.session.usage(),
  };
  const judgeAspects = options.plan.aspects.map((a) => a.judge);
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < todo.length && !options.signal?.aborted) {
      const item = todo[next++];
      try {
        const result = await options.evaluate(
          toBenchInput(item, options.plan.task),
          { ...options.extra, method: options.method, aspects: judgeAspects, session: options.session },
          { signal: options.signal },
        );
        if (result.cancelled) break;
        // An aspect that failed (API error, bad template) is retried by a rerun, so the item
        // is not written; successful aspects come back from the cache then.
        const failedAspect = result.aspects.find((a) => a.error !== undefined);
        if (failedAspect) throw new Error(`${failedAspect.name}: ${failedAspect.error}`);
        appendBenchRecord(options.out, benchRecord(item, options.plan, result));
        summary.written++;
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
  summary.cancelled = options.signal?.aborted === true;
  summary.durationMs = Date.now() - started;
  summary.usage = options.session.usage();
  return summary;
}
