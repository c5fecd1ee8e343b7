/**
 * A dataset run's dry run (`eval --data … --dry-run`, `bench --dry-run`) on stdout: the items
 * left, the calls and tokens, the cost, and what cannot be known before running; or the same
 * as JSON. Loaded only for a dry run.
 */
import { estimateCost, formatCost } from '../../core/llm/pricing';
import type { DryRunEstimate } from '../../core/run/dryRun';
import { cliIo } from '../io';

export function dryRunReport(estimate: DryRunEstimate, out: string, model: string, batch: boolean): string {
  return [
    `dry run: ${estimate.items} item(s) to evaluate (${estimate.alreadyDone} already in ${out}), nothing sent`,
    `  calls: ${estimate.usage.calls}${estimate.fineCalls !== undefined ? ` (fine-grained: ${estimate.fineCalls})` : ''}`,
    `  prompt tokens: ~${estimate.usage.promptTokens}`,
    `  completion tokens: at most ${estimate.usage.completionTokens}`,
    `  cost for ${model}: ${formatCost(estimateCost(model, estimate.usage, batch))}${batch ? ' at Batch API prices' : ''}`,
    'not known before running:',
    ...estimate.unknowns.map((u) => `  - ${u}`),
  ].join('\n');
}

/** The dry run's estimate on stdout, as text or JSON. */
export function printDryRun(estimate: DryRunEstimate, out: string, model: string, options: { batch?: boolean; json?: boolean }): void {
  const text = options.json ? JSON.stringify({ dryRun: true, ...estimate, out }, null, 2) : dryRunReport(estimate, out, model, options.batch === true);
  cliIo().stdout.write(text + '\n');
}
