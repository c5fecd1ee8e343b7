/**
 * A long source fitted to the judge: when an aspect's prompt, with the whole source, its
 * reply and a margin, would not fit the judge's context window (or the source is over the
 * user's --source-tokens budget), the judge is shown the source sentences that bear on the
 * summary instead (longSource/shorten.ts), with a line at the head of the source block saying
 * so. Used by G-Eval, rationale-first and the aspect choice alike: each gives the prompts it
 * will send, built around a given source text, and the reply tokens each asks for.
 * A source in markup (an HTML page) is judged on its text, whole or shortened
 * (longSource/markupView.ts), and the provenance says so; plain text is sent as written.
 */
import { isSumLensError, SumLensError } from '../errors';
import { countInSlices, ESTIMATE_MARGIN, estimateTokens, MESSAGE_OVERHEAD_TOKENS } from '../llm/tokenCount';
import type { ContextWindow, LlmSession } from '../llm/types';
import { GAP_MARK, shortenSource, textViewOf, type MarkupRemoved } from '../longSource';
import type { SourceShown } from '../result';
import { SHORTENED_PREFIX } from './shortenedLine';
import { thousands } from '../thousands';

/** What fills the source placeholder: the text, and a line put before it when it is excerpts. */
export interface ShownSource {
  text: string;
  head?: string;
}

export interface PromptSize {
  text: string;
  /** The max_tokens the call asks for: the context must hold them too. */
  replyTokens: number;
}

export interface SourceFitRequest {
  source: string;
  summary: string;
  /** What the source is called in the head line and the messages: "document", "conversation". */
  sourceNoun: string;
  /** Named in the errors: the aspect, or "the aspect choice". */
  purpose: string;
  /** The prompts this part sends, built around a source text. */
  prompts(shown: ShownSource): PromptSize[];
  /** The user's --source-tokens: show at most this many tokens of the source. */
  sourceTokens?: number;
  signal?: AbortSignal;
}

export interface SourceFit {
  shown: ShownSource;
  /** Set when excerpts are shown. */
  sourceShown?: SourceShown;
  /** The provenance line, when excerpts are shown or a source's markup was removed. */
  fallback?: string;
  /** The window the prompts were fitted to, if one was known. */
  window?: ContextWindow;
}

/** Slack for chat templates and tokenizer differences: 2% of the window. */
export const MARGIN_SHARE = 0.02;
/** A refit to a window the prompt was already fitted to takes this share of it. */
const RECOUNT_SHARE = 0.85;
/** Below this many tokens for the source, excerpts would say nothing: the context is too small. */
const MIN_SOURCE_TOKENS = 64;

/** The line at the head of the source block when the judge is shown excerpts. */
export function excerptsHead(share: number, noun: string): string {
  const percent = share < 0.01 ? '<1' : String(Math.min(99, Math.round(share * 100)));
  return `(Excerpts of a longer ${noun}: ${percent}% shown; ${GAP_MARK} marks omitted text.)`;
}

/**
 * Each session's last counted source: every aspect of one evaluation fits the same source, and
 * counting a long one with a real tokenizer is the costly step (a 100,000-word source takes a
 * noticeable part of a second each time, on the VS Code extension host too).
 */
const countedSources = new WeakMap<LlmSession, { text: string; tokens: number }>();

async function sourceTokensOf(session: LlmSession, source: string, count: (text: string) => number): Promise<number> {
  const last = countedSources.get(session);
  if (last && last.text === source) return last.tokens;
  const tokens = await countInSlices(source, count);
  countedSources.set(session, { text: source, tokens });
  return tokens;
}

export async function fitSource(session: LlmSession, request: SourceFitRequest, knownWindow?: ContextWindow): Promise<SourceFit> {
  // A source in markup (a web page) is judged on its text; plain text is its own view, shown as written.
  const view = textViewOf(request.source);
  const asText = { text: view.text };
  const withText = request.prompts(asText);
  const empty = request.prompts({ text: '' });
  // A template (a workspace's own) may never show the source: then nothing is shortened, and
  // nothing was removed from what the judge read.
  const showsSource = withText.some((p, i) => p.text !== empty[i].text);
  const read = view.markup && showsSource ? markupRemoved(view.markup) : undefined;
  const whole: SourceFit = { shown: asText, ...(read ? { fallback: read } : {}) };
  // Counted high (the estimate with its margin) without loading a tokenizer: a short source
  // spares the window look-up before the first request (see LlmSession.contextWindow).
  const need = Math.max(...withText.map((p) => Math.ceil(estimateTokens(p.text) * ESTIMATE_MARGIN) + p.replyTokens + MESSAGE_OVERHEAD_TOKENS));
  const window = knownWindow ?? (await session.contextWindow?.(request.signal, Math.ceil(need * (1 + MARGIN_SHARE))));
  if (!window && request.sourceTokens === undefined) return whole;
  const count = (text: string): number => session.countTokens?.(text) ?? estimateTokens(text);
  const textTokens = await sourceTokensOf(session, view.text, count);
  const sizeOf = (prompts: PromptSize[]) => Math.max(...prompts.map((p) => count(p.text) + p.replyTokens + MESSAGE_OVERHEAD_TOKENS));
  // The prompts with the whole text, counted as the prompts without it plus the text (the
  // margin covers the few tokens merged at the joins), so the long text is not counted again.
  const withWhole = window ? sizeOf(empty) + textTokens : 0;
  const contextFits = !window || withWhole + Math.ceil(window.tokens * MARGIN_SHARE) <= window.tokens;
  if (contextFits && (request.sourceTokens === undefined || textTokens <= request.sourceTokens)) return { ...whole, window };
  if (!showsSource) return { ...whole, window };

  // Tokens the excerpts may take: what the prompts leave of the window with an empty source and the head line.
  const fixed = window ? sizeOf(request.prompts({ text: '', head: excerptsHead(0.5, request.sourceNoun) })) : 0;
  const contextBudget = window ? window.tokens - fixed - Math.ceil(window.tokens * MARGIN_SHARE) : Infinity;
  const reason: SourceShown['reason'] = request.sourceTokens !== undefined && request.sourceTokens <= contextBudget ? 'budget' : 'context';
  if (reason === 'context') checkRoom(request, window!, { fixed, budget: contextBudget, sourceTokens: textTokens, summaryTokens: count(request.summary) });
  const budget = Math.min(contextBudget, request.sourceTokens ?? Infinity);
  const counted = (text: string): number => (text === view.text ? textTokens : count(text));
  const { text, shown } = await shortenSource({ source: request.source, summary: request.summary }, budget, counted, reason);
  if (shown.ranges.length === 0) {
    const why = reason === 'budget' ? `--source-tokens ${request.sourceTokens}` : `the ${thousands(budget)} tokens the judge's context leaves for it`;
    throw new SumLensError(
      reason === 'budget' ? 'usage' : 'context-too-long',
      `not one sentence of the ${request.sourceNoun} fits ${why} (${request.purpose}); allow more tokens for the source`,
    );
  }
  // The page's text fits the room the head line would have taken: it is shown whole, not as excerpts.
  if (shown.share >= 1) return { ...whole, window };
  const percent = excerptsHead(shown.share, request.sourceNoun).match(/: (\S+%)/)![1];
  // The window with where it came from (the user's setting, the server's metadata, VS Code's maxInputTokens, the table, an error…).
  const limit =
    reason === 'context' ? `context ${thousands(window!.tokens)} tokens (${window!.detail})` : `source budget ${thousands(request.sourceTokens!)} tokens`;
  const ofText = view.markup ? ` of the page's text (markup removed (${view.markup.kind}): ${view.markup.tags} tags, ${view.markup.entities} entities)` : '';
  return {
    shown: { text, head: excerptsHead(shown.share, request.sourceNoun) },
    sourceShown: reason === 'context' ? { ...shown, window: { tokens: window!.tokens, detail: window!.detail } } : shown,
    fallback: `${SHORTENED_PREFIX}${percent} shown${ofText}, BM25 excerpts, ${limit}`,
    window,
  };
}

/** The provenance line of a source in markup shown whole as its text. */
function markupRemoved(markup: MarkupRemoved): string {
  return `markup removed (${markup.kind}): ${thousands(markup.tags)} tags, ${thousands(markup.entities)} entities; the judge was shown the page's text`;
}

/** The prompt cannot be made to fit by shortening the source: the instructions and the summary alone fill the context. */
/** `tokens`: of the instructions with the reply (`fixed`), the room left for the source, the source and the summary. */
function checkRoom(
  request: SourceFitRequest,
  window: ContextWindow,
  { fixed, budget, sourceTokens, summaryTokens }: { fixed: number; budget: number; sourceTokens: number; summaryTokens: number },
): void {
  const context = `the judge's context of ${thousands(window.tokens)} tokens (${window.detail})`;
  if (summaryTokens > sourceTokens) {
    throw new SumLensError(
      'context-too-long',
      `the summary (${thousands(summaryTokens)} tokens) is longer than its ${request.sourceNoun} (${thousands(sourceTokens)} tokens), and the two do not fit ${context} (${request.purpose}): shortening the ${request.sourceNoun} cannot help; check the inputs or pick a model with a longer context`,
    );
  }
  if (budget < Math.min(MIN_SOURCE_TOKENS, sourceTokens)) {
    throw new SumLensError(
      'context-too-long',
      `${context} cannot hold even the instructions and the summary (${thousands(fixed)} tokens with the reply) for ${request.purpose}; pick a model with a longer context or shorten the summary`,
    );
  }
}

/** Refits after a too-long or cut prompt: the first to the window it taught, one more when the refit still did not fit. */
const MAX_REFITS = 2;

/**
 * Fits the source, asks, and when the server still finds the prompt too long (or cut it
 * without a word) fits again to the window that failure taught the session, and asks again;
 * the provenance line says so. A refit refused in turn is fitted once more (the server may
 * count the shortened prompt differently from the whole one). When refitting fails
 * MAX_REFITS times, or nothing new was learned, the error stands.
 */
export async function askWithFittedSource<T>(
  session: LlmSession,
  request: SourceFitRequest,
  ask: (fit: SourceFit) => Promise<T>,
): Promise<{ value: T; fit: SourceFit }> {
  let fit = await fitSource(session, request);
  for (let refits = 0; ; refits++) {
    try {
      return { value: await ask(fit), fit };
    } catch (error) {
      if (refits >= MAX_REFITS || !isSumLensError(error) || (error.code !== 'context-too-long' && error.code !== 'prompt-truncated')) throw error;
      fit = await refitAfter(error, session, request, fit);
    }
  }
}

/** The fit to the window a too-long or cut prompt taught; the error stands when nothing smaller can be fitted. */
async function refitAfter(error: SumLensError, session: LlmSession, request: SourceFitRequest, fit: SourceFit): Promise<SourceFit> {
  const learned = await session.contextWindow?.(request.signal);
  if (!learned) throw error;
  // The same window again: the server counts more tokens than we did, so keep a wider margin.
  const counted = fit.window && learned.tokens >= fit.window.tokens;
  const window = counted ? { ...learned, tokens: Math.floor(fit.window!.tokens * RECOUNT_SHARE) } : learned;
  const refit = await fitSource(session, request, window);
  if (!refit.sourceShown || !refit.fallback) throw error;
  const cause = error.code === 'prompt-truncated' ? 'the server cut the prompt' : 'the server found the prompt too long';
  // The window it taught is named in the line already.
  const how = counted ? `, to ${Math.round(RECOUNT_SHARE * 100)}% of the window, as the server counts more tokens than SumLens did` : '';
  return { ...refit, fallback: `${refit.fallback} (fitted again after ${cause}${how})` };
}
