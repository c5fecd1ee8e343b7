import * as os from 'node:os';
import * as path from 'node:path';

export { packageRoot, packageVersion } from './manifest';

/** Where the platform keeps caches: $XDG_CACHE_HOME, ~/Library/Caches, %LOCALAPPDATA%. */
export function defaultCacheDir(): string {
  if (process.env.XDG_CACHE_HOME) return path.join(process.env.XDG_CACHE_HOME, 'sumlens');
  if (process.platform === 'darwin') return path.join(os.homedir(), 'Library', 'Caches', 'sumlens');
  if (process.platform === 'win32' && process.env.LOCALAPPDATA) return path.join(process.env.LOCALAPPDATA, 'sumlens', 'cache');
  return path.join(os.homedir(), '.cache', 'sumlens');
}
