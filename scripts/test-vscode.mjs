// Runs the integration suite (test/vscode/*.test.ts) inside a real VS Code extension host.
//   node scripts/test-vscode.mjs             offline: code-server + Chromium (default)
//   node scripts/test-vscode.mjs --electron  a VS Code build downloaded by @vscode/test-electron
//   --suite main|restricted|reload           only one of the runs
// Three runs: "main" with workspace trust disabled; "restricted" with trust on, in an
// untrusted workspace whose settings try to redirect the base URL; "reload", the same
// window loaded twice (code-server only), so that what a run saved is restored by a fresh
// extension host as after Developer: Reload Window.
import * as esbuild from 'esbuild';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { root, makeProfile, copyWorkspace, startCodeServer, launchChromium, sharedDatasetsFolder } from '../test/vscode/codeServer.mjs';

const electron = process.argv.includes('--electron');
const suiteArg = process.argv.includes('--suite') ? process.argv[process.argv.indexOf('--suite') + 1] : null;
const suites = suiteArg ? [suiteArg] : electron ? ['main', 'restricted'] : ['main', 'restricted', 'reload'];
const outDir = path.join(root, 'out/test-vscode');
const timeoutMs = Number(process.env.SUMLENS_TEST_TIMEOUT_MS ?? 300_000);

function build() {
  execFileSync(process.execPath, [path.join(root, 'scripts/build-extension.mjs')], { stdio: 'inherit', cwd: root });
  fs.rmSync(outDir, { recursive: true, force: true });
  const entryPoints = fs
    .readdirSync(path.join(root, 'test/vscode'))
    .filter((f) => f.endsWith('.ts'))
    .map((f) => path.join(root, 'test/vscode', f));
  return esbuild.build({
    entryPoints,
    outdir: outDir,
    bundle: true,
    platform: 'node',
    format: 'cjs',
    target: 'node20',
    sourcemap: 'inline',
    external: ['vscode', 'mocha'],
    logLevel: 'warning',
  });
}

/** The workspace each suite opens, and the environment its extension host gets. */
function prepare(suite) {
  const workspace = copyWorkspace(path.join(root, 'test/vscode/fixtures/workspace'));
  if (suite === 'restricted') {
    // A cloned repository trying to send the user's key elsewhere, and to spend their money.
    fs.mkdirSync(path.join(workspace, '.vscode'), { recursive: true });
    fs.writeFileSync(
      path.join(workspace, '.vscode/settings.json'),
      JSON.stringify(
        {
          'sumlens.baseUrl': 'http://127.0.0.1:9/must-not-be-used',
          'sumlens.model': 'most-expensive-model',
          'sumlens.samples': 100,
          'sumlens.concurrency': 64,
          'sumlens.route': 'sampling',
          'sumlens.maxStandardError': 0,
          'sumlens.reasoningBudget': 100000,
        },
        null,
        2,
      ),
    );
  }
  const resultsFile = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'sumlens-results-')), 'results.json');
  const env = {
    SUMLENS_TEST_RESULTS: resultsFile,
    SUMLENS_TEST_SUITE: suite,
    // The environment fallback for the key (the suites also exercise SecretStorage).
    OPENAI_API_KEY: 'sk-from-environment',
    // Each test scripts its own replies: they must really be requested, not read from a cache.
    SUMLENS_CACHE_DIR: 'off',
    // Measure against people finds its SummEval slice here, as a user's local copy.
    SUMLENS_DATASETS: sharedDatasetsFolder,
    // The reload suite's note from before the reload to after it.
    SUMLENS_RELOAD_MARKER: `${resultsFile}.before-reload.json`,
    // Where a reload-suite test asks for its extension host to be killed before the reload (its pid).
    SUMLENS_KILL_PID_FILE: `${resultsFile}.kill-pid`,
    // After a deliberate change of the run-file format: the golden run files written again (test/fixtures/run/goldenRunFiles.ts).
    ...(process.env.SUMLENS_WRITE_GOLDEN ? { SUMLENS_WRITE_GOLDEN: process.env.SUMLENS_WRITE_GOLDEN } : {}),
  };
  return { workspace, resultsFile, env };
}

async function waitForFile(file, isAlive) {
  const deadline = Date.now() + timeoutMs;
  while (!fs.existsSync(file)) {
    if (Date.now() > deadline) throw new Error(`no test results after ${timeoutMs / 1000}s`);
    if (!isAlive()) throw new Error('the VS Code process ended before writing test results');
    await new Promise((r) => setTimeout(r, 250));
  }
  await new Promise((r) => setTimeout(r, 100));
  return JSON.parse(fs.readFileSync(file, 'utf8'));
}

async function runInCodeServer(suite) {
  const { workspace, resultsFile, env } = prepare(suite);
  const profile = makeProfile({});
  const log = path.join(profile, 'code-server.log');
  const server = await startCodeServer({ folder: workspace, profile, trust: suite === 'restricted', env, log });
  const { browser, page } = await launchChromium();
  const pageErrors = [];
  page.on('pageerror', (e) => pageErrors.push(e.message));
  const url = server.url({ developmentPath: root, testsPath: path.join(outDir, 'runner.js') });
  try {
    await page.goto(url);
    const first = await waitForFile(resultsFile, () => browser.isConnected());
    if (suite !== 'reload' || first.failures > 0) return first;
    // Developer: Reload Window (twice), through the workbench, which saves the window's state first.
    let all = first;
    for (let reload = 0; reload < 2; reload++) {
      fs.rmSync(resultsFile);
      killExtensionHost(env.SUMLENS_KILL_PID_FILE);
      await reloadWindow(page);
      const next = await waitForFile(resultsFile, () => browser.isConnected());
      all = { ...next, passes: all.passes + next.passes, tests: all.tests + next.tests, outcomes: [...all.outcomes, ...next.outcomes] };
      if (next.failures > 0) break;
    }
    return all;
  } catch (e) {
    console.error(`code-server log: ${log}`);
    throw e;
  } finally {
    await browser.close();
    await server.stop();
  }
}

/**
 * Kills the extension host whose pid a test wrote (SIGKILL: no deactivate, no flush), as a
 * crash would, and waits until it is gone; the reload then starts a new one.
 */
function killExtensionHost(pidFile) {
  if (!fs.existsSync(pidFile)) return;
  const pid = Number(fs.readFileSync(pidFile, 'utf8'));
  fs.rmSync(pidFile);
  process.kill(pid, 'SIGKILL');
  for (const deadline = Date.now() + 10_000; Date.now() < deadline;) {
    try {
      process.kill(pid, 0);
    } catch {
      return;
    }
    Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 50);
  }
  throw new Error(`the extension host ${pid} was not gone 10 s after SIGKILL`);
}

/** Runs Developer: Reload Window from the command palette and waits for the new page. */
async function reloadWindow(page) {
  await page.locator('.monaco-workbench').waitFor({ timeout: 60_000 });
  const reloaded = page.waitForEvent('load', { timeout: 60_000 });
  await page.locator('.statusbar').click({ position: { x: 600, y: 5 } });
  await page.keyboard.press('F1');
  const input = page.locator('.quick-input-widget input');
  await input.waitFor({ state: 'visible' });
  await input.fill('>Developer: Reload Window');
  await page.locator('.quick-input-list .monaco-list-row', { hasText: 'Developer: Reload Window' }).first().waitFor({ timeout: 10_000 });
  await page.keyboard.press('Enter');
  await reloaded;
}

async function runInElectron(suite) {
  const { runTests } = await import('@vscode/test-electron');
  const { workspace, resultsFile, env } = prepare(suite);
  const profile = makeProfile({});
  try {
    await runTests({
      extensionDevelopmentPath: root,
      extensionTestsPath: path.join(outDir, 'runner.js'),
      extensionTestsEnv: env,
      launchArgs: [
        workspace,
        '--disable-extensions',
        `--user-data-dir=${path.join(profile, 'data')}`,
        ...(suite === 'restricted' ? [] : ['--disable-workspace-trust']),
      ],
    });
  } catch (error) {
    // Test failures make runTests reject too: they are read from the results file below.
    if (!fs.existsSync(resultsFile)) throw new Error(`@vscode/test-electron could not run VS Code: ${error?.message ?? error}`);
  }
  return JSON.parse(fs.readFileSync(resultsFile, 'utf8'));
}

function report(summary) {
  for (const o of summary.outcomes) {
    const mark = o.state === 'passed' ? '✓' : o.state === 'failed' ? '✗' : '-';
    console.log(`  ${mark} ${o.title}${o.durationMs ? ` (${o.durationMs}ms)` : ''}`);
    if (o.error) console.log(o.error.replace(/^/gm, '      '));
  }
  // Mocha's own summary lines, one count per line (scripts/test.mjs adds them up).
  console.log(`\n  ${summary.passes} passing\n  ${summary.failures} failing\n  ${summary.pending} pending`);
}

const started = Date.now();
await build();
let failed = 0;
for (const suite of suites) {
  console.log(`\n${suite} suite (${electron ? 'VS Code via @vscode/test-electron' : 'code-server + Chromium'})`);
  try {
    const summary = electron ? await runInElectron(suite) : await runInCodeServer(suite);
    report(summary);
    failed += summary.failures;
    if (summary.tests === 0) failed += 1;
  } catch (e) {
    console.error(`[${suite}] ${e.message}`);
    failed += 1;
  }
}
console.log(`\ndone in ${((Date.now() - started) / 1000).toFixed(1)}s`);
process.exit(failed ? 1 : 0);
