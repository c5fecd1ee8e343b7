/**
 * A view of a session whose requests carry a cache slot (`eval --repeat N`): run k of N asks
 * the same questions as run 1 but must not be answered from run 1's cache entry, or the runs
 * would not be independent. Slot 0 is the plain session, so run 1 shares the cache of a plain
 * `eval`, and a re-run of the N runs is answered from the cache slot by slot.
 */
import type { ChatRequest, LlmSession } from './types';

export function inCacheSlot(session: LlmSession, slot: number): LlmSession {
  if (slot === 0) return session;
  return {
    endpoint: session.endpoint,
    model: session.model,
    chat: (request: ChatRequest, signal?: AbortSignal) => session.chat({ ...request, cacheSlot: slot }, signal),
    usage: () => session.usage(),
    capabilities: () => session.capabilities(),
    ...(session.contextWindow ? { contextWindow: (signal?: AbortSignal, need?: number) => session.contextWindow!(signal, need) } : {}),
    ...(session.countTokens ? { countTokens: (text: string) => session.countTokens!(text) } : {}),
  };
}
