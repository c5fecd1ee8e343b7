/**
 * A review's pairwise items from data, read as `sumlens pairwise` reads pairs
 * (pairwise/pairRows.ts): a table of systems, or two data files matched by id. Each pair's id
 * is `doc/a/b`.
 */
import { createHash } from 'node:crypto';
import { SumLensError } from '../errors';
import { matchedPairs, readPairRows, tablePairs, type RowPair } from '../pairwise/pairRows';
import type { ReviewPairText } from './reviewSchema';

export interface PairText extends ReviewPairText {
  doc: string;
  a: string;
  b: string;
}

type OnBadRow = (where: string, problem: string) => void;

/** A pair as the review keeps it: its id `doc/a/b`, the source and the two summaries. */
const pairText = ({ doc, a, b, x, y }: RowPair): PairText => ({
  id: `${doc}/${a}/${b}`,
  doc,
  a,
  b,
  source: x.source,
  summaryA: x.summary,
  summaryB: y.summary,
});

export interface PairTableOptions {
  data: string;
  /** The column naming the document (default `id`) and the one naming the system (default `system`). */
  group?: string;
  system?: string;
  /** K pairs a document (default: every pair). */
  pairsPerDoc?: number;
  seed: number;
  onBadRow?: OnBadRow;
}

/** A table of systems: per document, its pairs of systems' summaries. */
export async function pairsOfTable(options: PairTableOptions): Promise<PairText[]> {
  const [group, system] = [options.group ?? 'id', options.system ?? 'system'];
  const rows = await readPairRows(options.data, { id: group, system }, { onBadRow: options.onBadRow });
  const table = tablePairs(rows, { pairsPerDoc: options.pairsPerDoc, seed: options.seed });
  if (!table)
    throw new SumLensError('bad-input', `${options.data}: no document has two systems' summaries (document column ${group}, system column ${system})`);
  return table.pairs.map(pairText);
}

/** Two data files (id, source, summary) matched by id; items in only one file are counted in `unmatched`. */
export async function pairsOfFiles(fileA: string, fileB: string, onBadRow?: OnBadRow): Promise<{ pairs: PairText[]; unmatched: number }> {
  const rows = [await readPairRows(fileA, {}, { onBadRow }), await readPairRows(fileB, {}, { onBadRow })] as const;
  const { pairs, unmatched } = matchedPairs([fileA, fileB], [rows[0], rows[1]]);
  if (pairs.length === 0) throw new SumLensError('bad-input', `${fileA} and ${fileB} share no item id`);
  return { pairs: pairs.map(pairText), unmatched };
}

/**
 * Which summary of a pair `rater` sees first (on the left): from the sha256 of the rater's name
 * and the pair's id, so random over pairs and raters (position effects cancel out over a review)
 * yet the same on every machine and every opening. Recorded with each answer.
 */
export function shownFirstFor(rater: string, pairId: string): 'A' | 'B' {
  return (createHash('sha256').update(`${rater}\u0000${pairId}`, 'utf8').digest()[0] & 1) === 0 ? 'A' : 'B';
}
