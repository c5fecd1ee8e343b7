// Builds everything that ships: the CLI bundles (dist/cli.mjs and its commands) here, then the extension and
// its webview script (scripts/build-extension.mjs). `--production` minifies; `--cli-only`
// stops after the CLI (what the npm package holds: `npm pack` runs it as `prepack`).
import * as esbuild from 'esbuild';
import { fileURLToPath } from 'node:url';
import { writeFrontMatterTable } from './front-matter-table.mjs';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const production = process.argv.includes('--production');
// `npm pack` and `npm publish` run "prepare" after "prepack": keep prepack's production build.
if (process.env.npm_lifecycle_event === 'prepare' && ['pack', 'publish'].includes(process.env.npm_command ?? '')) {
  process.exit(0);
}

// The CLI entry (dist/cli.mjs) holds only the command table and option parsing; each command
// is its own ES module (dist/commands/<name>.mjs) loaded when that command runs, so
// `sumlens --help` never parses the engine (see src/cli/commandTable.ts). The commands share
// their code through chunks (dist/chunks/): code splitting, which esbuild does for ES modules
// only, keeps the npm package small (each command bundled alone held its own copy of the
// engine and the openai client). Every dependency is bundled: the package installs nothing.
const commands = fs
  .readdirSync(path.join(root, 'src/cli/commands'))
  .filter((file) => file.endsWith('.ts'))
  .map((file) => [`commands/${file.slice(0, -3)}`, `src/cli/commands/${file}`]);
for (const stale of ['cli.js', 'cli.js.map', 'cli.mjs', 'cli.mjs.map', 'commands', 'chunks']) {
  fs.rmSync(path.join(root, 'dist', stale), { recursive: true, force: true });
}
await esbuild.build({
  absWorkingDir: root,
  entryPoints: { cli: 'src/cli/run.ts', ...Object.fromEntries(commands) },
  outdir: 'dist',
  outExtension: { '.js': '.mjs' },
  chunkNames: 'chunks/[name]-[hash]',
  bundle: true,
  splitting: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  // CommonJS code inside the bundle (dependencies, our own `require` and `__dirname`) gets
  // what an ES module lacks, per file.
  banner: {
    js: [
      "import { createRequire as __sumlensRequire } from 'node:module';",
      "import { fileURLToPath as __sumlensPath } from 'node:url';",
      "import { dirname as __sumlensDirname } from 'node:path';",
      'const require = __sumlensRequire(import.meta.url);',
      'const __filename = __sumlensPath(import.meta.url);',
      'const __dirname = __sumlensDirname(__filename);',
    ].join(' '),
  },
  minify: production,
  sourcemap: !production,
  logLevel: 'warning',
});
if (process.argv.includes('--cli-only')) {
  await writeFrontMatterTable(root);
  process.exit(0);
}
// The extension's build writes the front-matter table for both.
await import('./build-extension.mjs');
