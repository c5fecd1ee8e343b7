/**
 * Changing the header line of a run file that is otherwise only appended to: the whole file is
 * written anew next to it and renamed over it, so a crash leaves the old file or the new one,
 * never half of either. The records are copied as bytes, in chunks, whatever the file's size,
 * with awaits between them: a 64 MB run file's copy would otherwise hold the editor's
 * extension host for tens of milliseconds (the editor benchmark's dataset view).
 */
import { open, type FileHandle } from 'node:fs/promises';
import { SumLensError } from '../errors';
import { writeFileAtomicallyAsync } from '../writeAtomically';
import { isRunHeader } from './runHeader';

const CHUNK = 1 << 20;

/** Replaces the header line with `change(header)`, the header as its JSON (unknown fields kept). */
export async function rewriteHeader(path: string, change: (header: Record<string, unknown>) => Record<string, unknown>): Promise<void> {
  const input = await open(path, 'r');
  try {
    const { line, end } = await firstLine(input, path);
    const header = JSON.parse(line) as unknown;
    if (!isRunHeader(header)) throw new SumLensError('bad-input', `${path}: its first line is not a SumLens run header`);
    await writeFileAtomicallyAsync(path, async (out) => {
      await out.write(JSON.stringify(change(header as Record<string, unknown>)) + '\n');
      const chunk = Buffer.alloc(CHUNK);
      for (let at = end, read; (read = (await input.read(chunk, 0, CHUNK, at)).bytesRead) > 0; at += read) {
        for (let written = 0; written < read;) written += (await out.write(chunk, written, read - written)).bytesWritten;
      }
    });
  } finally {
    await input.close();
  }
}

/** The first line's text and the byte offset just after its newline. */
async function firstLine(input: FileHandle, path: string): Promise<{ line: string; end: number }> {
  const chunks: Buffer[] = [];
  const chunk = Buffer.alloc(64 * 1024);
  for (let at = 0, read; (read = (await input.read(chunk, 0, chunk.length, at)).bytesRead) > 0; at += read) {
    const newline = chunk.subarray(0, read).indexOf(0x0a);
    chunks.push(Buffer.from(chunk.subarray(0, newline === -1 ? read : newline)));
    if (newline !== -1) return { line: Buffer.concat(chunks).toString('utf8'), end: at + newline + 1 };
  }
  throw new SumLensError('bad-input', `${path}: has no whole header line`);
}
