/**
 * `meta --compare`: two score sets on the same items (two judges, templates or methods) against
 * the same human scores. For each coefficient: both correlations, their difference A − B, a
 * bootstrap interval of the difference (the two sets resampled together, by document at the
 * summary level and by item elsewhere) and a paired permutation test p-value (A and B swapped
 * within each document or item).
 */
import { bootstrapIntervals } from '../stats/correlationBootstrap';
import { pairedPermutationTest } from '../stats/pairedPermutation';
import type { Interval } from '../stats/percentile';
import type { Figures, ResamplingOptions, Statistic } from '../stats/resampledFigures';
import { swappedCorrelations } from '../stats/swappedCorrelations';
import type { Correlations } from '../stats/correlation';
import type { Level } from '../datasets/dataset';
import { documentCorrelations, groupBy, meanOverDocuments, type Scored, type ScoredItem } from './metaEvaluate';
import {
  COEFFICIENTS,
  itemLevelStatistic,
  levelFigures,
  positionsOf,
  resampledUnit,
  systemMeansOf,
  type BootstrapInfo,
  type Coefficient,
} from './metaIntervals';

export interface CompareResult {
  aspect: string;
  level: Level;
  /** Labels of the two score sets (field name or file). */
  labels: { a: string; b: string };
  a: Correlations;
  b: Correlations;
  /** A − B per coefficient. */
  difference: Correlations;
  /** Bootstrap interval of each difference. */
  intervals: Record<Coefficient, Interval>;
  /** Two-sided paired permutation p-value of each difference. */
  pValues: Record<Coefficient, number>;
  /** Items scored by both sets (the comparison uses only these). */
  items: number;
  /** Items that one set or both have no score for. */
  missing: number;
  /** Documents (summary level: documents that are units of the resampling). */
  documents: number;
  bootstrap: BootstrapInfo;
  permutations: number;
}

interface PairedItem extends Omit<Scored, 'predicted'> {
  a: number;
  b: number;
}

interface PairedDocument {
  a: Correlations | null;
  b: Correlations | null;
}

const side = (items: readonly PairedItem[], which: 'a' | 'b'): Scored[] =>
  items.map((i) => ({ group: i.group, system: i.system, human: i.human, predicted: i[which] }));

function difference(a: Correlations, b: Correlations): Correlations {
  return { pearson: a.pearson - b.pearson, spearman: a.spearman - b.spearman, kendall: a.kendall - b.kendall };
}

const documentDifference: Statistic<PairedDocument> = (documents) => ({
  ...difference(meanOverDocuments(documents.map((d) => d.a)), meanOverDocuments(documents.map((d) => d.b))),
});

const swapDocument = (d: PairedDocument): PairedDocument => ({ a: d.b, b: d.a });

/** An item of a permutation: its position, and whether its A and B values trade places. */
interface PermutedItem {
  position: number;
  swapped: boolean;
}
const unswapped = (position: number): PermutedItem => ({ position, swapped: false });
const swapPosition = (i: PermutedItem): PermutedItem => ({ position: i.position, swapped: !i.swapped });

function samplePermuted(items: readonly PairedItem[]): Statistic<PermutedItem> {
  const figures = swappedCorrelations(
    items.map((i) => i.a),
    items.map((i) => i.b),
    items.map((i) => i.human),
  );
  const swapped = new Array<boolean>(items.length);
  return (units) => {
    for (const u of units) swapped[u.position] = u.swapped;
    const { a, b } = figures(swapped);
    return { ...difference(a, b) };
  };
}

function systemPermuted(items: readonly PairedItem[]): Statistic<PermutedItem> {
  const means = systemMeansOf(side(items, 'a'));
  const swapped = new Array<boolean>(items.length);
  const positions = positionsOf(items);
  return (units) => {
    for (const u of units) swapped[u.position] = u.swapped;
    const a = means(positions, (p) => (swapped[p] ? items[p].b : items[p].a));
    const b = means(positions, (p) => (swapped[p] ? items[p].a : items[p].b));
    return { ...difference(a, b) };
  };
}

/** Pairs two score sets given for the same items in the same order; items either lacks are left out. */
function pair(a: readonly ScoredItem[], b: readonly ScoredItem[]): PairedItem[] {
  if (a.length !== b.length) throw new Error(`compare: score sets differ in length (${a.length} vs ${b.length})`);
  const paired: PairedItem[] = [];
  a.forEach((item, index) => {
    const other = b[index].predicted;
    if (item.predicted !== null && other !== null) {
      paired.push({ group: item.group, system: item.system, human: item.human, a: item.predicted, b: other });
    }
  });
  return paired;
}

const differenceOf =
  <U>(a: Statistic<U>, b: Statistic<U>): Statistic<U> =>
  (units) => {
    const figuresA = a(units);
    const figuresB = b(units);
    return Object.fromEntries(Object.keys(figuresA).map((k) => [k, figuresA[k] - figuresB[k]]));
  };

interface Outcome {
  intervals: Record<string, Interval>;
  pValues: Figures;
  permutations: Record<string, number>;
}

function summaryOutcome(items: PairedItem[], options: ResamplingOptions): Outcome {
  const documents = [...groupBy(items, (i) => i.group).values()].map((doc): PairedDocument => ({
    a: documentCorrelations(side(doc, 'a')),
    b: documentCorrelations(side(doc, 'b')),
  }));
  const { intervals } = bootstrapIntervals(documents, documentDifference, options);
  const { pValues, permutations } = pairedPermutationTest(documents, swapDocument, documentDifference, options);
  return { intervals, pValues, permutations };
}

function itemOutcome(level: Exclude<Level, 'summary'>, items: PairedItem[], options: ResamplingOptions): Outcome {
  // Both sets resampled with the same item positions, each read off its own sorted orders.
  const resampled = differenceOf(itemLevelStatistic(level, side(items, 'a')), itemLevelStatistic(level, side(items, 'b')));
  const { intervals } = bootstrapIntervals(positionsOf(items), resampled, options);
  // A permutation changes which values are A's; the sample level reads both sets off one sort.
  const permuted = level === 'system' ? systemPermuted(items) : samplePermuted(items);
  const { pValues, permutations } = pairedPermutationTest(positionsOf(items).map(unswapped), swapPosition, permuted, options);
  return { intervals, pValues, permutations };
}

export function compareMeta(
  aspect: string,
  level: Level,
  /** The two sides' labels and their scored items. */
  { labels, a, b }: { labels: { a: string; b: string }; a: readonly ScoredItem[]; b: readonly ScoredItem[] },
  options: ResamplingOptions,
): CompareResult {
  const items = pair(a, b);
  const correlationsOf = (which: 'a' | 'b'): Correlations => levelFigures(level, side(items, which));
  const outcome = level === 'summary' ? summaryOutcome(items, options) : itemOutcome(level, items, options);
  const pick = <T>(figures: Record<string, T>) => Object.fromEntries(COEFFICIENTS.map((c) => [c, figures[c]])) as Record<Coefficient, T>;
  const resultA = correlationsOf('a');
  const resultB = correlationsOf('b');
  return {
    aspect,
    level,
    labels,
    a: resultA,
    b: resultB,
    difference: difference(resultA, resultB),
    intervals: pick(outcome.intervals),
    pValues: pick(outcome.pValues),
    items: items.length,
    missing: a.length - items.length,
    documents: new Set(items.map((i) => i.group)).size,
    bootstrap: { resamples: options.resamples, seed: options.seed, unit: resampledUnit(level), confidence: 0.95 },
    permutations: Math.min(...Object.values(outcome.permutations)),
  };
}
