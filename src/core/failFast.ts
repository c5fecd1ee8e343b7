import { setMaxListeners } from 'node:events';
import { SumLensError, type ErrorCode } from './errors';
import type { ChatRequest, ChatResult, LlmSession } from './llm/types';

/**
 * Errors that no other call of the same run can escape: the endpoint, the key, the model
 * or the document itself is the problem. One of them stops the whole run with that one
 * message, instead of the same failure repeated per aspect.
 */
const runLevelCodes = new Set<ErrorCode>(['unreachable', 'auth', 'model-not-found', 'context-too-long', 'prompt-truncated', 'usage', 'budget-exceeded']);

export interface FailFastRun {
  session: LlmSession;
  /**
   * The same session for calls that recover from a too-long context themselves (a judging
   * call halves its entity list): there that error does not stop the run.
   */
  splittable: LlmSession;
  /**
   * The same session for calls that fit their prompt again when it was too long or cut by
   * the server (a long source shortened to the window just learned): neither error stops the
   * run there; the caller rethrows it when refitting cannot help.
   */
  refittable: LlmSession;
  signal: AbortSignal;
  /** The run-level error that stopped the run, if any. */
  fatal(): SumLensError | undefined;
  dispose(): void;
}

/** Wraps a session so that its first run-level error cancels every other call of the run. */
export function failFast(session: LlmSession, outer?: AbortSignal): FailFastRun {
  const controller = new AbortController();
  // Every in-flight call listens on this signal; a large run has many, legitimately.
  setMaxListeners(0, controller.signal);
  const forward = () => controller.abort();
  if (outer?.aborted) controller.abort();
  outer?.addEventListener('abort', forward, { once: true });
  let fatal: SumLensError | undefined;

  const wrap = (stopsOn: (code: ErrorCode) => boolean): LlmSession => ({
    endpoint: session.endpoint,
    model: session.model,
    usage: () => session.usage(),
    capabilities: () => session.capabilities(),
    provenance: () => session.provenance?.() ?? [],
    ...(session.contextWindow ? { contextWindow: (signal?: AbortSignal, need?: number) => session.contextWindow!(signal ?? controller.signal, need) } : {}),
    ...(session.countTokens ? { countTokens: (text: string) => session.countTokens!(text) } : {}),
    async chat(request: ChatRequest, signal?: AbortSignal): Promise<ChatResult> {
      try {
        return await session.chat(request, signal ?? controller.signal);
      } catch (error) {
        if (!fatal && error instanceof SumLensError && stopsOn(error.code)) {
          fatal = error;
          // At the spending limit the requests already sent were paid for within it: they end
          // (counted and cached) while the limit refuses every later one.
          if (error.code !== 'budget-exceeded') controller.abort();
        }
        throw error;
      }
    },
  });
  return {
    session: wrap((code) => runLevelCodes.has(code)),
    splittable: wrap((code) => runLevelCodes.has(code) && code !== 'context-too-long'),
    refittable: wrap((code) => runLevelCodes.has(code) && code !== 'context-too-long' && code !== 'prompt-truncated'),
    signal: controller.signal,
    fatal: () => fatal,
    dispose: () => outer?.removeEventListener('abort', forward),
  };
}
