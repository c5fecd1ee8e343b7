/**
 * Okapi BM25 over a fixed set of passages (the source's sentences), indexed once: an inverted
 * index from term to (passage, count), so a query costs the postings of its own terms only.
 * The postings are flat typed arrays (compressed rows by term), built in two passes, which
 * keeps indexing a 100,000-word book within tens of milliseconds.
 * k1 = 1.2, b = 0.75 (Robertson and Zaragoza's usual values); idf = ln(1 + (N − n + ½)/(n + ½)),
 * which stays positive for a term found in most passages.
 */
import { termsOf } from './terms';

const K1 = 1.2;
const B = 0.75;

export interface Ranked {
  /** Index of the passage in the list the index was built from. */
  index: number;
  score: number;
}

export class Bm25Index {
  private readonly termIds = new Map<string, number>();
  /** Term t's postings are passages[firstOf[t] .. firstOf[t + 1]) (ascending), with their counts. */
  private readonly firstOf: Int32Array;
  private readonly passages: Int32Array;
  private readonly counts: Int32Array;
  /** K1 · (1 − B + B · length / average length), per passage: the part of the formula that does not depend on the query. */
  private readonly norms: Float64Array;

  constructor(texts: readonly string[]) {
    // Pass 1: every term occurrence as an id, and each term's number of passages.
    const occurrences: number[] = [];
    const passageEnds = new Int32Array(texts.length);
    const passagesOf: number[] = [];
    const lastPassage: number[] = [];
    texts.forEach((text, passage) => {
      for (const term of termsOf(text)) {
        let id = this.termIds.get(term);
        if (id === undefined) {
          this.termIds.set(term, (id = passagesOf.length));
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
    });
    // Pass 2: fill the rows, counting repeats within a passage in place.
    const terms = passagesOf.length;
    this.firstOf = new Int32Array(terms + 1);
    for (let t = 0; t < terms; t++) this.firstOf[t + 1] = this.firstOf[t] + passagesOf[t];
    this.passages = new Int32Array(this.firstOf[terms]);
    this.counts = new Int32Array(this.firstOf[terms]);
    const filled = this.firstOf.slice(0, terms);
    const slotOf = new Int32Array(terms).fill(-1);
    const lengths = new Float64Array(texts.length);
    for (let passage = 0, at = 0; passage < texts.length; passage++) {
      const from = at;
      for (; at < passageEnds[passage]; at++) {
        const id = occurrences[at];
        const slot = slotOf[id];
        if (slot >= 0 && this.passages[slot] === passage) this.counts[slot]++;
        else {
          const next = filled[id]++;
          this.passages[next] = passage;
          this.counts[next] = 1;
          slotOf[id] = next;
        }
      }
      lengths[passage] = at - from;
    }
    const average = occurrences.length / Math.max(1, texts.length) || 1;
    this.norms = lengths.map((length) => K1 * (1 - B + (B * length) / average));
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
