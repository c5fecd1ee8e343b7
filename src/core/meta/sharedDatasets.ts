/**
 * Where the shared human-annotated datasets live: `../shared/datasets/` next to the package
 * root. They are never copied into the project; tests and benchmarks read them in place and
 * skip when they are absent.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { packageRoot } from '../paths';

export function sharedDatasetPath(relative: string): string {
  return join(packageRoot(), '..', 'shared', 'datasets', relative);
}

/** The path when the file is there, else undefined (callers skip with a message). */
export function findSharedDataset(relative: string): string | undefined {
  const path = sharedDatasetPath(relative);
  return existsSync(path) ? path : undefined;
}
