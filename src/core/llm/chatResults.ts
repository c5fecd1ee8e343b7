/**
 * Small pure helpers over the answers of chat requests, shared by the session and what
 * learns from its replies: a request's validated reply, which answer a thinking model never
 * began, how many answers one request may ask for, and joining the results of several.
 */
import type { ChatCompletionReply } from './replySchema';
import type { Capabilities, ChatChoice, ChatResult } from './types';

/** One request as sent and the server's validated reply to it. */
export interface Sent {
  reply: ChatCompletionReply;
  body: Record<string, unknown>;
  choices: ChatChoice[];
}

/** An answer the token limit cut off before it began (a thinking model still thinking). */
export function isCutOff(choice: ChatChoice): boolean {
  return choice.finishReason === 'length' && !choice.text.trim();
}

/** The most choices one request may ask for. */
export function choicesCap(caps: Capabilities): number {
  return caps.multipleChoices === false ? 1 : (caps.nCap ?? Infinity);
}

export function withoutLogprobs(): ChatResult {
  return {
    choices: [],
    promptTokens: 0,
    completionTokens: 0,
    cached: false,
    logprobsUnavailable: true,
    fallbacks: ['no token log-probabilities from this server: no answer fetched for them'],
  };
}

export function merge(parts: ChatResult[]): ChatResult {
  const fallbacks = [...new Set(parts.flatMap((p) => p.fallbacks ?? []))];
  return {
    choices: parts.flatMap((p) => p.choices),
    promptTokens: parts.reduce((sum, p) => sum + p.promptTokens, 0),
    completionTokens: parts.reduce((sum, p) => sum + p.completionTokens, 0),
    cached: false,
    ...(parts.some((p) => p.logprobsUnavailable) ? { logprobsUnavailable: true } : {}),
    ...(fallbacks.length > 0 ? { fallbacks } : {}),
  };
}
