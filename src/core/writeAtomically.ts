import * as fs from 'node:fs';
import * as path from 'node:path';

/** Writes a whole file or nothing: a killed process leaves the old content, never a torn one. */
export function writeFileAtomically(file: string, content: string): void {
  writeFileAtomicallyWith(file, (fd) => fs.writeFileSync(fd, content));
}

/**
 * The same, for content written piece by piece (`write` gets the temporary file's descriptor),
 * so a file of any size is rewritten without holding it in memory.
 */
export function writeFileAtomicallyWith(file: string, write: (fd: number) => void): void {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const temporary = `${file}.${process.pid}.${Date.now()}.tmp`;
  try {
    const fd = fs.openSync(temporary, 'w');
    try {
      write(fd);
    } finally {
      fs.closeSync(fd);
    }
    fs.renameSync(temporary, file);
  } catch (error) {
    fs.rmSync(temporary, { force: true });
    throw error;
  }
}

/**
 * writeFileAtomicallyWith without blocking: `write` gets the temporary file's handle and
 * writes with awaits, so rewriting a file of tens of megabytes (a run file's header, in the
 * editor's extension host) never holds the event loop for the whole copy.
 */
export async function writeFileAtomicallyAsync(file: string, write: (handle: fs.promises.FileHandle) => Promise<void>): Promise<void> {
  await fs.promises.mkdir(path.dirname(file), { recursive: true });
  const temporary = `${file}.${process.pid}.${Date.now()}.tmp`;
  try {
    const handle = await fs.promises.open(temporary, 'w');
    try {
      await write(handle);
    } finally {
      await handle.close();
    }
    await fs.promises.rename(temporary, file);
  } catch (error) {
    await fs.promises.rm(temporary, { force: true });
    throw error;
  }
}
