import { redactCredentials, SumLensError } from '../errors';
import { resolveEndpoint } from './azureUrl';
import { ResultCache, resultsCacheDir } from './cache';
import { CapabilityStore } from './capabilityStore';
import { ConcurrencyLimiter } from './limiter';
import { OpenAiTransport } from './openaiTransport';
import { fetchServerContext } from './serverContext';
import type { RetryPolicy } from './retry';
import { CachingSession } from './session';
import type { SpendLimit } from './spendLimit';
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
  /**
   * Where what endpoints taught about themselves is kept (capabilities.json), when not in
   * `cacheDir`: a run without the answer cache still knows a window or a refused parameter
   * learned before (those are not answers). Neither set: kept in memory for the session.
   */
  capabilitiesDir?: string;
  /** The time one call may take, its retries included (default 120 s). */
  timeoutMs?: number;
  retry?: RetryPolicy;
  /** Tokens of room a thinking model gets for its reasoning (`--reasoning-budget`, default 2048). */
  reasoningBudget?: number;
  /** top_logprobs the user chose explicitly (a server cap below it is a usage error). */
  userTopLogprobs?: number;
  /** The context window the user set (`--context-tokens`, `sumlens.contextTokens`), and where. */
  userContext?: { tokens: number; detail: string };
  /** Lines for people (stderr in the CLI): quirks learned, fallbacks noticed. */
  onNotice?(line: string): void;
  /** Caveats worth one line to the user (an answer cache that cannot be written). */
  onWarning?(message: string): void;
  /** The run's spending limit, shared by all its sessions (a jury's judges): checked before each request sent. */
  spendLimit?: SpendLimit;
}

/**
 * The server's metadata is a nicety: its look-ups together may take at most 2.5 s, and at most
 * half of what one call may (--timeout), so a server that answers nothing ends a run within
 * --timeout and this, whatever the method.
 */
function metadataTimeoutMs(callTimeoutMs: number): number {
  return Math.min(2500, callTimeoutMs / 2);
}

/** Hosted services that always need a key; local servers (vLLM, Ollama, llama.cpp) often do not. */
function requiresKey(baseURL: string): boolean {
  return /(^|\.)openai\.com$|\.openai\.azure\.com$|\.azure\.com$/i.test(new URL(baseURL).hostname);
}

/** An LlmSession over any OpenAI-compatible chat completions endpoint. */
export function createOpenAiSession(options: OpenAiSessionOptions): LlmSession {
  const baseURL = (options.baseURL || defaultBaseUrl).replace(/\/+$/, '');
  const shape = resolveEndpoint(baseURL);
  if (!options.apiKey && requiresKey(baseURL)) {
    throw new SumLensError('no-api-key', `No API key for ${baseURL}: set OPENAI_API_KEY (or run "SumLens: Set API Key" in VS Code).`);
  }
  const model = options.model || defaultModel;
  options.spendLimit?.admit(model);
  const usage = { calls: 0, promptTokens: 0, completionTokens: 0, cacheHits: 0, retries: 0 };
  const transport = new OpenAiTransport(
    // A placeholder key for servers that ignore it: the SDK refuses to start without one.
    {
      baseURL: shape.baseURL,
      query: shape.query,
      apiKey: options.apiKey || 'no-key',
      model,
      timeoutMs: options.timeoutMs ?? 120_000,
      retry: options.retry,
      // Azure OpenAI (v1 and classic deployment URLs) reads keys from api-key.
      headers: options.apiKey && shape.azure ? { 'api-key': options.apiKey } : undefined,
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
    capabilities: new CapabilityStore(options.capabilitiesDir ?? options.cacheDir ?? undefined),
    usage,
    reasoningBudget: options.reasoningBudget,
    userTopLogprobs: options.userTopLogprobs,
    onNotice: options.onNotice,
    userContext: options.userContext,
    spendLimit: options.spendLimit,
    serverContext: (signal) =>
      fetchServerContext(
        {
          baseURL: shape.baseURL,
          model,
          headers: {
            ...(options.apiKey ? { authorization: `Bearer ${options.apiKey}` } : {}),
            ...(options.apiKey && shape.azure ? { 'api-key': options.apiKey } : {}),
          },
          timeoutMs: metadataTimeoutMs(options.timeoutMs ?? 120_000),
        },
        signal,
      ),
  });
}
