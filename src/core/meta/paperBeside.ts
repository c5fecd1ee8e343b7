/**
 * Whether a run's correlations may be printed beside a published table: only when the run is
 * on the paper's dataset (the same items, by content fingerprint), at the paper's level, with
 * every item scored, the human score is the one the paper used (not a stand-in), and the paper
 * reports at least one of the run's aspects. Otherwise the
 * published figures are not shown, and when the dataset is of a kind the paper measured, the
 * reason is said in one line, so a reader knows why there is nothing to compare with.
 */
import { datasetFingerprint } from '../datasets/datasetIdentity';
import type { Dataset, Level } from '../datasets/dataset';
import { paperTableByFingerprint, paperTablesFor, type PaperTable } from './paperFigures';

export interface RunFacts {
  aspect: string;
  level: Level;
  items: number;
  missing: number;
}

export type PaperDecision = { table: PaperTable } | { notShown: string } | undefined;

export function paperBeside(dataset: Dataset, results: readonly RunFacts[]): PaperDecision {
  const candidates = paperTablesFor(dataset.kind);
  if (candidates.length === 0 || results.length === 0) return undefined;
  // A stand-in human score (SQuALITY's) is comparable with no published figure.
  if (dataset.caveat !== undefined) return { notShown: `published figures not shown: ${dataset.caveat}` };
  const names = candidates.map((t) => `${t.table} (${t.dataset}, ${t.items} items)`).join(' or ');
  const table = paperTableByFingerprint(datasetFingerprint(dataset));
  if (!table) {
    return { notShown: `published figures not shown: ${dataset.items.length} items that are not the paper's dataset, ${names}` };
  }
  const level = results[0].level;
  if (level !== table.level) {
    return { notShown: `published figures not shown: the run is at the ${level} level, ${table.table} at the ${table.level} level` };
  }
  const incomplete = results.find((r) => r.missing > 0);
  if (incomplete) {
    return {
      notShown: `published figures not shown: ${incomplete.aspect} has scores for ${incomplete.items} of the ${table.items} items the paper's figures are over`,
    };
  }
  if (!results.some((r) => table.figures.some((f) => f.aspect === r.aspect))) {
    return { notShown: `published figures not shown: ${table.table} has none of ${results.map((r) => r.aspect).join(', ')}` };
  }
  return { table };
}

/** The label printed with a published table: paper, model, table, dataset and level. */
export function paperLabel(table: PaperTable): string {
  return `published: ${table.model}, ${table.paper}, ${table.table}: ${table.dataset}, ${table.level} level, ${table.items} items`;
}
