/**
 * What a run spec asks of the engine: evaluate()'s options for every item, and how many items
 * run at once. The dataset run, its --dry-run estimate and each judge of a jury take them from
 * here, so they cannot ask different things.
 */
import type { EvaluateOptions } from '../evaluate';
import { ITEMS_PER_REQUEST_SLOT } from '../methodsAndTasks';
import type { RunSpec } from './runSpec';

export type SpecOptions = Omit<EvaluateOptions, 'session'>;

export function evaluateOptionsOf(spec: RunSpec): SpecOptions {
  return {
    method: spec.method,
    aspects: spec.aspects,
    samples: spec.samples,
    route: spec.route,
    maxStandardError: spec.maxSe,
    parseRule: spec.parse,
    topLogprobs: spec.topLogprobs,
    promptOverrideDir: spec.prompts,
    ...(spec.preset ? { preset: spec.preset } : {}),
    ...(spec.fenceInputs ? { fenceInputs: true } : {}),
    ...(spec.sourceTokens !== undefined ? { sourceTokens: spec.sourceTokens } : {}),
    ...(spec.reasons ? { reasons: spec.reasons, reasonsK: spec.reasonsK } : {}),
    ...(spec.withTemplates ? { withTemplates: true } : {}),
    ...(spec.reasonLanguage !== undefined ? { reasonLanguage: spec.reasonLanguage } : {}),
  };
}

/** Items evaluated at once: enough to keep the judge's `concurrency` request slots busy. */
export function itemConcurrencyOf(spec: Pick<RunSpec, 'concurrency'>): number {
  return spec.concurrency * ITEMS_PER_REQUEST_SLOT;
}
