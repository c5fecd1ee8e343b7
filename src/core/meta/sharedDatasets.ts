/**
 * Where the shared human-annotated datasets live: `../shared/datasets/` next to the package
 * root. They are never copied into the project; tests and benchmarks read them in place and
 * skip when they are absent.
 */
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';

/** The nearest folder above `from` holding a package.json (works from src/, out/ and dist/). */
export function packageRoot(from: string = __dirname): string {
  let dir = from;
  while (!existsSync(join(dir, 'package.json'))) {
    const parent = dirname(dir);
    if (parent === dir) throw new Error(`no package.json above ${from}`);
    dir = parent;
  }
  return dir;
}

export function sharedDatasetPath(relative: string): string {
  return join(packageRoot(), '..', 'shared', 'datasets', relative);
}

/** The path when the file is there, else undefined (callers skip with a message). */
export function findSharedDataset(relative: string): string | undefined {
  const path = sharedDatasetPath(relative);
  return existsSync(path) ? path : undefined;
}
