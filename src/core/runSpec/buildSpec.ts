/**
 * A run spec from what a front end knows, with every default filled here and nowhere else:
 * the task's aspects, the sampling, parse, route and standard-error defaults, the reasons'
 * count, the concurrency. Options of the aspect choice are dropped for the other methods
 * (the CLI refuses them; the editor keeps them in its settings for when it is chosen).
 */
import { DEFAULT_REASONS_K } from '../choose/reasonsDefault';
import { redactCredentials } from '../errors';
import { DEFAULT_MAX_STANDARD_ERROR } from '../geval/adaptiveSampling';
import { aspectsOf } from '../geval/evaluateAspects';
import { DEFAULT_TOP_LOGPROBS } from '../geval/scoreRoutes';
import { reasonLanguageOf } from '../prompts/reasonLanguage';
import { defaultBaseUrl, defaultModel } from '../llm/openaiSession';
import { DEFAULT_CONCURRENCY } from '../methodsAndTasks';
import { DEFAULT_SAMPLES } from '../methodsAndTasks';
import { RunSpecSchema, type RunSpec } from './runSpec';

/** What a front end sets; everything left out takes its default. */
export interface RunSpecInput {
  judge: { name?: string; baseUrl?: string; model?: string };
  method?: RunSpec['method'];
  task?: RunSpec['task'];
  /** Undefined or empty: the task's aspects. */
  aspects?: readonly string[];
  samples?: number;
  route?: RunSpec['route'];
  maxSe?: number;
  parse?: RunSpec['parse'];
  topLogprobs?: number;
  preset?: RunSpec['preset'];
  fenceInputs?: boolean;
  sourceTokens?: number;
  reasons?: RunSpec['reasons'];
  reasonsK?: number;
  /** A language tag; English or empty: none. */
  reasonLanguage?: string;
  withTemplates?: boolean;
  cacheSlot?: number;
  prompts?: string;
  concurrency?: number;
}

/** The endpoint as a run records it: the default when none is given, no trailing slash, no credentials. */
export function endpointOf(baseUrl: string | undefined): string {
  return redactCredentials((baseUrl || defaultBaseUrl).replace(/\/+$/, ''));
}

export function buildSpec(input: RunSpecInput): RunSpec {
  const method = input.method ?? 'geval';
  const task = input.task ?? 'summarization';
  const reasons = method === 'choose' ? input.reasons : undefined;
  const reasonLanguage = reasonLanguageOf(input.reasonLanguage);
  const spec: RunSpec = {
    judge: {
      ...(input.judge.name !== undefined ? { name: input.judge.name } : {}),
      endpoint: endpointOf(input.judge.baseUrl),
      model: input.judge.model || defaultModel,
    },
    method,
    task,
    aspects: [...aspectsOf(task, input.aspects)],
    // With reasons, one answer per reason unless a count was asked for.
    ...(input.samples !== undefined || !reasons ? { samples: input.samples ?? DEFAULT_SAMPLES } : {}),
    route: input.route ?? 'auto',
    maxSe: input.maxSe ?? DEFAULT_MAX_STANDARD_ERROR,
    parse: input.parse ?? 'robust',
    topLogprobs: input.topLogprobs ?? DEFAULT_TOP_LOGPROBS,
    ...(input.preset ? { preset: input.preset } : {}),
    fenceInputs: input.fenceInputs ?? false,
    ...(input.sourceTokens !== undefined ? { sourceTokens: input.sourceTokens } : {}),
    ...(reasons ? { reasons, reasonsK: input.reasonsK ?? DEFAULT_REASONS_K } : {}),
    ...(reasonLanguage !== undefined ? { reasonLanguage } : {}),
    withTemplates: method === 'choose' && input.withTemplates === true,
    ...(input.cacheSlot ? { cacheSlot: input.cacheSlot } : {}),
    ...(input.prompts !== undefined ? { prompts: input.prompts } : {}),
    concurrency: input.concurrency ?? DEFAULT_CONCURRENCY,
  };
  return RunSpecSchema.parse(spec);
}
