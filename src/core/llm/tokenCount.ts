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

/**
 * A rough token count: about 4 characters per token for alphabetic scripts; CJK and other
 * wide characters count one token each (a count of characters / 4 would be four times too
 * low for Chinese or Japanese).
 */
export function estimateTokens(text: string): number {
  let wide = 0;
  for (let i = 0; i < text.length; i++) if (text.charCodeAt(i) >= 0x2e80) wide++;
  return Math.ceil((text.length - wide) / 4) + wide;
}

/** About the length of the pieces countInSlices counts a long text in. */
const COUNT_PIECE = 16_384;

/** Is `at` a place where a text can be cut without changing its count: a single space before a word, after something that is not a space? */
function isWordStart(text: string, at: number): boolean {
  return text[at] === ' ' && /\S/.test(text[at - 1]) && /[\p{L}\p{N}]/u.test(text[at + 1] ?? '');
}

/**
 * Tokens of a long text, counted in pieces with a turn of the event loop between them
 * (cooperative.ts): a real tokenizer takes a noticeable part of a second on a 100,000-word
 * source. The pieces are cut before a space that starts a word, where a tokenizer's
 * pre-tokens (and so their merges) never cross, so the sum is the whole text's count; an
 * estimate may round up once per piece. A text with no such place is counted whole.
 */
export async function countInSlices(text: string, count: (piece: string) => number): Promise<number> {
  let total = 0;
  for (let from = 0; from < text.length;) {
    let to = Math.min(text.length, from + COUNT_PIECE);
    while (to < text.length && !isWordStart(text, to)) to++;
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

async function importO200k(): Promise<Encoding | undefined> {
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
