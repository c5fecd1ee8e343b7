// `npm run bench`: compiles, builds, then runs each benchmark and prints its figures.
// Benchmarks measure; they are not tests and never fail on a number.
//   SUMLENS_BENCH=geval,fine,meta,long,throughput,sampling,startup,datasets,audit,choose,longSource,japanese,align,spendLimit,prComment,editor
//   picks which to run (default: all).
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createRequire } from 'node:module';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(import.meta.url);
execFileSync(path.join(root, 'node_modules/.bin/tsc'), ['-p', '.'], { cwd: root, stdio: 'inherit' });
// The production build: start-up and bundle figures are about what ships.
execFileSync(process.execPath, ['scripts/build.mjs', '--production'], { cwd: root, stdio: 'inherit' });

const benches = [
  ['geval', 'geval.js', 'benchGeval'],
  ['fine', 'fine.js', 'benchFine'],
  ['meta', 'meta.js', 'benchMeta'],
  ['long', 'longData.js', 'benchLongData'],
  ['throughput', 'throughput.js', 'benchThroughput'],
  ['sampling', 'sampling.js', 'benchSampling'],
  ['startup', 'startup.js', 'benchStartup'],
  ['datasets', 'datasets.js', 'benchDatasets'],
  ['audit', 'audit.js', 'benchAudit'],
  ['choose', 'choose.js', 'benchChoose'],
  ['longSource', 'longSource.js', 'benchLongSource'],
  ['japanese', 'japanese.js', 'benchJapanese'],
  ['align', 'align.js', 'benchAlign'],
  ['spendLimit', 'spendLimit.js', 'benchSpendLimit'],
  ['review', 'review.js', 'benchReview'],
  ['prComment', 'prComment.js', 'benchPrComment'],
];
const wanted = (process.env.SUMLENS_BENCH ?? [...benches.map(([name]) => name), 'editor'].join(',')).split(',');
for (const [name, file, exported] of benches) {
  if (!wanted.includes(name)) continue;
  const modulePath = path.join(root, 'out/scripts/bench', file);
  if (!fs.existsSync(modulePath)) {
    console.log(`${name}: not built (${path.relative(root, modulePath)} missing)`);
    continue;
  }
  const started = Date.now();
  const lines = await require(modulePath)[exported]();
  console.log(`\n== ${name} (${((Date.now() - started) / 1000).toFixed(1)} s)\n${lines.join('\n')}`);
}

// The editor's figures come from a real VS Code (code-server): an ES module, not tsc's output.
if (wanted.includes('editor')) {
  const started = Date.now();
  const lines = await (await import('./bench/editor.mjs')).benchEditor();
  console.log(`\n== editor (${((Date.now() - started) / 1000).toFixed(1)} s)\n${lines.join('\n')}`);
}
