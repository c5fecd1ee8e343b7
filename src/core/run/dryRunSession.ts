/**
 * The session behind `bench --dry-run`: sends nothing, counts the calls and tokens the run
 * would use, and answers each request with a minimal stand-in ("3", or "{}" for JSON) so the
 * evaluator goes on to its next request. Prompt tokens are estimated at 4 characters per
 * token (CJK one per character); completion tokens are the upper bound max_tokens × n. Methods whose later steps need
 * a real answer (rationale, fine) are counted up to the step the stand-in cannot satisfy.
 */
import { estimateTokens, MESSAGE_OVERHEAD_TOKENS } from '../llm/tokenCount';
import type { ChatRequest, ChatResult, LlmSession, Usage } from '../llm/types';

/** When a request sets no max_tokens, assume this many completion tokens per choice. */
const DEFAULT_COMPLETION_TOKENS = 256;

export class DryRunSession implements LlmSession {
  private readonly counts: Usage = { calls: 0, promptTokens: 0, completionTokens: 0, cacheHits: 0, retries: 0 };

  constructor(
    readonly endpoint: string,
    readonly model: string,
  ) {}

  async chat(request: ChatRequest): Promise<ChatResult> {
    const n = request.n ?? 1;
    const promptTokens = request.messages.reduce((sum, m) => sum + estimateTokens(m.content) + MESSAGE_OVERHEAD_TOKENS, 0);
    const completionTokens = (request.maxTokens ?? DEFAULT_COMPLETION_TOKENS) * n;
    this.counts.calls++;
    this.counts.promptTokens += promptTokens;
    this.counts.completionTokens += completionTokens;
    const text = request.responseFormat ? '{}' : '3';
    const logprobs = request.topLogprobs ? [{ token: text, logprob: 0, top: [{ token: text, logprob: 0 }] }] : undefined;
    return {
      choices: Array.from({ length: n }, () => ({ text, finishReason: 'stop', ...(logprobs ? { logprobs } : {}) })),
      promptTokens,
      completionTokens,
      cached: false,
    };
  }

  usage(): Usage {
    return { ...this.counts };
  }

  capabilities(): Record<string, never> {
    return {};
  }
}
