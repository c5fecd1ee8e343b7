// `npm run bench` (SUMLENS_BENCH=editor): SumLens in a real VS Code (code-server, as the
// integration tests run it). Prints the activation time, the first panel paint and the
// bundle size against their budgets (50 ms, 300 ms, 600 KB). Three fresh windows; medians.
import * as esbuild from 'esbuild';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { root, makeProfile, copyWorkspace, startCodeServer, launchChromium } from '../../test/vscode/codeServer.mjs';

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

async function oneWindow(runner) {
  const results = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'sumlens-bench-')), 'results.json');
  const profile = makeProfile({});
  const server = await startCodeServer({
    folder: copyWorkspace(path.join(root, 'test/vscode/fixtures/workspace')),
    profile,
    env: { SUMLENS_BENCH_RESULTS: results },
    log: path.join(profile, 'code-server.log'),
  });
  const { browser, page } = await launchChromium();
  try {
    await page.goto(server.url({ developmentPath: root, testsPath: runner }));
    const deadline = Date.now() + 180_000;
    while (!fs.existsSync(results)) {
      if (Date.now() > deadline) throw new Error('no figures from the extension host after 180 s');
      await new Promise((r) => setTimeout(r, 250));
    }
    await new Promise((r) => setTimeout(r, 100));
    return JSON.parse(fs.readFileSync(results, 'utf8'));
  } finally {
    await browser.close();
    await server.stop();
  }
}

export async function benchEditor() {
  // The shipped bundle: minified, as `vsce package` builds it.
  execFileSync(process.execPath, [path.join(root, 'scripts/build-extension.mjs'), '--production'], { cwd: root, stdio: 'inherit' });
  const outDir = path.join(root, 'out/bench-vscode');
  await esbuild.build({
    entryPoints: [path.join(root, 'scripts/bench/editorRunner.ts')],
    outdir: outDir,
    bundle: true,
    platform: 'node',
    format: 'cjs',
    target: 'node20',
    external: ['vscode'],
    logLevel: 'warning',
  });
  const kb = (file) => fs.statSync(path.join(root, file)).size / 1024;
  const sizes = { extension: kb('dist/extension.js'), engine: kb('dist/engine.js') };
  const windows = [];
  for (let i = 0; i < 3; i++) windows.push(await oneWindow(path.join(outDir, 'editorRunner.js')));
  // Back to the development build the tests use.
  execFileSync(process.execPath, [path.join(root, 'scripts/build-extension.mjs')], { cwd: root, stdio: 'inherit' });
  const activation = median(windows.map((w) => w.activationMs));
  const coldPaint = median(windows.map((w) => w.paintsMs[0]));
  const warmPaint = median(windows.flatMap((w) => w.paintsMs.slice(1)));
  const blankPaint = median(windows.flatMap((w) => w.blankPaintsMs));
  return [
    `load average while measuring: ${os.loadavg()[0].toFixed(1)} on ${os.cpus().length} cores (figures are wall-clock times on a shared machine)`,
    `activation (bundle's first line to end of activate(), median of 3 windows): ${activation.toFixed(1)} ms (budget 50 ms; each: ${windows.map((w) => w.activationMs.toFixed(1)).join(', ')})`,
    `first panel paint (openPanel to the webview's first render): ${coldPaint.toFixed(0)} ms cold, ${warmPaint.toFixed(0)} ms when reopened (budget 300 ms)`,
    `  a blank webview opened the same way after a close: ${blankPaint.toFixed(0)} ms (the webview host's own cost here: code-server's page waits for its service worker to start again), so SumLens's share of a reopen: ${(warmPaint - blankPaint).toFixed(0)} ms`,
    `dist/extension.js: ${sizes.extension.toFixed(1)} KB minified (budget 600 KB); dist/engine.js, loaded on the first run: ${sizes.engine.toFixed(1)} KB`,
  ];
}
