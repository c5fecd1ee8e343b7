/**
 * A finished run file read for reporting (eval --data tables, compare, report): its header and,
 * per item, the scores of its last record (a resumed run appends a newer record for an item
 * that failed before). Streamed: only the scores are kept in memory, never the results.
 */
import { SumLensError } from '../errors';
import type { Finding } from '../result';
import { isFinished, type RunRecord } from '../runFile/runRecord';
import { forEachLine } from '../runFile/lines';
import { readRunFile } from '../runFile/runOutput';
import type { RunHeader } from '../runFile/runHeader';

export interface RunEntry {
  key: string;
  /** The item's id (eval --data), else its key. */
  id: string;
  system?: string;
  scores: Record<string, number>;
  failed: boolean;
  /** Line of the item's last record, to read its result again when it is shown. */
  lineNo: number;
}

export interface LoadedRun {
  path: string;
  header: RunHeader;
  entries: RunEntry[];
  /** Score names in the order they first appear. */
  aspects: string[];
}

/** A record's id or system as text: a string or a number as written; anything else is no id. */
export function idText(value: unknown): string | undefined {
  return typeof value === 'string' || typeof value === 'number' ? String(value) : undefined;
}

function entryOf(record: RunRecord, lineNo: number): RunEntry {
  const scores: Record<string, number> = {};
  for (const [name, score] of Object.entries(record.scores)) if (typeof score === 'number') scores[name] = score;
  const id = idText(record.id) ?? record.key;
  const system = idText(record.system) ?? idText(record.system_id);
  return { key: record.key, id, ...(system !== undefined ? { system } : {}), scores, failed: !isFinished(record), lineNo };
}

/**
 * Reads a run file once. `onRecord` sees every record with its entry (a later record of the
 * same key replaces an earlier one): what a reader keeps beyond the scores, in the same pass.
 */
export async function loadRun(path: string, onRecord?: (record: RunRecord, entry: RunEntry) => void): Promise<LoadedRun> {
  const byKey = new Map<string, RunEntry>();
  const aspects = new Set<string>();
  const { header } = await readRunFile(path, (record, lineNo) => {
    const entry = entryOf(record, lineNo);
    for (const name of Object.keys(entry.scores)) aspects.add(name);
    byKey.set(entry.key, entry);
    onRecord?.(record, entry);
  });
  if (!header) throw new SumLensError('bad-input', `${path} is not a SumLens run file (no run header)`);
  for (const name of header.spec.aspects) aspects.add(name);
  return { path, header, entries: [...byKey.values()], aspects: [...aspects] };
}

export interface ItemDetail {
  source?: string;
  summary?: string;
  reference?: string;
  findings: Finding[];
  errors: string[];
}

/** The stored results of some records (by line), for showing a few items in full. */
export async function readDetails(
  path: string,
  lineNos: ReadonlySet<number>,
  texts: (record: Record<string, unknown>) => Partial<ItemDetail> = () => ({}),
): Promise<Map<number, ItemDetail>> {
  const details = new Map<number, ItemDetail>();
  if (lineNos.size === 0) return details;
  await forEachLine(path, (line, lineNo) => {
    if (!lineNos.has(lineNo)) return;
    const record = JSON.parse(line) as RunRecord & { result?: { fine?: { findings?: Finding[] } } };
    const errors = [
      ...(record.failure ? [record.failure.message] : []),
      ...Object.entries(record.errors ?? {}).map(([name, e]) => `${name}: ${typeof e === 'string' ? e : e.message}`),
    ];
    details.set(lineNo, { findings: record.result?.fine?.findings ?? [], errors, ...texts(record) });
  });
  return details;
}
