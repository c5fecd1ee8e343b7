// Bundles the VS Code extension (src/extension/extension.ts → dist/extension.js, Node/CJS,
// only `vscode` external), the engine a run loads on first use (src/extension/run/engine.ts
// → dist/engine.js: the openai client and the fine-grained evaluation, kept out of
// activation) and the panel's webview script (src/extension/webview/main.ts →
// media/dist/panel.js, browser IIFE). `--production` minifies; `--watch` rebuilds;
// `--metafile` writes dist/*.meta.json (what each bundle is made of).
import * as esbuild from 'esbuild';
import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import path from 'node:path';
import { writeFrontMatterTable } from './front-matter-table.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const production = process.argv.includes('--production');
const watch = process.argv.includes('--watch');

const common = {
  bundle: true,
  minify: production,
  sourcemap: !production,
  logLevel: 'warning',
  absWorkingDir: root,
};

// The o200k tokenizer (2.4 MB of ranks, a third of a second to parse) is its own file,
// dist/tokenizer.js, required only when an OpenAI model's tokens are first counted: in
// engine.js it would slow every first run, counted or not.
const tokenizerApart = {
  name: 'tokenizer-apart',
  setup(build) {
    build.onResolve({ filter: /^gpt-tokenizer$/ }, () => ({ path: './tokenizer.js', external: true }));
  },
};

const builds = [
  {
    ...common,
    entryPoints: ['src/extension/extension.ts'],
    outfile: 'dist/extension.js',
    platform: 'node',
    format: 'cjs',
    target: 'node20',
    external: ['vscode'],
    // The first and last statements of the bundle: activation time is measured from the first,
    // so that it covers evaluating every bundled module as well as activate(); the last tells
    // SumLens's own time (loading, then activate()) from VS Code's between the two (`npm run bench`).
    banner: { js: 'globalThis.__sumlensLoadStart = performance.now();' },
    footer: { js: 'globalThis.__sumlensLoadEnd = performance.now();' },
  },
  {
    ...common,
    entryPoints: ['src/extension/run/engine.ts'],
    outfile: 'dist/engine.js',
    platform: 'node',
    format: 'cjs',
    target: 'node20',
    external: ['vscode'],
    plugins: [tokenizerApart],
  },
  {
    ...common,
    entryPoints: ['gpt-tokenizer'],
    outfile: 'dist/tokenizer.js',
    platform: 'node',
    format: 'cjs',
    target: 'node20',
  },
  {
    ...common,
    entryPoints: ['src/extension/webview/main.ts'],
    outfile: 'media/dist/panel.js',
    platform: 'browser',
    format: 'iife',
    target: 'es2022',
  },
  {
    ...common,
    entryPoints: ['src/extension/webview/ratingMain.ts'],
    outfile: 'media/dist/rating.js',
    platform: 'browser',
    format: 'iife',
    target: 'es2022',
  },
  {
    ...common,
    entryPoints: ['src/extension/webview/comparisonMain.ts'],
    outfile: 'media/dist/comparison.js',
    platform: 'browser',
    format: 'iife',
    target: 'es2022',
  },
  {
    ...common,
    entryPoints: ['src/extension/webview/reviewStatusMain.ts'],
    outfile: 'media/dist/review-status.js',
    platform: 'browser',
    format: 'iife',
    target: 'es2022',
  },
];

if (watch) {
  for (const options of builds) await (await esbuild.context(options)).watch();
} else {
  const metafile = process.argv.includes('--metafile');
  const results = await Promise.all(builds.map((options) => esbuild.build({ ...options, metafile })));
  if (metafile) results.forEach((r, i) => fs.writeFileSync(path.join(root, `${builds[i].outfile}.meta.json`), JSON.stringify(r.metafile)));
  // A production build leaves no stale source maps of a previous development build behind.
  if (production) for (const { outfile } of builds) fs.rmSync(path.join(root, `${outfile}.map`), { force: true });
  await writeFrontMatterTable(root);
}
