/**
 * The paired items whose scores fell the most from A to B: what a reviewer opens first when a
 * pull request makes summaries worse. An item's change is the mean, over the compared aspects
 * both sides scored, of B − A; only items that got worse are kept, the worst first.
 */
import { pairSides, type Side } from '../compareRuns';

export interface WorsenedItem {
  /** The item's id, with its system when both sides name the same one. */
  id: string;
  /** Mean of B − A over the aspects both sides scored (negative). */
  change: number;
  /** Per aspect scored on both sides: A's score and B's. */
  aspects: { aspect: string; a: number; b: number }[];
}

export function worsenedItems(a: Side, b: Side, aspects: readonly string[], limit: number): WorsenedItem[] {
  const { pairs } = pairSides(a, b);
  // Keeps only the `limit` worst while scanning: 10,000 pairs are never sorted whole.
  const worst: WorsenedItem[] = [];
  for (const [x, y] of pairs) {
    let sum = 0;
    let count = 0;
    for (const aspect of aspects) {
      const scoreA = x.scores[aspect];
      const scoreB = y.scores[aspect];
      if (scoreA === undefined || scoreB === undefined) continue;
      sum += scoreB - scoreA;
      count++;
    }
    const change = count === 0 ? 0 : sum / count;
    if (!(change < 0) || (worst.length === limit && change >= worst[limit - 1].change)) continue;
    const scored = aspects.filter((aspect) => x.scores[aspect] !== undefined && y.scores[aspect] !== undefined);
    const item = {
      id: x.system !== undefined && x.system === y.system ? `${x.id} (system ${x.system})` : x.id,
      change,
      aspects: scored.map((aspect) => ({ aspect, a: x.scores[aspect], b: y.scores[aspect] })),
    };
    const at = worst.findIndex((w) => change < w.change);
    worst.splice(at === -1 ? worst.length : at, 0, item);
    if (worst.length > limit) worst.pop();
  }
  return worst;
}
