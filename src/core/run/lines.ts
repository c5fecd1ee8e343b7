/**
 * Reading a file line by line as a stream, so a run file or a dataset of any size is read in
 * memory that does not grow with it.
 */
import { closeSync, createReadStream, openSync, readSync, statSync } from 'node:fs';
import { createInterface } from 'node:readline';

/** Calls `onLine` with each line (1-based numbers) of the first `endByte` bytes (default: all). */
export async function forEachLine(path: string, onLine: (line: string, lineNo: number) => void, endByte?: number): Promise<void> {
  if (endByte === 0) return;
  const stream = createReadStream(path, { encoding: 'utf8', ...(endByte !== undefined ? { end: endByte - 1 } : {}) });
  const lines = createInterface({ input: stream, crlfDelay: Infinity });
  let lineNo = 0;
  for await (const line of lines) onLine(line, ++lineNo);
}

/**
 * The byte offset just after the file's last newline: what follows it is a line a killed
 * writer left unfinished. Equal to the size when the file ends with a newline (or is empty).
 */
export function endOfLastLine(path: string): number {
  const size = statSync(path).size;
  const fd = openSync(path, 'r');
  try {
    const chunk = Buffer.alloc(64 * 1024);
    for (let end = size; end > 0; ) {
      const start = Math.max(0, end - chunk.length);
      readSync(fd, chunk, 0, end - start, start);
      const at = chunk.subarray(0, end - start).lastIndexOf(0x0a);
      if (at >= 0) return start + at + 1;
      end = start;
    }
    return 0;
  } finally {
    closeSync(fd);
  }
}
