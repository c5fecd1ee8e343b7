/**
 * Tolerant text normalisation with an exact map back to the original string, so a quote
 * found in the normalised text can be reported as UTF-16 offsets of the original note.
 *
 * Folding (applied per code point, identically to notes and quotes):
 * - every whitespace run (spaces, tabs, CR, LF, NBSP, other Unicode spaces) → one space;
 * - case → lower case; compatibility forms (ligatures, full-width) → their plain letters;
 * - combining marks (accents, emoji variation selectors) are dropped and absorbed into
 *   the preceding character's range, so a span never ends inside a grapheme;
 * - curly / prime quotes → ' or ", dash variants → -, … → ...;
 * - zero-width space, word joiner and soft hyphen are ignored.
 */

export interface NormalizedText {
  /** The folded text. */
  text: string;
  /** For each code unit of `text`: start offset of the original character it came from. */
  starts: Int32Array;
  /** For each code unit of `text`: end offset (exclusive) of the original character(s) it came from. */
  ends: Int32Array;
}

const SINGLE_QUOTES = /[\u2018\u2019\u201A\u201B\u2032\u2035\u0060\u00B4]/u;
const DOUBLE_QUOTES = /[\u201C\u201D\u201E\u201F\u2033\u2036\u00AB\u00BB]/u;
const DASHES = /[\u2010\u2011\u2012\u2013\u2014\u2015\u2212\uFE58\uFE63\uFF0D]/u;
const IGNORED = /[\u200B\u2060\u00AD]/u;
const MARKS = /\p{M}/gu;
const SPACE = /\s/u;

/** The folded form of one code point ('' when it is dropped). */
function foldCodePoint(ch: string): string {
  if (SINGLE_QUOTES.test(ch)) return "'";
  if (DOUBLE_QUOTES.test(ch)) return '"';
  if (DASHES.test(ch)) return '-';
  if (ch === '\u2026') return '...';
  return ch.normalize('NFKD').replace(MARKS, '').toLowerCase();
}

export function normalizeWithMap(original: string): NormalizedText {
  const out: string[] = [];
  const starts: number[] = [];
  const ends: number[] = [];
  let offset = 0;
  let inSpaceRun = false;
  for (const ch of original) {
    const start = offset;
    const end = offset + ch.length;
    offset = end;
    const last = out.length - 1;
    if (SPACE.test(ch)) {
      if (inSpaceRun) {
        ends[last] = end; // extend the collapsed run
      } else {
        out.push(' ');
        starts.push(start);
        ends.push(end);
        inSpaceRun = true;
      }
      continue;
    }
    const folded = IGNORED.test(ch) ? '' : foldCodePoint(ch);
    if (folded === '') {
      // Dropped marks belong to the character before them.
      if (last >= 0 && !inSpaceRun) {
        for (let k = last; k >= 0 && starts[k] === starts[last]; k--) ends[k] = end;
      }
      continue;
    }
    inSpaceRun = false;
    for (let k = 0; k < folded.length; k++) {
      out.push(folded[k]);
      starts.push(start);
      ends.push(end);
    }
  }
  return { text: out.join(''), starts: Int32Array.from(starts), ends: Int32Array.from(ends) };
}

/** Folded form of a quote for searching: trimmed, same folding as the note. */
export function normalizeQuote(quote: string): string {
  return normalizeWithMap(quote).text.trim();
}
