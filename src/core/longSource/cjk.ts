/**
 * Text written without spaces between words (Japanese, Chinese): told apart by its script,
 * and split into sentences by the rules of those languages, not English ones.
 * - A sentence ends at 。！？ (full-width, or a run of them: "？？？"), with the closing
 *   brackets and quotes after them (」』）】〕”’) kept in the sentence, no space needed.
 * - A mark inside brackets or quotes that are still open does not end the sentence: in
 *   「…だ。…だ」と述べた。 the quotation is part of the sentence that reports it (the convention
 *   of Japanese news text, and of the JaFaithSum annotations); a quotation closed right after
 *   its mark (「…だ。」) ends a sentence unless the particle と follows.
 * - A line break ends a sentence (CJK prose is not wrapped by hand); a piece without a letter
 *   or digit is not a sentence. Offsets are UTF-16 code units, trimmed of white space.
 */
import type { Work } from '../cooperative';
import type { Span } from '../result';

const CJK_LETTER = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/u;
const LETTER = /\p{L}/u;
/** A text is CJK when at least this share of its letters (sampled) are Han, kana or Hangul. */
const CJK_SHARE = 0.3;
/** Letters read to decide: the script of a long text shows in its first few thousand. */
const SAMPLE = 4000;

export function isCjkText(text: string): boolean {
  let letters = 0;
  let cjk = 0;
  for (const ch of text) {
    if (!LETTER.test(ch)) continue;
    letters++;
    if (CJK_LETTER.test(ch)) cjk++;
    if (letters >= SAMPLE) break;
  }
  return letters > 0 && cjk >= letters * CJK_SHARE;
}

const TERMINATORS = new Set(['\u3002', '\uff01', '\uff1f', '\uff61']);
const OPENERS = new Set(['\u300c', '\u300e', '\uff08', '(', '\u3010', '\u3014', '\u201c', '\u2018', '\u3008', '\u300a']);
const CLOSERS = new Set(['\u300d', '\u300f', '\uff09', ')', '\u3011', '\u3015', '\u201d', '\u2019', '\u3009', '\u300b']);
/** Characters read between two yield points of cjkSentenceSteps. */
const YIELD_EVERY = 16384;

function pushTrimmed(text: string, start: number, end: number, into: Span[]): void {
  while (start < end && /\s/.test(text[start])) start++;
  while (end > start && /\s/.test(text[end - 1])) end--;
  if (end > start && /[\p{L}\p{N}]/u.test(text.slice(start, end))) into.push({ start, end });
}

/** The sentences of a CJK text (see the file's comment); yields now and then (cooperative.ts). */
export function* cjkSentenceSteps(text: string, from = 0, to = text.length): Work<Span[]> {
  const sentences: Span[] = [];
  let start = from;
  let depth = 0;
  for (let i = from; i < to; i++) {
    if (i % YIELD_EVERY === YIELD_EVERY - 1) yield;
    const ch = text[i];
    if (ch === '\n') {
      pushTrimmed(text, start, i, sentences);
      start = i + 1;
      depth = 0;
    } else if (OPENERS.has(ch)) depth++;
    else if (CLOSERS.has(ch)) {
      depth = Math.max(0, depth - 1);
      // 「行く。」次の文: a quotation that ends a sentence of its own, unless the particle と reports it.
      if (depth === 0 && TERMINATORS.has(text[i - 1]) && text[i + 1] !== '\u3068') {
        let end = i + 1;
        while (end < to && CLOSERS.has(text[end])) end++;
        pushTrimmed(text, start, end, sentences);
        start = end;
        i = end - 1;
      }
    } else if (TERMINATORS.has(ch) && depth === 0) {
      let end = i + 1;
      while (end < to && TERMINATORS.has(text[end])) end++;
      while (end < to && CLOSERS.has(text[end])) end++;
      pushTrimmed(text, start, end, sentences);
      start = end;
      i = end - 1;
    }
  }
  pushTrimmed(text, start, to, sentences);
  return sentences;
}
