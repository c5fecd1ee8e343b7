/**
 * The run spec of `eval --data` and `bench` from their flags: the CLI's one mapper to the
 * engine's run spec (src/core/runSpec/). Defaults are the spec's (buildSpec.ts), except where
 * commander shows the same constant in --help. `given` says whether the user typed an option:
 * with --reasons, one answer per reason unless --samples was given.
 */
import { defaultBaseUrl } from '../core/llm/openaiSession';
import { buildSpec } from '../core/runSpec/buildSpec';
import type { RunSpec } from '../core/runSpec/runSpec';
import type { ChooseFlags } from './chooseOptions';
import type { ScoringFlags } from './scoringOptions';
import type { SessionFlags } from './sessionOptions';

export interface SpecFlags extends SessionFlags, ScoringFlags, Omit<ChooseFlags, 'preset'> {
  method: RunSpec['method'];
  samples: number;
  topLogprobs?: number;
  /** Absent for commands without --parse (align): the spec's default. */
  parse?: RunSpec['parse'];
  prompts?: string;
}

/** `scope`: what the command decides itself (bench: the dataset's task and aspects). */
export function specFromFlags(flags: SpecFlags, given: (option: string) => boolean, scope: { task: RunSpec['task']; aspects?: readonly string[] }): RunSpec {
  return buildSpec({
    judge: { baseUrl: flags.baseUrl, model: flags.model },
    method: flags.method,
    task: scope.task,
    aspects: scope.aspects,
    samples: flags.reasons && !given('samples') ? undefined : flags.samples,
    route: flags.route,
    maxSe: flags.maxSe,
    parse: flags.parse,
    topLogprobs: flags.topLogprobs,
    preset: flags.preset,
    fenceInputs: flags.fenceInputs,
    sourceTokens: flags.sourceTokens,
    reasons: flags.reasons,
    reasonsK: flags.reasonsK,
    reasonLanguage: flags.reasonLanguage,
    withTemplates: flags.withTemplates,
    prompts: flags.prompts,
    concurrency: flags.concurrency,
  });
}

/** The Batch API's address: the endpoint as typed (the spec's is without credentials, for the run file). */
export function batchBaseUrl(flags: Pick<SessionFlags, 'baseUrl'>): string {
  return (flags.baseUrl || defaultBaseUrl).replace(/\/+$/, '');
}
