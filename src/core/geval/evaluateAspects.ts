/**
 * All requested aspects of a task, scored concurrently (the session limits how many
 * requests are in flight). Each aspect is reported through onAspect as soon as it is
 * done; a failing aspect carries its error and the others still run; cancellation is
 * not an aspect failure and is rethrown once every aspect has stopped.
 */
import { isCancellation, SumLensError } from '../errors';
import type { LlmSession } from '../llm/types';
import { resolveTemplate } from '../prompts/resolveTemplate';
import { isAspectTemplate, type AspectTask, type AspectTemplate } from '../prompts/template';
import type { AspectResult } from '../result';
import { missingInput, templateVars, type AspectInput } from './inputVariables';
import type { ParseRule } from './parseScore';
import { scoreAspect, type AspectMode, type ScoredAspect } from './scoreAspect';

export const TASK_ASPECTS: Record<AspectTask, readonly string[]> = {
  summarization: ['coherence', 'consistency', 'fluency', 'relevance'],
  dialogue: ['naturalness', 'coherence', 'engagingness', 'groundedness'],
  consistency: ['hallucination'],
};

export interface AspectRunOptions {
  method: AspectMode;
  /** Default: all aspects of the task. Any aspect with a template `<task>/<aspect>` works. */
  aspects?: string[];
  samples?: number;
  topLogprobs?: number;
  parseRule?: ParseRule;
  promptOverrideDir?: string;
  session: LlmSession;
}

export interface AspectRunHooks {
  signal?: AbortSignal;
  onAspect?(aspect: AspectResult): void;
}

export async function evaluateAspects(input: AspectInput, options: AspectRunOptions, hooks: AspectRunHooks = {}): Promise<ScoredAspect[]> {
  const names = options.aspects ?? TASK_ASPECTS[input.task];
  const vars = templateVars(input);
  const settled = await Promise.allSettled(
    names.map(async (name) => {
      const result = await runOne(input.task, name, vars, options, hooks.signal);
      hooks.onAspect?.(result);
      return result;
    }),
  );
  const cancelled = settled.find((s): s is PromiseRejectedResult => s.status === 'rejected');
  if (cancelled) throw cancelled.reason;
  return settled.map((s) => (s as PromiseFulfilledResult<ScoredAspect>).value);
}

async function runOne(
  task: AspectTask,
  name: string,
  vars: ReturnType<typeof templateVars>,
  options: AspectRunOptions,
  signal: AbortSignal | undefined,
): Promise<ScoredAspect> {
  let template: AspectTemplate | undefined;
  try {
    const resolved = resolveTemplate(`${task}/${name}`, { overrideDir: options.promptOverrideDir });
    if (!isAspectTemplate(resolved)) throw new SumLensError('template', `${resolved.filePath}: '${resolved.id}' is not an aspect template`);
    template = resolved;
    const missing = missingInput(template, vars);
    if (missing) throw new SumLensError('bad-input', missing);
    return await scoreAspect(options.session, template, vars, { ...options, mode: options.method, signal });
  } catch (error) {
    if (isCancellation(error) || signal?.aborted) throw error;
    return failedAspect(task, name, template, options.session, error);
  }
}

/**
 * An aspect that could not be scored. Its scale is [0, 0] when even its template could not
 * be read; its method is the route it would have taken.
 */
function failedAspect(
  task: AspectTask,
  name: string,
  template: AspectTemplate | undefined,
  session: LlmSession,
  error: unknown,
): ScoredAspect {
  return {
    name,
    task,
    score: null,
    scale: template ? [template.scale.min, template.scale.max] : [0, 0],
    distribution: {},
    method: session.capabilities().logprobs === false ? 'sampling' : 'logprobs',
    validMass: 0,
    ...(template ? { template: template.filePath } : {}),
    error: error instanceof Error ? error.message : String(error),
    ...(error instanceof SumLensError ? { errorCode: error.code } : {}),
  };
}
