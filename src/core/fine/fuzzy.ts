/**
 * Approximate substring search over a (normalised) note: the windows of the note whose
 * edit distance to the quote is smallest. Built for notes of ~50k characters and a few
 * hundred quotes: a trigram-overlap sliding window (O(note) per quote) proposes a few
 * candidate regions, and only those are aligned exactly (Sellers' semi-global edit
 * distance, O(quote × region)).
 */
import type { Work } from '../cooperative';

export interface FuzzyIndex {
  text: string;
  /** Trigram id at each position (−1 past the end). */
  trigramIds: Int32Array;
  ids: Map<string, number>;
  /** Scratch buffers sized to the trigram vocabulary, reused between searches. */
  need: Int32Array;
  have: Int32Array;
}

export interface FuzzyMatch {
  start: number;
  end: number;
  /** 1 − edit distance ÷ quote length. */
  similarity: number;
}

/** Trigrams indexed between two yield points of fuzzyIndexSteps. */
const YIELD_EVERY = 16384;

/** The trigram index of a (normalised) note; yields every YIELD_EVERY positions (cooperative.ts). */
export function* fuzzyIndexSteps(text: string): Work<FuzzyIndex> {
  const ids = new Map<string, number>();
  const count = Math.max(0, text.length - 2);
  const trigramIds = new Int32Array(count);
  for (let i = 0; i < count; i++) {
    if (i % YIELD_EVERY === YIELD_EVERY - 1) yield;
    const tri = text.slice(i, i + 3);
    let id = ids.get(tri);
    if (id === undefined) {
      id = ids.size;
      ids.set(tri, id);
    }
    trigramIds[i] = id;
  }
  return { text, trigramIds, ids, need: new Int32Array(ids.size), have: new Int32Array(ids.size) };
}

/** Start positions of the most promising windows of quote length, by shared trigrams. */
function candidateStarts(index: FuzzyIndex, quote: string, minShared: number, maxCandidates: number): number[] {
  const { trigramIds, need, have } = index;
  const windowSize = quote.length - 2;
  const quoteIds: number[] = [];
  for (let i = 0; i + 3 <= quote.length; i++) {
    const id = index.ids.get(quote.slice(i, i + 3));
    if (id !== undefined) {
      need[id]++;
      quoteIds.push(id);
    }
  }
  // Window starts bucketed by shared-trigram count: no sort, best buckets read first.
  const buckets: number[][] = Array.from({ length: windowSize + 1 }, () => []);
  let shared = 0;
  const total = trigramIds.length;
  for (let i = 0; i < total; i++) {
    const added = trigramIds[i];
    if (have[added] < need[added]) shared++;
    have[added]++;
    const leaving = i - windowSize;
    if (leaving >= 0) {
      const removed = trigramIds[leaving];
      have[removed]--;
      if (have[removed] < need[removed]) shared--;
    }
    if (shared >= minShared) buckets[shared].push(Math.max(0, i - windowSize + 1));
  }
  // Reset scratch buffers for the next search.
  for (const id of quoteIds) need[id] = 0;
  for (let i = Math.max(0, total - windowSize); i < total; i++) have[trigramIds[i]] = 0;

  const chosen: number[] = [];
  const separation = Math.max(1, Math.floor(quote.length / 2));
  for (let count = windowSize; count >= minShared && chosen.length < maxCandidates; count--) {
    for (const start of buckets[count]) {
      if (chosen.every((c) => Math.abs(c - start) >= separation)) chosen.push(start);
      if (chosen.length >= maxCandidates) break;
    }
  }
  return chosen;
}

/** Smallest edit distance of `quote` to any substring of text[from,to) ending at each position. */
function bestEnd(quote: string, text: string, from: number, to: number): { end: number; distance: number } {
  const m = quote.length;
  let col = new Int32Array(m + 1);
  let next = new Int32Array(m + 1);
  for (let i = 0; i <= m; i++) col[i] = i;
  let best = { end: from, distance: m };
  for (let j = from; j < to; j++) {
    next[0] = 0; // a match may start anywhere
    const c = text.charCodeAt(j);
    for (let i = 1; i <= m; i++) {
      const sub = col[i - 1] + (quote.charCodeAt(i - 1) === c ? 0 : 1);
      next[i] = Math.min(sub, col[i] + 1, next[i - 1] + 1);
    }
    [col, next] = [next, col];
    if (col[m] < best.distance) best = { end: j + 1, distance: col[m] };
  }
  return best;
}

/** Start of the best alignment of `quote` that ends exactly at `end` (searching back to `from`). */
function bestStart(quote: string, text: string, from: number, end: number): number {
  const m = quote.length;
  let col = new Int32Array(m + 1);
  let next = new Int32Array(m + 1);
  for (let i = 0; i <= m; i++) col[i] = i;
  let best = { start: end, distance: col[m] };
  // Walk the text backwards, matching the quote from its last character.
  for (let j = end - 1; j >= from; j--) {
    next[0] = end - j;
    const c = text.charCodeAt(j);
    for (let i = 1; i <= m; i++) {
      const sub = col[i - 1] + (quote.charCodeAt(m - i) === c ? 0 : 1);
      next[i] = Math.min(sub, col[i] + 1, next[i - 1] + 1);
    }
    [col, next] = [next, col];
    if (col[m] < best.distance) best = { start: j, distance: col[m] };
  }
  return best.start;
}

const WORD = /[\p{L}\p{N}]/u;

/** Widen a window to whole words (a fuzzy window may cut a word), by at most `limit` characters. */
function snapToWords(text: string, start: number, end: number, limit: number): [number, number] {
  let s = start;
  while (s > 0 && start - s < limit && WORD.test(text[s - 1]) && WORD.test(text[s])) s--;
  let e = end;
  while (e < text.length && e - end < limit && WORD.test(text[e]) && WORD.test(text[e - 1])) e++;
  return [s, e];
}

/**
 * Best windows with similarity ≥ threshold (several when equally good in different
 * places, so the caller can choose the occurrence that fits the context).
 */
export function fuzzyFind(index: FuzzyIndex, quote: string, threshold: number): FuzzyMatch[] {
  const m = quote.length;
  if (m < 3 || index.text.length < 3) return [];
  const maxDistance = Math.floor((1 - threshold) * m);
  // Each edit destroys at most 3 trigrams, and misalignment of the window costs ~1 per edit.
  const minShared = Math.max(1, m - 2 - 4 * maxDistance);
  const starts = candidateStarts(index, quote, minShared, 5);
  const matches: FuzzyMatch[] = [];
  for (const s of starts) {
    const from = Math.max(0, s - maxDistance - 2);
    const to = Math.min(index.text.length, s + m + maxDistance + 2);
    const { end, distance } = bestEnd(quote, index.text, from, to);
    if (distance > maxDistance) continue;
    const start = bestStart(quote, index.text, from, end);
    const [a, b] = snapToWords(index.text, start, end, 12);
    const similarity = 1 - distance / m;
    if (!matches.some((x) => x.start === a && x.end === b)) matches.push({ start: a, end: b, similarity });
  }
  if (matches.length === 0) return [];
  const top = Math.max(...matches.map((x) => x.similarity));
  return matches.filter((x) => x.similarity >= top - 1e-9).sort((x, y) => x.start - y.start);
}
