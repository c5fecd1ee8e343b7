/**
 * `bench --dry-run`: walk the run with a DryRunSession (nothing is sent) and report the calls
 * and tokens it would use, for the items not already in the output file.
 */
import { existsSync } from 'node:fs';
import type { EvaluateOptions } from '../evaluate';
import type { Usage } from '../llm/types';
import type { Method } from '../result';
import { readBenchFile } from './benchRecord';
import { toBenchInput, type BenchPlan } from './benchPlan';
import type { Dataset } from '../meta/datasets';
import { DryRunSession } from './dryRunSession';
import { pendingItems, type Evaluator } from './runBench';

export interface DryRunEstimate {
  items: number;
  alreadyDone: number;
  usage: Usage;
}

export async function estimateBench(options: {
  dataset: Dataset;
  plan: BenchPlan;
  method: Method;
  out: string;
  evaluate: Evaluator;
  endpoint: string;
  model: string;
  limit?: number;
  extra?: Partial<EvaluateOptions>;
}): Promise<DryRunEstimate> {
  // Read only: a dry run never truncates or writes the output file.
  const done = existsSync(options.out) ? new Set(readBenchFile(options.out).records.map((r) => r.key)) : new Set<string>();
  const { inScope, todo } = pendingItems(options.dataset, done, options.limit);
  const session = new DryRunSession(options.endpoint, options.model);
  const aspects = options.plan.aspects.map((a) => a.judge);
  for (const item of todo) {
    await options.evaluate(toBenchInput(item, options.plan.task), { ...options.extra, method: options.method, aspects, session }, {});
  }
  return { items: todo.length, alreadyDone: inScope - todo.length, usage: session.usage() };
}
