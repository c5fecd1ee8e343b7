/**
 * Sentences of a note, for readability (paper §4.3: the share of sentences with issues).
 * A sentence ends at . ! or ? followed by whitespace (not after a common abbreviation or
 * an initial), or at a line break: in notes each list item and line is a unit of its own.
 * Headings and lines without any letter or digit are not sentences.
 */
import type { Span } from '../result';
import { headingName, lines } from './sections';

const ABBREVIATIONS = new Set(['dr', 'mr', 'mrs', 'ms', 'prof', 'st', 'vs', 'etc', 'e.g', 'i.e', 'no', 'approx', 'fig', 'jr', 'sr']);

function endsWithAbbreviation(text: string): boolean {
  const word = /([\p{L}.]+)\.$/u.exec(text)?.[1]?.toLowerCase();
  return word !== undefined && (ABBREVIATIONS.has(word) || /^\p{L}$/u.test(word));
}

export function splitSentences(text: string): Span[] {
  const sentences: Span[] = [];
  const push = (start: number, end: number) => {
    const slice = text.slice(start, end);
    if (!/[\p{L}\p{N}]/u.test(slice)) return;
    const lead = slice.length - slice.trimStart().length;
    const trail = slice.length - slice.trimEnd().length;
    sentences.push({ start: start + lead, end: end - trail });
  };
  for (const line of lines(text)) {
    if (headingName(line.text) !== null) continue;
    let start = line.start;
    const boundary = /[.!?]+["'\u201d\u2019)]*(?=\s)/g;
    for (let m = boundary.exec(line.text); m; m = boundary.exec(line.text)) {
      const end = line.start + m.index + m[0].length;
      if (m[0].startsWith('.') && m[0].length === 1 && endsWithAbbreviation(text.slice(start, end))) continue;
      push(start, end);
      start = end;
    }
    push(start, line.end);
  }
  return sentences;
}
