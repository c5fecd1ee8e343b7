/**
 * Which raters rate which item, and in which order each rater sees theirs.
 *
 * Dealing is a balanced rotation over the K-subsets of the raters: the items go, in order, to
 * the subsets of a cycle through all C(R, K) of them, each subset once per cycle, the next one
 * being the unused subset whose raters have the fewest items so far (ties: the first in
 * lexicographic order). So once there are C(R, K) items every pair of raters shares at least
 * one (with K ≥ 2), every rater's load differs from another's by at most K across a cycle,
 * and the same inputs always give the same deal.
 */
import { createHash } from 'node:crypto';
import { SumLensError } from '../errors';
import { seededRandom } from '../stats/random';

/** More subsets than this makes the rotation's search slow; nobody needs it (20 raters, K = 4 is 4,845). */
const MAX_SUBSETS = 20_000;

function subsets(n: number, k: number): number[][] {
  const out: number[][] = [];
  const pick = (start: number, chosen: number[]) => {
    if (chosen.length === k) {
      out.push(chosen);
      return;
    }
    for (let i = start; i <= n - (k - chosen.length); i++) pick(i + 1, [...chosen, i]);
  };
  pick(0, []);
  return out;
}

function binomial(n: number, k: number): number {
  let c = 1;
  for (let i = 1; i <= k; i++) c = (c * (n - k + i)) / i;
  return Math.round(c);
}

/** For each of `itemCount` items, the indices (into `raterCount` raters) of the `perItem` raters it goes to. */
export function dealItems(itemCount: number, raterCount: number, perItem: number): number[][] {
  if (!Number.isInteger(perItem) || perItem < 1 || perItem > raterCount)
    throw new SumLensError('usage', `--per-item ${perItem}: each item goes to 1 to ${raterCount} raters (the number of raters)`);
  if (binomial(raterCount, perItem) > MAX_SUBSETS)
    throw new SumLensError('usage', `${raterCount} raters with --per-item ${perItem} make more than ${MAX_SUBSETS} rater groups; use fewer raters`);
  const all = subsets(raterCount, perItem);
  const load = new Array<number>(raterCount).fill(0);
  let unused = new Set(all.keys());
  const deal: number[][] = [];
  for (let item = 0; item < itemCount; item++) {
    if (unused.size === 0) unused = new Set(all.keys());
    let best = -1;
    let bestLoad = Infinity;
    for (const s of unused) {
      const total = all[s].reduce((sum, r) => sum + load[r], 0);
      if (total < bestLoad) [best, bestLoad] = [s, total];
    }
    unused.delete(best);
    for (const r of all[best]) load[r]++;
    deal.push(all[best]);
  }
  return deal;
}

/** How many items each pair of raters shares: `shared[a][b]`. */
export function sharedItems(deal: readonly (readonly number[])[], raterCount: number): number[][] {
  const shared = Array.from({ length: raterCount }, () => new Array<number>(raterCount).fill(0));
  for (const raters of deal) for (const a of raters) for (const b of raters) if (a !== b) shared[a][b]++;
  return shared;
}

/** The 32-bit seed of a rater's order: the first four bytes of the sha256 of the name. */
export function raterSeed(rater: string): number {
  return createHash('sha256').update(rater, 'utf8').digest().readUInt32BE(0);
}

/** `ids` in the rater's own order: a Fisher–Yates shuffle seeded by the rater's name, the same on every machine and every call. */
export function raterOrder<T>(ids: readonly T[], rater: string): T[] {
  const order = [...ids];
  const random = seededRandom(raterSeed(rater));
  for (let i = order.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [order[i], order[j]] = [order[j], order[i]];
  }
  return order;
}
