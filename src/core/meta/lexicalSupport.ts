/**
 * An offline baseline for faithfulness, computed without an LLM: the share of a summary's
 * sentences whose best-matching source sentence (highest unigram F1) reaches a threshold,
 * i.e. shares enough of its words to count as support. It is what `meta --baseline
 * lexical-support` correlates with people, as a floor any judge should clear on the long
 * sets (an extractive or copying summariser scores high on it, whatever it copies).
 *
 * Sentences are cut at . ! ? before white space, after 。！？ and at line breaks: coarser
 * than fine/sentences.ts, on purpose, since the long sets' PubMed and arXiv text is
 * lower-cased and tokenised ("the rate . we found"), where Unicode's sentence rules (no break
 * before a lower-case word) would leave whole paragraphs as one sentence (longSource's
 * splitter keeps them too, for the same reason). Words are longSource's terms: lower-cased
 * words of letters and digits, CJK character bigrams.
 */
import { termsOf } from '../longSource/terms';

/**
 * Unigram F1 of at least this counts as support: half the words, a round value (docs/datasets.md
 * shows how the figures move with it, and that it is the best of 0.3–0.7 on LongEval PubMed).
 */
export const SUPPORT_THRESHOLD = 0.5;

const BOUNDARY = /(?<=[.!?])\s+|(?<=[\u3002\uff01\uff1f])|\s*\n\s*/u;

/** Word counts of each sentence that has any word. */
function sentenceBags(text: string): Map<string, number>[] {
  const bags: Map<string, number>[] = [];
  for (const sentence of text.split(BOUNDARY)) {
    const words = termsOf(sentence);
    if (words.length === 0) continue;
    const bag = new Map<string, number>();
    for (const word of words) bag.set(word, (bag.get(word) ?? 0) + 1);
    bags.push(bag);
  }
  return bags;
}

function sizeOf(bag: Map<string, number>): number {
  let n = 0;
  for (const count of bag.values()) n += count;
  return n;
}

/**
 * For each summary sentence, the highest unigram F1 with any source sentence (2·overlap ÷
 * (|summary sentence| + |source sentence|), overlap counted with multiplicity). An inverted
 * index over the source's words keeps this to the sentences that share a word.
 */
export function bestSourceF1(source: string, summary: string): number[] {
  const sourceBags = sentenceBags(source);
  const sizes = sourceBags.map(sizeOf);
  const postings = new Map<string, { sentence: number; count: number }[]>();
  sourceBags.forEach((bag, sentence) => {
    for (const [word, count] of bag) {
      const list = postings.get(word);
      if (list) list.push({ sentence, count });
      else postings.set(word, [{ sentence, count }]);
    }
  });
  return sentenceBags(summary).map((bag) => {
    const size = sizeOf(bag);
    const overlap = new Map<number, number>();
    for (const [word, count] of bag) {
      for (const posting of postings.get(word) ?? []) {
        overlap.set(posting.sentence, (overlap.get(posting.sentence) ?? 0) + Math.min(count, posting.count));
      }
    }
    let best = 0;
    for (const [sentence, shared] of overlap) best = Math.max(best, (2 * shared) / (size + sizes[sentence]));
    return best;
  });
}

/** The share of summary sentences with support at `threshold`; null when the summary has no sentence with a word. */
export function lexicalSupport(source: string, summary: string, threshold = SUPPORT_THRESHOLD): number | null {
  const best = bestSourceF1(source, summary);
  if (best.length === 0) return null;
  return best.filter((f1) => f1 >= threshold).length / best.length;
}
