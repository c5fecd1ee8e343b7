/**
 * Where SumLens finds a human-scored set by name: a local copy of the datasets folder
 * (SUMLENS_DATASETS, or the editor's sumlens.datasetsFolder), then the folder that
 * `sumlens datasets get` downloads into. Nothing points beside the package: a user has
 * only what they downloaded or named.
 */
import { existsSync } from 'node:fs';
import * as path from 'node:path';
import { SumLensError } from '../errors';
import { defaultCacheDir, type CacheEnvironment } from '../paths';
import { registryEntry } from './registry';

export interface DatasetFolders {
  /** A local copy of the datasets folder, when the user named one. */
  local?: string;
  /** Where `sumlens datasets get` puts its downloads. */
  downloads: string;
}

/** The folders from the caller's environment: SUMLENS_DATASETS (empty means unset) and the cache. */
export function datasetFolders(env: CacheEnvironment & Readonly<{ SUMLENS_DATASETS?: string }>, local = env.SUMLENS_DATASETS): DatasetFolders {
  return { local: local?.trim() || undefined, downloads: path.join(defaultCacheDir(env), 'datasets') };
}

/** A file of the datasets layout (e.g. `summeval/summeval.json`) where it is, else undefined. */
export function findDatasetFile(relative: string, folders: DatasetFolders): string | undefined {
  return [folders.local, folders.downloads]
    .filter((folder): folder is string => folder !== undefined)
    .map((folder) => path.join(folder, relative))
    .find((candidate) => existsSync(candidate));
}

/** The command that gets a registered set: what every "missing" message names. */
export function getCommand(name: string): string {
  return `sumlens datasets get ${name}`;
}

/**
 * `--dataset VALUE`: a registered name (`summeval`) is looked up in the folders; anything
 * else is a path. A name whose files are absent fails with the one command that gets them.
 */
export function resolveDatasetArgument(value: string, folders: DatasetFolders): string {
  const entry = registryEntry(value);
  if (!entry || existsSync(value)) return value;
  const found = findDatasetFile(entry.files[0].path, folders);
  if (found) return found;
  throw new SumLensError(
    'bad-input',
    `dataset "${entry.name}" is not here: get it with \`${getCommand(entry.name)}\` (or set SUMLENS_DATASETS to a folder holding ${entry.files[0].path})`,
  );
}
