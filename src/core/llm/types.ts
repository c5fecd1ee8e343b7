/**
 * The engine's view of a chat model. Every feature (G-Eval, rationale, fine-grained,
 * batch) talks to an LlmSession; a session wraps one transport (the OpenAI-compatible
 * HTTP API, or VS Code's language models) with a cache, a concurrency limit and usage
 * counters.
 */

export interface ChatMessage {
  role: 'system' | 'user' | 'assistant';
  content: string;
}

export type ResponseFormat = { type: 'json_schema'; name: string; schema: Record<string, unknown> } | { type: 'json_object' };

export interface ChatRequest {
  messages: ChatMessage[];
  /** Upper bound on generated tokens (sent as max_tokens or max_completion_tokens). */
  maxTokens?: number;
  temperature?: number;
  topP?: number;
  /** How many independent choices are wanted; a session that cannot ask for n makes parallel calls. */
  n?: number;
  /** Ask for token log-probabilities with this many alternatives per position (0 = none). */
  topLogprobs?: number;
  responseFormat?: ResponseFormat;
  /** A short label ("coherence", "fine:extract") used in progress, errors and usage. */
  purpose?: string;
  /**
   * Which of several identical requests this is (the sampling route's later batches): part of
   * the cache key only, never sent, so each batch is cached as its own answers.
   */
  draw?: number;
  /**
   * Whether a reply is usable by its caller (a score could be read, the JSON matched its
   * schema). Only usable replies are cached, so one bad answer is not served again. Not
   * part of the cache key. Default: any reply with at least one choice.
   */
  accept?(result: ChatResult): boolean;
  /**
   * Which of N independent runs this request belongs to (`eval --repeat`): part of the cache
   * key, never sent, so run k of a re-run is answered from run k's cache entry. Unset = run 1.
   */
  cacheSlot?: number;
}

export interface TokenAlternative {
  token: string;
  logprob: number;
}

/** One generated token with the top alternatives the API reported at its position. */
export interface TokenLogprob extends TokenAlternative {
  top: TokenAlternative[];
}

export interface ChatChoice {
  text: string;
  finishReason: string | null;
  /** Present only when log-probabilities were asked for and the endpoint returned them. */
  logprobs?: TokenLogprob[];
  /** A thinking model's reasoning, kept apart from `text` (never read as the answer). */
  reasoning?: string;
}

export interface ChatResult {
  choices: ChatChoice[];
  promptTokens: number;
  completionTokens: number;
  /** True when the result came from the cache and no call was made. */
  cached: boolean;
  /**
   * True when log-probabilities were asked for but this endpoint+model cannot give them
   * (it refused the parameter, or returned none); the caller should switch to sampling.
   * When the endpoint refused them, no answer is fetched and `choices` is empty.
   */
  logprobsUnavailable?: boolean;
  /**
   * Every parameter this answer was fetched without or with less of, in words a user reads:
   * "top_logprobs capped at 5 (server refused 20)", "n ignored by the server: 19 more
   * requests". Empty or absent when the request went as asked.
   */
  fallbacks?: string[];
}

export interface Usage {
  calls: number;
  promptTokens: number;
  completionTokens: number;
  cacheHits: number;
  retries: number;
  /** Tokens a thinking model spent on reasoning (part of completionTokens); present when the server reports them. */
  reasoningTokens?: number;
}

/** What a transport has learned an endpoint+model accepts; remembered across runs. */
export interface Capabilities {
  logprobs?: boolean;
  /** The most top_logprobs the server accepts, when it refused more. */
  topLogprobsCap?: number;
  /** false when the endpoint refuses n > 1. */
  multipleChoices?: boolean;
  /** The largest n the server accepts, when it refused more; choices are drawn in batches of it. */
  nCap?: number;
  /** Reasoning models want max_completion_tokens instead of max_tokens. */
  maxCompletionTokens?: boolean;
  /** Reasoning models accept only their default temperature. */
  fixedTemperature?: boolean;
  /** false when response_format json_schema is refused (json_object is used instead). */
  jsonSchema?: boolean;
  /** false when response_format json_object is refused too (the prompt alone asks for JSON). */
  jsonObject?: boolean;
  /** The server answers only streamed requests. */
  streamOnly?: boolean;
  /** A thinking model: its token limits get room for the reasoning. */
  reasoning?: boolean;
  /** Other parameters the server refused, left out of requests (seed, stop, top_p). */
  omit?: string[];
  /** The context window a too-long error stated, or the size a server silently cut a prompt to. */
  contextWindow?: ContextWindow;
}

/** How many tokens the judge's context holds (prompt and reply together), and how we know. */
export interface ContextWindow {
  tokens: number;
  /**
   * user: --context-tokens / sumlens.contextTokens; server: the endpoint's model metadata;
   * table: SumLens's dated table of well-known models; error: a too-long error's own words;
   * truncation: the prompt size a server silently cut to.
   */
  from: 'user' | 'server' | 'table' | 'error' | 'truncation';
  /** The evidence in words ("vLLM max_model_len in /v1/models", "table of 2026-11 for gpt-4o"). */
  detail: string;
  /**
   * The window as the server counts it, when a too-long error showed it counts a prompt as more
   * tokens than SumLens does: `tokens` is then that window scaled to SumLens's count.
   */
  serverTokens?: number;
}

export interface LlmSession {
  readonly endpoint: string;
  readonly model: string;
  /** 'batch': its calls are billed at the Batch API's price (BatchSession); absent: the standard price. */
  readonly billing?: 'batch';
  /**
   * The judge's context window as far as it is known (user setting, server metadata, table,
   * or learned from an error or a silent cut this run); undefined when nothing tells.
   * `need`: the tokens the prompt and its reply take, counted high. When that fits every
   * window a server starts a model with, and neither the user nor an earlier reply told the
   * window, the server is not asked (undefined): a short source costs no look-up.
   */
  contextWindow?(signal?: AbortSignal, need?: number): Promise<ContextWindow | undefined>;
  /** Tokens a text takes for this model: a real tokenizer where the family is known, else a safe estimate. */
  countTokens?(text: string): number;
  chat(request: ChatRequest, signal?: AbortSignal): Promise<ChatResult>;
  usage(): Usage;
  capabilities(): Capabilities;
  /** Run-level fallbacks so far: endpoint quirks learned or applied, parameters dropped or capped. */
  provenance?(): string[];
}
