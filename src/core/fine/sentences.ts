/**
 * Sentences of a note, for readability (paper §4.3: the share of sentences with issues).
 * Boundaries come from Intl.Segmenter (Unicode sentence rules, built into Node), with what
 * notes and news text need on top:
 * - a line break alone does not end a sentence: a line that stops without . ! ? or : and
 *   goes on in lower case (or ends in , ; ( or a dash) is a wrapped line and runs on into
 *   the next; a blank line, a heading, a list item, and a line that stops where the next
 *   one starts in capitals (one item per line) each end their sentence;
 * - no sentence ends after a known abbreviation ("Dr.", "e.g.") or letters with dots
 *   ("U.S.", "J."), which the Unicode rules split before a capital;
 * - headings and pieces without any letter or digit are not sentences;
 * - a CJK text (told by its script) is split by its own rules instead of the Unicode ones,
 *   which would carry an opening 「 or （ over to the sentence before it (longSource/cjk.ts).
 */
import type { Span } from '../result';
import { ABBREVIATIONS as COMMON_ABBREVIATIONS } from '../longSource/abbreviations';
import { cjkSentenceSteps, isCjkText } from '../longSource/cjk';
import { runNow } from '../cooperative';
import { headingName, lines } from './sections';

const ABBREVIATIONS = new Set(COMMON_ABBREVIATIONS);
const LIST_ITEM = /^\s*(?:[-*•‣◦–]|\d{1,3}[.)]|[a-z][.)])\s+/u;
const ENDS_SENTENCE = /[.!?:]["'\u201d\u2019)]*\s*$/u;
const WRAPS_ON = /[,;(\u2013\u2014-]\s*$/u;

// Made on first use: building it loads ICU's sentence rules, which a run without fine-grained work never needs.
let segmenter: Intl.Segmenter | undefined;

function endsWithAbbreviation(text: string): boolean {
  const word = /(?:^|[\s("'\u201c])([\p{L}.]+)\.$/u.exec(text.trimEnd())?.[1]?.toLowerCase();
  return word !== undefined && (ABBREVIATIONS.has(word) || /^(?:\p{L}\.)*\p{L}$/u.test(word));
}

/** Does the line break after `line` sit inside a sentence? */
function runsOn(line: string, next: string): boolean {
  if (next.trim() === '' || LIST_ITEM.test(next) || headingName(next) !== null || ENDS_SENTENCE.test(line)) return false;
  return WRAPS_ON.test(line) || /^\s*\p{Ll}/u.test(next);
}

/** Stretches of lines that are one running text (line breaks inside them are not boundaries). */
function runs(text: string): Span[] {
  const result: Span[] = [];
  let current: Span | null = null;
  let previous = '';
  for (const line of lines(text)) {
    if (line.text.trim() === '' || headingName(line.text) !== null) {
      current = null;
      continue;
    }
    if (current && runsOn(previous, line.text)) current.end = line.end;
    else result.push((current = { start: line.start, end: line.end }));
    previous = line.text;
  }
  return result;
}

export function splitSentences(text: string): Span[] {
  const sentences: Span[] = [];
  const cjk = isCjkText(text);
  for (const run of runs(text)) {
    if (cjk) {
      sentences.push(...runNow(cjkSentenceSteps(text, run.start, run.end)));
      continue;
    }
    // Line breaks inside a run become spaces (same length, so offsets hold).
    const flat = text.slice(run.start, run.end).replace(/[\r\n]/g, ' ');
    let start: number | null = null;
    for (const { segment, index } of (segmenter ??= new Intl.Segmenter('en', { granularity: 'sentence' })).segment(flat)) {
      start ??= index;
      const end = index + segment.length;
      if (end < flat.length && endsWithAbbreviation(flat.slice(start, end))) continue;
      const piece = flat.slice(start, end);
      if (/[\p{L}\p{N}]/u.test(piece)) {
        const lead = piece.length - piece.trimStart().length;
        sentences.push({ start: run.start + start + lead, end: run.start + start + piece.trimEnd().length });
      }
      start = null;
    }
  }
  return sentences;
}
