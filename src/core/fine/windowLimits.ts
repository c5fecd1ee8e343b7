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
import { estimateTokens, type SplitLimits } from './tokens';

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

/** What a prompt's instructions take, with the framing of its messages. */
const INSTRUCTION_TOKENS = 1_000;
/** A summary's facts and their replies, per token of the summary: its text again as facts, and ~100 tokens a fact of about 10. */
const SUMMARY_MULTIPLE = 12;

/**
 * A high estimate of a run's longest prompt with its reply (the source, the reference and the
 * summary's facts, instructions and replies), for asking the session whether the judge's
 * window matters at all (llm/session.ts contextWindow's `need`).
 */
export function fineNeedTokens(input: { source: string; summary: string; reference?: string; references?: string[] }): number {
  const notes = [input.source, input.reference ?? '', ...(input.references ?? [])].reduce((sum, text) => sum + estimateTokens(text), 0);
  return notes + SUMMARY_MULTIPLE * estimateTokens(input.summary) + INSTRUCTION_TOKENS;
}
