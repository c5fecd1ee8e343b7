import OpenAI from 'openai';
import { redact, SumLensError, throwIfAborted } from '../errors';
import { isRetryable, ParameterRefusedError, toSumLensError } from './apiErrors';
import { errorNormalisingFetch } from './errorBody';
import { readRefusal } from './refusal';
import { chatCompletionSchema, type ChatCompletionReply } from './replySchema';
import { assembleStream } from './streamReply';
import { defaultRetryPolicy, retryDelayMs, sleep, type RetryPolicy } from './retry';
import { isApiError } from './isApiError';

export interface TransportOptions {
  baseURL: string;
  apiKey: string;
  model: string;
  /** The time one call may take, its retries included. */
  timeoutMs: number;
  retry?: RetryPolicy;
  /** Extra headers, e.g. Azure's api-key. */
  headers?: Record<string, string>;
  /** Query parameters sent with every request, e.g. Azure's api-version. */
  query?: Record<string, string>;
}

export interface TransportEvents {
  onAttempt(): void;
  onRetry(): void;
}

/**
 * One chat completion over HTTP through the `openai` client. Retries are ours, not the
 * SDK's, so that a wait for Retry-After can be cancelled and every retry is counted; the
 * body is parsed and validated here, so a malformed or truncated reply is caught before
 * anyone reads it.
 */
export class OpenAiTransport {
  private readonly client: OpenAI;
  private readonly retry: RetryPolicy;

  constructor(
    private readonly options: TransportOptions,
    private readonly events: TransportEvents,
  ) {
    this.client = new OpenAI({
      apiKey: options.apiKey,
      baseURL: options.baseURL,
      maxRetries: 0,
      timeout: options.timeoutMs,
      defaultHeaders: options.headers,
      defaultQuery: options.query,
      fetch: errorNormalisingFetch(),
    });
    this.retry = options.retry ?? defaultRetryPolicy;
  }

  /**
   * Sends the body, retrying transient failures, all within one time budget (timeoutMs):
   * each attempt gets what is left of it, and a retry that would have to wait past it is
   * not made, so a hung or failing server costs at most --timeout per call.
   */
  async post(body: Record<string, unknown>, signal?: AbortSignal): Promise<ChatCompletionReply> {
    const deadline = Date.now() + this.options.timeoutMs;
    let invalidReplies = 0;
    for (let attempt = 0; ; attempt++) {
      throwIfAborted(signal);
      this.events.onAttempt();
      try {
        const options = { signal, timeout: Math.max(1, deadline - Date.now()) };
        const reply = body.stream === true ? await this.streamed(body, options) : await this.whole(body, options);
        if (reply) return reply;
        // A 200 with a body we cannot use (cut off, not JSON, wrong shape): ask once more.
        if (++invalidReplies > 1) {
          throw new SumLensError(
            'invalid-reply',
            `${this.options.baseURL} sent a malformed chat completion twice; the server may be broken or not OpenAI-compatible.`,
          );
        }
      } catch (error) {
        if (signal?.aborted) throw toSumLensError(new OpenAI.APIUserAbortError(), this.options.baseURL, this.options.model);
        // A refused parameter is not retried as it was (not even a 500 that refuses n): the session adapts it.
        const refusal = readRefusal(error, body);
        if (refusal) {
          const words = { ...refusal, message: redact(refusal.message, this.options.apiKey) };
          const status = isApiError(error) ? error.status : '';
          throw new ParameterRefusedError(words, `${this.options.baseURL} refused the request's ${refusal.param} (${status}: ${words.message}).`);
        }
        const retryable = isRetryable(error) || isBodyReadFailure(error);
        const wait = retryable && attempt < this.retry.maxRetries ? retryDelayMs(attempt, this.retry, retryHeaders(error)) : undefined;
        if (wait === undefined || Date.now() + wait >= deadline) {
          throw toSumLensError(error, this.options.baseURL, this.options.model, this.options.apiKey);
        }
        this.events.onRetry();
        await sleep(wait, signal);
      }
    }
  }

  private async whole(body: Record<string, unknown>, options: OpenAI.RequestOptions): Promise<ChatCompletionReply | undefined> {
    const response = await this.client.chat.completions.create(body as unknown as OpenAI.ChatCompletionCreateParamsNonStreaming, options).asResponse();
    return parseReply(await response.text());
  }

  private async streamed(body: Record<string, unknown>, options: OpenAI.RequestOptions): Promise<ChatCompletionReply | undefined> {
    const stream = await this.client.chat.completions.create(body as unknown as OpenAI.ChatCompletionCreateParamsStreaming, options);
    const parsed = chatCompletionSchema.safeParse(await assembleStream(stream));
    return parsed.success ? parsed.data : undefined;
  }
}

function retryHeaders(error: unknown): Headers | undefined {
  return isApiError(error) ? error.headers : undefined;
}

function parseReply(text: string): ChatCompletionReply | undefined {
  try {
    const parsed = chatCompletionSchema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

/** The connection dropped while the body was being read (after the headers arrived). */
function isBodyReadFailure(error: unknown): boolean {
  return error instanceof TypeError || (error instanceof Error && /terminated|socket|ECONNRESET/i.test(error.message));
}
