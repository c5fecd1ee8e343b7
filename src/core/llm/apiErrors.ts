import OpenAI from 'openai';
import { SumLensError, redact } from '../errors';

/** Request parameters a server may refuse, and that we know how to do without. */
export type RefusableParam = 'logprobs' | 'n' | 'max_tokens' | 'temperature' | 'response_format';

const paramPatterns: Array<[RefusableParam, RegExp]> = [
  ['logprobs', /\b(top_)?logprobs\b/i],
  ['max_tokens', /\bmax_tokens\b/i],
  ['response_format', /\bresponse_format\b|\bjson_schema\b/i],
  ['temperature', /\btemperature\b|\btop_p\b/i],
  ['n', /(^|[^a-z_])n\b\s*(must|should|is|>|=|only|not)|'n'|"n"|\bn > 1\b|multiple choices/i],
];

/**
 * The parameter a 400/422 refused, read from the error's `param` field (OpenAI) or, for
 * servers that only say it in words (vLLM, Ollama), from the message.
 */
export function refusedParam(error: unknown): RefusableParam | undefined {
  if (!(error instanceof OpenAI.APIError) || (error.status !== 400 && error.status !== 422)) return undefined;
  if (isContextLengthError(error)) return undefined;
  const param = typeof error.param === 'string' ? error.param : '';
  for (const [name, pattern] of paramPatterns) if (param && pattern.test(param)) return name;
  if (param === 'n') return 'n';
  const message = String(error.message);
  if (!/unsupported|not supported|does not support|not allowed|invalid|only .* supported|unrecognized|unknown/i.test(message)) {
    return undefined;
  }
  for (const [name, pattern] of paramPatterns) if (pattern.test(message)) return name;
  return undefined;
}

function isContextLengthError(error: InstanceType<typeof OpenAI.APIError>): boolean {
  return (
    error.code === 'context_length_exceeded' ||
    /context length|context window|maximum context|too many tokens|prompt is too long/i.test(String(error.message))
  );
}

export function isRetryable(error: unknown): boolean {
  if (error instanceof OpenAI.APIUserAbortError) return false;
  if (error instanceof OpenAI.APIConnectionError) return true; // includes timeouts
  if (error instanceof OpenAI.APIError) {
    const status = error.status ?? 0;
    return status === 408 || status === 409 || status === 429 || status >= 500;
  }
  return false;
}

/** A 400 that refused one parameter we can do without; the session adapts and asks again. */
export class ParameterRefusedError extends SumLensError {
  constructor(
    readonly param: RefusableParam,
    message: string,
  ) {
    super('bad-request', message);
  }
}

/** Turns an SDK error into a one-line message that says what to do. */
export function toSumLensError(error: unknown, endpoint: string, model: string, apiKey?: string): SumLensError {
  if (error instanceof SumLensError) return error;
  const clean = (text: string) => redact(text, apiKey);
  if (error instanceof OpenAI.APIUserAbortError) return new SumLensError('cancelled', 'Cancelled.');
  if (error instanceof OpenAI.APIConnectionTimeoutError) {
    return new SumLensError('timeout', `${endpoint} did not answer in time; raise --timeout or check the server's load.`);
  }
  if (error instanceof OpenAI.APIConnectionError) {
    const cause = connectionCause(error.cause);
    return new SumLensError(
      'unreachable',
      clean(`Cannot reach ${endpoint}${cause}. Check --base-url / OPENAI_BASE_URL and that the server is running.`),
    );
  }
  if (error instanceof OpenAI.APIError) {
    const detail = clean(String(error.message)).replace(/\s+/g, ' ').slice(0, 300);
    const status = error.status ?? 0;
    if (status === 401 || status === 403) {
      return new SumLensError('auth', `${endpoint} rejected the API key (${status}); set a valid key in OPENAI_API_KEY.`);
    }
    if (status === 404 || error.code === 'model_not_found') {
      return new SumLensError('model-not-found', `Model "${model}" was not found at ${endpoint} (${detail}); choose one with --model.`);
    }
    if (isContextLengthError(error)) {
      return new SumLensError('context-too-long', `The input is too long for ${model}'s context window; shorten the document or pick a model with a longer context.`);
    }
    if (status === 429) return new SumLensError('rate-limited', `${endpoint} is rate-limiting us and retries ran out (${detail}); lower --concurrency or try later.`);
    if (status >= 500) return new SumLensError('server-error', `${endpoint} failed with ${status} after retries (${detail}); try again later.`);
    const message = `${endpoint} refused the request (${status}: ${detail}).`;
    const param = refusedParam(error);
    return param ? new ParameterRefusedError(param, message) : new SumLensError('bad-request', message);
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
