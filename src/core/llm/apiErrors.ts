import OpenAI from 'openai';
import { SumLensError, redact } from '../errors';
import { azureUrlHint } from './azureUrl';
import { isContextLengthMessage, serverWords, type Refusal } from './refusal';
import { isApiError } from './isApiError';

export function isRetryable(error: unknown): boolean {
  if (error instanceof OpenAI.APIUserAbortError) return false;
  if (error instanceof OpenAI.APIConnectionError) return true; // includes timeouts
  if (isApiError(error)) {
    const status = error.status ?? 0;
    return status === 408 || status === 409 || status === 429 || status >= 500;
  }
  return false;
}

/** A request refused for one parameter we can drop or adapt; the session adapts and asks again. */
export class ParameterRefusedError extends SumLensError {
  constructor(
    readonly refusal: Refusal,
    message: string,
  ) {
    super('bad-request', message);
  }
}

/** Turns an SDK error into a one-line message that says what to do, in the server's own words. */
export function toSumLensError(error: unknown, endpoint: string, model: string, apiKey?: string): SumLensError {
  if (error instanceof SumLensError) return error;
  const clean = (text: string) => redact(text, apiKey);
  if (error instanceof OpenAI.APIUserAbortError) return new SumLensError('cancelled', 'Cancelled.');
  if (error instanceof OpenAI.APIConnectionTimeoutError) {
    return new SumLensError('timeout', `${endpoint} did not answer in time; raise --timeout or check the server's load.`);
  }
  if (error instanceof OpenAI.APIConnectionError) {
    const cause = connectionCause(error.cause);
    return new SumLensError('unreachable', clean(`Cannot reach ${endpoint}${cause}. Check --base-url / OPENAI_BASE_URL and that the server is running.`));
  }
  if (isApiError(error)) {
    const detail = clean(serverWords(error));
    const status = error.status ?? 0;
    if (status === 401 || status === 403) {
      return new SumLensError('auth', `${endpoint} rejected the API key (${status}: ${detail}); set a valid key in OPENAI_API_KEY.`);
    }
    if (status === 404 || error.code === 'model_not_found') {
      const hint = azureUrlHint(endpoint);
      if (hint) return new SumLensError('model-not-found', `${endpoint} answered ${status} (${detail}); ${hint}`);
      return new SumLensError('model-not-found', `Model "${model}" was not found at ${endpoint} (${detail}); choose one with --model.`);
    }
    if (isContextLengthMessage(error.code, detail)) {
      return new SumLensError(
        'context-too-long',
        `The input is too long for ${model}'s context window (${detail}); shorten the document or pick a model with a longer context.`,
      );
    }
    if (status === 429)
      return new SumLensError('rate-limited', `${endpoint} is rate-limiting us and retries ran out (${detail}); lower --concurrency or try later.`);
    if (status >= 500) return new SumLensError('server-error', `${endpoint} failed with ${status} after retries (${detail}); try again later.`);
    return new SumLensError('bad-request', `${endpoint} refused the request (${status}: ${detail}).`);
  }
  const message = error instanceof Error ? error.message : String(error);
  return new SumLensError('server-error', clean(`Unexpected failure talking to ${endpoint}: ${message}`));
}

/** "connect ECONNREFUSED 127.0.0.1:9" rather than undici's bare "fetch failed". */
function connectionCause(cause: unknown): string {
  let deepest: unknown = cause;
  while (deepest instanceof Error && deepest.cause instanceof Error) deepest = deepest.cause;
  return deepest instanceof Error ? `: ${deepest.message}` : '';
}
