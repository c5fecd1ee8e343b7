/**
 * All requested aspects of a task, scored concurrently (the session limits how many
 * requests are in flight). Each aspect is reported through onAspect as soon as it is
 * done; a failing aspect carries its error and the others still run; cancellation is
 * not an aspect failure and is rethrown once every aspect has stopped.
 */
import { setMaxListeners } from 'node:events';
import { failureOf, isCancellation, isSumLensError, SumLensError } from '../errors';
import type { LlmSession } from '../llm/types';
import { TASK_ASPECTS } from '../methodsAndTasks';
import { resolveTemplate } from '../prompts/resolveTemplate';
import { isAspectTemplate, type AspectTask, type AspectTemplate } from '../prompts/template';
import type { AspectResult } from '../result';
import { missingInput, templateVars, type AspectInput } from './inputVariables';
import type { ParseRule } from './parseScore';
import type { PresetName } from './presets';
import { scoreAspect, type AspectMode, type ScoredAspect } from './scoreAspect';
import type { RoutePreference } from './scoreRoutes';

/** The aspects asked for, or the task's own when none were named: the one default list. */
export function aspectsOf(task: AspectTask, aspects?: readonly string[]): readonly string[] {
  return aspects?.length ? aspects : TASK_ASPECTS[task];
}

export interface AspectRunOptions {
  method: AspectMode;
  /** Default: all aspects of the task. Any aspect with a template `<task>/<aspect>` works. */
  aspects?: string[];
  /** Force the logprob or the sampling route (default auto: logprobs where readable). */
  route?: RoutePreference;
  /** Sampling route: at most this many answers per aspect. */
  samples?: number;
  /** Sampling route: stop once the standard error of the mean is below this (0 draws all). */
  maxStandardError?: number;
  topLogprobs?: number;
  parseRule?: ParseRule;
  /** Settings for reproducing a paper (see presets.ts); they win over the options above. */
  preset?: PresetName;
  promptOverrideDir?: string;
  /** The fenced prompt variant: judged texts between markers, marked as data (prompts/fenceInput.ts). */
  fenceInputs?: boolean;
  /** The prompt states who wrote the summary (the audit's authorship probe). */
  author?: string;
  /** Show the judge at most this many tokens of the source: the sentences that bear on the summary (--source-tokens). */
  sourceTokens?: number;
  /** Reasons, rationales and finding explanations in this language (--reason-language, prompts/reasonLanguage.ts); English when absent. */
  reasonLanguage?: string;
  session: LlmSession;
}

export interface AspectRunHooks {
  signal?: AbortSignal;
  onAspect?(aspect: AspectResult): void;
}

/**
 * Errors about the prompt's size that fitting the source could not help, and a budget that
 * holds nothing (usage): the run stops with them (the other aspects are cancelled) rather
 * than printing scores of some aspects only.
 */
const STOPS_RUN = new Set<string>(['context-too-long', 'prompt-truncated', 'usage']);

export async function evaluateAspects(input: AspectInput, options: AspectRunOptions, hooks: AspectRunHooks = {}): Promise<ScoredAspect[]> {
  if (options.preset && options.method !== 'geval') {
    throw new SumLensError('usage', `--preset ${options.preset} reproduces G-Eval's scoring and works with --method geval only`);
  }
  const names = aspectsOf(input.task, options.aspects);
  const stop = new AbortController();
  // Every in-flight call of every aspect listens on it, legitimately.
  setMaxListeners(0, stop.signal);
  const forward = () => stop.abort();
  if (hooks.signal?.aborted) stop.abort();
  hooks.signal?.addEventListener('abort', forward, { once: true });
  try {
    const settled = await Promise.allSettled(
      names.map(async (name) => {
        try {
          const result = await runOne(input, name, options, stop.signal);
          hooks.onAspect?.(result);
          return result;
        } catch (error) {
          stop.abort();
          throw error;
        }
      }),
    );
    const rejected = settled.filter((s): s is PromiseRejectedResult => s.status === 'rejected');
    const first = rejected.find((s) => !isCancellation(s.reason)) ?? rejected[0];
    if (first) throw first.reason;
    return settled.map((s) => (s as PromiseFulfilledResult<ScoredAspect>).value);
  } finally {
    hooks.signal?.removeEventListener('abort', forward);
  }
}

async function runOne(input: AspectInput, name: string, options: AspectRunOptions, signal: AbortSignal | undefined): Promise<ScoredAspect> {
  const task = input.task;
  const varsOptions = { fenced: options.fenceInputs, author: options.author };
  let template: AspectTemplate | undefined;
  try {
    const resolved = resolveTemplate(`${task}/${name}`, { overrideDir: options.promptOverrideDir });
    if (!isAspectTemplate(resolved)) throw new SumLensError('template', `${resolved.filePath}: '${resolved.id}' is not an aspect template`);
    template = resolved;
    const missing = missingInput(template, templateVars(input, varsOptions), task);
    if (missing) throw new SumLensError('bad-input', missing);
    return await scoreAspect(options.session, template, input, { ...options, mode: options.method, vars: varsOptions, signal });
  } catch (error) {
    if (isCancellation(error) || signal?.aborted || (isSumLensError(error) && STOPS_RUN.has(error.code))) throw error;
    return failedAspect({ task, name, template }, options.session, error);
  }
}

/**
 * An aspect that could not be scored. Its scale is [0, 0] when even its template could not
 * be read; its method is the route it would have taken.
 */
function failedAspect(
  { task, name, template }: { task: AspectTask; name: string; template: AspectTemplate | undefined },
  session: LlmSession,
  error: unknown,
): ScoredAspect {
  const failure = failureOf(error);
  return {
    name,
    task,
    score: null,
    scale: template ? [template.scale.min, template.scale.max] : [0, 0],
    distribution: {},
    method: session.capabilities().logprobs === false ? 'sampling' : 'logprobs',
    validMass: 0,
    ...(template ? { template: template.filePath } : {}),
    error: failure.message,
    errorCode: failure.code,
  };
}
