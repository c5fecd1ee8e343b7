import { isSumLensError, SumLensError } from '../errors';
import { adaptationFor, bodyFallbacks } from './adaptation';
import { ParameterRefusedError } from './apiErrors';
import { ResultCache } from './cache';
import { CapabilityStore, DEFAULT_QUIRK_TTL_MS, describeQuirk, SILENT_QUIRK_TTL_MS, type QuirkName } from './capabilityStore';
import { decideContextWindow, SMALLEST_STARTING_WINDOW } from './contextWindow';
import { ConcurrencyLimiter } from './limiter';
import { readContextLimit } from './refusal';
import { toChatChoices, type ChatCompletionReply } from './replySchema';
import { buildRequestBody, DEFAULT_REASONING_BUDGET } from './requestBody';
import type { ServerContext } from './serverContext';
import { worstUse, type SpendLimit } from './spendLimit';
import { CUT_CHECK_MIN_TOKENS, isSilentCut, knownCutSizes, promptCutError } from './silentCut';
import { estimateTokens, MESSAGE_OVERHEAD_TOKENS, TokenCounter, tokenizerMissingNote } from './tokenCount';
import type { Capabilities, ChatChoice, ChatMessage, ChatRequest, ChatResult, ContextWindow, LlmSession, Usage } from './types';

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

/** Requests of one run that must all show a silent drop before it is remembered: one odd reply teaches nothing. */
export const SILENT_DROP_EVIDENCE = 3;

/**
 * An LlmSession over a transport: answers from the cache when it can, otherwise sends the
 * request within the concurrency limit and makes the server's answer the one that was
 * asked for. A parameter the server refuses is dropped or capped, asked again once and
 * remembered; n is drawn in batches where the server caps it and topped up where it
 * silently ignores it; a thinking model's answer cut off by the token limit is asked again
 * once with more room. Every such fallback is named in the result and the run's provenance.
 */
export class CachingSession implements LlmSession {
  readonly endpoint: string;
  readonly model: string;
  /** What this run saw without a refusal (n ignored, logprobs dropped, thinking): not remembered across runs. */
  private readonly observed: Capabilities = {};
  private readonly notes = new Set<string>();
  private rememberedNoted = false;
  /** This run's requests that asked for what servers drop silently, and what came back. */
  private readonly silent = { logprobs: { dropped: 0, given: 0 }, n: { ignored: 0, honoured: 0, most: 0 } };
  /** Silent drops this run remembered: forgotten again if a later reply of the run contradicts them. */
  private readonly silentLearned = new Set<QuirkName>();
  private readonly tokens: TokenCounter;
  private server?: Promise<ServerContext>;

  constructor(private readonly options: SessionOptions) {
    this.endpoint = options.endpoint;
    this.model = options.model;
    this.tokens = new TokenCounter(options.model);
  }

  /**
   * The judge's context window, from the first that tells: the user's setting, what a
   * too-long error or a silent cut taught (this run or remembered), the server's metadata
   * (asked once), the table of well-known models. Also loads the model's tokenizer, so
   * countTokens is exact from here on where the family is known.
   */
  async contextWindow(signal?: AbortSignal, need?: number): Promise<ContextWindow | undefined> {
    const learned = this.capabilities().contextWindow;
    if (need !== undefined && need <= SMALLEST_STARTING_WINDOW && !this.options.userContext && !learned) return undefined;
    // The tokenizer loads (CPU) while the server is asked (network): neither waits for the other.
    const [window] = await Promise.all([
      decideContextWindow({ model: this.model, user: this.options.userContext, learned, server: () => this.serverContext(signal) }),
      this.loadTokenizer(),
    ]);
    return window;
  }

  countTokens(text: string): number {
    return this.tokens.count(text);
  }

  usage(): Usage {
    return { ...this.options.usage };
  }

  capabilities(): Capabilities {
    return { ...this.options.capabilities.get(this.endpoint, this.model), ...this.observed };
  }

  provenance(): string[] {
    return [...this.notes];
  }

  async chat(request: ChatRequest, signal?: AbortSignal): Promise<ChatResult> {
    this.noteRemembered();
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
      if (isSumLensError(error) && error.code === 'context-too-long') this.learnWindowFromError(error.message);
      if (!(error instanceof ParameterRefusedError) || adaptations >= maxAdaptations) throw error;
      const change = adaptationFor(error.refusal, { body, caps, userTopLogprobs: this.options.userTopLogprobs, endpoint: this.endpoint });
      if (!change) throw error;
      this.learn(change, `the server said: "${error.refusal.message}"`);
      return 'adapted';
    }
    reservation?.settle(reply.usage);
    await this.refuseCutPrompt(request.messages, reply, signal);
    const sent = { reply, body, choices: toChatChoices(reply) };
    this.learnFromReply(request, sent);
    return sent;
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

  /** A too-long error that states the window teaches it (kept a week); the error is still thrown. */
  private learnWindowFromError(message: string): void {
    const tokens = readContextLimit(message);
    if (tokens === undefined) return;
    const words = /\((.*)\); shorten/.exec(message)?.[1] ?? message;
    this.learn({ contextWindow: { tokens, from: 'error', detail: `the server said: "${words}"` } }, `the server said: "${words}"`, DEFAULT_QUIRK_TTL_MS, true);
  }

  /**
   * An answer to a prompt the server cut (its prompt_tokens far below what was sent, or the
   * very size it is known to cut at) is thrown away: the cut size is learned as the window
   * (kept a day) and the call ends in 'prompt-truncated', before anything is cached. A reply
   * that read more than a window learned this way makes it forgotten.
   */
  private async refuseCutPrompt(messages: ChatMessage[], reply: ChatCompletionReply, signal?: AbortSignal): Promise<void> {
    const reported = reply.usage?.prompt_tokens;
    const learned = this.options.capabilities.get(this.endpoint, this.model).contextWindow;
    if (reported && learned && reported > learned.tokens) {
      this.options.capabilities.forget(this.endpoint, this.model, ['contextWindow']);
      this.note(`forgot: context window ${learned.tokens} tokens (a reply read ${reported} prompt tokens)`);
    }
    const framing = messages.length * MESSAGE_OVERHEAD_TOKENS;
    if (!reported || messages.reduce((sum, m) => sum + estimateTokens(m.content), framing) < CUT_CHECK_MIN_TOKENS / 2) return;
    await this.loadTokenizer();
    const sent = messages.reduce((sum, m) => sum + this.tokens.plain(m.content), framing);
    const server = this.server ? await this.server.catch((): ServerContext => ({})) : undefined;
    const window = this.options.userContext?.tokens ?? learned?.tokens ?? server?.window?.tokens;
    if (!isSilentCut(sent, reported, knownCutSizes(server?.kind, window))) return;
    this.options.usage.promptTokens += reported;
    this.options.usage.completionTokens += reply.usage?.completion_tokens ?? 0;
    const kind = (await this.serverContext(signal).catch((): ServerContext => ({}))).kind;
    // Worded without the size sent, so that the calls of one run cut alike teach it once.
    const because = `a reply read only ${reported} tokens of a longer prompt, cut without a word`;
    this.learn({ contextWindow: { tokens: reported, from: 'truncation', detail: because } }, because, SILENT_QUIRK_TTL_MS, true);
    throw promptCutError(`${this.endpoint} (${this.model})`, sent, reported, kind);
  }

  /**
   * What a reply shows about the server, noted before the slot goes to the next request (so
   * that one is already shaped by it): a thinking model, n ignored, logprobs dropped.
   */
  private learnFromReply(request: ChatRequest, { choices, body }: Sent): void {
    if (choices.some((c) => c.reasoning) && !this.capabilities().reasoning) {
      this.learn({ reasoning: true }, 'its replies carry the model’s reasoning');
    }
    if (choices.some(isCutOff)) {
      const limit = String(body.max_completion_tokens ?? body.max_tokens);
      this.observe({ reasoning: true }, `an answer was cut off by the token limit (${limit}) before any answer: asked again with room for reasoning`);
    }
    const wanted = request.n ?? 1;
    if (wanted > 1) {
      const ignored = choices.length < wanted;
      this.countSilent('n', ignored, choices.length);
      if (ignored) {
        this.observe(
          { nCap: Math.max(1, choices.length) },
          `the server returned ${choices.length} answer(s) for n=${wanted} (n ignored): the rest drawn in further requests`,
        );
      }
    }
    if (request.topLogprobs && choices.some((c) => c.text.trim())) {
      const dropped = choices.some((c) => c.text.trim() && !c.logprobs?.length);
      this.countSilent('logprobs', dropped, 0);
      // Asked for and not given (Ollama before 0.12.11, LM Studio, Ollama Cloud): sampling route for this run.
      if (dropped)
        this.observe({ logprobs: false }, 'the server returned no token log-probabilities although asked (logprobs silently dropped): sampling route');
    }
  }

  /**
   * Counts a request that could show a silent drop. Once every such request of the run (at
   * least SILENT_DROP_EVIDENCE) showed it, it is remembered for a day, so the next run does
   * not ask again; a later reply that contradicts it forgets it.
   */
  private countSilent(what: 'logprobs' | 'n', dropped: boolean, answers: number): void {
    const quirk: QuirkName = what === 'logprobs' ? 'logprobs' : 'nCap';
    if (what === 'logprobs') this.silent.logprobs[dropped ? 'dropped' : 'given']++;
    else {
      this.silent.n[dropped ? 'ignored' : 'honoured']++;
      if (dropped) this.silent.n.most = Math.max(this.silent.n.most, answers);
    }
    const [seen, contradicted] =
      what === 'logprobs' ? [this.silent.logprobs.dropped, this.silent.logprobs.given] : [this.silent.n.ignored, this.silent.n.honoured];
    if (contradicted > 0) {
      if (this.silentLearned.delete(quirk)) {
        this.options.capabilities.forget(this.endpoint, this.model, [quirk]);
        this.note(`forgot: ${what} silently dropped (a later reply of this run had it)`);
      }
      return;
    }
    if (seen !== SILENT_DROP_EVIDENCE) return;
    this.silentLearned.add(quirk);
    const change: Capabilities = what === 'logprobs' ? { logprobs: false } : { nCap: Math.max(1, this.silent.n.most) };
    const because =
      what === 'logprobs'
        ? `token log-probabilities silently dropped on all ${seen} requests of a run that asked for them`
        : `n silently ignored on all ${seen} requests of a run that asked for several answers`;
    this.learn(change, because, SILENT_QUIRK_TTL_MS);
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
    if (cut.length > 0) result = merge([result, await this.retryCutOff(request, body, cut.length, signal, cutOffRetry)]);
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
    count: number,
    signal: AbortSignal | undefined,
    alreadyRetried: boolean,
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

  /** Remembers a quirk learned from an explicit refusal or replies that show it (announced once, kept for a week, or a day for a silent drop). */
  /**
   * `quietly`: named in the provenance only, not on stderr, where the error the call ends in
   * already says it (a window learned from a too-long error or a cut prompt).
   */
  private learn(change: Capabilities, because: string, ttlMs = DEFAULT_QUIRK_TTL_MS, quietly = false): void {
    const fresh = this.options.capabilities.update(this.endpoint, this.model, change, because, ttlMs);
    const days = Math.round(ttlMs / (24 * 3600 * 1000));
    const kept = this.options.capabilities.persistent ? `; remembered for ${days} day${days === 1 ? '' : 's'} (sumlens capabilities --reset to forget)` : '';
    for (const name of fresh) {
      const line = `learned: ${describeQuirk(name, change[name])} (${because})`;
      if (quietly) this.notes.add(line);
      else this.note(line, kept);
    }
  }

  /** A fallback this run noticed without a refusal: applied for the run, not remembered. */
  private observe(change: Capabilities, what: string): void {
    const fresh = (Object.keys(change) as QuirkName[]).some((name) => JSON.stringify(this.observed[name]) !== JSON.stringify(change[name]));
    Object.assign(this.observed, change);
    if (fresh) this.note(what);
  }

  private noteRemembered(): void {
    if (this.rememberedNoted) return;
    this.rememberedNoted = true;
    for (const quirk of this.options.capabilities.learned(this.endpoint, this.model)) {
      this.notes.add(
        `remembered from ${quirk.learnedAt.slice(0, 10)}: ${describeQuirk(quirk.name, quirk.value)} (${quirk.because}; sumlens capabilities --reset to forget)`,
      );
    }
  }

  /** The model's exact tokenizer, where it has one; its absence (an npm install without gpt-tokenizer) is a fallback to name. */
  private async loadTokenizer(): Promise<void> {
    if ((await this.tokens.ready()) === 'missing') this.note(tokenizerMissingNote(this.model), ' (npm install gpt-tokenizer beside sumlens for exact counts)');
  }

  private note(line: string, noticeSuffix = ''): void {
    if (this.notes.has(line)) return;
    this.notes.add(line);
    this.options.onNotice?.(`${this.endpoint} (${this.model}): ${line}${noticeSuffix}`);
  }
}

interface Sent {
  reply: ChatCompletionReply;
  body: Record<string, unknown>;
  choices: ChatChoice[];
}

/** An answer the token limit cut off before it began (a thinking model still thinking). */
function isCutOff(choice: ChatChoice): boolean {
  return choice.finishReason === 'length' && !choice.text.trim();
}

/** The most choices one request may ask for. */
function choicesCap(caps: Capabilities): number {
  return caps.multipleChoices === false ? 1 : (caps.nCap ?? Infinity);
}

function withoutLogprobs(): ChatResult {
  return {
    choices: [],
    promptTokens: 0,
    completionTokens: 0,
    cached: false,
    logprobsUnavailable: true,
    fallbacks: ['no token log-probabilities from this server: no answer fetched for them'],
  };
}

function merge(parts: ChatResult[]): ChatResult {
  const fallbacks = [...new Set(parts.flatMap((p) => p.fallbacks ?? []))];
  return {
    choices: parts.flatMap((p) => p.choices),
    promptTokens: parts.reduce((sum, p) => sum + p.promptTokens, 0),
    completionTokens: parts.reduce((sum, p) => sum + p.completionTokens, 0),
    cached: false,
    ...(parts.some((p) => p.logprobsUnavailable) ? { logprobsUnavailable: true } : {}),
    ...(fallbacks.length > 0 ? { fallbacks } : {}),
  };
}
