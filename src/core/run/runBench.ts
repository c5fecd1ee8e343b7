/**
 * A bench run: evaluate every item of a human-annotated dataset (or the first `limit`) into a
 * run file, through the dataset-run engine (runItems.ts: header, lock, resume, failures
 * recorded and retried, fail fast, rate-limit slow-down). Records carry the scores under the
 * human aspect names, so `meta` can correlate them with the people's scores.
 */
import { packageVersion } from '../paths';
import type { Method } from '../result';
import type { Dataset, DatasetItem } from '../datasets/dataset';
import { toBenchInput, type BenchPlan } from './benchPlan';
import { runItems, type BenchRunSummary, type ItemRunOptions, type RunItem } from './runItems';
import type { RunHeader, RunSettings } from '../runFile/runHeader';

export type { BenchRunSummary, Evaluator } from './runItems';

export interface BenchRunOptions extends Omit<ItemRunOptions, 'items' | 'aspects' | 'header'> {
  dataset: Dataset;
  plan: BenchPlan;
  method: Method;
  /** The judge and settings, for the run file's header. */
  settings: RunSettings;
  /** Evaluate only the first N items of the dataset. */
  limit?: number;
}

export function benchItem(item: DatasetItem, plan: BenchPlan): RunItem {
  return {
    key: item.key,
    input: toBenchInput(item, plan.task),
    fields: { index: item.index, ...(item.doc_id !== undefined ? { doc_id: item.doc_id } : {}), system_id: item.system_id },
  };
}

/** The items in scope, in dataset order. */
export function benchItems(dataset: Dataset, plan: BenchPlan, limit?: number): RunItem[] {
  const scope = limit !== undefined ? dataset.items.slice(0, limit) : dataset.items;
  return scope.map((item) => benchItem(item, plan));
}

export function runHeader(command: string, data: string, settings: RunSettings): RunHeader {
  return { sumlens: 'run', format: 1, tool: packageVersion(), command, data, created: new Date().toISOString(), settings };
}

export function runBench(options: BenchRunOptions): Promise<BenchRunSummary> {
  const items = benchItems(options.dataset, options.plan, options.limit);
  return runItems({
    ...options,
    header: runHeader('bench', options.dataset.path, options.settings),
    items: () => items,
    aspects: options.plan.aspects.map((a) => ({ judge: a.judge, as: a.human })),
  });
}
