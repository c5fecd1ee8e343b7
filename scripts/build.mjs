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
// engine and the openai client). Every dependency is bundled, so the package installs nothing,
// with two exceptions (partsApart below).
const commands = fs
  .readdirSync(path.join(root, 'src/cli/commands'))
  .filter((file) => file.endsWith('.ts'))
  .map((file) => [`commands/${file.slice(0, -3)}`, `src/cli/commands/${file}`]);
for (const stale of ['cli.js', 'cli.js.map', 'cli.mjs', 'cli.mjs.map', 'yaml.cjs', 'commands', 'chunks']) {
  fs.rmSync(path.join(root, 'dist', stale), { recursive: true, force: true });
}
// Two parts stay out of the chunks a command imports:
// - OpenAI's o200k tokenizer (gpt-tokenizer, 1.1 MB compressed, over the npm package's 1 MB
//   budget alone): not shipped (`external` below). It is an optional peer dependency, imported
//   where a user installed it beside SumLens; without it tokens are estimated high, and a run
//   that counts them says so (src/core/llm/tokenCount.ts);
// - the YAML parser, only for templates of a workspace's own (src/core/yaml.ts requires it on
//   first use): its own file, dist/yaml.cjs, so a plain `eval` does not compile its 115 kB.
//   The file sits in dist/, the requiring code one level down (dist/chunks or dist/commands).
const yamlApart = {
  name: 'yaml-apart',
  setup(build) {
    build.onResolve({ filter: /^yaml$/ }, () => ({ path: '../yaml.cjs', external: true }));
  },
};
await esbuild.build({
  absWorkingDir: root,
  entryPoints: ['yaml'],
  outfile: 'dist/yaml.cjs',
  bundle: true,
  platform: 'node',
  format: 'cjs',
  target: 'node20',
  minify: production,
  logLevel: 'warning',
});
await esbuild.build({
  absWorkingDir: root,
  entryPoints: { cli: 'src/cli/run.ts', ...Object.fromEntries(commands) },
  external: ['gpt-tokenizer'],
  plugins: [yamlApart],
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
if (fs.readFileSync(path.join(root, 'dist/cli.mjs'), 'utf8').includes('yaml.cjs')) {
  throw new Error('dist/cli.mjs requires ../yaml.cjs, a path that holds only one folder down');
}
if (process.argv.includes('--cli-only')) {
  await writeFrontMatterTable(root);
  process.exit(0);
}
// The extension's build writes the front-matter table for both.
await import('./build-extension.mjs');
