/**
 * The session behind `bench --batch`: instead of calling the model, each chat request is
 * parked until the next batch comes back. Requests are identified by a hash of their body
 * (the `custom_id`), so identical requests share one line and stored answers are reused.
 */
import { createHash } from 'node:crypto';
import * as z from 'zod';
import { cancelledError, SumLensError } from '../../errors';
import { buildRequestBody } from '../../llm/requestBody';
import { chatCompletionSchema, toChatChoices } from '../../llm/replySchema';
import type { Capabilities, ChatRequest, ChatResult, LlmSession, Usage } from '../../llm/types';
import type { BatchRequestLine } from './batchClient';
import { type Reservation, type SpendLimit, worstUse } from '../../llm/spendLimit';
import { TokenCounter } from '../../llm/tokenCount';

interface Waiter {
  resolve(result: ChatResult): void;
  reject(error: Error): void;
}

interface Parked {
  body: Record<string, unknown>;
  waiters: Waiter[];
  /** Its worst cost, held against the run's spending limit until its answer comes back. */
  reservation?: Reservation;
}

/** The body's hash; a later draw of the same request (sampling batches) hashes with its number, so it is a line of its own. */
export function customId(body: Record<string, unknown>, draw?: number): string {
  const keyed = draw === undefined ? body : { body, draw };
  return 'sl-' + createHash('sha256').update(JSON.stringify(keyed)).digest('hex').slice(0, 40);
}

export class BatchSession implements LlmSession {
  readonly billing = 'batch';
  private readonly parked = new Map<string, Parked>();
  private readonly counts: Usage = { calls: 0, promptTokens: 0, completionTokens: 0, cacheHits: 0, retries: 0 };
  private closedBy: Error | undefined;
  /** Time of the last request or answer: the run waits for a quiet moment before batching. */
  lastActivity = Date.now();

  private readonly tokens: TokenCounter;

  constructor(
    readonly endpoint: string,
    readonly model: string,
    /** Response bodies by custom_id (from earlier batches, and this run's). */
    private readonly answers: Map<string, unknown>,
    /** The run's spending limit: a request is parked only if its worst cost, at the batch price, fits. */
    private readonly spendLimit?: SpendLimit,
  ) {
    this.tokens = new TokenCounter(model);
  }

  chat(request: ChatRequest, signal?: AbortSignal): Promise<ChatResult> {
    if (signal?.aborted) return Promise.reject(cancelledError());
    if (this.closedBy) return Promise.reject(this.closedBy);
    const body = buildRequestBody(this.model, request, {});
    const id = customId(body, request.draw);
    this.lastActivity = Date.now();
    const stored = this.answers.has(id) ? toResult(this.answers.get(id)) : undefined;
    if (stored instanceof Error) return Promise.reject(stored);
    if (stored) {
      this.counts.cacheHits++;
      return Promise.resolve({ ...stored, cached: true });
    }
    let reservation: Reservation | undefined;
    try {
      if (!this.parked.has(id)) reservation = this.reserve(request, body);
    } catch (error) {
      return Promise.reject(error);
    }
    return new Promise((resolve, reject) => {
      const parked = this.parked.get(id) ?? { body, waiters: [], reservation };
      parked.waiters.push({ resolve, reject });
      this.parked.set(id, parked);
      signal?.addEventListener('abort', () => reject(cancelledError()), { once: true });
    });
  }

  /** The parked requests as Batch API lines. */
  pendingLines(): BatchRequestLine[] {
    return [...this.parked].map(([id, p]) => ({ custom_id: id, method: 'POST', url: '/v1/chat/completions', body: p.body }));
  }

  get pendingCount(): number {
    return this.parked.size;
  }

  /** A batch line came back: count it and wake the requests waiting on it. */
  answer(id: string, body: unknown): void {
    const result = toResult(body);
    if (result instanceof Error) return this.fail(id, result);
    this.answers.set(id, body);
    this.counts.calls++;
    this.counts.promptTokens += result.promptTokens;
    this.counts.completionTokens += result.completionTokens;
    this.parked.get(id)?.reservation?.settle(result);
    this.settle(id, (w) => w.resolve(result));
  }

  fail(id: string, error: Error): void {
    this.parked.get(id)?.reservation?.release();
    this.settle(id, (w) => w.reject(error));
  }

  /** No more batches will be sent: fail what is parked and every later request. */
  close(error: Error): void {
    this.closedBy = error;
    for (const id of [...this.parked.keys()]) this.fail(id, error);
  }

  usage(): Usage {
    return { ...this.counts };
  }

  capabilities(): Capabilities {
    return {};
  }

  /** The request's worst cost (its prompt as counted, the whole reply room of its n answers) held at the batch price. */
  private reserve(request: ChatRequest, body: Record<string, unknown>): Reservation | undefined {
    if (!this.spendLimit) return undefined;
    return this.spendLimit.reserve(
      this.model,
      worstUse(request.messages, body, (text) => this.tokens.count(text)),
      true,
    );
  }

  private settle(id: string, wake: (waiter: Waiter) => void): void {
    const parked = this.parked.get(id);
    if (!parked) return;
    this.parked.delete(id);
    this.lastActivity = Date.now();
    parked.waiters.forEach(wake);
  }
}

function toResult(body: unknown): ChatResult | SumLensError {
  const parsed = chatCompletionSchema.safeParse(body);
  if (!parsed.success) return new SumLensError('invalid-reply', `batch answer is not a chat completion: ${z.prettifyError(parsed.error)}`);
  const reply = parsed.data;
  return {
    choices: toChatChoices(reply),
    promptTokens: reply.usage?.prompt_tokens ?? 0,
    completionTokens: reply.usage?.completion_tokens ?? 0,
    cached: false,
  };
}
