/**
 * Operation: a bench (`sumlens bench`), a run of a people-scored set: evaluate every item of a
 * human-annotated dataset (or the first `limit`) into a run file, through the dataset-run
 * engine (runItems.ts: header, lock, resume, failures recorded and retried, fail fast,
 * rate-limit slow-down), directly or through the Batch API. Records carry the scores under the
 * human aspect names, so `meta` can correlate them with the people's scores. The outcome
 * carries the code the run ends with, by the rule every dataset run ends by (run/outcome.ts).
 */
import type { Dataset, DatasetItem } from '../datasets/dataset';
import { runThroughBatches, type BatchPumpOptions, type BatchRunOutcome } from '../run/batch/runThroughBatches';
import { datasetItemInput, type BenchPlan } from '../run/benchPlan';
import type { ItemRunOptions, RunItem } from '../run/runItems';
import { runExitCode } from '../run/outcome';
import { runSpecItems } from '../run/specRun';
import type { RunSpec } from '../runSpec/runSpec';
import type { DatasetRunOutcome } from './runDataset';

export type { RunSummary, Evaluator } from '../run/runItems';

export interface BenchRunOptions extends Omit<ItemRunOptions, 'items' | 'aspects' | 'header' | 'method' | 'extra' | 'itemConcurrency'> {
  dataset: Dataset;
  plan: BenchPlan;
  /** The run, for the run file's header. */
  spec: RunSpec;
  /** Evaluate only the first N items of the dataset. */
  limit?: number;
  /** Items at once, when not the spec's (a batch starts them all). */
  itemConcurrency?: number;
}

export function benchItem(item: DatasetItem, plan: BenchPlan): RunItem {
  return {
    key: item.key,
    input: datasetItemInput(item, plan.task),
    fields: { index: item.index, ...(item.doc_id !== undefined ? { doc_id: item.doc_id } : {}), system_id: item.system_id },
  };
}

/** The items in scope, in dataset order. */
export function benchItems(dataset: Dataset, plan: BenchPlan, limit?: number): RunItem[] {
  const scope = limit !== undefined ? dataset.items.slice(0, limit) : dataset.items;
  return scope.map((item) => benchItem(item, plan));
}

export async function runBench(options: BenchRunOptions): Promise<DatasetRunOutcome> {
  const { dataset, plan, spec, out, restart, limit, ...ports } = options;
  const items = benchItems(dataset, plan, limit);
  const summary = await runSpecItems(
    { spec, command: 'bench', data: dataset.path, out, restart, items: () => items, aspects: plan.aspects.map((a) => ({ judge: a.judge, as: a.human })) },
    ports,
  );
  return { out, summary, exitCode: runExitCode(summary) };
}

export interface BatchBenchOptions extends Omit<BenchRunOptions, 'session' | 'itemConcurrency'>, Omit<BatchPumpOptions, 'endpoint' | 'model'> {}

/** `bench --batch`: the same run, its model calls through the Batch API (run/batch/runThroughBatches.ts). */
export function runBatchBench(options: BatchBenchOptions): Promise<BatchRunOutcome> {
  return runThroughBatches(
    { ...options, endpoint: options.spec.judge.endpoint, model: options.spec.judge.model },
    async (session, itemConcurrency) => (await runBench({ ...options, session, itemConcurrency })).summary,
  );
}
