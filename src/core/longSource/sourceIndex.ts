/**
 * A source split into sentences and indexed for BM25 once, in slices (cooperative.ts): a
 * 100,000-word source takes a noticeable part of a second. Several aspects of one evaluation
 * shorten the same source with different budgets; the last index is kept so they share it.
 */
import { runInSlices, type Work } from '../cooperative';
import type { Span } from '../result';
import { Bm25Index, type Ranked } from './bm25';
import { sentenceSteps } from './sentences';

export class SourceIndex {
  private constructor(
    readonly source: string,
    readonly sentences: Span[],
    private readonly bm25: Bm25Index,
  ) {}

  static *steps(source: string): Work<SourceIndex> {
    const sentences = yield* sentenceSteps(source);
    const texts: string[] = [];
    for (const { start, end } of sentences) texts.push(source.slice(start, end));
    return new SourceIndex(source, sentences, yield* Bm25Index.steps(texts));
  }

  /** Source sentences sharing a term with `query`, best first. */
  rank(query: string): Ranked[] {
    return this.bm25.rank(query);
  }

  /** Windows of ±radius sentences sharing a term with `query`, named by their middle sentence, best first. */
  rankWindows(query: string, radius: number): Ranked[] {
    return this.bm25.rankWindows(query, radius);
  }
}

let last: { source: string; index: Promise<SourceIndex> } | undefined;

export function indexSource(source: string): Promise<SourceIndex> {
  if (last?.source !== source) last = { source, index: runInSlices(SourceIndex.steps(source)) };
  return last.index;
}
