import * as fs from 'node:fs';
import * as path from 'node:path';

/** Writes a whole file or nothing: a killed process leaves the old content, never a torn one. */
export function writeFileAtomically(file: string, content: string): void {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const temporary = `${file}.${process.pid}.${Date.now()}.tmp`;
  try {
    fs.writeFileSync(temporary, content);
    fs.renameSync(temporary, file);
  } catch (error) {
    fs.rmSync(temporary, { force: true });
    throw error;
  }
}
