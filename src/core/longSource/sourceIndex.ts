/**
 * A source split into sentences and indexed for BM25 once. Several aspects of one evaluation
 * shorten the same source with different budgets; the last index is kept so they share it.
 */
import type { Span } from '../result';
import { Bm25Index, type Ranked } from './bm25';
import { splitSourceSentences } from './sentences';

export class SourceIndex {
  readonly sentences: Span[];
  private readonly bm25: Bm25Index;

  constructor(readonly source: string) {
    this.sentences = splitSourceSentences(source);
    this.bm25 = new Bm25Index(this.sentences.map(({ start, end }) => source.slice(start, end)));
  }

  /** Source sentences sharing a term with `query`, best first. */
  rank(query: string): Ranked[] {
    return this.bm25.rank(query);
  }
}

let last: SourceIndex | undefined;

export function indexSource(source: string): SourceIndex {
  if (last?.source !== source) last = new SourceIndex(source);
  return last;
}
