/**
 * Pairs of summaries read from data, the way `sumlens pairwise` and a review of pairs both
 * read them: a table of systems (a document column and a system column; per document every
 * pair of its systems' summaries, or K of them, designPairs keeping the comparison graph
 * connected), or two data files matched by item id (the systems named by the files). With a
 * human column (a dotted path reads inside a column: scores.coherence), people's score of each row.
 * Errors that name the caller's own flags or columns are the caller's to throw.
 */
import { basename, extname } from 'node:path';
import { SumLensError } from '../errors';
import { dataItems, type DataField } from '../run/data/dataItems';
import { designPairs } from './pairDesign';

export interface PairRow {
  doc: string;
  system: string;
  source: string;
  summary: string;
  human?: number;
}

/** One pair on a document: system `a`'s row `x` and system `b`'s row `y`. */
export interface RowPair {
  doc: string;
  a: string;
  b: string;
  x: PairRow;
  y: PairRow;
}

export async function readPairRows(
  path: string,
  map: Partial<Record<DataField, string>>,
  options: { human?: string; onBadRow?(where: string, problem: string): void } = {},
): Promise<PairRow[]> {
  const rows: PairRow[] = [];
  const [column, ...inside] = (options.human ?? '').split('.');
  for await (const item of dataItems({ path, task: 'summarization', map, columns: options.human ? [column] : undefined, onBadRow: options.onBadRow })) {
    let value: unknown = (item.fields.columns as Record<string, unknown> | undefined)?.[column];
    for (const key of inside) value = (value as Record<string, unknown> | undefined)?.[key];
    const score = typeof value === 'number' ? value : typeof value === 'string' && value.trim() !== '' ? Number(value) : undefined;
    rows.push({
      doc: String(item.fields.id),
      system: String((item.fields.system as string | number | undefined) ?? ''),
      source: item.input.source,
      summary: item.input.summary,
      ...(Number.isFinite(score) ? { human: score } : {}),
    });
  }
  if (rows.length === 0) throw new SumLensError('bad-input', `${path}: no item could be read`);
  return rows;
}

export interface TablePairs {
  /** Each document's rows by system. */
  byDoc: Map<string, Map<string, PairRow>>;
  pairs: RowPair[];
  /** Cycle steps added to keep the comparison graph connected. */
  added: number;
}

/**
 * A table of systems' rows: the pairs designed over the documents that have two systems or
 * more; undefined when no document has (the caller names its columns in the error).
 */
export function tablePairs(rows: readonly PairRow[], design: { pairsPerDoc?: number; seed: number }): TablePairs | undefined {
  const byDoc = new Map<string, Map<string, PairRow>>();
  for (const row of rows) byDoc.set(row.doc, (byDoc.get(row.doc) ?? new Map<string, PairRow>()).set(row.system, row));
  const documents = new Map([...byDoc].filter(([, s]) => s.size >= 2).map(([doc, s]) => [doc, [...s.keys()].sort()]));
  if (documents.size === 0) return undefined;
  const designed = designPairs(documents, design.pairsPerDoc, design.seed);
  const pairs = designed.pairs.map(({ doc, a, b }) => ({ doc, a, b, x: byDoc.get(doc)!.get(a)!, y: byDoc.get(doc)!.get(b)! }));
  return { byDoc, pairs, added: designed.added };
}

/** Two files' rows matched by id, the systems named by the files (A and B when the names are the same); the rows in one file only are counted. */
export function matchedPairs(files: [string, string], rows: [readonly PairRow[], readonly PairRow[]]): { pairs: RowPair[]; unmatched: number } {
  const nameOf = (file: string) => basename(file, extname(file));
  const [a, b] = nameOf(files[0]) === nameOf(files[1]) ? ['A', 'B'] : [nameOf(files[0]), nameOf(files[1])];
  const byId = new Map(rows[1].map((row) => [row.doc, row]));
  const pairs = rows[0].flatMap((x) => {
    const y = byId.get(x.doc);
    return y ? [{ doc: x.doc, a, b, x, y }] : [];
  });
  return { pairs, unmatched: rows[0].length + rows[1].length - 2 * pairs.length };
}
