/**
 * A review's pairwise items from data, the two ways `sumlens pairwise` reads pairs: a table of
 * systems (a document column and a system column, every pair of a document's summaries or K of
 * them, designPairs keeping the comparison graph connected), or two data files matched by id
 * (the systems named by the files). Each pair's id is `doc/a/b`.
 */
import { createHash } from 'node:crypto';
import { basename, extname } from 'node:path';
import { SumLensError } from '../errors';
import { designPairs } from '../pairwise/pairDesign';
import { dataItems } from '../run/data/dataItems';
import type { ReviewPairText } from './reviewSchema';

export interface PairText extends ReviewPairText {
  doc: string;
  a: string;
  b: string;
}

interface Row {
  doc: string;
  system: string;
  source: string;
  summary: string;
}

type OnBadRow = (where: string, problem: string) => void;

async function rowsOf(path: string, map: { id?: string; system?: string }, onBadRow?: OnBadRow): Promise<Row[]> {
  const rows: Row[] = [];
  for await (const item of dataItems({ path, task: 'summarization', map, onBadRow })) {
    const system = item.fields.system as string | number | undefined;
    rows.push({ doc: String(item.fields.id), system: system === undefined ? '' : String(system), source: item.input.source, summary: item.input.summary });
  }
  if (rows.length === 0) throw new SumLensError('bad-input', `${path}: no item could be read`);
  return rows;
}

/** The pair of `x` (system a) and `y` (system b) on document `doc`. */
const pairText = ({ doc, a, b }: { doc: string; a: string; b: string }, x: Row, y: Row): PairText => ({
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
  const rows = await rowsOf(options.data, { id: options.group ?? 'id', system: options.system ?? 'system' }, options.onBadRow);
  const byDoc = new Map<string, Map<string, Row>>();
  for (const row of rows) byDoc.set(row.doc, (byDoc.get(row.doc) ?? new Map<string, Row>()).set(row.system, row));
  const documents = new Map([...byDoc].filter(([, s]) => s.size >= 2).map(([doc, s]) => [doc, [...s.keys()].sort()]));
  if (documents.size === 0)
    throw new SumLensError(
      'bad-input',
      `${options.data}: no document has two systems' summaries (document column ${options.group ?? 'id'}, system column ${options.system ?? 'system'})`,
    );
  return designPairs(documents, options.pairsPerDoc, options.seed).pairs.map(({ doc, a, b }) =>
    pairText({ doc, a, b }, byDoc.get(doc)!.get(a)!, byDoc.get(doc)!.get(b)!),
  );
}

/** Two data files (id, source, summary) matched by id; items in only one file are counted in `unmatched`. */
export async function pairsOfFiles(fileA: string, fileB: string, onBadRow?: OnBadRow): Promise<{ pairs: PairText[]; unmatched: number }> {
  const [rowsA, rowsB] = [await rowsOf(fileA, {}, onBadRow), await rowsOf(fileB, {}, onBadRow)];
  const nameOf = (file: string) => basename(file, extname(file));
  const [a, b] = nameOf(fileA) === nameOf(fileB) ? ['A', 'B'] : [nameOf(fileA), nameOf(fileB)];
  const byId = new Map(rowsB.map((row) => [row.doc, row]));
  const pairs = rowsA.flatMap((row) => {
    const other = byId.get(row.doc);
    return other ? [pairText({ doc: row.doc, a, b }, row, other)] : [];
  });
  if (pairs.length === 0) throw new SumLensError('bad-input', `${fileA} and ${fileB} share no item id`);
  return { pairs, unmatched: rowsA.length + rowsB.length - 2 * pairs.length };
}

/**
 * Which summary of a pair `rater` sees first (on the left): from the sha256 of the rater's name
 * and the pair's id, so random over pairs and raters (position effects cancel out over a review)
 * yet the same on every machine and every opening. Recorded with each answer.
 */
export function shownFirstFor(rater: string, pairId: string): 'A' | 'B' {
  return (createHash('sha256').update(`${rater}\u0000${pairId}`, 'utf8').digest()[0] & 1) === 0 ? 'A' : 'B';
}
