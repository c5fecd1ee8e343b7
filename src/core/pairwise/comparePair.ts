/**
 * Two summaries of one source compared by the judge, per aspect (or the overall question):
 * the one function a front end calls (the CLI per pair of a dataset, the editor on two files).
 * Orders: `both` asks A|B and B|A (a pair whose two verdicts differ is a tie and counted
 * inconsistent); `one` asks a single order, A or B first at random per pair (seeded, recorded);
 * `adaptive` asks a random first order, and the other only when the first verdict's margin
 * (its probability's lead over the next answer) is under the threshold.
 */
import { seededRandom } from '../stats/random';
import type { LlmSession } from '../llm/types';
import type { RouteOptions } from '../geval/scoreRoutes';
import { askOrder, type OrderAnswer, type PairTexts } from './askOrder';
import type { PairProbabilities } from './preference';
import type { Verdict } from './stats/outcome';

export type OrderMode = 'both' | 'one' | 'adaptive';
export const ORDER_MODES: readonly OrderMode[] = ['both', 'one', 'adaptive'];
/** `--orders adaptive`: the second order is asked when the first verdict leads by less than this. */
export const DEFAULT_ADAPTIVE_MARGIN = 0.5;

export interface CompareOptions extends RouteOptions {
  aspects: readonly string[];
  orders: OrderMode;
  adaptiveMargin?: number;
  /** Seeds the first order of `one` and `adaptive`, with the pair's key. */
  seed: number;
  /** Names the pair for its seeded order (e.g. doc + systems); the same key, the same order. */
  pairKey: string;
  promptOverrideDir?: string;
}

export interface AspectComparison extends PairProbabilities {
  aspect: string;
  /** As asked, in order. */
  orders: OrderAnswer[];
  verdict: Verdict;
  /** Both orders asked and their verdicts differ: the verdict is a tie. */
  inconsistent: boolean;
}

function hashKey(text: string, seed: number): number {
  let h = seed >>> 0;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193) >>> 0;
  return h;
}

/** The first order of a one- or adaptive-order pair: A or B, at random from the seed and the pair. */
export function firstOrderOf(pairKey: string, seed: number): 'A' | 'B' {
  return seededRandom(hashKey(pairKey, seed))() < 0.5 ? 'A' : 'B';
}

function combine(aspect: string, orders: OrderAnswer[]): AspectComparison {
  const mean = (pick: (o: OrderAnswer) => number) => orders.reduce((s, o) => s + pick(o), 0) / orders.length;
  const inconsistent = orders.length === 2 && orders[0].verdict !== orders[1].verdict;
  return {
    aspect,
    orders,
    pA: mean((o) => o.pA),
    pB: mean((o) => o.pB),
    pTie: mean((o) => o.pTie),
    verdict: inconsistent ? 'tie' : orders[0].verdict,
    inconsistent,
  };
}

async function compareAspect(session: LlmSession, texts: PairTexts, aspect: string, options: CompareOptions): Promise<AspectComparison> {
  if (options.orders === 'both')
    return combine(aspect, await Promise.all((['A', 'B'] as const).map((first) => askOrder(session, texts, { aspect, first }, options))));
  const first = firstOrderOf(`${options.pairKey}\u0000${aspect}`, options.seed);
  const answer = await askOrder(session, texts, { aspect, first }, options);
  if (options.orders === 'one' || answer.margin >= (options.adaptiveMargin ?? DEFAULT_ADAPTIVE_MARGIN)) return combine(aspect, [answer]);
  return combine(aspect, [answer, await askOrder(session, texts, { aspect, first: first === 'A' ? 'B' : 'A' }, options)]);
}

/** Every aspect of one pair; the calls go out together (the session's limiter paces them). */
export async function comparePair(session: LlmSession, texts: PairTexts, options: CompareOptions): Promise<AspectComparison[]> {
  return Promise.all(options.aspects.map((aspect) => compareAspect(session, texts, aspect, options)));
}
