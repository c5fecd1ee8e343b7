/**
 * The three inputs of `sumlens pairwise` as pairs to ask: two summaries of one source
 * (--source S --a A --b B); two data files matched by item id (--a FILE --b FILE, systems
 * named by the files); or a table of many systems (--data FILE --group COLUMN --system COLUMN)
 * with every pair of a document, or K of them (--pairs-per-doc) keeping the graph connected.
 * With --human COLUMN (a dotted path reads inside a column: scores.coherence), people's score
 * of each row, for Kendall's tau against the ranking. The CLI and the editor's "Rank Systems"
 * both read their pairs here; warnings (bad rows, a graph in pieces) go to `warn`.
 */
import { basename, extname } from 'node:path';
import { SumLensError } from '../errors';
import { dataItems, parseFieldMap, type DataField } from '../run/data/dataItems';
import { readTextFile } from '../textInput';
import { designPairs, isConnected } from './pairDesign';
import type { PairItem } from './runPairs';
import type { HumanScores } from './stats/ranking';

export interface PairwiseInputFlags {
  source?: string;
  a?: string;
  b?: string;
  data?: string;
  group?: string;
  system?: string;
  map?: string;
  human?: string;
  pairsPerDoc?: number;
  seed: number;
}

/** Where a front end hears what was left out (the CLI prints it to stderr, the editor logs it). */
type Warn = (message: string) => void;

export interface PairwiseInputs {
  items: PairItem[];
  human?: HumanScores;
  /** Cycle steps added to keep the comparison graph connected (--pairs-per-doc). */
  added: number;
}

interface Row {
  doc: string;
  system: string;
  source: string;
  summary: string;
  human?: number;
}

async function readItems(path: string, map: Partial<Record<DataField, string>>, human: string | undefined, warn: Warn): Promise<Row[]> {
  const rows: Row[] = [];
  const [column, ...inside] = (human ?? '').split('.');
  for await (const item of dataItems({
    path,
    task: 'summarization',
    map,
    columns: human ? [column] : undefined,
    onBadRow: (where, problem) => warn(`skipped ${where}: ${problem}`),
  })) {
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

const nameOf = (file: string) => basename(file, extname(file));

/** --a FILE --b FILE: the items both files hold, by id. */
async function matchedFiles(flags: PairwiseInputFlags, map: Partial<Record<DataField, string>>, warn: Warn): Promise<PairwiseInputs> {
  const [aRows, bRows] = [await readItems(flags.a!, map, undefined, warn), await readItems(flags.b!, map, undefined, warn)];
  const [a, b] = nameOf(flags.a!) === nameOf(flags.b!) ? ['A', 'B'] : [nameOf(flags.a!), nameOf(flags.b!)];
  const byId = new Map(bRows.map((r) => [r.doc, r]));
  const items = aRows.flatMap((row) => {
    const other = byId.get(row.doc);
    return other ? [{ doc: row.doc, a, b, source: row.source, textA: row.summary, textB: other.summary }] : [];
  });
  if (items.length === 0) throw new SumLensError('bad-input', `--a ${flags.a} and --b ${flags.b} share no item id`);
  const unmatched = aRows.length + bRows.length - 2 * items.length;
  if (unmatched > 0) warn(`${unmatched} item(s) are in only one of --a and --b: left out`);
  return { items, added: 0 };
}

/** --data FILE --group COLUMN --system COLUMN. */
async function systemsTable(flags: PairwiseInputFlags, map: Partial<Record<DataField, string>>, warn: Warn): Promise<PairwiseInputs> {
  if (!flags.group || !flags.system) throw new SumLensError('usage', '--data needs --group COLUMN (the document) and --system COLUMN (who wrote the summary)');
  const rows = await readItems(flags.data!, { ...map, id: flags.group, system: flags.system }, flags.human, warn);
  const byDoc = new Map<string, Map<string, Row>>();
  for (const row of rows) byDoc.set(row.doc, (byDoc.get(row.doc) ?? new Map<string, Row>()).set(row.system, row));
  const documents = new Map([...byDoc].filter(([, s]) => s.size >= 2).map(([doc, s]) => [doc, [...s.keys()].sort()]));
  if (documents.size === 0)
    throw new SumLensError('bad-input', `${flags.data}: no document has two systems' summaries (--group ${flags.group}, --system ${flags.system})`);
  const design = designPairs(documents, flags.pairsPerDoc, flags.seed);
  if (!isConnected(design.pairs)) warn('the comparison graph is not connected: systems in different parts cannot be ranked against each other');
  const items = design.pairs.map(({ doc, a, b }) => {
    const [x, y] = [byDoc.get(doc)!.get(a)!, byDoc.get(doc)!.get(b)!];
    return { doc, a, b, source: x.source, textA: x.summary, textB: y.summary };
  });
  const scored = (systems: Map<string, Row>) => new Map([...systems].filter(([, r]) => r.human !== undefined).map(([sys, r]) => [sys, r.human!]));
  const human = flags.human ? new Map([...byDoc].map(([doc, systems]) => [doc, scored(systems)])) : undefined;
  return { items, added: design.added, ...(human ? { human } : {}) };
}

export async function pairwiseInputs(flags: PairwiseInputFlags, warn: Warn): Promise<PairwiseInputs> {
  const map = flags.map ? parseFieldMap(flags.map) : {};
  if (flags.data !== undefined) {
    if (flags.a !== undefined || flags.b !== undefined || flags.source !== undefined) throw new SumLensError('usage', 'give --data, or --a and --b, not both');
    return systemsTable(flags, map, warn);
  }
  if (flags.a === undefined || flags.b === undefined)
    throw new SumLensError('usage', 'give --a and --b (with --source S: two summaries of it; without: two data files matched by id), or --data FILE');
  if (flags.human !== undefined || flags.pairsPerDoc !== undefined) throw new SumLensError('usage', '--human and --pairs-per-doc go with --data');
  if (flags.source === undefined) return matchedFiles(flags, map, warn);
  const item = {
    doc: nameOf(flags.source),
    a: 'A',
    b: 'B',
    source: readTextFile(flags.source, `--source ${flags.source}`),
    textA: readTextFile(flags.a, `--a ${flags.a}`),
    textB: readTextFile(flags.b, `--b ${flags.b}`),
  };
  return { items: [item], added: 0 };
}
