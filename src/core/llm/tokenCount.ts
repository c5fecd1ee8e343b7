/**
 * How many tokens a text takes for a model. OpenAI's current families (gpt-4o, gpt-4.1,
 * gpt-4.5, gpt-5, the o-series, gpt-oss) share the o200k_base encoding: for them the count is
 * exact, from the gpt-tokenizer package, loaded on first need (about 2.4 MB of ranks kept
 * out of the CLI's start and the extension's activation). The extension ships it; the npm
 * package does not (it alone would double the package), so there it is an optional peer
 * dependency the user may install beside SumLens. Every other model, and an OpenAI one
 * without it, gets the estimate below times ESTIMATE_MARGIN, a count meant to be too high
 * rather than too low.
 */

import { loopTurn } from '../cooperative';
import { BytePairCounter } from './bytePairCount';

/**
 * Tokens a character of Japanese or Chinese takes on average, by kind: a Han character about
 * one, a kana 0.8, CJK punctuation (、。「」) 0.3, which merges with its neighbours. Fitted to
 * o200k_base on JaFaithSum's Japanese news (its 600 sources and summaries: the total within 1%,
 * 99% of the texts within 15%); one token for every wide character, the old rule, overcounted
 * Japanese by a fifth.
 */
export const TOKENS_PER_KANA = 0.8;
export const TOKENS_PER_CJK_PUNCTUATION = 0.3;

/** The estimated tokens of one UTF-16 unit at or above U+2E80 (wide), by its block. */
function wideTokens(code: number): number {
  if (code >= 0x3040 && code <= 0x30ff) return TOKENS_PER_KANA;
  if (code >= 0xff66 && code <= 0xff9f) return TOKENS_PER_KANA; // half-width katakana
  if ((code >= 0x3000 && code <= 0x303f) || (code >= 0xff00 && code <= 0xff0f)) return TOKENS_PER_CJK_PUNCTUATION;
  return 1;
}

/**
 * A rough token count: about 4 characters per token for alphabetic scripts; Japanese, Chinese
 * and other wide characters by wideTokens (a count of characters / 4 would be more than three
 * times too low for them).
 */
export function estimateTokens(text: string): number {
  let narrow = 0;
  let wide = 0;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code >= 0x2e80) wide += wideTokens(code);
    else narrow++;
  }
  return Math.ceil(narrow / 4 + wide);
}

/**
 * About the estimated tokens of the pieces countInSlices counts a long text in: 8,192 characters
 * of English, 2,500 of Japanese (a tokenizer's time goes with the tokens, not the characters;
 * o200k_base takes a few ms for such a piece of Japanese it has not seen).
 */
const COUNT_PIECE_TOKENS = 2048;

/** Where a piece from `from` reaches COUNT_PIECE_TOKENS by the estimate (the text's end at most). */
function pieceEnd(text: string, from: number): number {
  let tokens = 0;
  let at = from;
  while (at < text.length && tokens < COUNT_PIECE_TOKENS) {
    const code = text.charCodeAt(at++);
    tokens += code >= 0x2e80 ? wideTokens(code) : 0.25;
  }
  return at;
}

/**
 * Places a text can be cut without changing its count, where a tokenizer's pre-tokens (and so
 * their merges) never cross: a single space before a word, after something that is not a
 * space (the space starts the word's pre-token); and, in Japanese or Chinese, which has no
 * spaces, right before a sentence's 。！？ that follows a letter or digit (a run of letters or
 * digits ends there, and the mark starts the next pre-token).
 */
const CUT = /(?<=\S) (?=[\p{L}\p{N}])|(?<=[\p{L}\p{N}])[\u3002\uff01\uff1f]/gu;

/** The first cut at or after `at`, or the text's end. */
function cutFrom(text: string, at: number): number {
  CUT.lastIndex = at;
  return CUT.exec(text)?.index ?? text.length;
}

/**
 * Tokens of a long text, counted in pieces with a turn of the event loop between them
 * (cooperative.ts): a real tokenizer takes half a second on a 1,000,000-character Japanese
 * source. The pieces are cut at the places above, so the sum is the whole text's count; an
 * estimate may round up once per piece. A text with no such place is counted whole.
 */
export async function countInSlices(text: string, count: (piece: string) => number): Promise<number> {
  let total = 0;
  for (let from = 0; from < text.length;) {
    const reach = pieceEnd(text, from);
    const to = reach >= text.length ? text.length : cutFrom(text, reach);
    total += count(text.slice(from, to));
    from = to;
    if (from < text.length) await loopTurn();
  }
  return total;
}

/**
 * The safety margin on an estimate: tokenizers with small vocabularies (Mistral's, Llama 2's)
 * take up to ~3.3 characters per English token where the estimate assumes 4, and digits or
 * code take more; 1.25 keeps a budget from overflowing on them.
 */
export const ESTIMATE_MARGIN = 1.25;

/** Framing tokens each chat message adds to its content (role, separators), as OpenAI counts them. */
export const MESSAGE_OVERHEAD_TOKENS = 4;

/** The families whose tokenizer is o200k_base: gpt-4o, 4.1, 4.5, 5 (any version), o1/o3/o4, gpt-oss, chatgpt-4o. */
const o200kFamily = /^(?:[\w.-]+\/)*(?:gpt-4o|gpt-4\.[15]|gpt-5|o[134](?:-|$)|gpt-oss|chatgpt-4o)/i;

export function hasExactTokenizer(model: string): boolean {
  return o200kFamily.test(model.trim());
}

type Encoding = { countTokens(text: string): number };
/** undefined: gpt-tokenizer is not installed (an npm install of SumLens without it). */
let o200k: Promise<Encoding | undefined> | undefined;

/**
 * The encoding's count: SumLens's faster byte-pair count over its ranks (bytePairCount.ts),
 * or, should a version of gpt-tokenizer keep them elsewhere, its own countTokens (the same
 * counts, slower on Japanese and Chinese). Special tokens' markers in a text are counted as
 * the text they are, as a chat API reads a message.
 */
async function importO200k(): Promise<Encoding | undefined> {
  const module = await importTokenizer();
  if (!module) return undefined;
  const counter = BytePairCounter.over(module.default);
  return counter ? { countTokens: (text) => counter.count(text) } : module;
}

/** Empties the caches behind the count (a benchmark's runs each start afresh). */
export async function forgetTokenCounts(): Promise<void> {
  const module = await importTokenizer();
  module?.clearMergeCache();
  BytePairCounter.over(module?.default)?.forget();
}

async function importTokenizer(): Promise<typeof import('gpt-tokenizer') | undefined> {
  try {
    return await import('gpt-tokenizer');
  } catch (error) {
    // Only its absence is expected; a package that is there and fails to load is a fault to report.
    if ((error as NodeJS.ErrnoException).code === 'ERR_MODULE_NOT_FOUND' || (error as NodeJS.ErrnoException).code === 'MODULE_NOT_FOUND') return undefined;
    throw error;
  }
}

/** The provenance note of a model whose exact tokenizer is missing. */
export function tokenizerMissingNote(model: string): string {
  return `tokens of ${model} estimated (characters / 4, ×${ESTIMATE_MARGIN}): its tokenizer, the optional package gpt-tokenizer, is not installed beside SumLens`;
}

/** Counts tokens for one model: exact once `ready()` has resolved where the family is known, else a safe estimate. */
export class TokenCounter {
  private readonly knownFamily: boolean;
  private encoding?: Encoding;

  constructor(model: string) {
    this.knownFamily = hasExactTokenizer(model);
  }

  /**
   * Loads the model's encoding, once per process; a no-op for models counted by estimate.
   * 'missing': the family has an exact tokenizer, but it is not installed.
   */
  async ready(): Promise<'exact' | 'estimate' | 'missing'> {
    if (!this.knownFamily) return 'estimate';
    o200k ??= importO200k();
    this.encoding ??= await o200k;
    return this.encoding ? 'exact' : 'missing';
  }

  /** Tokens for a text: the encoding's count once loaded, otherwise the estimate with its margin. */
  count(text: string): number {
    return this.encoding ? this.encoding.countTokens(text) : Math.ceil(estimateTokens(text) * ESTIMATE_MARGIN);
  }

  /**
   * Tokens the prompt of a chat request takes, without any margin: what the server should
   * report as its prompt_tokens give or take its chat template (used to notice a prompt the
   * server cut). Estimated where no tokenizer is known.
   */
  plain(text: string): number {
    return this.encoding ? this.encoding.countTokens(text) : estimateTokens(text);
  }
}
