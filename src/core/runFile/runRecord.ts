/**
 * One record line of a run file (JSONL, after the header line, see runHeader.ts): which item
 * it scores, its scores, and whether it finished. `meta --predictions FILE` matches records to
 * dataset items by `key` (see datasets.baseKey): `doc_id|system_id` when the dataset has doc
 * ids, else a hash of source, system and output; `eval --data` keys records by the row's id.
 * A failed item is a record with `status: "failed"` and its causes, never a null score; a
 * resumed run evaluates it again and appends a new record: the last record of a key wins.
 * Lines are appended one whole line at a time; a torn last line (a killed run) is reported
 * as `tornAt` so a resumed run can cut it off.
 */
import * as z from 'zod';
import { errorExitCodes, SumLensError, type ErrorCode } from '../errors';
import { readDataFile } from '../textInput';
import { isRunHeader, parseRunHeader, type RunHeader } from './runHeader';

export const FailureSchema = z.object({
  code: z.enum(Object.keys(errorExitCodes) as [ErrorCode, ...ErrorCode[]]).optional(),
  message: z.string(),
});

export type Failure = z.infer<typeof FailureSchema>;

/** What an item's evaluation spent (run/itemSpend.ts): questions sent, their tokens, their price. */
export const ItemSpendSchema = z.object({
  /** USD at list prices; absent for a model with no price. */
  usd: z.number().nonnegative().optional(),
  promptTokens: z.number().int().nonnegative(),
  completionTokens: z.number().int().nonnegative(),
  /** Questions sent to the judge (answers from the cache are not counted). */
  requests: z.number().int().nonnegative(),
  /** The date of the price table the USD comes from. */
  prices: z.string(),
  /** Priced at the Batch API's price. */
  batch: z.boolean().optional(),
});

export type ItemSpend = z.infer<typeof ItemSpendSchema>;

export const RunRecordSchema = z.looseObject({
  key: z.string(),
  index: z.number().int().nonnegative(),
  doc_id: z.union([z.string(), z.number()]).optional(),
  system_id: z.union([z.string(), z.number()]).optional(),
  /** `ok` when every score was read; `failed` items are evaluated again on resume. */
  status: z.enum(['ok', 'failed']).optional(),
  /** Aspect → score. Files written before failures were recorded may hold null. */
  scores: z.record(z.string(), z.number().nullable()),
  /** The full evaluation result (unvalidated beyond being an object). */
  result: z.record(z.string(), z.unknown()).optional(),
  /** Aspect → why it has no score (an aspect that failed after the session's retries). */
  errors: z.record(z.string(), z.union([z.string(), FailureSchema])).optional(),
  /** The whole item failed (its evaluation threw). */
  failure: FailureSchema.optional(),
  /** What this evaluation of the item spent (records written before it was kept have none). */
  spend: ItemSpendSchema.optional(),
});

export type RunRecord = z.infer<typeof RunRecordSchema>;

/** A record that needs no further evaluation. */
export function isFinished(record: RunRecord): boolean {
  if (record.status !== undefined) return record.status === 'ok';
  return record.failure === undefined && record.errors === undefined && Object.values(record.scores).every((s) => s !== null);
}

export interface RunFile {
  header?: RunHeader;
  records: RunRecord[];
  /** Byte offset where an incomplete last line starts, if the file ends with one. */
  tornAt?: number;
}

/** One line as a record, or the header when it is the file's first line. */
export function parseRunLine(line: string, where: string, first: boolean): { header?: RunHeader; record?: RunRecord } {
  let json: unknown;
  try {
    json = JSON.parse(line);
  } catch (err) {
    throw new SumLensError('bad-input', `${where}: not JSON: ${(err as Error).message}`);
  }
  if (first && isRunHeader(json)) {
    const header = parseRunHeader(json);
    if (!header.success) throw new SumLensError('bad-input', `${where}: not a SumLens run header: ${z.prettifyError(header.error)}`);
    return { header: header.data };
  }
  const parsed = RunRecordSchema.safeParse(json);
  if (!parsed.success) throw new SumLensError('bad-input', `${where}: not a run record: ${z.prettifyError(parsed.error)}`);
  return { record: parsed.data };
}

export function parseRunLines(text: string, path: string): RunFile {
  const file: RunFile = { records: [] };
  let offset = 0;
  let lineNo = 0;
  while (offset < text.length) {
    const newline = text.indexOf('\n', offset);
    lineNo++;
    if (newline === -1) {
      // Every complete line ends with "\n"; what follows the last one was cut off mid-write.
      file.tornAt = Buffer.byteLength(text.slice(0, offset), 'utf8');
      return file;
    }
    const line = text.slice(offset, newline);
    offset = newline + 1;
    if (line.trim() === '') continue;
    const { header, record } = parseRunLine(line, `${path}:${lineNo}`, lineNo === 1);
    if (header) file.header = header;
    if (record) file.records.push(record);
  }
  return file;
}

export function readWholeRunFile(path: string): RunFile {
  return parseRunLines(readDataFile(path, path), path);
}
