/**
 * The damage probe: broken language, seeded between two rules: every fifth word dropped, or
 * character typos (two inner letters swapped) in 10% of the words of four letters or more.
 * A fair judge finds the result less fluent (perturbation checklists, Sai et al. 2021).
 */
import type { Span } from '../result';
import type { Random } from '../stats/random';
import type { TextChange } from './textChange';

const WORD = /\S+/g;

export function damageLanguage(summary: string, random: Random): TextChange {
  const body = summary.trim();
  const words = [...body.matchAll(WORD)].map((m) => ({ text: m[0], start: m.index }));
  if (words.length < 5) return { skip: 'fewer than 5 words' };
  return random() < 0.5 ? dropEveryFifthWord(words) : typos(words, random);
}

type Word = { text: string; start: number };

function dropEveryFifthWord(words: Word[]): TextChange {
  const kept = words.filter((_, i) => (i + 1) % 5 !== 0);
  const text = kept.map((w) => w.text).join(' ');
  // The span of each gap: the space where a word was.
  const spans: Span[] = [];
  let at = 0;
  kept.forEach((word, i) => {
    at += word.text.length;
    if ((i + 1) % 4 === 0 && i + 1 < kept.length) spans.push({ start: at, end: at + 1 });
    at += 1;
  });
  return { text, spans, note: 'dropped every fifth word' };
}

function typos(words: Word[], random: Random): TextChange {
  const candidates = words.map((_, i) => i).filter((i) => /^[A-Za-z]{4,}/.test(words[i].text));
  const count = Math.max(1, Math.round(words.length * 0.1));
  const chosen = new Set<number>();
  while (chosen.size < Math.min(count, candidates.length)) chosen.add(candidates[Math.floor(random() * candidates.length)]);
  if (chosen.size === 0) return { skip: 'no word of four letters or more' };
  const spans: Span[] = [];
  let text = '';
  words.forEach((word, i) => {
    if (i > 0) text += ' ';
    let w = word.text;
    if (chosen.has(i)) {
      const letters = w.match(/^[A-Za-z]+/)![0];
      // Two inner letters swapped: never the first or the last, so the word stays recognisable.
      const k = 1 + Math.floor(random() * (letters.length - 3));
      w = w.slice(0, k) + w[k + 1] + w[k] + w.slice(k + 2);
      spans.push({ start: text.length, end: text.length + w.length });
    }
    text += w;
  });
  return { text, spans, note: `typos in ${chosen.size} word(s)` };
}
