// dist/front-matter.json, written by both builds (the CLI's, scripts/build.mjs, and the
// extension's, scripts/build-extension.mjs, which packaging runs alone).
import * as esbuild from 'esbuild';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

/**
 * dist/front-matter.json: the built-in templates' front matter parsed now, so that a run on
 * them never loads the YAML parser (src/core/prompts/frontMatterTable.ts). The table's maker is
 * TypeScript: bundled to a temporary module and run.
 */
export async function writeFrontMatterTable(root) {
  const maker = path.join(os.tmpdir(), `sumlens-front-matter-${process.pid}.mjs`);
  try {
    await esbuild.build({
      absWorkingDir: root,
      entryPoints: ['src/core/prompts/buildFrontMatterTable.ts'],
      outfile: maker,
      bundle: true,
      platform: 'node',
      format: 'esm',
      target: 'node20',
      banner: { js: "import { createRequire as __sumlensRequire } from 'node:module'; const require = __sumlensRequire(import.meta.url);" },
      logLevel: 'warning',
    });
    const { buildFrontMatterTable } = await import(pathToFileURL(maker).href);
    fs.writeFileSync(path.join(root, 'dist', 'front-matter.json'), JSON.stringify(buildFrontMatterTable(path.join(root, 'prompts'))));
  } finally {
    fs.rmSync(maker, { force: true });
  }
}
