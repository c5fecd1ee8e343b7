/**
 * The one entry point the CLI, the extension and the benchmarks call: holistic aspect
 * scores (G-Eval or rationale-first) and/or the fine-grained evaluation, run side by side
 * on one session, with combined progress. A cancelled run returns what had finished.
 */
import { isCancellation, isSumLensError, SumLensError } from './errors';
import { failFast } from './failFast';
import type { ReferenceRubrics } from './fine/referenceRubric';
import { aspectsOf, evaluateAspects, type AspectRunOptions } from './geval/evaluateAspects';
import { resolveTemplate, TemplateError } from './prompts';
import type { AspectResult, EvaluationResult, Method, ReasonExamples, SourceShown, Task } from './result';
import { fineWarnings, withAspectWarnings } from './warnings';

export interface EvaluationInput {
  source: string;
  summary: string;
  reference?: string;
  /** Fine-grained: every human reference, for a rubric of the entities most of them carry (SummEval, paper §4.3). */
  references?: string[];
  task: Task;
}

/** The holistic run's options (aspects, samples, parse rule, templates, session), with every method. */
export interface EvaluateOptions extends Omit<AspectRunOptions, 'method'> {
  method: Method;
  /** Fine-grained: rubrics from `input.references`, shared by the items of a run. */
  referenceRubrics?: ReferenceRubrics;
  /** Aspect choice: reasons written first from these few-shot examples, and how many. */
  reasons?: ReasonExamples;
  reasonsK?: number;
  /** Aspect choice: also score the chosen aspects that have a template of the task with it. */
  withTemplates?: boolean;
}

export interface Progress {
  done: number;
  total: number;
  label: string;
}

export interface EvaluateHooks {
  signal?: AbortSignal;
  onProgress?(progress: Progress): void;
  /** Each aspect as soon as it is scored. */
  onAspect?(aspect: AspectResult): void;
}

/**
 * A run-level error (endpoint down, key rejected, broken template…) that stopped the run,
 * with what had finished before it: the caller prints `partial`, then the error.
 */
export class RunStoppedError extends SumLensError {
  constructor(
    readonly stoppedBy: SumLensError,
    readonly partial: EvaluationResult,
  ) {
    super(stoppedBy.code, stoppedBy.message);
    // The cause's own words when read, not when the run stopped: a spending limit's message
    // counts the requests that were still in flight at the stop (llm/spendLimit.ts).
    Object.defineProperty(this, 'message', { get: () => stoppedBy.message, enumerable: false, configurable: true });
  }
}

export async function evaluate(input: EvaluationInput, options: EvaluateOptions, hooks: EvaluateHooks = {}): Promise<EvaluationResult> {
  const started = Date.now();
  if (options.method !== 'fine' && options.method !== 'choose')
    checkAspectTemplates(input.task, aspectsOf(input.task, options.aspects), options.promptOverrideDir);
  const run = failFast(options.session, hooks.signal);
  try {
    return await evaluateWith(
      input,
      { ...options, session: run.session },
      { ...hooks, signal: run.signal },
      { started, fatal: run.fatal, refittable: run.refittable },
    );
  } finally {
    run.dispose();
  }
}

/** The run evaluate() sets up: when it started, the error that stopped it, and the session that fits a long source again. */
interface GuardedRun {
  started: number;
  fatal: () => SumLensError | undefined;
  refittable: EvaluateOptions['session'];
}

async function evaluateWith(input: EvaluationInput, options: EvaluateOptions, hooks: EvaluateHooks, run: GuardedRun): Promise<EvaluationResult> {
  const { started, fatal } = run;
  const progress = combinedProgress(hooks.onProgress);
  const finished: AspectResult[] = [];
  const { aspectsRun, fineRun, chooseRun } = startMethods(input, options, hooks, { refittableSession: run.refittable, progress, finished });

  const [aspects, fine, choice] = await Promise.allSettled([aspectsRun, fineRun, chooseRun]);
  const failure = [aspects, fine, choice].find((s): s is PromiseRejectedResult => s.status === 'rejected');
  if (failure && !isCancellation(failure.reason) && !isSumLensError(failure.reason)) throw failure.reason; // a bug

  const result: EvaluationResult = {
    aspects:
      choice.status === 'fulfilled' && choice.value
        ? choice.value.aspects.map(withAspectWarnings)
        : aspects.status === 'fulfilled'
          ? aspects.value.map(withAspectWarnings)
          : finished,
    usage: options.session.usage(),
    model: options.session.model,
    endpoint: options.session.endpoint,
    method: options.method,
    task: input.task,
    durationMs: Date.now() - started,
  };
  const sourceShown = choice.status === 'fulfilled' && choice.value ? choice.value.sourceShown : sharedSourceShown(result.aspects);
  if (sourceShown) result.sourceShown = sourceShown;
  if (fine.status === 'fulfilled' && fine.value) result.fine = fine.value;
  if (choice.status === 'fulfilled' && choice.value) result.choice = choice.value.choice;
  const warnings = fineWarnings(result.fine);
  if (warnings.length > 0) result.warnings = [...(result.warnings ?? []), ...warnings];
  const chooseProvenance = choice.status === 'fulfilled' ? (choice.value?.provenance ?? []) : [];
  const provenance = [...(options.session.provenance?.() ?? []), ...(result.fine?.fallbacks ?? []), ...chooseProvenance];
  if (provenance.length > 0) result.provenance = provenance;
  const stoppedBy = fatal() ?? (failure && !isCancellation(failure.reason) ? (failure.reason as SumLensError) : undefined);
  if (stoppedBy) throw new RunStoppedError(stoppedBy, result);
  // The fine-grained part returns what finished when cancelled, so the signal tells too.
  if (failure || hooks.signal?.aborted) result.cancelled = true;
  return result;
}

/** Starts the parts the method asks for (the aspects, the fine-grained run, the choice); aspects land in `finished` as they end. */
function startMethods(
  input: EvaluationInput,
  options: EvaluateOptions,
  hooks: EvaluateHooks,
  run: { refittableSession: EvaluateOptions['session']; progress: ReturnType<typeof combinedProgress>; finished: AspectResult[] },
) {
  const { refittableSession, progress, finished } = run;
  const holistic = options.method !== 'fine' && options.method !== 'choose';
  const fineGrained = options.method === 'fine' || options.method === 'all';
  const aspectCount = aspectsOf(input.task, options.aspects).length;

  const aspectsRun = holistic
    ? evaluateAspects(
        input,
        // The aspects fit a long source again when the server finds a prompt too long or cuts it (geval/fitSource.ts).
        { ...options, session: refittableSession, method: options.method === 'rationale' ? 'rationale' : 'geval' },
        {
          signal: hooks.signal,
          onAspect: (scored) => {
            const aspect = withAspectWarnings(scored);
            finished.push(aspect);
            hooks.onAspect?.(aspect);
            progress.update('aspects', finished.length, aspectCount, aspect.name);
          },
        },
      )
    : Promise.resolve([]);
  const fineRun = fineGrained
    ? import('./fine/evaluateFineFitted').then(({ evaluateFineFitted }) =>
        // Fitted again to the window a too-long prompt teaches, as the aspects are (fine/evaluateFineFitted.ts).
        evaluateFineFitted(input, {
          session: refittableSession,
          promptOverrideDir: options.promptOverrideDir,
          referenceRubrics: options.referenceRubrics,
          reasonLanguage: options.reasonLanguage,
          signal: hooks.signal,
          onProgress: (p) => progress.update('fine', p.done, p.total, p.label),
        }),
      )
    : Promise.resolve(undefined);
  const chooseRun =
    options.method === 'choose'
      ? import('./choose/evaluateChoose').then(({ evaluateChoose }) =>
          evaluateChoose(input, {
            ...options,
            session: refittableSession,
            signal: hooks.signal,
            onProgress: (done, total, label) => progress.update('choose', done, total, label),
          }),
        )
      : Promise.resolve(undefined);
  return { aspectsRun, fineRun, chooseRun };
}

/**
 * A broken aspect template (file:line) fails the run before any call is paid for, as a
 * broken fine-grained one does; an aspect without any template stays that aspect's error.
 */
function checkAspectTemplates(task: Task, aspects: readonly string[], overrideDir: string | undefined): void {
  for (const aspect of aspects) {
    try {
      resolveTemplate(`${task}/${aspect}`, { overrideDir });
    } catch (error) {
      if (error instanceof TemplateError) throw error;
    }
  }
}

/**
 * The excerpts every aspect that was shown excerpts saw, when they are the same (the aspects
 * without any saw the whole source or do not use it); undefined when none or when they differ.
 */
function sharedSourceShown(aspects: AspectResult[]): SourceShown | undefined {
  const shown = aspects.flatMap((a) => (a.sourceShown ? [a.sourceShown] : []));
  if (shown.length === 0) return undefined;
  const same = (a: SourceShown) => a.shownTokens === shown[0].shownTokens && JSON.stringify(a.ranges) === JSON.stringify(shown[0].ranges);
  return shown.every(same) ? shown[0] : undefined;
}

/** Sums the progress of the parts that run side by side into one done/total. */
function combinedProgress(report?: (p: Progress) => void) {
  const parts = new Map<string, { done: number; total: number }>();
  return {
    update(part: string, done: number, total: number, label: string) {
      parts.set(part, { done, total: Math.max(total, done) });
      let sumDone = 0;
      let sumTotal = 0;
      for (const p of parts.values()) {
        sumDone += p.done;
        sumTotal += p.total;
      }
      report?.({ done: sumDone, total: sumTotal, label });
    },
  };
}
