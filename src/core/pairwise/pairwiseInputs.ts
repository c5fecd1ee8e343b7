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
import { parseFieldMap, type DataField } from '../run/data/dataItems';
import { readTextFile } from '../textInput';
import { isConnected } from './pairDesign';
import { matchedPairs, readPairRows, tablePairs, type PairRow, type RowPair } from './pairRows';
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

export interface PairwiseInputs {
  items: PairItem[];
  human?: HumanScores;
  /** Cycle steps added to keep the comparison graph connected (--pairs-per-doc). */
  added: number;
}

const nameOf = (file: string) => basename(file, extname(file));
/** Where a warning goes (bad rows, a graph in pieces): the CLI's stderr, the editor's notice. */
type Warn = (message: string) => void;
const badRowWarning = (warn: Warn) => (where: string, problem: string) => warn(`skipped ${where}: ${problem}`);

/** --a FILE --b FILE: the items both files hold, by id. */
async function matchedFiles(flags: PairwiseInputFlags, map: Partial<Record<DataField, string>>, warn: Warn): Promise<PairwiseInputs> {
  const onBadRow = badRowWarning(warn);
  const rows = [await readPairRows(flags.a!, map, { onBadRow }), await readPairRows(flags.b!, map, { onBadRow })] as const;
  const { pairs, unmatched } = matchedPairs([flags.a!, flags.b!], [rows[0], rows[1]]);
  if (pairs.length === 0) throw new SumLensError('bad-input', `--a ${flags.a} and --b ${flags.b} share no item id`);
  if (unmatched > 0) warn(`${unmatched} item(s) are in only one of --a and --b: left out`);
  return { items: pairs.map(pairItem), added: 0 };
}

/** --data FILE --group COLUMN --system COLUMN. */
async function systemsTable(flags: PairwiseInputFlags, map: Partial<Record<DataField, string>>, warn: Warn): Promise<PairwiseInputs> {
  if (!flags.group || !flags.system) throw new SumLensError('usage', '--data needs --group COLUMN (the document) and --system COLUMN (who wrote the summary)');
  const rows = await readPairRows(flags.data!, { ...map, id: flags.group, system: flags.system }, { human: flags.human, onBadRow: badRowWarning(warn) });
  const table = tablePairs(rows, { pairsPerDoc: flags.pairsPerDoc, seed: flags.seed });
  if (!table) throw new SumLensError('bad-input', `${flags.data}: no document has two systems' summaries (--group ${flags.group}, --system ${flags.system})`);
  if (!isConnected(table.pairs)) warn('the comparison graph is not connected: systems in different parts cannot be ranked against each other');
  const scored = (systems: Map<string, PairRow>) => new Map([...systems].filter(([, r]) => r.human !== undefined).map(([sys, r]) => [sys, r.human!]));
  const human = flags.human ? new Map([...table.byDoc].map(([doc, systems]) => [doc, scored(systems)])) : undefined;
  return { items: table.pairs.map(pairItem), added: table.added, ...(human ? { human } : {}) };
}

/** A pair as `runPairs` asks it. */
function pairItem({ doc, a, b, x, y }: RowPair): PairItem {
  return { doc, a, b, source: x.source, textA: x.summary, textB: y.summary };
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
