/**
 * The run spec of "SumLens: Evaluate Dataset" from the `sumlens.*` settings: the editor's one
 * mapper to the engine's run spec (src/core/runSpec/), the counterpart of the CLI's
 * src/cli/runSpecFromFlags.ts. It imports neither VS Code nor the engine (loaded on first
 * use), so a test can call it with a plain settings object; the engine's buildSpec fills the
 * defaults. The editor has no setting for the parse rule, the top log-probabilities or the
 * fenced prompts: a dataset run takes the engine's defaults for them, as the CLI does without
 * its flags. A dataset run records the chosen aspects only, so it does not pay for the own
 * templates' scores beside them (withTemplates, one summary's).
 */
import type { Method } from '../../core/result';
import type { RunSpecInput } from '../../core/runSpec/buildSpec';
import type { Settings } from '../settingsSchema';

export function datasetSpecInput(settings: Settings, run: { endpoint: string; model: string; method: Method; prompts?: string }): RunSpecInput {
  const reasons = run.method === 'choose' && settings.reasons !== 'none' ? settings.reasons : undefined;
  return {
    judge: { baseUrl: run.endpoint, model: run.model },
    method: run.method,
    task: settings.task,
    aspects: settings.aspects,
    // Reasons draw one answer each: the editor has no way to ask for a count beside them.
    samples: reasons ? undefined : settings.samples,
    route: settings.route,
    maxSe: settings.maxStandardError,
    sourceTokens: settings.sourceTokens,
    reasons,
    reasonsK: reasons ? settings.reasonsK : undefined,
    reasonLanguage: settings.reasonLanguage,
    prompts: run.prompts,
    concurrency: settings.concurrency,
  };
}
