/**
 * `sumlens compare`: two runs (or two systems of one run) paired item by item. Per aspect
 * scored by both: the mean difference B − A with its paired bootstrap 95% interval, the
 * paired permutation p-value, Holm-adjusted across aspects, and wins / ties / losses. Runs
 * whose judge, method or templates differ are refused unless allowed (their scores would not
 * measure the same thing), and every item without a partner is counted and named.
 */
import { SumLensError } from '../errors';
import { holmAdjust } from '../stats/holm';
import { pairedComparison, type PairedComparison } from '../stats/pairedComparison';
import { systemsOf } from './aspectTable';
import type { LoadedRun, RunEntry } from './loadRun';
import { specDifferences } from '../runSpec/specDifferences';

export interface AspectComparison extends PairedComparison {
  aspect: string;
  /** Holm-adjusted p-value across the compared aspects. */
  pHolm: number;
  /** Paired items where one side has no score for this aspect. */
  unscoredPairs: number;
}

export interface RunComparison {
  a: { label: string; items: number };
  b: { label: string; items: number };
  paired: number;
  onlyA: string[];
  onlyB: string[];
  /** Setting differences, when comparing was allowed despite them. */
  differences: string[];
  aspects: AspectComparison[];
  seed?: number;
}

export interface Side {
  label: string;
  entries: RunEntry[];
}

/** What makes two runs' scores comparable: judge, method and templates (not endpoint quirks like samples). */
export function judgeDifferences(a: LoadedRun, b: LoadedRun): string[] {
  const differences = specDifferences(a.header, b.header, ['A', 'B']);
  return differences.filter((d) => /^(endpoint|model|method|task|samples|parse|topLogprobs):|^template /.test(d));
}

/** The two systems of one run, as sides (all of its systems must be two, or `systems` names two). */
export function sidesBySystem(run: LoadedRun, systems?: [string, string]): [Side, Side] {
  const present = systemsOf(run);
  const [a, b] = systems ?? (present.length === 2 ? (present as [string, string]) : []);
  if (a === undefined || b === undefined) {
    throw new SumLensError('usage', `${run.path} has ${present.length} system(s) (${present.join(', ')}); name two with --systems A,B`);
  }
  for (const s of [a, b]) if (!present.includes(s)) throw new SumLensError('usage', `${run.path} has no system "${s}" (it has: ${present.join(', ')})`);
  return [
    { label: `system ${a}`, entries: run.entries.filter((e) => e.system === a) },
    { label: `system ${b}`, entries: run.entries.filter((e) => e.system === b) },
  ];
}

/** The items of two sides paired, and those without a partner (named by their pairing key). */
export interface SidePairs {
  pairs: [RunEntry, RunEntry][];
  onlyA: string[];
  onlyB: string[];
}

export function pairSides(a: Side, b: Side): SidePairs {
  // Within one system per side, items pair on their id; else on their whole key (system|id).
  const pairOn = (side: Side): ((e: RunEntry) => string) => (new Set(side.entries.map((e) => e.system)).size <= 1 ? (e) => e.id : (e) => e.key);
  const keyA = pairOn(a);
  const keyB = pairOn(b);
  const bByKey = new Map(b.entries.map((e) => [keyB(e), e]));
  const aKeys = new Set(a.entries.map(keyA));
  const pairs: [RunEntry, RunEntry][] = [];
  const onlyA: string[] = [];
  for (const entry of a.entries) {
    const partner = bByKey.get(keyA(entry));
    if (partner) pairs.push([entry, partner]);
    else onlyA.push(keyA(entry));
  }
  const onlyB = b.entries.map(keyB).filter((k) => !aKeys.has(k));
  return { pairs, onlyA, onlyB };
}

export function compareSides(a: Side, b: Side, aspects: readonly string[], options: { seed?: number; differences?: string[] } = {}): RunComparison {
  const { pairs, onlyA, onlyB } = pairSides(a, b);
  const rows = aspects.map((aspect) => {
    const both = pairs.filter(([x, y]) => x.scores[aspect] !== undefined && y.scores[aspect] !== undefined);
    const comparison = pairedComparison(
      Float64Array.from(both, ([x]) => x.scores[aspect]),
      Float64Array.from(both, ([, y]) => y.scores[aspect]),
      { seed: options.seed },
    );
    return { aspect, ...comparison, pHolm: NaN, unscoredPairs: pairs.length - both.length };
  });
  const adjusted = holmAdjust(rows.map((r) => r.pValue));
  rows.forEach((r, i) => (r.pHolm = adjusted[i]));
  return {
    a: { label: a.label, items: a.entries.length },
    b: { label: b.label, items: b.entries.length },
    paired: pairs.length,
    onlyA,
    onlyB,
    differences: options.differences ?? [],
    aspects: rows,
    ...(options.seed !== undefined ? { seed: options.seed } : {}),
  };
}

/** Two run files compared; refused (usage error naming the differences) when their judges differ, unless allowed. */
export function compareRuns(a: LoadedRun, b: LoadedRun, options: { allowDifferent?: boolean; seed?: number } = {}): RunComparison {
  const differences = judgeDifferences(a, b);
  if (differences.length > 0 && !options.allowDifferent) {
    throw new SumLensError('usage', `the runs were made differently (${differences.join('; ')}); add --allow-different to compare them anyway`);
  }
  const aspects = a.aspects.filter((x) => b.aspects.includes(x));
  if (aspects.length === 0) throw new SumLensError('usage', `${a.path} and ${b.path} have no aspect in common`);
  return compareSides({ label: a.path, entries: a.entries }, { label: b.path, entries: b.entries }, aspects, { seed: options.seed, differences });
}

/** Aspects where B is significantly worse than A (Holm-adjusted p below alpha). */
export function worseAspects(comparison: RunComparison, alpha = 0.05): AspectComparison[] {
  return comparison.aspects.filter((r) => r.meanDifference < 0 && r.pHolm < alpha);
}
