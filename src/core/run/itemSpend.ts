/**
 * What one item of a dataset run spent, kept in its record (`spend`): the tokens of the
 * questions its evaluation sent (an answer from the cache costs nothing), and their price at
 * the list prices of the dated table (the Batch API's for a batch run). A resumed run's
 * records add up to what the whole run spent; `sumlens report` shows the sum.
 */
import { estimateCost, PRICE_TABLE_DATE } from '../llm/pricing';
import type { ChatRequest, LlmSession } from '../llm/types';
import type { ItemSpend } from '../runFile/runRecord';

/** A session that counts what passes through it, and the spend so far as a record holds it. */
export function countSpend(session: LlmSession): { session: LlmSession; spend(): ItemSpend } {
  const tokens = { promptTokens: 0, completionTokens: 0, requests: 0 };
  const counted: LlmSession = {
    endpoint: session.endpoint,
    model: session.model,
    ...(session.billing ? { billing: session.billing } : {}),
    usage: () => session.usage(),
    capabilities: () => session.capabilities(),
    ...(session.provenance ? { provenance: () => session.provenance!() } : {}),
    ...(session.contextWindow ? { contextWindow: (signal?: AbortSignal, need?: number) => session.contextWindow!(signal, need) } : {}),
    ...(session.countTokens ? { countTokens: (text: string) => session.countTokens!(text) } : {}),
    async chat(request: ChatRequest, signal?: AbortSignal) {
      const result = await session.chat(request, signal);
      if (!result.cached) {
        tokens.promptTokens += result.promptTokens;
        tokens.completionTokens += result.completionTokens;
        tokens.requests++;
      }
      return result;
    },
  };
  return {
    session: counted,
    spend: () => {
      const usd = estimateCost(session.model, tokens, session.billing === 'batch');
      return { ...(usd !== undefined ? { usd } : {}), ...tokens, prices: PRICE_TABLE_DATE, ...(session.billing === 'batch' ? { batch: true } : {}) };
    },
  };
}
