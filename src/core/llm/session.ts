import { isSumLensError, SumLensError } from '../errors';
import { adaptationFor, bodyFallbacks } from './adaptation';
import { ParameterRefusedError } from './apiErrors';
import { ResultCache } from './cache';
import { CapabilityStore } from './capabilityStore';
import { choicesCap, isCutOff, merge, withoutLogprobs, type Sent } from './chatResults';
import { learnWindowFromError, refuseCutPrompt, type CutPromptContext } from './contextWindowLessons';
import { decideContextWindow, EXACT_COUNT_SHARE, SMALLEST_STARTING_WINDOW } from './contextWindow';
import { ConcurrencyLimiter } from './limiter';
import { QuirkNotes } from './quirkNotes';
import { ReplyLessons } from './replyLessons';
import { toChatChoices, type ChatCompletionReply } from './replySchema';
import { buildRequestBody, DEFAULT_REASONING_BUDGET } from './requestBody';
import type { ServerContext } from './serverContext';
import { worstUse, type SpendLimit } from './spendLimit';
import { MESSAGE_OVERHEAD_TOKENS, tokenizerMissingNote, TokenCounter } from './tokenCount';
import type { Capabilities, ChatMessage, ChatRequest, ChatResult, ContextWindow, LlmSession, Usage } from './types';

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
  /** Tokens of room a thinking model gets on top of the answer's (default 2048). */
  reasoningBudget?: number;
  /** top_logprobs the user chose explicitly: a server cap below it is a usage error, not a quirk. */
  userTopLogprobs?: number;
  /** One line for people (stderr) per quirk learned or fallback noticed, once per run. */
  onNotice?(line: string): void;
  /** The context window the user set (`--context-tokens`, `sumlens.contextTokens`): it comes before anything learned. */
  userContext?: { tokens: number; detail: string };
  /** Asks the server what its model's context window is (once per session, on first need). */
  serverContext?(signal?: AbortSignal): Promise<ServerContext>;
  /** The run's spending limit, shared with its other sessions: each request not answered from the cache is reserved against it before it is sent. */
  spendLimit?: SpendLimit;
}

/** Refusals one request may adapt to before giving up (each changes a different parameter). */
const maxAdaptations = 8;

/**
 * An LlmSession over a transport: answers from the cache when it can, otherwise sends the
 * request within the concurrency limit and makes the server's answer the one that was
 * asked for. A parameter the server refuses is dropped or capped, asked again once and
 * remembered; n is drawn in batches where the server caps it and topped up where it
 * silently ignores it; a thinking model's answer cut off by the token limit is asked again
 * once with more room. Every such fallback is named in the result and the run's provenance.
 * What it learns and notes is kept in quirkNotes.ts; what replies and too-long errors teach
 * is in replyLessons.ts and contextWindowLessons.ts.
 */
export class CachingSession implements LlmSession {
  readonly endpoint: string;
  readonly model: string;
  private readonly notes: QuirkNotes;
  private readonly replyLessons: ReplyLessons;
  private readonly cutPrompt: CutPromptContext;
  private readonly tokens: TokenCounter;
  private server?: Promise<ServerContext>;

  constructor(private readonly options: SessionOptions) {
    this.endpoint = options.endpoint;
    this.model = options.model;
    this.tokens = new TokenCounter(options.model);
    this.notes = new QuirkNotes(options.endpoint, options.model, options.capabilities, options.onNotice);
    this.replyLessons = new ReplyLessons(this.notes);
    this.cutPrompt = {
      endpoint: options.endpoint,
      model: options.model,
      capabilities: options.capabilities,
      notes: this.notes,
      tokens: this.tokens,
      usage: options.usage,
      userContext: options.userContext,
      serverAsked: () => this.server,
      serverContext: (signal) => this.serverContext(signal),
      loadTokenizer: () => this.loadTokenizer(),
    };
  }

  /**
   * The judge's context window, from the first that tells: the user's setting, what a
   * too-long error or a silent cut taught (this run or remembered), the server's metadata
   * (asked once), the table of well-known models. `need`, the caller's high estimate of its
   * longest prompt: within the smallest window a server starts with, no window is needed.
   * The model's tokenizer (megabytes of ranks) is loaded, so countTokens is exact from here
   * on where the family is known, only when a prompt may come near the window: no `need`
   * given, or one above EXACT_COUNT_SHARE of the window (or of no window known).
   */
  async contextWindow(signal?: AbortSignal, need?: number): Promise<ContextWindow | undefined> {
    const learned = this.capabilities().contextWindow;
    if (need !== undefined && need <= SMALLEST_STARTING_WINDOW && !this.options.userContext && !learned) return undefined;
    const decided = decideContextWindow({ model: this.model, user: this.options.userContext, learned, server: () => this.serverContext(signal) });
    if (need === undefined) {
      // The tokenizer loads (CPU) while the server is asked (network): neither waits for the other.
      const [window] = await Promise.all([decided, this.loadTokenizer()]);
      return window;
    }
    const window = await decided;
    if (!window || need > window.tokens * EXACT_COUNT_SHARE) await this.loadTokenizer();
    return window;
  }

  countTokens(text: string): number {
    return this.tokens.count(text);
  }

  usage(): Usage {
    return { ...this.options.usage };
  }

  capabilities(): Capabilities {
    return this.notes.capabilities();
  }

  provenance(): string[] {
    return this.notes.provenance();
  }

  async chat(request: ChatRequest, signal?: AbortSignal): Promise<ChatResult> {
    this.notes.noteRemembered();
    const { purpose: _purpose, accept, ...determining } = request;
    // v2: answers are stored without their thinking, with the fallbacks they were fetched with.
    const key = ResultCache.key({ v: 2, endpoint: this.endpoint, model: this.model, request: determining });
    const hit = await this.options.cache?.get(key);
    if (hit) {
      this.options.usage.cacheHits++;
      return { ...hit, cached: true };
    }
    const result = await this.complete(request, signal);
    // Stored before the answer is returned (one small file, under a millisecond): a run that
    // ends, or a folder removed after it, never races a write still under way. put never throws.
    if (result.choices.length > 0 && (accept?.(result) ?? true)) await this.options.cache?.put(key, result);
    return result;
  }

  private async complete(request: ChatRequest, signal?: AbortSignal, cutOffRetry = false): Promise<ChatResult> {
    for (let adaptations = 0; ;) {
      const caps = this.capabilities();
      // Whoever asks for log-probabilities has a plan B (sampling); an answer without them is
      // of no use to it, so none is fetched once the endpoint is known not to give them.
      if (request.topLogprobs && caps.logprobs === false) return withoutLogprobs();
      const wanted = request.n ?? 1;
      if (wanted > choicesCap(caps)) return this.completeInBatches(request, wanted, choicesCap(caps), signal);
      // The body is built once a slot is free, from what is known by then: a request that
      // waited behind a refused one does not repeat the refusal.
      const sent = await this.options.limiter.run(() => this.send(request, signal, cutOffRetry, adaptations), signal);
      if (sent === 'adapted') adaptations++;
      else if (sent !== 'replan') return this.toResult(request, sent, signal, cutOffRetry);
    }
  }

  /** One request with today's knowledge; a refusal is learned from before the slot is given to the next request. */
  private async send(request: ChatRequest, signal: AbortSignal | undefined, cutOffRetry: boolean, adaptations: number): Promise<Sent | 'adapted' | 'replan'> {
    const caps = this.capabilities();
    if ((request.topLogprobs && caps.logprobs === false) || (request.n ?? 1) > choicesCap(caps)) return 'replan';
    const budgets = (caps.reasoning || caps.maxCompletionTokens ? 1 : 0) + (cutOffRetry ? 1 : 0);
    const reasoningBudget = this.options.reasoningBudget ?? DEFAULT_REASONING_BUDGET;
    const body = buildRequestBody(this.model, request, caps, { budgets, reasoningBudget });
    const reservation = this.reserveSpend(request.messages, body);
    let reply: ChatCompletionReply;
    try {
      reply = await this.options.transport.post(body, signal);
    } catch (error) {
      reservation?.release();
      if (isSumLensError(error) && error.code === 'context-too-long') {
        // Counted exactly (the refit loads the tokenizer anyway): where the server says how many
        // tokens it counted, a server that counts more is caught at this first refusal, not the refit's.
        await this.loadTokenizer();
        learnWindowFromError(this.notes, error.message, this.promptTokens(request.messages));
      }
      if (!(error instanceof ParameterRefusedError) || adaptations >= maxAdaptations) throw error;
      const change = adaptationFor(error.refusal, { body, caps, userTopLogprobs: this.options.userTopLogprobs, endpoint: this.endpoint });
      if (!change) throw error;
      this.notes.learn(change, `the server said: "${error.refusal.message}"`);
      return 'adapted';
    }
    reservation?.settle(reply.usage);
    await refuseCutPrompt(this.cutPrompt, request.messages, reply, signal);
    const sent = { reply, body, choices: toChatChoices(reply) };
    this.replyLessons.learnFromReply(request, sent);
    return sent;
  }

  /** A prompt's tokens as fitting counts them (llm/tokenCount.ts count, with the messages' framing). */
  private promptTokens(messages: ChatMessage[]): number {
    return messages.reduce((sum, m) => sum + this.tokens.count(m.content), messages.length * MESSAGE_OVERHEAD_TOKENS);
  }

  /**
   * Holds a request's most possible cost against the run's spending limit (its prompt as
   * counted for this model, the whole reply room of each of its n answers), or throws
   * 'budget-exceeded'. Settled with the usage the reply reports; a reply without usage
   * (some local servers) is counted at the cost it was held at.
   */
  private reserveSpend(messages: ChatMessage[], body: Record<string, unknown>) {
    const limit = this.options.spendLimit;
    if (!limit) return undefined;
    const worst = worstUse(messages, body, (text) => this.tokens.count(text));
    const reservation = limit.reserve(this.model, worst);
    return {
      release: () => reservation.release(),
      settle: (usage: ChatCompletionReply['usage']) =>
        reservation.settle(usage ? { promptTokens: usage.prompt_tokens ?? 0, completionTokens: usage.completion_tokens ?? 0 } : worst),
    };
  }

  private serverContext(signal?: AbortSignal): Promise<ServerContext> {
    this.server ??=
      this.options.serverContext?.(signal).catch((error) => {
        this.server = undefined; // a cancelled look-up is asked again by the next run on this session
        throw error;
      }) ?? Promise.resolve({});
    return this.server;
  }

  private async toResult(request: ChatRequest, { reply, body, choices }: Sent, signal: AbortSignal | undefined, cutOffRetry: boolean): Promise<ChatResult> {
    const usage = this.options.usage;
    const promptTokens = reply.usage?.prompt_tokens ?? 0;
    const completionTokens = reply.usage?.completion_tokens ?? 0;
    const reasoningTokens = reply.usage?.completion_tokens_details?.reasoning_tokens ?? 0;
    usage.promptTokens += promptTokens;
    usage.completionTokens += completionTokens;
    if (reasoningTokens > 0) usage.reasoningTokens = (usage.reasoningTokens ?? 0) + reasoningTokens;

    const cut = choices.filter(isCutOff);
    const kept = choices.filter((c) => !isCutOff(c));
    let result: ChatResult = { choices: kept, promptTokens, completionTokens, cached: false, fallbacks: bodyFallbacks(request, body) };
    if (cut.length > 0) result = merge([result, await this.retryCutOff(request, body, { count: cut.length, alreadyRetried: cutOffRetry }, signal)]);
    const wanted = request.n ?? 1;
    if (wanted > 1 && choices.length < wanted) {
      // The server ignored n (some do, silently): draw the rest, never score from fewer answers.
      result = merge([result, await this.completeInBatches(request, wanted - result.choices.length, Math.max(1, choices.length), signal)]);
    }
    if (request.topLogprobs && result.choices.some((c) => c.text.trim() && !c.logprobs?.length)) result.logprobsUnavailable = true;
    return result;
  }

  /** A thinking model ran out of tokens before answering: once more with more room, then an error. */
  private async retryCutOff(
    request: ChatRequest,
    body: Record<string, unknown>,
    { count, alreadyRetried }: { count: number; alreadyRetried: boolean },
    signal: AbortSignal | undefined,
  ): Promise<ChatResult> {
    const limit = String(body.max_completion_tokens ?? body.max_tokens);
    if (alreadyRetried) {
      throw new SumLensError(
        'invalid-reply',
        `${this.model} at ${this.endpoint} spent its whole token limit (${limit}) thinking and gave no answer, also when asked again with more room; raise --reasoning-budget (now ${this.options.reasoningBudget ?? DEFAULT_REASONING_BUDGET}).`,
      );
    }
    const again = await this.complete({ ...request, n: count }, signal, true);
    return { ...again, fallbacks: [...(again.fallbacks ?? []), `cut off at ${limit} tokens while thinking: asked again with more room`] };
  }

  private async completeInBatches(request: ChatRequest, count: number, cap: number, signal?: AbortSignal): Promise<ChatResult> {
    const sizes: number[] = [];
    for (let left = count; left > 0; left -= cap) sizes.push(Math.min(cap, left));
    const parts = await Promise.all(sizes.map((n) => this.complete({ ...request, n }, signal)));
    const merged = merge(parts);
    if (sizes.length > 1) merged.fallbacks = [...(merged.fallbacks ?? []), `n=${count} drawn in ${sizes.length} requests of at most ${cap}`];
    return merged;
  }

  /** The model's exact tokenizer, where it has one; its absence (an npm install without gpt-tokenizer) is a fallback to name. */
  private async loadTokenizer(): Promise<void> {
    if ((await this.tokens.ready()) === 'missing')
      this.notes.note(tokenizerMissingNote(this.model), ' (npm install gpt-tokenizer beside sumlens for exact counts)');
  }
}
