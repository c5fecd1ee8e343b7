import { redactCredentials, SumLensError } from '../errors';
import { ResultCache, resultsCacheDir } from './cache';
import { CapabilityStore } from './capabilityStore';
import { ConcurrencyLimiter } from './limiter';
import { OpenAiTransport } from './openaiTransport';
import type { RetryPolicy } from './retry';
import { CachingSession } from './session';
import type { LlmSession } from './types';

export const defaultBaseUrl = 'https://api.openai.com/v1';
export const defaultModel = 'gpt-4o-mini';

export interface OpenAiSessionOptions {
  baseURL?: string;
  apiKey?: string;
  model?: string;
  /** Requests in flight at once (default 8). */
  concurrency?: number;
  /** Cache directory; null turns the cache off. */
  cacheDir: string | null;
  /** The time one call may take, its retries included (default 120 s). */
  timeoutMs?: number;
  retry?: RetryPolicy;
  /** Hears conditions worth one line to the user (an answer cache that cannot be written). */
  onWarning?(message: string): void;
}

/** Hosted services that always need a key; local servers (vLLM, Ollama, llama.cpp) often do not. */
function requiresKey(baseURL: string): boolean {
  return /(^|\.)openai\.com$|\.openai\.azure\.com$|\.azure\.com$/i.test(new URL(baseURL).hostname);
}

function isAzure(baseURL: string): boolean {
  return /\.azure\.com$/i.test(new URL(baseURL).hostname);
}

/** An LlmSession over any OpenAI-compatible chat completions endpoint. */
export function createOpenAiSession(options: OpenAiSessionOptions): LlmSession {
  const baseURL = (options.baseURL || defaultBaseUrl).replace(/\/+$/, '');
  let url: URL;
  try {
    url = new URL(baseURL);
  } catch {
    throw new SumLensError('usage', `"${baseURL}" is not a URL; give the endpoint as e.g. http://localhost:8000/v1.`);
  }
  if (url.username || url.password) {
    // fetch refuses such URLs; the message shows the URL with the credentials hidden.
    throw new SumLensError('usage', `the base URL ${baseURL} has a user name or password in it, which cannot be sent; put the key in OPENAI_API_KEY instead.`);
  }
  if (!options.apiKey && requiresKey(baseURL)) {
    throw new SumLensError('no-api-key', `No API key for ${baseURL}: set OPENAI_API_KEY (or run "SumLens: Set API Key" in VS Code).`);
  }
  const model = options.model || defaultModel;
  const usage = { calls: 0, promptTokens: 0, completionTokens: 0, cacheHits: 0, retries: 0 };
  const transport = new OpenAiTransport(
    // A placeholder key for servers that ignore it: the SDK refuses to start without one.
    {
      baseURL,
      apiKey: options.apiKey || 'no-key',
      model,
      timeoutMs: options.timeoutMs ?? 120_000,
      retry: options.retry,
      // Azure OpenAI's v1 endpoint (https://NAME.openai.azure.com/openai/v1) reads keys from api-key.
      headers: options.apiKey && isAzure(baseURL) ? { 'api-key': options.apiKey } : undefined,
    },
    { onAttempt: () => usage.calls++, onRetry: () => usage.retries++ },
  );
  return new CachingSession({
    // What results, messages and the cache key show: never a key written into the URL's query.
    endpoint: redactCredentials(baseURL),
    model,
    transport,
    limiter: new ConcurrencyLimiter(options.concurrency ?? 8),
    cache: options.cacheDir ? new ResultCache(resultsCacheDir(options.cacheDir), options.onWarning) : undefined,
    capabilities: new CapabilityStore(options.cacheDir ?? undefined),
    usage,
  });
}
