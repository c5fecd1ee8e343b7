/**
 * The size limits of a fine-grained run, fitted to the judge's context window when the
 * session knows it (user setting, server metadata, table; llm/types.ts ContextWindow). The
 * window holds prompt and reply together. A judging reply takes about REPLY_TOKENS_PER_ENTITY
 * per entity, and may take up to a quarter of the window: that bounds the entities one call
 * may answer for, and the prompt may take the rest. On a large window nothing changes (100
 * entities need 10,000 tokens of reply). An extraction chunk takes at most a fifth of the
 * window: the verification and sourcing prompts hold the chunk and its entities (about as
 * long again), their replies the entities or quotes (once more), and the instructions about
 * 300 tokens.
 */
import type { ContextWindow } from '../llm/types';
import type { SplitLimits } from './tokens';

/** What one entity's judgement takes in a reply: an explanation, evidence quotes, the answer, as JSON. */
export const REPLY_TOKENS_PER_ENTITY = 100;
/** The reply takes at most 1 ÷ REPLY_SHARE of the window. */
export const REPLY_SHARE = 4;
/** An extraction chunk takes at most 1 ÷ EXTRACTION_SHARE of the window. */
export const EXTRACTION_SHARE = 5;

export interface RunLimits {
  limits: SplitLimits;
  extractionChunkTokens: number;
}

export function fitToWindow(given: RunLimits, window: ContextWindow | undefined): RunLimits {
  if (!window) return given;
  const maxEntitiesPerCall = Math.max(1, Math.min(given.limits.maxEntitiesPerCall, Math.floor(window.tokens / REPLY_SHARE / REPLY_TOKENS_PER_ENTITY)));
  return {
    limits: { maxEntitiesPerCall, maxPromptTokens: Math.min(given.limits.maxPromptTokens, window.tokens - maxEntitiesPerCall * REPLY_TOKENS_PER_ENTITY) },
    extractionChunkTokens: Math.min(given.extractionChunkTokens, Math.floor(window.tokens / EXTRACTION_SHARE)),
  };
}
