/**
 * The facts probe: one number, date or name in the summary swapped for another of the same
 * kind taken from the source (seeded). The summary now states something the source does not:
 * a fair judge scores its consistency lower, and a fine-grained run finds an incorrect fact at
 * the swapped span. An item with nothing to swap (no such fact, or the source has no other
 * of its kind) is skipped.
 */
import type { Random } from '../stats/random';
import type { TextChange } from './textChange';

type FactKind = 'number' | 'date' | 'name';

const DATE_WORDS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
  'Monday',
  'Tuesday',
  'Wednesday',
  'Thursday',
  'Friday',
  'Saturday',
  'Sunday',
];

const PATTERNS: Record<FactKind, RegExp> = {
  number: /\b\d+(?:[.,]\d+)*\b/g,
  date: new RegExp(`\\b(?:${DATE_WORDS.join('|')})\\b`, 'g'),
  // Capitalised words (one or more) not at the start of a sentence: names of people, places, bodies.
  name: /(?<![.!?]\s|^|["'(]\s?)\b[A-Z][a-z]+(?:\s[A-Z][a-z]+)*\b/g,
};

interface Fact {
  kind: FactKind;
  text: string;
  start: number;
}

function factsIn(text: string): Fact[] {
  const facts: Fact[] = [];
  for (const kind of Object.keys(PATTERNS) as FactKind[]) {
    for (const m of text.matchAll(PATTERNS[kind])) {
      if (kind === 'name' && m[0].split(' ').some((w) => DATE_WORDS.includes(w))) continue;
      facts.push({ kind, text: m[0], start: m.index });
    }
  }
  return facts;
}

export function swapFact(summary: string, source: string, random: Random): TextChange {
  const inSource = factsIn(source);
  const swappable = factsIn(summary)
    .map((fact) => ({ fact, others: [...new Set(inSource.filter((o) => o.kind === fact.kind && o.text !== fact.text).map((o) => o.text))] }))
    .filter((c) => c.others.length > 0);
  if (swappable.length === 0) return { skip: 'no number, date or name with another of its kind in the source' };
  const { fact, others } = swappable[Math.floor(random() * swappable.length)];
  const replacement = others[Math.floor(random() * others.length)];
  const text = summary.slice(0, fact.start) + replacement + summary.slice(fact.start + fact.text.length);
  return { text, spans: [{ start: fact.start, end: fact.start + replacement.length }], note: `${fact.kind} "${fact.text}" → "${replacement}"` };
}
