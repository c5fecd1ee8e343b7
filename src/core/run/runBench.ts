/**
 * A bench run: evaluate every item of a human-annotated dataset (or the first `limit`) into a
 * run file, through the dataset-run engine (runItems.ts: header, lock, resume, failures
 * recorded and retried, fail fast, rate-limit slow-down). Records carry the scores under the
 * human aspect names, so `meta` can correlate them with the people's scores.
 */
import type { Dataset, DatasetItem } from '../datasets/dataset';
import { datasetItemInput, type BenchPlan } from './benchPlan';
import { runItems, type RunSummary, type ItemRunOptions, type RunItem } from './runItems';
import { itemRunOf } from './specRun';
import { runHeader } from '../runFile/runHeader';
import type { RunSpec } from '../runSpec/runSpec';

export type { RunSummary, Evaluator } from './runItems';

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

export function runBench(options: BenchRunOptions): Promise<RunSummary> {
  const items = benchItems(options.dataset, options.plan, options.limit);
  const { method, extra, itemConcurrency } = itemRunOf(options.spec);
  return runItems({
    ...options,
    method,
    extra,
    itemConcurrency: options.itemConcurrency ?? itemConcurrency,
    header: runHeader('bench', options.dataset.path, options.spec),
    items: () => items,
    aspects: options.plan.aspects.map((a) => ({ judge: a.judge, as: a.human })),
  });
}
