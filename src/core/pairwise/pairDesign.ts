/**
 * Which pairs of a document's summaries are compared. All pairs by default (k systems:
 * k(k−1)/2 a document); with a budget of K a document, K pairs drawn at random (seeded) of
 * which one is the document's step along a cycle through every system, so over k documents
 * or more the comparison graph holds the whole cycle and is connected (a Bradley–Terry fit
 * needs that). Fewer documents than systems: the cycle's missing steps are added to the
 * last document, and the count says so.
 */
import { randomIndex, seededRandom } from '../stats/random';

export interface DesignedPair {
  doc: string;
  a: string;
  b: string;
}

export interface PairDesign {
  pairs: DesignedPair[];
  /** Steps of the cycle added beyond the budget so the graph is connected. */
  added: number;
}

function allPairs(systems: readonly string[]): [string, string][] {
  return systems.flatMap((a, i) => systems.slice(i + 1).map((b) => [a, b] as [string, string]));
}

const key = (a: string, b: string) => (a < b ? `${a}\u0000${b}` : `${b}\u0000${a}`);

/** `documents`: each document's systems (at least two), in a stable order. */
export function designPairs(documents: ReadonlyMap<string, readonly string[]>, perDoc: number | undefined, seed: number): PairDesign {
  if (perDoc === undefined) return { pairs: [...documents].flatMap(([doc, systems]) => allPairs(systems).map(([a, b]) => ({ doc, a, b }))), added: 0 };
  const random = seededRandom(seed);
  const everySystem = [...new Set([...documents.values()].flat())].sort();
  // Two systems: one step (a—b), not a—b and b—a.
  const steps = everySystem.length === 2 ? 1 : everySystem.length;
  const cycle = everySystem.slice(0, steps).map((s, i) => [s, everySystem[(i + 1) % everySystem.length]] as [string, string]);
  const pairs: DesignedPair[] = [];
  const covered = new Set<string>();
  let step = 0;
  for (const [doc, systems] of documents) {
    const candidates = allPairs(systems);
    const chosen = new Set<string>();
    const take = ([a, b]: [string, string]) => {
      chosen.add(key(a, b));
      covered.add(key(a, b));
      pairs.push({ doc, a, b });
    };
    const cycleStep = cycle.find((_, i) => i >= step && systems.includes(cycle[i][0]) && systems.includes(cycle[i][1]));
    if (cycleStep) {
      take(cycleStep);
      step = cycle.indexOf(cycleStep) + 1;
    }
    while (chosen.size < Math.min(perDoc, candidates.length)) {
      const pick = candidates[randomIndex(random, candidates.length)];
      if (!chosen.has(key(...pick))) take(pick);
    }
  }
  return { pairs, added: addMissingSteps(documents, cycle, covered, pairs) };
}

/** The cycle's steps no document compared, added to the last document holding both systems. */
function addMissingSteps(documents: ReadonlyMap<string, readonly string[]>, cycle: [string, string][], covered: Set<string>, pairs: DesignedPair[]): number {
  let added = 0;
  for (const [a, b] of cycle) {
    if (covered.has(key(a, b))) continue;
    const doc = [...documents].reverse().find(([, systems]) => systems.includes(a) && systems.includes(b))?.[0];
    if (doc === undefined) continue;
    pairs.push({ doc, a, b });
    covered.add(key(a, b));
    added++;
  }
  return added;
}

/** Whether the pairs join every system into one comparison graph. */
export function isConnected(pairs: readonly DesignedPair[]): boolean {
  const parent = new Map<string, string>();
  const find = (s: string): string => {
    while (parent.get(s) !== s) s = parent.get(s)!;
    return s;
  };
  for (const { a, b } of pairs) for (const s of [a, b]) if (!parent.has(s)) parent.set(s, s);
  for (const { a, b } of pairs) parent.set(find(a), find(b));
  return new Set([...parent.keys()].map(find)).size <= 1;
}
