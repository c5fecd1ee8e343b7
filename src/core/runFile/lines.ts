/**
 * Reading a file line by line as a stream, so a run file or a dataset of any size is read in
 * memory that does not grow with it.
 */
import { isUtf8 } from 'node:buffer';
import { closeSync, createReadStream, openSync, readSync, statSync } from 'node:fs';
import { loopTurn } from '../cooperative';
import { SumLensError } from '../errors';
import { openInput } from '../textInput';

/**
 * Calls `onLine` with each line (1-based numbers) of the first `endByte` bytes (default: all).
 * Lines end at "\n" (a "\r" before it is dropped; a UTF-8 byte-order mark before the first is
 * too). Split on bytes, not with readline: a newline byte never occurs inside a UTF-8
 * character, and this reads a 66 MB run file in half readline's time. The file is opened with
 * textInput's checks, and a line that is not UTF-8 or holds NUL bytes fails naming it. The
 * event loop gets a turn between lines whenever a slice is due (cooperative.ts): a megabyte
 * chunk of a run file's records parsed at once held the VS Code extension host for tens of
 * milliseconds, several readers of 64 MB run files at once for longer (issue 38).
 */
export async function forEachLine(path: string, onLine: (line: string, lineNo: number) => void, endByte?: number): Promise<void> {
  if (endByte === 0) return;
  const fd = openInput(path, path, { allowEmpty: true });
  const stream = createReadStream('', { fd, highWaterMark: 1 << 20, ...(endByte !== undefined ? { start: 0, end: endByte - 1 } : {}) });
  let rest: Buffer | undefined;
  let lineNo = 0;
  const line = (buffer: Buffer, start: number, end: number) => {
    const bytes = buffer.subarray(lineNo === 0 && buffer[start] === 0xef && buffer[start + 1] === 0xbb && buffer[start + 2] === 0xbf ? start + 3 : start, end);
    lineNo++;
    if (bytes.includes(0)) throw new SumLensError('bad-input', `${path}:${lineNo}: contains NUL bytes (is it a binary file?)`);
    if (!isUtf8(bytes)) throw new SumLensError('bad-input', `${path}:${lineNo}: is not UTF-8 text; convert it (e.g. iconv -f latin1 -t utf-8) and try again`);
    onLine(bytes.toString('utf8'), lineNo);
  };
  try {
    for await (const chunk of stream as AsyncIterable<Buffer>) {
      const buffer = rest ? Buffer.concat([rest, chunk]) : chunk;
      let start = 0;
      for (let newline = buffer.indexOf(0x0a, start); newline !== -1; newline = buffer.indexOf(0x0a, start)) {
        line(buffer, start, newline > start && buffer[newline - 1] === 0x0d ? newline - 1 : newline);
        start = newline + 1;
        await loopTurn();
      }
      rest = start < buffer.length ? buffer.subarray(start) : undefined;
    }
    if (rest) line(rest, 0, rest[rest.length - 1] === 0x0d ? rest.length - 1 : rest.length);
  } finally {
    stream.destroy();
  }
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
    for (let end = size; end > 0;) {
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
