/** Long sources: sentences with exact offsets, BM25 ranking, the text of a source in markup, and shortening a source to the excerpts that bear on a summary. */
export { splitSourceSentences } from './sentences';
export { termsOf } from './terms';
export { Bm25Index, type Ranked } from './bm25';
export { SourceIndex, indexSource } from './sourceIndex';
export { textView, textViewOf, hasMarkup, type TextView, type MarkupRemoved } from './markupView';
export { shortenSource, GAP_MARK, type CountTokens, type ShortenedSource } from './shorten';
