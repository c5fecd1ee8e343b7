/** Long sources: sentences with exact offsets, BM25 ranking, and shortening a source to the excerpts that bear on a summary. */
export { splitSourceSentences } from './sentences';
export { termsOf } from './terms';
export { Bm25Index, type Ranked } from './bm25';
export { SourceIndex, indexSource } from './sourceIndex';
export { shortenSource, GAP_MARK, type CountTokens, type ShortenedSource } from './shorten';
