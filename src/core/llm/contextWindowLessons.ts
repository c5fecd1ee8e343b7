/**
 * What a request teaches about the judge's context window: a too-long error that states it,
 * and a prompt the server cut without a word (the pure check is silentCut.ts). Apart from the
 * session because it is learning from a reply or an error, weighed against what the session
 * already knows, and none of the sending.
 */
import { DEFAULT_QUIRK_TTL_MS, SILENT_QUIRK_TTL_MS, type CapabilityStore } from './capabilityStore';
import type { QuirkNotes } from './quirkNotes';
import { readContextLimit, readPromptCount } from './refusal';
import type { ChatCompletionReply } from './replySchema';
import type { ServerContext } from './serverContext';
import { CUT_CHECK_MIN_TOKENS, isSilentCut, knownCutSizes, promptCutError } from './silentCut';
import { estimateTokens, MESSAGE_OVERHEAD_TOKENS, type TokenCounter } from './tokenCount';
import type { ChatMessage, ContextWindow, Usage } from './types';

/** What the cut-prompt check reads from its session. */
export interface CutPromptContext {
  endpoint: string;
  model: string;
  capabilities: CapabilityStore;
  notes: QuirkNotes;
  tokens: TokenCounter;
  usage: Usage;
  userContext?: { tokens: number };
  /** The server look-up already asked for, if any (never starts one). */
  serverAsked(): Promise<ServerContext> | undefined;
  /** The server look-up, asked once. */
  serverContext(signal?: AbortSignal): Promise<ServerContext>;
  loadTokenizer(): Promise<void>;
}

/** A server that counts at most this much more than SumLens is taken to count alike (chat templates). */
const COUNT_SLACK = 1.02;

/**
 * A too-long error that states the window teaches it (kept a week); the error is still thrown.
 * `counted`: the refused prompt's tokens as SumLens counts them (what fitting uses). Where the
 * server says it counted more, the window is learned scaled to SumLens's count, so the next
 * prompt fitted to it fits the server's (a model whose tokenizer SumLens does not have).
 */
export function learnWindowFromError(notes: QuirkNotes, message: string, counted?: number): void {
  const stated = readContextLimit(message);
  if (stated === undefined) return;
  const words = /\((.*)\); shorten/.exec(message)?.[1] ?? message;
  const said = `the server said: "${words}"`;
  const serverCount = readPromptCount(message);
  const countsMore = counted !== undefined && serverCount !== undefined && serverCount > counted * COUNT_SLACK;
  const scaled = countsMore ? Math.floor((stated * counted) / serverCount) : stated;
  const window: ContextWindow = countsMore
    ? {
        tokens: scaled,
        from: 'error',
        detail: `${said}; it counted ${serverCount} prompt tokens where SumLens counts ${counted}, so ${scaled} by SumLens's count`,
        serverTokens: stated,
      }
    : { tokens: stated, from: 'error', detail: said };
  notes.learn({ contextWindow: window }, said, DEFAULT_QUIRK_TTL_MS, true);
}

/**
 * An answer to a prompt the server cut (its prompt_tokens far below what was sent, or the
 * very size it is known to cut at) is thrown away: the cut size is learned as the window
 * (kept a day) and the call ends in 'prompt-truncated', before anything is cached. A reply
 * that read more than a window learned this way makes it forgotten.
 */
export async function refuseCutPrompt(session: CutPromptContext, messages: ChatMessage[], reply: ChatCompletionReply, signal?: AbortSignal): Promise<void> {
  const reported = reply.usage?.prompt_tokens;
  const learned = session.capabilities.get(session.endpoint, session.model).contextWindow;
  if (reported && learned && reported > (learned.serverTokens ?? learned.tokens)) {
    session.notes.forget(['contextWindow'], `forgot: context window ${learned.tokens} tokens (a reply read ${reported} prompt tokens)`);
  }
  const framing = messages.length * MESSAGE_OVERHEAD_TOKENS;
  if (!reported || messages.reduce((sum, m) => sum + estimateTokens(m.content), framing) < CUT_CHECK_MIN_TOKENS / 2) return;
  await session.loadTokenizer();
  const sent = messages.reduce((sum, m) => sum + session.tokens.plain(m.content), framing);
  const asked = session.serverAsked();
  const server = asked ? await asked.catch((): ServerContext => ({})) : undefined;
  const window = session.userContext?.tokens ?? learned?.tokens ?? server?.window?.tokens;
  if (!isSilentCut(sent, reported, knownCutSizes(server?.kind, window))) return;
  session.usage.promptTokens += reported;
  session.usage.completionTokens += reply.usage?.completion_tokens ?? 0;
  const kind = (await session.serverContext(signal).catch((): ServerContext => ({}))).kind;
  // Worded without the size sent, so that the calls of one run cut alike teach it once.
  const because = `a reply read only ${reported} tokens of a longer prompt, cut without a word`;
  session.notes.learn({ contextWindow: { tokens: reported, from: 'truncation', detail: because } }, because, SILENT_QUIRK_TTL_MS, true);
  throw promptCutError(`${session.endpoint} (${session.model})`, sent, reported, kind);
}
