/**
 * The length probe: one sentence appended that adds nothing. Seeded: either a content-free
 * sentence from a fixed list, or the summary's first sentence restated after "In other words,".
 * A fair judge scores no aspect higher for it (length-controlled AlpacaEval, Dubois et al. 2024).
 */
import { splitSentences } from '../fine/sentences';
import type { Random } from '../stats/random';
import { insertAt, type TextChange } from './textChange';

export const CONTENT_FREE_SENTENCES = [
  'The article discusses this topic in detail.',
  'This summary covers the main points of the article.',
  'More details on this can be found in the article.',
];

export function appendEmptySentence(summary: string, random: Random): TextChange {
  const body = summary.trimEnd();
  const first = splitSentences(body)[0];
  const restate = first !== undefined && random() < 0.5;
  const firstText = first ? body.slice(first.start, first.end).trim() : '';
  const sentence =
    restate && firstText.length > 1
      ? `In other words, ${firstText[0].toLowerCase()}${firstText.slice(1)}`
      : CONTENT_FREE_SENTENCES[Math.floor(random() * CONTENT_FREE_SENTENCES.length)];
  const { text, span } = insertAt(body, body.length, ` ${sentence}`);
  return { text, spans: [{ start: span.start + 1, end: span.end }], note: restate ? 'restated the first sentence' : 'content-free sentence' };
}
