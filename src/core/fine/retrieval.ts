/**
 * The passages of a long source that bear on one fact, for judging the fact against them
 * instead of the whole source (LongEval, Krishna et al., EACL 2023: judge each unit against
 * the passages that bear on it). The source's sentences are ranked against the fact by BM25
 * (longSource/, the index the aspect scores' shortening shares); the best `perFact`, each with `neighbours` sentences either side, are the
 * fact's passages. Passages are kept as sentence indices, so the passages of the facts that
 * share a call merge into one excerpt of the source in document order; every offset is the
 * original source's.
 */
import type { Span } from '../result';
import { GAP_MARK, indexSource, type Ranked, type SourceIndex } from '../longSource';

export interface RetrievalShape {
  /** Best-ranked source sentences per fact. */
  perFact: number;
  /** Sentences shown either side of each. */
  neighbours: number;
}

/** Three sentences and one neighbour either side: about a paragraph of context per fact. */
export const DEFAULT_SHAPE: RetrievalShape = { perFact: 3, neighbours: 1 };

/** Smaller shapes, tried in order when a fact's passages do not fit its call; the last is one sentence alone. */
export const SHAPES: RetrievalShape[] = [DEFAULT_SHAPE, { perFact: 3, neighbours: 0 }, { perFact: 2, neighbours: 0 }, { perFact: 1, neighbours: 0 }];

/** Opens every excerpt, so the judge knows it does not see the whole source. */
export const EXCERPT_HEADING = `(Excerpts of a long source document: the passages that bear on the entities below, in document order; ${GAP_MARK} marks text left out.)`;

export class SourceRetrieval {
  readonly sentences: Span[];
  private readonly rankings = new Map<string, Ranked[]>();

  private constructor(
    readonly text: string,
    private readonly index: SourceIndex,
  ) {
    this.sentences = index.sentences;
  }

  /** The retrieval over a source, its index built in slices (or the one the aspect scores built). */
  static async of(text: string): Promise<SourceRetrieval> {
    return new SourceRetrieval(text, await indexSource(text));
  }

  /** The sentence indices shown for a query: its best-ranked sentences with their neighbours, ascending. */
  sentencesFor(query: string, shape: RetrievalShape): number[] {
    const chosen = new Set<number>();
    for (const { index } of this.ranked(query).slice(0, shape.perFact)) {
      const from = Math.max(0, index - shape.neighbours);
      const to = Math.min(this.sentences.length - 1, index + shape.neighbours);
      for (let i = from; i <= to; i++) chosen.add(i);
    }
    return [...chosen].sort((a, b) => a - b);
  }

  /** A fact's ranking, kept: each fact is retrieved for in several shapes until one fits. */
  private ranked(query: string): Ranked[] {
    let ranked = this.rankings.get(query);
    if (!ranked) this.rankings.set(query, (ranked = this.index.rank(query)));
    return ranked;
  }

  /** Runs of adjacent sentences as character spans of the source (from the first sentence's start to the last one's end). */
  spansOf(sentenceIndices: Iterable<number>): Span[] {
    const sorted = [...new Set(sentenceIndices)].sort((a, b) => a - b);
    const spans: Span[] = [];
    let runStart = -1;
    sorted.forEach((index, k) => {
      if (runStart < 0) runStart = index;
      if (sorted[k + 1] !== index + 1) {
        spans.push({ start: this.sentences[runStart].start, end: this.sentences[index].end });
        runStart = -1;
      }
    });
    return spans;
  }

  /**
   * The excerpt shown to the judge: EXCERPT_HEADING, then the passages verbatim in document order,
   * GAP_MARK on its own line wherever source text is left out (before, between and after them).
   */
  render(sentenceIndices: Iterable<number>): string {
    const spans = this.spansOf(sentenceIndices);
    const parts: string[] = [EXCERPT_HEADING];
    if (spans.length === 0) return [...parts, GAP_MARK].join('\n');
    if (this.text.slice(0, spans[0].start).trim() !== '') parts.push(GAP_MARK);
    spans.forEach((span, k) => {
      if (k > 0) parts.push(GAP_MARK);
      parts.push(this.text.slice(span.start, span.end));
    });
    if (this.text.slice(spans[spans.length - 1].end).trim() !== '') parts.push(GAP_MARK);
    return parts.join('\n');
  }
}
