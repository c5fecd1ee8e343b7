import { ParameterRefusedError, type RefusableParam } from './apiErrors';
import { ResultCache } from './cache';
import { CapabilityStore } from './capabilityStore';
import { ConcurrencyLimiter } from './limiter';
import { toChatChoices, type ChatCompletionReply } from './replySchema';
import { buildRequestBody } from './requestBody';
import type { Capabilities, ChatRequest, ChatResult, LlmSession, Usage } from './types';

/** Sends one request body and returns the validated reply (see OpenAiTransport). */
export interface ChatTransport {
  post(body: Record<string, unknown>, signal?: AbortSignal): Promise<ChatCompletionReply>;
}

export interface SessionOptions {
  endpoint: string;
  model: string;
  transport: ChatTransport;
  limiter: ConcurrencyLimiter;
  cache?: ResultCache;
  capabilities: CapabilityStore;
  usage: Usage;
}

/** What to change in the request when the server refused a parameter. */
const adaptations: Record<RefusableParam, (caps: Capabilities) => Capabilities | undefined> = {
  logprobs: (caps) => (caps.logprobs === false ? undefined : { logprobs: false }),
  n: (caps) => (caps.multipleChoices === false ? undefined : { multipleChoices: false }),
  max_tokens: (caps) => (caps.maxCompletionTokens ? undefined : { maxCompletionTokens: true }),
  temperature: (caps) => (caps.fixedTemperature ? undefined : { fixedTemperature: true }),
  response_format: (caps) =>
    caps.jsonSchema !== false ? { jsonSchema: false } : caps.jsonObject !== false ? { jsonObject: false } : undefined,
};

/**
 * An LlmSession over a transport: answers from the cache when it can, otherwise sends the
 * request within the concurrency limit, adapting once to each parameter the server refuses
 * (and remembering it), and splitting n choices into parallel calls where n > 1 is refused.
 */
export class CachingSession implements LlmSession {
  readonly endpoint: string;
  readonly model: string;

  constructor(private readonly options: SessionOptions) {
    this.endpoint = options.endpoint;
    this.model = options.model;
  }

  usage(): Usage {
    return { ...this.options.usage };
  }

  capabilities(): Capabilities {
    return this.options.capabilities.get(this.endpoint, this.model);
  }

  async chat(request: ChatRequest, signal?: AbortSignal): Promise<ChatResult> {
    const { purpose: _purpose, accept, ...determining } = request;
    const key = ResultCache.key({ v: 1, endpoint: this.endpoint, model: this.model, request: determining });
    const hit = await this.options.cache?.get(key);
    if (hit) {
      this.options.usage.cacheHits++;
      return { ...hit, cached: true };
    }
    const result = await this.complete(request, signal);
    // Stored in the background: the caller's answer does not wait for the disk (put never throws).
    if (result.choices.length > 0 && (accept?.(result) ?? true)) void this.options.cache?.put(key, result);
    return result;
  }

  private async complete(request: ChatRequest, signal?: AbortSignal): Promise<ChatResult> {
    for (;;) {
      const caps = this.capabilities();
      // Whoever asks for log-probabilities has a plan B (sampling); an answer without them is
      // of no use to it, so none is fetched once the endpoint is known not to give them.
      if (request.topLogprobs && caps.logprobs === false) return withoutLogprobs;
      const wanted = request.n ?? 1;
      if (wanted > 1 && caps.multipleChoices === false) return this.completeInParallel(request, wanted, signal);
      let reply: ChatCompletionReply;
      try {
        const body = buildRequestBody(this.model, request, caps);
        reply = await this.options.limiter.run(() => this.options.transport.post(body, signal), signal);
      } catch (error) {
        const change = error instanceof ParameterRefusedError && adaptations[error.param](caps);
        if (!change) throw error;
        this.options.capabilities.update(this.endpoint, this.model, change);
        continue;
      }
      return this.toResult(request, reply, signal);
    }
  }

  private async toResult(
    request: ChatRequest,
    reply: ChatCompletionReply,
    signal?: AbortSignal,
  ): Promise<ChatResult> {
    const usage = this.options.usage;
    const promptTokens = reply.usage?.prompt_tokens ?? 0;
    const completionTokens = reply.usage?.completion_tokens ?? 0;
    usage.promptTokens += promptTokens;
    usage.completionTokens += completionTokens;
    let result: ChatResult = { choices: toChatChoices(reply), promptTokens, completionTokens, cached: false };

    const wanted = request.n ?? 1;
    if (wanted > 1 && result.choices.length < wanted) {
      // The server ignored n (some do, silently): learn it and draw the rest separately.
      this.options.capabilities.update(this.endpoint, this.model, { multipleChoices: false });
      const rest = await this.completeInParallel(request, wanted - result.choices.length, signal);
      result = merge([result, rest]);
    }
    if (request.topLogprobs && result.choices.some((c) => !c.logprobs?.length)) {
      // The server ignored the parameter (some do, silently): learn it like a refusal.
      this.options.capabilities.update(this.endpoint, this.model, { logprobs: false });
      result.logprobsUnavailable = true;
    }
    return result;
  }

  private async completeInParallel(request: ChatRequest, count: number, signal?: AbortSignal): Promise<ChatResult> {
    const single = { ...request, n: 1 };
    const parts = await Promise.all(Array.from({ length: count }, () => this.complete(single, signal)));
    return merge(parts);
  }
}

const withoutLogprobs: ChatResult = { choices: [], promptTokens: 0, completionTokens: 0, cached: false, logprobsUnavailable: true };

function merge(parts: ChatResult[]): ChatResult {
  return {
    choices: parts.flatMap((p) => p.choices),
    promptTokens: parts.reduce((sum, p) => sum + p.promptTokens, 0),
    completionTokens: parts.reduce((sum, p) => sum + p.completionTokens, 0),
    cached: false,
    ...(parts.some((p) => p.logprobsUnavailable) ? { logprobsUnavailable: true } : {}),
  };
}
