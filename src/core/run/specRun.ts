/**
 * A run spec as the dataset runner and the --dry-run estimate take it: the method, the aspects
 * (recorded under their own names), evaluate()'s options and the items run at once, all from
 * the spec (runSpec/), so a run, its estimate and each judge of a jury ask the same things.
 * runSpecItems is the one place a spec, its items and a file become a run file: every front
 * end's dataset run, a bench and each judge of a jury come through it.
 */
import { runHeader } from '../runFile/runHeader';
import { evaluateOptionsOf, itemConcurrencyOf } from '../runSpec/evaluateOptions';
import type { RunSpec } from '../runSpec/runSpec';
import { estimateRun, type DryRunEstimate } from './dryRun';
import { runItems, type Evaluator, type ItemRunOptions, type RunItem, type RunSummary } from './runItems';

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

/** What a spec is run on, and where its run file goes. */
export interface SpecRun {
  spec: RunSpec;
  /** What started the run, as the run file's header names it: `eval --data`, `bench`, `Evaluate Dataset (VS Code)`… */
  command: string;
  /** The data, as the header names it (a path as the user gave it). */
  data: string;
  out: string;
  /** Start the run file over (its settings may differ). */
  restart?: boolean;
  items(): AsyncIterable<RunItem> | Iterable<RunItem>;
  /** Aspects judged and the name each is recorded under; by default the spec's, each under its own name. */
  aspects?: ItemRunOptions['aspects'];
}

/** What a run is given from outside: the judge's session, the evaluator, a cancel signal, where progress and notices go. */
export type RunPorts = Pick<ItemRunOptions, 'session' | 'evaluate' | 'signal' | 'onProgress' | 'onNotice' | 'rateLimitPauseMs'> & {
  /** Items at once, when not the spec's (a batch starts them all). */
  itemConcurrency?: number;
};

export function runSpecItems(run: SpecRun, ports: RunPorts): Promise<RunSummary> {
  const planned = itemRunOf(run.spec);
  return runItems({
    ...planned,
    ...ports,
    itemConcurrency: ports.itemConcurrency ?? planned.itemConcurrency,
    aspects: run.aspects ?? planned.aspects,
    out: run.out,
    header: runHeader(run.command, run.data, run.spec),
    restart: run.restart,
    items: run.items,
  });
}
