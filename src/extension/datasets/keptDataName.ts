/**
 * The data file a resumed run keeps in its header. `sumlens eval --data trial.jsonl` records
 * the path as typed, relative to the folder the CLI ran in, which the header does not keep
 * (nor a hash of the data). A relative name is taken for the file being evaluated when it
 * resolves to that file against a folder the CLI was likely run in: a workspace folder, the
 * folder holding the run's `.sumlens/`, or the run file's own folder. The resumed run then
 * keeps the header's name, so the engine's settings check finds nothing changed.
 */
import { closeSync, existsSync, openSync, readSync, realpathSync } from 'node:fs';
import * as path from 'node:path';

/** The header's first line: at most this much is read looking for its end. */
const MAX_HEADER_BYTES = 1 << 20;

/** The run file's first line, or undefined when there is none (a new or empty run file). */
function firstLine(file: string): string | undefined {
  if (!existsSync(file)) return undefined;
  const fd = openSync(file, 'r');
  try {
    const buffer = Buffer.alloc(MAX_HEADER_BYTES);
    const read = readSync(fd, buffer, 0, buffer.length, 0);
    const newline = buffer.subarray(0, read).indexOf(0x0a);
    return newline === -1 ? undefined : buffer.subarray(0, newline).toString('utf8');
  } finally {
    closeSync(fd);
  }
}

function realPath(file: string): string | undefined {
  try {
    return realpathSync.native(file);
  } catch {
    return undefined;
  }
}

/** The folders a relative data name in `runFile`'s header is resolved against, most likely first. */
export function candidateFolders(runFile: string, workspaceFolders: readonly string[]): string[] {
  const runs = path.dirname(runFile);
  const holder = path.basename(runs) === 'runs' && path.basename(path.dirname(runs)) === '.sumlens' ? [path.dirname(path.dirname(runs))] : [];
  return [...new Set([...workspaceFolders, ...holder, runs])];
}

/**
 * The header's data name when it is relative and names `dataPath` from one of the candidate
 * folders; undefined otherwise (an absolute name is compared as it is by the engine).
 * `parseHeader` is the engine's header check (zod): a line that is no header gives undefined.
 */
export function keptDataName(
  runFile: string,
  dataPath: string,
  workspaceFolders: readonly string[],
  parseHeader: (line: string) => { data: string } | undefined,
): string | undefined {
  const line = firstLine(runFile);
  const named = line === undefined ? undefined : parseHeader(line)?.data;
  if (named === undefined || path.isAbsolute(named)) return undefined;
  const target = realPath(dataPath);
  if (!target) return undefined;
  return candidateFolders(runFile, workspaceFolders).some((folder) => realPath(path.resolve(folder, named)) === target) ? named : undefined;
}
