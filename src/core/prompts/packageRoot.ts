import { existsSync, readFileSync } from 'fs';
import { dirname, join } from 'path';
import { z } from 'zod';

const packageJsonSchema = z.object({ name: z.string().optional() });
const PACKAGE_NAME = 'sumlens';

let cached: string | undefined;

/**
 * The directory of SumLens's own package.json, found by walking up from this file: that
 * works from out/src/core/prompts/ (tsc), from dist/*.js (esbuild bundle) and from an
 * installed copy alike.
 */
export function packageRoot(): string {
  if (cached) return cached;
  for (let dir = __dirname; ; dir = dirname(dir)) {
    const candidate = join(dir, 'package.json');
    if (existsSync(candidate) && readsAsSumLens(candidate)) return (cached = dir);
    if (dirname(dir) === dir) throw new Error(`cannot find the ${PACKAGE_NAME} package.json above ${__dirname}`);
  }
}

function readsAsSumLens(packageJsonPath: string): boolean {
  try {
    const parsed = packageJsonSchema.safeParse(JSON.parse(readFileSync(packageJsonPath, 'utf8')));
    return parsed.success && parsed.data.name === PACKAGE_NAME;
  } catch {
    return false; // an unreadable package.json on the way up is not ours
  }
}
