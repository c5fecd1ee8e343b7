/**
 * The run file behind --out: a header line (runHeader.ts), then one record per evaluated item,
 * each written with a single append of `line + "\n"` so a killed run leaves at most one torn
 * last line. Opening it for a run:
 * - a new file is created with the header (runItems creates its folder);
 * - a file without a SumLens header is refused: it is not ours, and nothing in it is touched;
 * - a file whose header has other settings is refused with the differences, unless restarting;
 * - a torn last line is the one thing cut off; items whose last record finished are done.
 */
import { appendFileSync, closeSync, existsSync, statSync, truncateSync, writeFileSync } from 'node:fs';
import { SumLensError } from '../errors';
import { openInput } from '../textInput';
import { isFinished, parseRunLine, type RunRecord } from './runRecord';
import { endOfLastLine, forEachLine } from './lines';
import { specDifferences } from '../runSpec/specDifferences';
import type { RunHeader } from './runHeader';

export interface OpenedOutput {
  /** Keys of the items whose last record finished. */
  done: Set<string>;
  /** Keys whose last record is a failure (evaluated again). */
  failedBefore: Set<string>;
  /** Bytes of an incomplete last line that were cut off (0 when the file was whole). */
  truncatedBytes: number;
  /** Records of an earlier run dropped by --restart. */
  restartedRecords: number;
}

export interface ReadRunFile {
  header?: RunHeader;
  /** Where the torn last line starts (the file's size when it is whole). */
  end: number;
}

/** Streams the whole lines of a run file; the header, if any, is returned, not passed on. */
export async function readRunFile(path: string, onRecord: (record: RunRecord, lineNo: number) => void): Promise<ReadRunFile> {
  // Missing, a folder, empty…: said of the file before its lines are measured.
  closeSync(openInput(path, path));
  const end = endOfLastLine(path);
  let header: RunHeader | undefined;
  let first = true;
  await forEachLine(
    path,
    (line, lineNo) => {
      if (line.trim() === '') return;
      const parsed = parseRunLine(line, `${path}:${lineNo}`, first);
      first = false;
      if (parsed.header) header = parsed.header;
      else if (parsed.record) onRecord(parsed.record, lineNo);
    },
    end,
  );
  return { header, end };
}

export async function openRunOutput(path: string, header: RunHeader, restart = false): Promise<OpenedOutput> {
  const opened: OpenedOutput = { done: new Set(), failedBefore: new Set(), truncatedBytes: 0, restartedRecords: 0 };
  if (!existsSync(path) || statSync(path).size === 0) {
    writeFileSync(path, JSON.stringify(header) + '\n');
    return opened;
  }
  const latest = new Map<string, boolean>();
  let read: ReadRunFile;
  try {
    read = await readRunFile(path, (record) => latest.set(record.key, isFinished(record)));
  } catch (error) {
    throw notOurs(path, error instanceof Error ? error.message : String(error));
  }
  if (!read.header) throw notOurs(path, 'it has no SumLens run header');
  const differences = specDifferences(read.header, header);
  if (read.header.data !== header.data) differences.unshift(`data: ${read.header.data} (file) vs ${header.data} (now)`);
  if (restart) {
    opened.restartedRecords = latest.size;
    writeFileSync(path, JSON.stringify(header) + '\n');
    return opened;
  }
  if (differences.length > 0) throw new RunSettingsChangedError(path, differences);
  const size = statSync(path).size;
  if (read.end < size) {
    truncateSync(path, read.end);
    opened.truncatedBytes = size - read.end;
  }
  for (const [key, finished] of latest) (finished ? opened.done : opened.failedBefore).add(key);
  return opened;
}

/** Resuming a run file made with other settings: refused, so one file never mixes two judges. */
export class RunSettingsChangedError extends SumLensError {
  constructor(
    readonly path: string,
    readonly differences: string[],
  ) {
    super('usage', `${path} holds a run with other settings (${differences.join('; ')}); add --restart to start it over, or choose another --out`);
  }
}

function notOurs(path: string, why: string): SumLensError {
  return new SumLensError('usage', `${path} was not written by SumLens (${why}); it is left as it is: choose another --out`);
}

export function appendRunRecord(path: string, record: RunRecord): void {
  appendFileSync(path, JSON.stringify(record) + '\n');
}
