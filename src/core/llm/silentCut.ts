/**
 * Noticing a prompt the server cut without a word. Ollama (and LM Studio with a rolling
 * window) keep only the last tokens of a prompt longer than their context and answer as if
 * nothing happened; the one trace is `usage.prompt_tokens`, which reports the cut size. An
 * answer to a cut prompt is not an answer to our question (the judge never saw the
 * instructions or most of the source), so it is never used.
 */
import { SumLensError } from '../errors';
import type { ServerKind } from './serverContext';

/** Below this many prompt tokens sent, a low report proves nothing (chat templates, caching, estimates). */
export const CUT_CHECK_MIN_TOKENS = 1000;
/** A prompt whose reported size is below this share of what was counted was cut. */
export const CUT_RATIO = 0.6;
/** Sizes Ollama cuts at by default (before 0.6.7, and since). */
const OLLAMA_DEFAULT_SIZES = [2048, 4096];

/**
 * Whether a reply's prompt_tokens shows a cut: far below what was sent, or exactly a size the
 * server is known to cut at (its known window, Ollama's defaults) while clearly more was sent.
 */
export function isSilentCut(sent: number, reported: number | undefined, cutSizes: number[]): boolean {
  if (!reported || sent < CUT_CHECK_MIN_TOKENS) return false;
  if (reported < CUT_RATIO * sent) return true;
  return cutSizes.includes(reported) && sent > reported * 1.1;
}

/** The sizes a server of this kind with this known window is known to cut at. */
export function knownCutSizes(kind: ServerKind | undefined, windowTokens: number | undefined): number[] {
  return [...(windowTokens ? [windowTokens] : []), ...(kind === 'ollama' ? OLLAMA_DEFAULT_SIZES : [])];
}

/** The error a cut prompt ends in: one line with the cause and, for the server at hand, the fix. */
export function promptCutError(where: string, sent: number, reported: number, kind: ServerKind | undefined): SumLensError {
  const room = 2 ** Math.ceil(Math.log2(sent + 1024));
  const fix: Record<ServerKind | 'unknown', string> = {
    ollama: `raise Ollama's context length (OLLAMA_CONTEXT_LENGTH=${room} ollama serve, or PARAMETER num_ctx ${room} in a Modelfile)`,
    vllm: `start vLLM with a longer --max-model-len (${room})`,
    'llama.cpp': `start llama-server with a larger --ctx-size (${room} per slot)`,
    lmstudio: `load the model in LM Studio with a longer context length (${room})`,
    other: "raise the server's context length",
    unknown: "raise the server's context length",
  };
  return new SumLensError(
    'prompt-truncated',
    `${where} cut the prompt without a word: it read ${reported} of the ~${sent} tokens sent, so the judge did not see the whole prompt and its answer was not used; ${fix[kind ?? 'unknown']}, or give --context-tokens ${reported} so the source is shortened to fit.`,
  );
}
