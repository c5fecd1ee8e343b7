/**
 * The bench output file: JSONL, one record per finished item, each written with a single
 * append of `line + "\n"` so a killed run leaves at most one torn last line. Opening it for a
 * resumed run cuts that torn line off and reports which items are already done.
 */
import { appendFileSync, existsSync, statSync, truncateSync } from 'node:fs';
import type { BenchRecord } from './benchRecord';
import { readBenchFile } from './benchRecord';

export interface OpenedOutput {
  /** Keys of the items already in the file. */
  done: Set<string>;
  /** Bytes of an incomplete last line that were cut off (0 when the file was whole). */
  truncatedBytes: number;
  records: BenchRecord[];
}

export function openBenchOutput(path: string): OpenedOutput {
  if (!existsSync(path)) return { done: new Set(), truncatedBytes: 0, records: [] };
  const { records, tornAt } = readBenchFile(path);
  let truncatedBytes = 0;
  if (tornAt !== undefined) {
    truncatedBytes = statSync(path).size - tornAt;
    truncateSync(path, tornAt);
  }
  return { done: new Set(records.map((r) => r.key)), truncatedBytes, records };
}

export function appendBenchRecord(path: string, record: BenchRecord): void {
  appendFileSync(path, JSON.stringify(record) + '\n');
}
