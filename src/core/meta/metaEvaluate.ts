/**
 * Meta-evaluation: how well predicted scores agree with human scores, at the levels the
 * papers report.
 * - summary: per document over its outputs, then averaged over documents; a document whose
 *   human or predicted scores are all equal is skipped (G-Eval's meta_eval_summeval.py,
 *   UniEval's summary level);
 * - sample: one correlation over all items pooled (Topical-Chat "turn level", QAGS);
 * - system: over per-system mean scores.
 */
import { correlations, type Correlations } from '../stats/correlation';
import type { Level } from '../datasets/dataset';

export interface ScoredItem {
  /** Document (summary level grouping). */
  group: string;
  system: string;
  human: number;
  /** null when there is no prediction for this item (not run, or no score could be read). */
  predicted: number | null;
}

export interface MetaResult extends Correlations {
  aspect: string;
  level: Level;
  /** Items with both a human and a predicted score. */
  items: number;
  /** Documents whose correlations were used (summary level), or documents among the items. */
  documents: number;
  /** Documents skipped at the summary level because human or predicted scores were constant. */
  skipped: number;
  /** Items left out because they had no prediction. */
  missing: number;
  /** Systems compared (system level only). */
  systems?: number;
}

function allEqual(values: readonly number[]): boolean {
  return values.every((v) => v === values[0]);
}

export function groupBy<T>(items: readonly T[], keyOf: (item: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const item of items) {
    const key = keyOf(item);
    const group = groups.get(key);
    if (group) group.push(item);
    else groups.set(key, [item]);
  }
  return groups;
}

export type Scored = ScoredItem & { predicted: number };

/** One document's correlations, or null when it is skipped (constant human or predicted scores). */
export function documentCorrelations(docItems: readonly Scored[]): Correlations | null {
  const human = docItems.map((i) => i.human);
  const predicted = docItems.map((i) => i.predicted);
  return allEqual(human) || allEqual(predicted) ? null : correlations(predicted, human);
}

/** Per-document correlations in document order: the units of the summary level. */
export function summaryUnits(items: readonly Scored[]): (Correlations | null)[] {
  return [...groupBy(items, (i) => i.group).values()].map(documentCorrelations);
}

/** The summary-level figure: the mean of the documents' correlations, skipped documents left out. */
export function meanOverDocuments(documents: readonly (Correlations | null)[]): Correlations {
  const sums = { pearson: 0, spearman: 0, kendall: 0 };
  let kept = 0;
  for (const c of documents) {
    if (c === null) continue;
    sums.pearson += c.pearson;
    sums.spearman += c.spearman;
    sums.kendall += c.kendall;
    kept++;
  }
  return kept === 0
    ? { pearson: NaN, spearman: NaN, kendall: NaN }
    : { pearson: sums.pearson / kept, spearman: sums.spearman / kept, kendall: sums.kendall / kept };
}

function systemMeans(items: readonly Scored[]): { human: number[]; predicted: number[] } {
  const human: number[] = [];
  const predicted: number[] = [];
  for (const sysItems of groupBy(items, (i) => i.system).values()) {
    human.push(sysItems.reduce((s, i) => s + i.human, 0) / sysItems.length);
    predicted.push(sysItems.reduce((s, i) => s + i.predicted, 0) / sysItems.length);
  }
  return { human, predicted };
}

/** The system level: correlation of per-system mean scores. */
export function systemCorrelations(items: readonly Scored[]): Correlations {
  const means = systemMeans(items);
  return correlations(means.predicted, means.human);
}

/** The sample level: one correlation over all items pooled. */
export function pooledCorrelations(items: readonly Scored[]): Correlations {
  return correlations(
    items.map((i) => i.predicted),
    items.map((i) => i.human),
  );
}

export function metaEvaluate(aspect: string, level: Level, all: readonly ScoredItem[]): MetaResult {
  const items = all.filter((i): i is Scored => i.predicted !== null);
  const missing = all.length - items.length;
  // Built in the order of the JSON contract: aspect, level, figures, counts, extras.
  if (level === 'summary') {
    const documents = summaryUnits(items);
    const kept = documents.filter((c) => c !== null).length;
    const corr = meanOverDocuments(documents);
    return { aspect, level, ...corr, items: items.length, documents: kept, skipped: documents.length - kept, missing };
  }
  const documents = new Set(items.map((i) => i.group)).size;
  if (level === 'system') {
    const corr = systemCorrelations(items);
    const systems = new Set(items.map((i) => i.system)).size;
    return { aspect, level, ...corr, items: items.length, documents, skipped: 0, missing, systems };
  }
  return { aspect, level, ...pooledCorrelations(items), items: items.length, documents, skipped: 0, missing };
}
