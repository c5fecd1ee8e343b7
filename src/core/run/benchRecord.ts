/**
 * One line of `sumlens bench` output (JSONL): which dataset item it scores and the scores.
 * `meta --predictions FILE` matches lines to dataset items by `key` (see datasets.baseKey):
 * `doc_id|system_id` when the dataset has doc ids, else a hash of source, system and output.
 * Lines are appended one whole line at a time; a torn last line (a killed run) is reported
 * as `tornAt` so a resumed run can cut it off.
 */
import { readFileSync } from 'node:fs';
import { z } from 'zod';
import { SumLensError } from '../errors';

export const BenchRecordSchema = z.looseObject({
  key: z.string(),
  index: z.number().int().nonnegative(),
  doc_id: z.union([z.string(), z.number()]).optional(),
  system_id: z.union([z.string(), z.number()]),
  /** Aspect → score; null when no score could be read. */
  scores: z.record(z.string(), z.number().nullable()),
  /** The full evaluation result (unvalidated beyond being an object). */
  result: z.record(z.string(), z.unknown()).optional(),
  /** Aspect → why it has no score (an aspect that failed after the session's retries). */
  errors: z.record(z.string(), z.string()).optional(),
});

export type BenchRecord = z.infer<typeof BenchRecordSchema>;

export interface BenchFile {
  records: BenchRecord[];
  /** Byte offset where an incomplete last line starts, if the file ends with one. */
  tornAt?: number;
}

export function parseBenchLines(text: string, path: string): BenchFile {
  const records: BenchRecord[] = [];
  let offset = 0;
  let lineNo = 0;
  while (offset < text.length) {
    const newline = text.indexOf('\n', offset);
    lineNo++;
    if (newline === -1) {
      // Every complete line ends with "\n"; what follows the last one was cut off mid-write.
      return { records, tornAt: Buffer.byteLength(text.slice(0, offset), 'utf8') };
    }
    const line = text.slice(offset, newline);
    offset = newline + 1;
    if (line.trim() === '') continue;
    let json: unknown;
    try {
      json = JSON.parse(line);
    } catch (err) {
      throw new SumLensError('bad-input', `${path}:${lineNo}: not JSON: ${(err as Error).message}`);
    }
    const parsed = BenchRecordSchema.safeParse(json);
    if (!parsed.success) {
      throw new SumLensError('bad-input', `${path}:${lineNo}: not a bench record: ${z.prettifyError(parsed.error)}`);
    }
    records.push(parsed.data);
  }
  return { records };
}

export function readBenchFile(path: string): BenchFile {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (err) {
    throw new SumLensError('bad-input', `${path}: cannot read: ${(err as Error).message}`);
  }
  return parseBenchLines(text, path);
}
