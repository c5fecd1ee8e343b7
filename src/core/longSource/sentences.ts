/**
 * Sentences of a source of any length, with exact character offsets, for ranking against a
 * summary. Coarser than fine/sentences.ts (which serves readability) and linear in the text:
 * one pass over boundary marks, so a 100,000-word document splits in milliseconds.
 * - English: . ! ? (and the closing quotes or brackets after them) before white space, except
 *   after a known abbreviation or a single letter ("Dr.", "U.S.") or before a lower-case word;
 *   in a text that is almost all lower case (a lower-cased corpus) a lower-case word may begin
 *   a sentence, so there only the abbreviations keep a period from ending one;
 * - CJK text (told by its script, cjk.ts): 。！？ with the closing 」』）” kept, none inside open
 *   brackets, every line break (cjk.ts); pieces longer than a window are cut as below;
 * - a blank line, and a line break before a line that does not go on in lower case;
 * - a stretch with no such mark (a transcript on one line, a CJK text without punctuation) is
 *   cut into windows of about WINDOW_UNITS, at a space where there is one.
 * Pieces without a letter or digit are not sentences. Offsets are UTF-16 code units.
 */
import { runNow, type Work } from '../cooperative';
import type { Span } from '../result';
import { ABBREVIATIONS as COMMON_ABBREVIATIONS } from './abbreviations';
import { cjkSentenceSteps, isCjkText } from './cjk';

const BOUNDARY = /[.!?]+["'\u201d\u2019)\]]*(?=\s|$)|[\u3002\uff01\uff1f]+[\u300d\u300f\uff09\u3011"\u201d\u2019]*|\n[ \t\r]*\n\s*|\n(?=\s*[^\s\p{Ll}])/gu;
// Cited prose adds "etc." and "et al." to the common list.
const ABBREVIATIONS = new Set([...COMMON_ABBREVIATIONS, 'etc', 'al']);
/**
 * Longest piece kept whole, in width units: a narrow character is 1, a wide (CJK) one 4, since
 * it is about a token on its own. 600 units is about 150 tokens either way.
 */
const WINDOW_UNITS = 600;
const WIDE_FROM = 0x2e80;

/** A text is lower-cased when fewer than this share of its ASCII letters are capitals (running English has 3–5%). */
const LOWER_CASED_CAPITALS = 0.005;

function isLowerCased(text: string): boolean {
  let letters = 0;
  let capitals = 0;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i) | 0x20; // folds A–Z onto a–z
    if (code >= 0x61 && code <= 0x7a) {
      letters++;
      if (text.charCodeAt(i) < 0x61) capitals++;
    }
  }
  return letters > 0 && capitals < letters * LOWER_CASED_CAPITALS;
}

/**
 * Does the period ending at `end` (exclusive) close an abbreviation rather than a sentence?
 * Unless the text is lower-cased, a lower-case word after it also says the sentence goes on.
 */
function isAbbreviation(text: string, markStart: number, end: number, lowerCased: boolean): boolean {
  if (text[markStart] !== '.' || end - markStart > 1) return false;
  let from = markStart;
  while (from > 0 && /[\p{L}.]/u.test(text[from - 1])) from--;
  const word = text.slice(from, markStart).toLowerCase();
  if (ABBREVIATIONS.has(word) || /^(?:\p{L}\.)*\p{L}$/u.test(word)) return true;
  if (lowerCased) return false;
  // "... approx. three" or "e.g. the": the next word in lower case goes on.
  const next = /\S/.exec(text.slice(end, end + 40));
  return next !== null && /\p{Ll}/u.test(next[0]);
}

/** Split [start, end) into windows of at most WINDOW_UNITS, cutting at white space when there is some near the limit. */
function windows(text: string, start: number, end: number, into: Span[]): void {
  let from = start;
  while (from < end) {
    let units = 0;
    let at = from;
    while (at < end && units < WINDOW_UNITS) units += text.charCodeAt(at++) >= WIDE_FROM ? 4 : 1;
    if (at < end) {
      // Back up to the last space in the window's final quarter, if there is one.
      let space = at;
      while (space > at - WINDOW_UNITS / 4 && space > from && !/\s/.test(text[space - 1])) space--;
      if (space > from && /\s/.test(text[space - 1])) at = space;
    }
    pushTrimmed(text, from, at, into);
    from = at;
  }
}

function pushTrimmed(text: string, start: number, end: number, into: Span[]): void {
  while (start < end && /\s/.test(text[start])) start++;
  while (end > start && /\s/.test(text[end - 1])) end--;
  if (end > start && /[\p{L}\p{N}]/u.test(text.slice(start, end))) into.push({ start, end });
}

function widthOf(text: string, start: number, end: number): number {
  let units = 0;
  for (let i = start; i < end; i++) units += text.charCodeAt(i) >= WIDE_FROM ? 4 : 1;
  return units;
}

/** Boundary marks read between two yield points of sentenceSteps. */
const YIELD_EVERY = 512;

/** The sentences of `text`, in order, as trimmed character spans; yields now and then (cooperative.ts). */
export function* sentenceSteps(text: string): Work<Span[]> {
  const sentences: Span[] = [];
  const emit = (start: number, end: number): void => {
    if (widthOf(text, start, end) > WINDOW_UNITS) windows(text, start, end, sentences);
    else pushTrimmed(text, start, end, sentences);
  };
  if (isCjkText(text)) {
    for (const s of yield* cjkSentenceSteps(text)) emit(s.start, s.end);
    return sentences;
  }
  const lowerCased = isLowerCased(text);
  yield;
  let start = 0;
  let marks = 0;
  for (const mark of text.matchAll(BOUNDARY)) {
    if (++marks % YIELD_EVERY === 0) yield;
    const end = mark.index + mark[0].length;
    if (isAbbreviation(text, mark.index, end, lowerCased)) continue;
    emit(start, end);
    start = end;
  }
  emit(start, text.length);
  return sentences;
}

export function splitSourceSentences(text: string): Span[] {
  return runNow(sentenceSteps(text));
}
