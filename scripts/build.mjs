// Builds everything that ships: the CLI bundle (dist/cli.js) here, then the extension and
// its webview script (scripts/build-extension.mjs). `--production` minifies.
import * as esbuild from 'esbuild';
import { fileURLToPath } from 'node:url';
import path from 'node:path';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const production = process.argv.includes('--production');

await esbuild.build({
  absWorkingDir: root,
  entryPoints: ['src/cli/run.ts'],
  outfile: 'dist/cli.js',
  bundle: true,
  platform: 'node',
  format: 'cjs',
  target: 'node20',
  minify: production,
  sourcemap: !production,
  logLevel: 'warning',
});
await import('./build-extension.mjs');
