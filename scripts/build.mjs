// Builds everything that ships: the CLI bundle (dist/cli.js) here, then the extension and
// its webview script (scripts/build-extension.mjs). `--production` minifies.
import * as esbuild from 'esbuild';
import { fileURLToPath } from 'node:url';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const production = process.argv.includes('--production');

// The CLI entry (dist/cli.js) holds only the command table and option parsing; each command
// is its own bundle (dist/commands/<name>.js) loaded when that command runs, so
// `sumlens --help` never parses the engine (see src/cli/commandTable.ts).
const commands = fs
  .readdirSync(path.join(root, 'src/cli/commands'))
  .filter((file) => file.endsWith('.ts'))
  .map((file) => [`commands/${file.slice(0, -3)}`, `src/cli/commands/${file}`]);
await esbuild.build({
  absWorkingDir: root,
  entryPoints: { cli: 'src/cli/run.ts', ...Object.fromEntries(commands) },
  outdir: 'dist',
  bundle: true,
  platform: 'node',
  format: 'cjs',
  target: 'node20',
  minify: production,
  sourcemap: !production,
  logLevel: 'warning',
});
await import('./build-extension.mjs');
