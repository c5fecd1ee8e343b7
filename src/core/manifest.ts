/**
 * SumLens's own package.json: where it is (the package root, holding `prompts/`) and the
 * few fields read from it. Kept free of zod on purpose: `sumlens --help` loads this, and
 * loading zod would cost more than the rest of start-up. The fields are checked by hand.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';

export interface Manifest {
  name: string;
  version?: string;
  /** Where to report bugs (package.json "bugs", as a string or { url }). */
  bugsUrl?: string;
}

let cachedRoot: string | undefined;

export function readManifest(file: string): Manifest | undefined {
  let json: unknown;
  try {
    json = JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch {
    return undefined; // missing or not JSON: not ours
  }
  if (typeof json !== 'object' || json === null) return undefined;
  const { name, version, bugs } = json as Record<string, unknown>;
  if (typeof name !== 'string') return undefined;
  const bugsUrl = typeof bugs === 'string' ? bugs : typeof (bugs as { url?: unknown })?.url === 'string' ? (bugs as { url: string }).url : undefined;
  return { name, ...(typeof version === 'string' ? { version } : {}), ...(bugsUrl ? { bugsUrl } : {}) };
}

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

export function ownManifest(): Manifest | undefined {
  return readManifest(path.join(packageRoot(), 'package.json'));
}

export function packageVersion(): string {
  return ownManifest()?.version ?? 'unknown';
}
