/**
 * Tolerant text normalisation with an exact map back to the original string, so a quote
 * found in the normalised text can be reported as UTF-16 offsets of the original note.
 *
 * Folding (applied per code point, identically to notes and quotes):
 * - every whitespace run (spaces, tabs, CR, LF, NBSP, other Unicode spaces) → one space;
 * - case → lower case; compatibility forms (ligatures, full-width) → their plain letters;
 * - combining marks (accents, emoji variation selectors) are dropped and absorbed into
 *   the preceding character's range, so a span never ends inside a grapheme; the kana voicing
 *   marks are kept (ガ is not カ): ガ and half-width ｶﾞ both fold to カ + U+3099;
 * - so Unicode width and form do not matter (NFKC's equivalences, folded per code point with
 *   the map kept): ２０２５年 is 2025年, ｽｶﾗﾑｰﾁ is スカラムーチ; the ideographic comma and full
 *   stop 、。 are , and . (a judge writes either);
 * - curly / prime quotes → ' or ", dash variants → -, … → ...;
 * - zero-width space, word joiner and soft hyphen are ignored.
 */
import { runNow, type Work } from '../cooperative';

/** Characters folded between two yield points of normalizeSteps. */
const YIELD_EVERY = 16384;

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
const MARKS = /(?![\u3099\u309a])\p{M}/gu;
const SPACE = /\s/u;

/** The folded form of one code point ('' when it is dropped). */
function foldCodePoint(ch: string): string {
  if (SINGLE_QUOTES.test(ch)) return "'";
  if (DOUBLE_QUOTES.test(ch)) return '"';
  if (DASHES.test(ch)) return '-';
  if (ch === '\u2026') return '...';
  if (ch === '\u3001') return ',';
  if (ch === '\u3002') return '.';
  return ch.normalize('NFKD').replace(MARKS, '').toLowerCase();
}

/** Folded forms of the non-ASCII code points met so far (a long note repeats the same few hundred). */
const folds = new Map<string, string>();

function foldOther(ch: string): string {
  let folded = folds.get(ch);
  if (folded === undefined) {
    folded = IGNORED.test(ch) ? '' : foldCodePoint(ch);
    folds.set(ch, folded);
  }
  return folded;
}

/** Code units of folded text, with the original range each came from, in growable typed arrays. */
class FoldedBuilder {
  private codes = new Uint16Array(1024);
  starts = new Int32Array(1024);
  ends = new Int32Array(1024);
  length = 0;

  push(code: number, start: number, end: number): void {
    if (this.length === this.codes.length) {
      const grow = <T extends Uint16Array | Int32Array>(a: T): T => {
        const bigger = new (a.constructor as new (n: number) => T)(a.length * 2);
        bigger.set(a);
        return bigger;
      };
      this.codes = grow(this.codes);
      this.starts = grow(this.starts);
      this.ends = grow(this.ends);
    }
    this.codes[this.length] = code;
    this.starts[this.length] = start;
    this.ends[this.length++] = end;
  }

  result(): NormalizedText {
    let text = '';
    // apply, not a spread: a typed array is passed as it is (a spread builds an array of it first, ten times slower).
    for (let k = 0; k < this.length; k += 8192)
      text += String.fromCharCode.apply(null, this.codes.subarray(k, Math.min(this.length, k + 8192)) as unknown as number[]);
    return { text, starts: this.starts.slice(0, this.length), ends: this.ends.slice(0, this.length) };
  }
}

/**
 * ASCII, nearly all of an English note, folds without regular expressions or Unicode
 * normalisation (a 100,000-word source is indexed in milliseconds, not half a second); other
 * code points fold once each and are remembered. Yields every YIELD_EVERY characters (see
 * cooperative.ts).
 */
export function* normalizeSteps(original: string): Work<NormalizedText> {
  const out = new FoldedBuilder();
  let inSpaceRun = false;
  for (let offset = 0, nextYield = YIELD_EVERY; offset < original.length;) {
    if (offset >= nextYield) {
      yield;
      nextYield = offset + YIELD_EVERY;
    }
    const start = offset;
    const code = original.charCodeAt(offset);
    let space: boolean;
    let folded: string | number;
    if (code < 0x80) {
      offset++;
      space = code === 32 || (code >= 9 && code <= 13);
      folded = code >= 65 && code <= 90 ? code + 32 : code === 0x60 ? 39 : code;
    } else {
      const ch = String.fromCodePoint(original.codePointAt(offset)!);
      offset += ch.length;
      space = SPACE.test(ch);
      folded = space ? 32 : foldOther(ch);
    }
    const end = offset;
    const last = out.length - 1;
    if (space) {
      if (inSpaceRun) {
        out.ends[last] = end; // extend the collapsed run
      } else {
        out.push(32, start, end);
        inSpaceRun = true;
      }
      continue;
    }
    if (folded === '') {
      // Dropped marks belong to the character before them.
      if (last >= 0 && !inSpaceRun) {
        for (let k = last; k >= 0 && out.starts[k] === out.starts[last]; k--) out.ends[k] = end;
      }
      continue;
    }
    inSpaceRun = false;
    if (typeof folded === 'number') out.push(folded, start, end);
    else for (let k = 0; k < folded.length; k++) out.push(folded.charCodeAt(k), start, end);
  }
  return out.result();
}

export function normalizeWithMap(original: string): NormalizedText {
  return runNow(normalizeSteps(original));
}

/** Folded form of a quote for searching: trimmed, same folding as the note. */
export function normalizeQuote(quote: string): string {
  return normalizeWithMap(quote).text.trim();
}
