/**
 * Locating quotes (entity references, judge evidence, readability issues) in a note as
 * UTF-16 offsets — JS string indices, which is what VS Code positions use.
 *
 * Tiers, the first that finds anything wins:
 * 1. exact: the quote (trimmed) occurs verbatim;
 * 2. normalised: equal after folding whitespace runs, case, quotes, dashes (normalize.ts);
 * 3. elided: a quote shortened with "..." or "…" whose parts are each found (by these
 *    same tiers), in order, each within ELISION_MAX_GAP characters of the previous one;
 *    the span runs from the first part to the last;
 * 4. fuzzy: the best window of the normalised note whose similarity
 *    (1 − edit distance ÷ quote length) is at least FUZZY_THRESHOLD; quotes shorter than
 *    FUZZY_MIN_LENGTH folded characters are not searched fuzzily (too many chance hits).
 * Otherwise the quote is unlocated: no position is ever guessed.
 *
 * A quote found more than once (repeated phrases) is resolved by context: see chooseOccurrence
 * and locateQuoteGroup.
 */
import { runInSlices, runNow, type Work } from '../cooperative';
import { fuzzyFind, fuzzyIndexSteps, type FuzzyIndex } from './fuzzy';
import { normalizeQuote, normalizeSteps, type NormalizedText } from './normalize';

export const FUZZY_THRESHOLD = 0.8;
export const FUZZY_MIN_LENGTH = 12;
export const ELISION_MAX_GAP = 500;

export type MatchTier = 'exact' | 'normalized' | 'elided' | 'fuzzy';

export interface Located {
  start: number;
  end: number;
  tier: MatchTier;
  similarity: number;
}

/** A note prepared for many searches (the folded text and its fuzzy index are built once). */
export interface NoteIndex {
  text: string;
  normalized: NormalizedText;
  fuzzy: FuzzyIndex;
}

export interface LocateOptions {
  /** Prefer an occurrence at or after this offset (e.g. where the previous entity was found). */
  after?: number;
  threshold?: number;
}

function* noteIndexSteps(text: string): Work<NoteIndex> {
  const normalized = yield* normalizeSteps(text);
  return { text, normalized, fuzzy: yield* fuzzyIndexSteps(normalized.text) };
}

export function indexNote(text: string): NoteIndex {
  return runNow(noteIndexSteps(text));
}

/** indexNote in slices (cooperative.ts): a long source's index without freezing the event loop. */
export function indexNoteInSlices(text: string): Promise<NoteIndex> {
  return runInSlices(noteIndexSteps(text));
}

function allOccurrences(haystack: string, needle: string): number[] {
  const found: number[] = [];
  for (let i = haystack.indexOf(needle); i !== -1; i = haystack.indexOf(needle, i + 1)) found.push(i);
  return found;
}

/** Every place the quote can be found, from the best tier that finds it at all, in note order. */
export function findOccurrences(index: NoteIndex, quote: string, threshold = FUZZY_THRESHOLD): Located[] {
  const trimmed = quote.trim();
  if (trimmed === '') return [];
  const exact = allOccurrences(index.text, trimmed);
  if (exact.length > 0) return exact.map((start) => ({ start, end: start + trimmed.length, tier: 'exact', similarity: 1 }));

  const folded = normalizeQuote(trimmed);
  if (folded === '') return [];
  const { starts, ends, text } = index.normalized;
  const toOriginal = (s: number, e: number) => ({ start: starts[s], end: ends[e - 1] });
  const normal = allOccurrences(text, folded);
  if (normal.length > 0) return normal.map((s) => ({ ...toOriginal(s, s + folded.length), tier: 'normalized', similarity: 1 }));

  const elided = findElided(index, trimmed, threshold);
  if (elided.length > 0) return elided;

  if (folded.length < FUZZY_MIN_LENGTH) return [];
  return fuzzyFind(index.fuzzy, folded, threshold).map((m) => ({
    ...toOriginal(m.start, m.end),
    tier: 'fuzzy',
    similarity: m.similarity,
  }));
}

const ELLIPSIS = /\s*(?:\.{3,}|\u2026)\s*/;

/** Occurrences of a quote with elisions: its parts in order, close together. */
function findElided(index: NoteIndex, quote: string, threshold: number): Located[] {
  const parts = quote.split(ELLIPSIS).filter((p) => normalizeQuote(p) !== '');
  if (parts.length < 2) return [];
  const occurrences = parts.map((p) => findOccurrences(index, p, threshold));
  if (occurrences.some((o) => o.length === 0)) return [];
  const found: Located[] = [];
  for (const first of occurrences[0]) {
    let last = first;
    let similarity = first.similarity;
    for (const next of occurrences.slice(1)) {
      const follower = next.find((o) => o.start >= last.end && o.start - last.end <= ELISION_MAX_GAP);
      if (!follower) {
        similarity = -1;
        break;
      }
      last = follower;
      similarity = Math.min(similarity, follower.similarity);
    }
    if (similarity >= 0) found.push({ start: first.start, end: last.end, tier: 'elided', similarity });
  }
  return found;
}

/**
 * Pick one of several occurrences: the one nearest to `anchor` (ties: the earlier); else
 * the first at or after `after` (reading order), or the last one before it; else the first.
 */
export function chooseOccurrence(candidates: Located[], context: { anchor?: number; after?: number } = {}): Located | null {
  if (candidates.length === 0) return null;
  const { anchor, after } = context;
  if (anchor !== undefined) {
    let best = candidates[0];
    for (const c of candidates) if (Math.abs(c.start - anchor) < Math.abs(best.start - anchor)) best = c;
    return best;
  }
  if (after !== undefined) return candidates.find((c) => c.start >= after) ?? candidates[candidates.length - 1];
  return candidates[0];
}

export function locateQuote(index: NoteIndex, quote: string, opts: LocateOptions = {}): Located | null {
  return chooseOccurrence(findOccurrences(index, quote, opts.threshold), { after: opts.after });
}

/**
 * Locate the quotes of one entity together. Quotes found exactly once anchor the entity;
 * a quote found several times takes the occurrence nearest to the anchors (the median of
 * their starts), else the first at or after `after` — callers pass where the previous
 * entity of the same note was found, since entities are extracted in note order.
 */
export function locateQuoteGroup(index: NoteIndex, quotes: string[], opts: LocateOptions = {}): (Located | null)[] {
  const candidates = quotes.map((q) => findOccurrences(index, q, opts.threshold));
  const anchors = candidates
    .filter((c) => c.length === 1)
    .map((c) => c[0].start)
    .sort((a, b) => a - b);
  const anchor = anchors.length > 0 ? anchors[Math.floor(anchors.length / 2)] : undefined;
  return candidates.map((c) => chooseOccurrence(c, { anchor, after: opts.after }));
}
