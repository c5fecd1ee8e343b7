import * as os from 'node:os';
import * as path from 'node:path';

export { packageRoot, packageVersion } from './manifest';

/** The variables defaultCacheDir reads; the caller passes its environment (the CLI's call, the editor's process). */
export type CacheEnvironment = Readonly<{ XDG_CACHE_HOME?: string; LOCALAPPDATA?: string; HOME?: string }>;

/** Where the platform keeps caches: $XDG_CACHE_HOME, ~/Library/Caches, %LOCALAPPDATA%. */
export function defaultCacheDir(env: CacheEnvironment): string {
  if (env.XDG_CACHE_HOME) return path.join(env.XDG_CACHE_HOME, 'sumlens');
  const home = env.HOME || os.homedir();
  if (process.platform === 'darwin') return path.join(home, 'Library', 'Caches', 'sumlens');
  if (process.platform === 'win32' && env.LOCALAPPDATA) return path.join(env.LOCALAPPDATA, 'sumlens', 'cache');
  return path.join(home, '.cache', 'sumlens');
}
