/**
 * The session behind `bench --dry-run`: sends nothing, counts the calls and tokens the run
 * would use, and answers each request with a minimal stand-in ("3", or "{}" for JSON) so the
 * evaluator goes on to its next request. Prompt tokens are counted as the judge counts them
 * (DryRunJudge), else estimated at 4 characters per token (a CJK character by its kind: llm/tokenCount.ts);
 * completion tokens are the upper bound max_tokens × n. Methods whose later steps need
 * a real answer (rationale, fine) are counted up to the step the stand-in cannot satisfy.
 */
import { estimateTokens, MESSAGE_OVERHEAD_TOKENS } from '../llm/tokenCount';
import type { ChatRequest, ChatResult, ContextWindow, LlmSession, Usage } from '../llm/types';

/** What a dry run knows of the judge it stands in for: how it counts tokens, and its context window. */
export interface DryRunJudge {
  countTokens?(text: string): number;
  /** Given: the evaluation fits its prompts to it as a real run would; absent: the whole source is sent. */
  window?: ContextWindow;
}

/** When a request sets no max_tokens, assume this many completion tokens per choice. */
const DEFAULT_COMPLETION_TOKENS = 256;

export class DryRunSession implements LlmSession {
  private readonly counts: Usage = { calls: 0, promptTokens: 0, completionTokens: 0, cacheHits: 0, retries: 0 };
  /** The most one call would hold: its prompt and the room for one answer. */
  private largest = 0;

  constructor(
    readonly endpoint: string,
    readonly model: string,
    private readonly judge: DryRunJudge = {},
  ) {}

  countTokens(text: string): number {
    return this.judge.countTokens ? this.judge.countTokens(text) : estimateTokens(text);
  }

  async contextWindow(): Promise<ContextWindow | undefined> {
    return this.judge.window;
  }

  /** The largest prompt plus answer room of any call so far (what must fit the context window). */
  largestCall(): number {
    return this.largest;
  }

  async chat(request: ChatRequest): Promise<ChatResult> {
    const n = request.n ?? 1;
    const promptTokens = request.messages.reduce((sum, m) => sum + this.countTokens(m.content) + MESSAGE_OVERHEAD_TOKENS, 0);
    const answerRoom = request.maxTokens ?? DEFAULT_COMPLETION_TOKENS;
    const completionTokens = answerRoom * n;
    this.largest = Math.max(this.largest, promptTokens + answerRoom);
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
