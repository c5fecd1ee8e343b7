/**
 * Okapi BM25 over a fixed set of passages (the source's sentences), indexed once: an inverted
 * index from term to (passage, count), so a query costs the postings of its own terms only.
 * The postings are flat typed arrays (compressed rows by term), built in two passes, which
 * keeps indexing a 100,000-word book within tens of milliseconds.
 * k1 = 1.2, b = 0.75 (Robertson and Zaragoza's usual values); idf = ln(1 + (N − n + ½)/(n + ½)),
 * which stays positive for a term found in most passages.
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
  // (ascending), with their counts. norms: K1 · (1 − B + B · length / average length), per
  // passage, the part of the formula that does not depend on the query.
  private readonly firstOf: Int32Array;
  private readonly passages: Int32Array;
  private readonly counts: Int32Array;

  private constructor(
    private readonly termIds: Map<string, number>,
    postings: { firstOf: Int32Array; passages: Int32Array; counts: Int32Array },
    private readonly norms: Float64Array,
  ) {
    this.firstOf = postings.firstOf;
    this.passages = postings.passages;
    this.counts = postings.counts;
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
    const average = occurrences.length / Math.max(1, texts.length) || 1;
    return new Bm25Index(
      termIds,
      { firstOf, passages, counts },
      lengths.map((length) => K1 * (1 - B + (B * length) / average)),
    );
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
      const idf = Math.log(1 + (n - (to - from) + 0.5) / (to - from + 0.5));
      for (let k = from; k < to; k++) {
        const passage = this.passages[k];
        const count = this.counts[k];
        if (scores[passage] === 0) touched.push(passage);
        scores[passage] += (idf * count * (K1 + 1)) / (count + this.norms[passage]);
      }
    }
    return touched.map((index) => ({ index, score: scores[index] })).sort((a, b) => b.score - a.score || a.index - b.index);
  }
}
