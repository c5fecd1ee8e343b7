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

/**
 * Ids in natural order (article-2 before article-10), so ties between equal changes are broken
 * the same way on every run (records are written in the order items finish). Without Intl: its
 * collator loads ICU, a start-up cost for one comparison.
 */
function idOrder(x: string, y: string): number {
  const a = x.split(/(\d+)/);
  const b = y.split(/(\d+)/);
  for (let i = 0; i < Math.min(a.length, b.length); i++) {
    // Odd chunks are digit runs (split keeps its captured separators there).
    const order = i % 2 === 1 ? Number(a[i]) - Number(b[i]) || a[i].length - b[i].length : a[i] < b[i] ? -1 : a[i] > b[i] ? 1 : 0;
    if (order !== 0) return order;
  }
  return a.length - b.length;
}

function worseThan(x: { change: number; id: string }, y: { change: number; id: string }): boolean {
  return x.change < y.change || (x.change === y.change && idOrder(x.id, y.id) < 0);
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
    if (!(change < 0)) continue;
    const id = x.system !== undefined && x.system === y.system ? `${x.id} (system ${x.system})` : x.id;
    if (worst.length === limit && !worseThan({ change, id }, worst[limit - 1])) continue;
    const scored = aspects.filter((aspect) => x.scores[aspect] !== undefined && y.scores[aspect] !== undefined);
    const item = {
      id,
      change,
      aspects: scored.map((aspect) => ({ aspect, a: x.scores[aspect], b: y.scores[aspect] })),
    };
    const at = worst.findIndex((w) => worseThan(item, w));
    worst.splice(at === -1 ? worst.length : at, 0, item);
    if (worst.length > limit) worst.pop();
  }
  return worst;
}
