/**
 * A fine-grained run on a judge whose window it did not know, or knew too large: the first
 * prompt the server refuses as too long (or cuts without a word) stops that attempt at once,
 * its other calls cancelled, so nothing more is sent over the window; the session has learned
 * the window from the refusal (llm/contextWindowLessons.ts), and the run starts again fitted to
 * it: chunks, entity lists and passages sized for the window (windowLimits.ts). Answers the
 * first attempt got are reused from the answer cache where it is on. The provenance says so.
 * A second refusal, or one that taught nothing smaller, stands as the run's error.
 */
import type { SumLensError } from '../errors';
import { failFast } from '../failFast';
import type { ContextWindow } from '../llm/types';
import type { FineResult } from '../result';
import { thousands } from '../thousands';
import { evaluateFine, type FineInput, type FineOptions } from './evaluateFine';
import { fineNeedTokens } from './windowLimits';

/**
 * `opts.session` must let a too-long prompt through without stopping the caller's run (the
 * run's refittable session): this function stops the attempt itself.
 */
export async function evaluateFineFitted(input: FineInput, opts: FineOptions): Promise<FineResult> {
  const need = fineNeedTokens(input);
  const before = await opts.session.contextWindow?.(opts.signal, need);
  const first = await attempt(input, opts);
  if (!first.stoppedBy) return first.result();
  const learned = await opts.session.contextWindow?.(opts.signal, need);
  if (!learned || (before && learned.tokens >= before.tokens)) throw first.stoppedBy;
  const second = await attempt(input, opts);
  if (second.stoppedBy) throw second.stoppedBy;
  const result = await second.result();
  return { ...result, fallbacks: [refitLine(first.stoppedBy, learned), ...(result.fallbacks ?? [])] };
}

/** Stopped by a too-long or cut prompt, or ended otherwise (its result, or its error, read when asked). */
type Attempt = { stoppedBy: SumLensError } | { stoppedBy?: undefined; result(): Promise<FineResult> };

/** One run of evaluateFine that stops at its first too-long or cut prompt. */
async function attempt(input: FineInput, opts: FineOptions): Promise<Attempt> {
  const run = failFast(opts.session, opts.signal);
  try {
    const settled = await evaluateFine(input, { ...opts, session: run.session, splittableSession: run.splittable, signal: run.signal }).then(
      (value) => ({ value }),
      (error: unknown) => ({ error }),
    );
    const fatal = run.fatal();
    if (fatal && (fatal.code === 'context-too-long' || fatal.code === 'prompt-truncated') && !opts.signal?.aborted) return { stoppedBy: fatal };
    return { result: async () => ('value' in settled ? settled.value : Promise.reject(settled.error)) };
  } finally {
    run.dispose();
  }
}

function refitLine(cause: SumLensError, window: ContextWindow): string {
  const what = cause.code === 'prompt-truncated' ? 'the server cut a prompt' : 'the server found a prompt too long';
  // Where the window came from is the session's own provenance line ("learned: context window …").
  return `fitted again after ${what}: the run started again within the judge's context window of ${thousands(window.tokens)} tokens`;
}
