/**
 * A run spec as the dataset runner and the --dry-run estimate take it: the method, the aspects
 * (recorded under their own names), evaluate()'s options and the items run at once, all from
 * the spec (runSpec/), so a run, its estimate and each judge of a jury ask the same things.
 */
import { evaluateOptionsOf, itemConcurrencyOf } from '../runSpec/evaluateOptions';
import type { RunSpec } from '../runSpec/runSpec';
import { estimateRun, type DryRunEstimate } from './dryRun';
import type { Evaluator, ItemRunOptions, RunItem } from './runItems';

export function itemRunOf(spec: RunSpec): Pick<ItemRunOptions, 'method' | 'aspects' | 'extra' | 'itemConcurrency'> {
  return {
    method: spec.method,
    aspects: spec.aspects.map((a) => ({ judge: a, as: a })),
    extra: evaluateOptionsOf(spec),
    itemConcurrency: itemConcurrencyOf(spec),
  };
}

/** The spec's --dry-run estimate for the items not finished in `out`. */
export function estimateSpec(options: {
  spec: RunSpec;
  items(): AsyncIterable<RunItem> | Iterable<RunItem>;
  out: string;
  evaluate: Evaluator;
}): Promise<DryRunEstimate> {
  const { spec } = options;
  return estimateRun({
    items: options.items,
    method: spec.method,
    aspects: spec.aspects,
    out: options.out,
    evaluate: options.evaluate,
    endpoint: spec.judge.endpoint,
    model: spec.judge.model,
    extra: evaluateOptionsOf(spec),
  });
}
