/**
 * Okapi BM25 over a fixed set of passages (the source's sentences), indexed once: an inverted
 * index from term to (passage, count), so a query costs the postings of its own terms only.
 * The postings are flat typed arrays (compressed rows by term), built in two passes, which
 * keeps indexing a 100,000-word book within tens of milliseconds.
 * k1 = 1.2, b = 0.75 (Robertson and Zaragoza's usual values); idf = ln(1 + (N − n + ½)/(n + ½)),
 * which stays positive for a term found in most passages.
 *
 * The same postings also rank windows of neighbouring passages as passages of their own
 * (passage-level evidence: Callan, "Passage-Level Evidence in Document Retrieval", SIGIR 1994):
 * a stretch of dialogue, many short sentences that each share a word or two with a query,
 * scores as the stretch it is, where no one of its sentences ranks high alone.
 */
import type { Work } from '../cooperative';
import { termsOf } from './terms';

const K1 = 1.2;
const B = 0.75;
/** Passages indexed between two yield points of Bm25Index.steps. */
const YIELD_EVERY = 256;

export interface Ranked {
  /** Index of the passage in the list the index was built from. */
  index: number;
  score: number;
}

export class Bm25Index {
  // firstOf, passages, counts: term t's postings are passages[firstOf[t] .. firstOf[t + 1])
  // (ascending), with their counts; lengths: each passage's number of terms.
  private readonly firstOf: Int32Array;
  private readonly passages: Int32Array;
  private readonly counts: Int32Array;
  private readonly norms: Float64Array;
  /** Per window radius: each window's length norm, computed on first use. */
  private readonly windowNorms = new Map<number, Float64Array>();

  private constructor(
    private readonly termIds: Map<string, number>,
    postings: { firstOf: Int32Array; passages: Int32Array; counts: Int32Array },
    private readonly lengths: Float64Array,
  ) {
    this.firstOf = postings.firstOf;
    this.passages = postings.passages;
    this.counts = postings.counts;
    this.norms = normsOf(lengths);
  }

  /** The index in steps that yield every YIELD_EVERY passages (cooperative.ts). */
  static *steps(texts: readonly string[]): Work<Bm25Index> {
    const termIds = new Map<string, number>();
    // Pass 1: every term occurrence as an id, and each term's number of passages.
    const occurrences: number[] = [];
    const passageEnds = new Int32Array(texts.length);
    const passagesOf: number[] = [];
    const lastPassage: number[] = [];
    for (let passage = 0; passage < texts.length; passage++) {
      if (passage % YIELD_EVERY === YIELD_EVERY - 1) yield;
      for (const term of termsOf(texts[passage])) {
        let id = termIds.get(term);
        if (id === undefined) {
          termIds.set(term, (id = passagesOf.length));
          passagesOf.push(0);
          lastPassage.push(-1);
        }
        if (lastPassage[id] !== passage) {
          lastPassage[id] = passage;
          passagesOf[id]++;
        }
        occurrences.push(id);
      }
      passageEnds[passage] = occurrences.length;
    }
    yield;
    // Pass 2: fill the rows, counting repeats within a passage in place.
    const terms = passagesOf.length;
    const firstOf = new Int32Array(terms + 1);
    for (let t = 0; t < terms; t++) firstOf[t + 1] = firstOf[t] + passagesOf[t];
    const passages = new Int32Array(firstOf[terms]);
    const counts = new Int32Array(firstOf[terms]);
    const filled = firstOf.slice(0, terms);
    const slotOf = new Int32Array(terms).fill(-1);
    const lengths = new Float64Array(texts.length);
    for (let passage = 0, at = 0; passage < texts.length; passage++) {
      if (passage % (4 * YIELD_EVERY) === 4 * YIELD_EVERY - 1) yield;
      const from = at;
      for (; at < passageEnds[passage]; at++) {
        const id = occurrences[at];
        const slot = slotOf[id];
        if (slot >= 0 && passages[slot] === passage) counts[slot]++;
        else {
          const next = filled[id]++;
          passages[next] = passage;
          counts[next] = 1;
          slotOf[id] = next;
        }
      }
      lengths[passage] = at - from;
    }
    return new Bm25Index(termIds, { firstOf, passages, counts }, lengths);
  }

  /** Passages that share a term with the query, best first (ties: earlier passage first). */
  rank(query: string): Ranked[] {
    const n = this.norms.length;
    const scores = new Float64Array(n);
    const touched: number[] = [];
    for (const term of new Set(termsOf(query))) {
      const id = this.termIds.get(term);
      if (id === undefined) continue;
      const [from, to] = [this.firstOf[id], this.firstOf[id + 1]];
      const idf = idfOf(n, to - from);
      for (let k = from; k < to; k++) {
        const passage = this.passages[k];
        const count = this.counts[k];
        if (scores[passage] === 0) touched.push(passage);
        scores[passage] += (idf * count * (K1 + 1)) / (count + this.norms[passage]);
      }
    }
    return sorted(touched, scores);
  }

  /**
   * Windows of passages i − radius … i + radius (cut at the ends) that share a term with the
   * query, scored by BM25 as passages of their own and named by their middle passage i, best
   * first. Scores what indexing each window's joined text would, from the passages' postings.
   */
  rankWindows(query: string, radius: number): Ranked[] {
    const n = this.lengths.length;
    const norms = this.windowNormsOf(radius);
    const scores = new Float64Array(n);
    const counts = new Float64Array(n);
    const touched: number[] = [];
    for (const term of new Set(termsOf(query))) {
      const id = this.termIds.get(term);
      if (id === undefined) continue;
      // The term's count in each window it falls in, then its number of windows.
      const windows: number[] = [];
      for (let k = this.firstOf[id]; k < this.firstOf[id + 1]; k++) {
        const passage = this.passages[k];
        for (let w = Math.max(0, passage - radius); w <= Math.min(n - 1, passage + radius); w++) {
          if (counts[w] === 0) windows.push(w);
          counts[w] += this.counts[k];
        }
      }
      const idf = idfOf(n, windows.length);
      for (const w of windows) {
        if (scores[w] === 0) touched.push(w);
        scores[w] += (idf * counts[w] * (K1 + 1)) / (counts[w] + norms[w]);
        counts[w] = 0;
      }
    }
    return sorted(touched, scores);
  }

  private windowNormsOf(radius: number): Float64Array {
    let norms = this.windowNorms.get(radius);
    if (!norms) {
      const n = this.lengths.length;
      const before = new Float64Array(n + 1);
      for (let i = 0; i < n; i++) before[i + 1] = before[i] + this.lengths[i];
      const windowLengths = new Float64Array(n).map((_, i) => before[Math.min(n, i + radius + 1)] - before[Math.max(0, i - radius)]);
      this.windowNorms.set(radius, (norms = normsOf(windowLengths)));
    }
    return norms;
  }
}

/** K1 · (1 − B + B · length / average length), per passage: the part of the formula that does not depend on the query. */
function normsOf(lengths: Float64Array): Float64Array {
  const average = lengths.reduce((sum, length) => sum + length, 0) / Math.max(1, lengths.length) || 1;
  return lengths.map((length) => K1 * (1 - B + (B * length) / average));
}

function idfOf(passages: number, withTerm: number): number {
  return Math.log(1 + (passages - withTerm + 0.5) / (withTerm + 0.5));
}

function sorted(touched: number[], scores: Float64Array): Ranked[] {
  return touched.map((index) => ({ index, score: scores[index] })).sort((a, b) => b.score - a.score || a.index - b.index);
}
