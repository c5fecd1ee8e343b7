/**
 * A tool's path argument, resolved inside the folder the server was started in. Symbolic
 * links and `..` are resolved first, so neither leads out of it; a path that does not exist yet
 * (a run file to write) is resolved through its folder, which must exist.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { SumLensError } from '../errors';

/** The real path of `given` (relative to the workspace, or absolute), refused when it lies outside the workspace. */
export function workspacePath(workspace: string, given: string, label: string): string {
  const real = pathInside(workspace, given);
  if (real === undefined) {
    throw new SumLensError('usage', `${label} ${given} is outside the folder the server was started in (${workspace}); give a path inside it`);
  }
  return real;
}

/** The real path of `given` (relative to `folder`, or absolute) when it lies inside `folder` (the editor's tools try each workspace folder); else undefined. */
export function pathInside(folder: string, given: string): string | undefined {
  const real = realPathOf(path.resolve(folder, given));
  const relative = path.relative(realPathOf(folder), real);
  return relative.startsWith('..') || path.isAbsolute(relative) ? undefined : real;
}

/** A missing file is resolved through its folder's real path (the read or write then reports it missing). */
function realPathOf(resolved: string): string {
  try {
    return fs.realpathSync(resolved);
  } catch {
    const folder = path.dirname(resolved);
    return folder === resolved ? resolved : path.join(realPathOf(folder), path.basename(resolved));
  }
}
