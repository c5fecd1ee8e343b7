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

export type ResponseFormat =
  | { type: 'json_schema'; name: string; schema: Record<string, unknown> }
  | { type: 'json_object' };

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
}

export interface Usage {
  calls: number;
  promptTokens: number;
  completionTokens: number;
  cacheHits: number;
  retries: number;
}

/** What a transport has learned an endpoint+model accepts; remembered across runs. */
export interface Capabilities {
  logprobs?: boolean;
  /** false when the endpoint refuses n > 1. */
  multipleChoices?: boolean;
  /** Reasoning models want max_completion_tokens instead of max_tokens. */
  maxCompletionTokens?: boolean;
  /** Reasoning models accept only their default temperature. */
  fixedTemperature?: boolean;
  /** false when response_format json_schema is refused (json_object is used instead). */
  jsonSchema?: boolean;
  /** false when response_format json_object is refused too (the prompt alone asks for JSON). */
  jsonObject?: boolean;
}

export interface LlmSession {
  readonly endpoint: string;
  readonly model: string;
  chat(request: ChatRequest, signal?: AbortSignal): Promise<ChatResult>;
  usage(): Usage;
  capabilities(): Capabilities;
}
