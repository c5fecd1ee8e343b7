import { cancelledError, throwIfAborted } from '../errors';

export interface RetryPolicy {
  /** Retries after the first attempt. */
  maxRetries: number;
  baseDelayMs: number;
  maxDelayMs: number;
  /** The longest Retry-After we honour (default 2 minutes); a longer one is cut to this. */
  maxRetryAfterMs?: number;
}

export const defaultRetryPolicy: RetryPolicy = { maxRetries: 4, baseDelayMs: 500, maxDelayMs: 30_000 };

/**
 * How long to wait before retry number `attempt` (0-based): the server's Retry-After
 * (seconds or HTTP date) or retry-after-ms when given, else exponential backoff with full
 * jitter so that many clients hitting one limit do not retry in lockstep.
 */
export function retryDelayMs(attempt: number, policy: RetryPolicy, headers?: Headers): number {
  const serverMs = retryAfterMs(headers);
  if (serverMs !== undefined) return Math.min(serverMs, policy.maxRetryAfterMs ?? 120_000);
  const ceiling = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** attempt);
  return Math.round(ceiling / 2 + (Math.random() * ceiling) / 2);
}

function retryAfterMs(headers?: Headers): number | undefined {
  const ms = headers?.get('retry-after-ms');
  if (ms && Number.isFinite(Number(ms))) return Math.max(0, Number(ms));
  const value = headers?.get('retry-after');
  if (!value) return undefined;
  if (Number.isFinite(Number(value))) return Math.max(0, Number(value) * 1000);
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : Math.max(0, date - Date.now());
}

/** A sleep that ends early, with the cancellation error, when the signal fires. */
export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  throwIfAborted(signal);
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(cancelledError());
    };
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}
