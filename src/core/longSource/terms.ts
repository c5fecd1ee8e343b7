/**
 * Terms for lexical ranking: lower-cased words of letters and digits (an apostrophe inside a
 * word keeps it whole); a run of CJK characters (Han, kana, Hangul) gives its character
 * bigrams (one character alone is its own term), since those scripts put no spaces between
 * words. A hand-written scan: a Unicode-property regex over a whole book is several times slower.
 */
const LETTER_OR_DIGIT = /[\p{L}\p{N}]/u;
const CJK = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/u;

const enum Kind {
  Other,
  Word,
  Cjk,
}

function kindOf(code: number, char: string): Kind {
  if (code < 0x80) return (code >= 0x61 && code <= 0x7a) || (code >= 0x41 && code <= 0x5a) || (code >= 0x30 && code <= 0x39) ? Kind.Word : Kind.Other;
  if (code >= 0x2e80 && CJK.test(char)) return Kind.Cjk;
  return LETTER_OR_DIGIT.test(char) ? Kind.Word : Kind.Other;
}

export function termsOf(original: string): string[] {
  const text = original.toLowerCase();
  const terms: string[] = [];
  let i = 0;
  while (i < text.length) {
    const kind = kindOf(text.charCodeAt(i), text[i]);
    if (kind === Kind.Other) {
      i++;
      continue;
    }
    const start = i;
    for (;;) {
      i++;
      if (i >= text.length) break;
      const next = kindOf(text.charCodeAt(i), text[i]);
      if (next === kind) continue;
      // "mayor's", "don’t": the apostrophe joins two parts of one word.
      const apostrophe = kind === Kind.Word && (text[i] === "'" || text[i] === '\u2019');
      if (!apostrophe || i + 1 >= text.length || kindOf(text.charCodeAt(i + 1), text[i + 1]) !== Kind.Word) break;
    }
    const word = text.slice(start, i);
    if (kind === Kind.Word) terms.push(word);
    else if (word.length === 1) terms.push(word);
    else for (let j = 0; j + 1 < word.length; j++) terms.push(word.slice(j, j + 2));
  }
  return terms;
}
