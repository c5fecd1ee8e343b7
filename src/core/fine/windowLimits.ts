/**
 * The size limits of a fine-grained run, tightened to the judge's context window when the
 * session knows it (user setting, server metadata, table; llm/types.ts ContextWindow). The
 * window holds prompt and reply together: a quarter of it (at most REPLY_RESERVE_MAX) is kept
 * for the reply, which bounds the entities one judging call may answer for; the prompt may
 * take the rest. An extraction chunk takes at most a fifth of the window: the verification and
 * sourcing prompts hold the chunk and its entities (about as long again), their replies the
 * entities or quotes (once more), and the instructions about 300 tokens.
 */
import type { ContextWindow } from '../llm/types';
import type { SplitLimits } from './tokens';

export const REPLY_RESERVE_MAX = 4_096;
/** What one entity's judgement takes in a reply: an explanation, evidence quotes, the answer, as JSON. */
export const REPLY_TOKENS_PER_ENTITY = 100;
/** An extraction chunk takes at most 1 ÷ EXTRACTION_SHARE of the window. */
export const EXTRACTION_SHARE = 5;

export interface RunLimits {
  limits: SplitLimits;
  extractionChunkTokens: number;
}

export function fitToWindow(given: RunLimits, window: ContextWindow | undefined): RunLimits {
  if (!window) return given;
  const reserve = Math.min(REPLY_RESERVE_MAX, Math.floor(window.tokens / 4));
  return {
    limits: {
      maxPromptTokens: Math.min(given.limits.maxPromptTokens, window.tokens - reserve),
      maxEntitiesPerCall: Math.max(1, Math.min(given.limits.maxEntitiesPerCall, Math.floor(reserve / REPLY_TOKENS_PER_ENTITY))),
    },
    extractionChunkTokens: Math.min(given.extractionChunkTokens, Math.floor(window.tokens / EXTRACTION_SHARE)),
  };
}
