import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { z } from 'zod';

const manifestSchema = z.object({ name: z.string(), version: z.string().optional() });

let cachedRoot: string | undefined;

/**
 * The folder holding SumLens's package.json (and `prompts/`), found by walking up from
 * this file: the same code runs from `out/src/core/` in tests and from `dist/` when bundled.
 */
export function packageRoot(): string {
  if (cachedRoot) return cachedRoot;
  for (let dir = __dirname; ; dir = path.dirname(dir)) {
    const manifest = path.join(dir, 'package.json');
    if (fs.existsSync(manifest) && readManifest(manifest)?.name === 'sumlens') return (cachedRoot = dir);
    if (path.dirname(dir) === dir) throw new Error(`SumLens's package.json was not found above ${__dirname}`);
  }
}

function readManifest(file: string): z.infer<typeof manifestSchema> | undefined {
  try {
    const parsed = manifestSchema.safeParse(JSON.parse(fs.readFileSync(file, 'utf8')));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined; // not JSON: not ours
  }
}

export function packageVersion(): string {
  return readManifest(path.join(packageRoot(), 'package.json'))?.version ?? 'unknown';
}

/** Where the platform keeps caches: $XDG_CACHE_HOME, ~/Library/Caches, %LOCALAPPDATA%. */
export function defaultCacheDir(): string {
  if (process.env.XDG_CACHE_HOME) return path.join(process.env.XDG_CACHE_HOME, 'sumlens');
  if (process.platform === 'darwin') return path.join(os.homedir(), 'Library', 'Caches', 'sumlens');
  if (process.platform === 'win32' && process.env.LOCALAPPDATA) return path.join(process.env.LOCALAPPDATA, 'sumlens', 'cache');
  return path.join(os.homedir(), '.cache', 'sumlens');
}
