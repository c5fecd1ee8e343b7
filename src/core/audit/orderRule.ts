/**
 * The order probe: the summary's sentences shuffled (seeded, never left in their order).
 * Needs three sentences or more. A fair judge finds the result less coherent.
 */
import { splitSentences } from '../fine/sentences';
import { isCjkText } from '../longSource/cjk';
import type { Random } from '../stats/random';
import type { TextChange } from './textChange';

export function shuffleSentences(summary: string, random: Random): TextChange {
  const body = summary.trim();
  const sentences = splitSentences(body).map((s) => body.slice(s.start, s.end).trim());
  if (sentences.length < 3) return { skip: 'fewer than 3 sentences' };
  let order = sentences.map((_, i) => i);
  // Fisher–Yates until the order differs (at most a few tries for 3 sentences).
  while (order.every((v, i) => v === i)) {
    order = sentences.map((_, i) => i);
    for (let i = order.length - 1; i > 0; i--) {
      const j = Math.floor(random() * (i + 1));
      [order[i], order[j]] = [order[j], order[i]];
    }
  }
  // CJK sentences run on without a space between them.
  const text = order.map((i) => sentences[i]).join(isCjkText(body) ? '' : ' ');
  return { text, spans: [{ start: 0, end: text.length }], note: `sentence order ${order.map((i) => i + 1).join(',')}` };
}
