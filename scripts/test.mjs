// `npm test`: every test layer, in order, on a fresh clone and offline.
//   1. type-check and compile (tsc → out/), then lint (ESLint with type-aware rules)
//      and the format (Prettier)
//   2. build (dist/), set-up (Chromium and code-server, by scripts/setup-vscode.sh), then engine
//      and CLI tests with mocha (unit, and end to end through the fake server and Chromium)
//   3. the extension inside a real VS Code (code-server)
//   4. the UI driven in Chromium by Playwright, with screenshots
// Ends with one line "tests: N passed, N failed, N skipped" and a non-zero exit on any failure.
// SUMLENS_TEST_LAYERS=engine limits the run to steps 1–2 (e.g. while working on the engine).
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const node = process.execPath;
const bin = (name) => path.join(root, 'node_modules', '.bin', name);
const engineOnly = process.env.SUMLENS_TEST_LAYERS === 'engine';

const steps = [
  { name: 'compile', command: bin('tsc'), args: ['-p', '.'] },
  { name: 'compile webview', command: bin('tsc'), args: ['-p', 'src/extension/webview'] },
  // typescript-eslint's type-aware rules (eslint.config.mjs); no cache, so CI and a clean
  // clone see the same findings.
  { name: 'lint', command: bin('eslint'), args: ['.'] },
  // Prettier (.prettierrc.json, .prettierignore: the code only); `npm run format` fixes it.
  { name: 'format', command: bin('prettier'), args: ['--check', '.'] },
  // Built before the engine layer: its CLI tests also run the shipped bundle (bin/sumlens.js).
  { name: 'build', command: node, args: ['scripts/build.mjs'] },
];
// Set-up comes before the engine layer: it installs Chromium, which the HTML report's
// tests load the report in; on a fresh machine they would otherwise be skipped.
if (!engineOnly) steps.push({ name: 'setup', command: 'bash', args: ['scripts/setup-vscode.sh'] });
steps.push({ name: 'engine', command: bin('mocha'), args: [] });
if (!engineOnly) {
  steps.push({ name: 'vscode', command: node, args: ['scripts/test-vscode.mjs'] }, { name: 'ui', command: node, args: ['scripts/test-ui.mjs'] });
}

const totals = { passed: 0, failed: 0, skipped: 0 };
let broken = [];
// Each failing step's mocha failure reports, repeated at the end: a CI log is often read by its tail.
const failureReports = [];
for (const step of steps) {
  process.stdout.write(`\n=== ${step.name}: ${path.basename(step.command)} ${step.args.join(' ')}\n`);
  const { code, output } = await run(step.command, step.args);
  const counts = countTests(output);
  totals.passed += counts.passed;
  totals.failed += counts.failed;
  totals.skipped += counts.skipped;
  if (code !== 0) {
    broken.push(step.name);
    failureReports.push(...failuresOf(step.name, output));
    if (counts.failed === 0) totals.failed++; // a step that broke without a test failing still fails the run
    if (step.name.startsWith('compile') || step.name === 'setup') break;
  }
}
if (failureReports.length) process.stdout.write(`\n${failureReports.join('\n')}\n`);
process.stdout.write(
  `\n${broken.length ? `failed steps: ${broken.join(', ')}\n` : ''}tests: ${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped\n`,
);
process.exitCode = broken.length ? 1 : 0;

function run(command, args) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    for (const stream of [child.stdout, child.stderr]) {
      stream.on('data', (chunk) => {
        output += chunk;
        (stream === child.stdout ? process.stdout : process.stderr).write(chunk);
      });
    }
    child.on('close', (code) => resolve({ code: code ?? 1, output }));
    child.on('error', (error) => resolve({ code: 1, output: String(error) }));
  });
}

/** Mocha's "N passing / N failing / N pending" lines, summed over every suite a step ran. */
function countTests(output) {
  const sum = (pattern) => [...output.matchAll(pattern)].reduce((total, m) => total + Number(m[1]), 0);
  return {
    passed: sum(/^\s*(\d+) passing/gm),
    failed: sum(/^\s*(\d+) failing/gm),
    skipped: sum(/^\s*(\d+) pending/gm),
  };
}

/**
 * Mocha's reports after each "N failing" line (at most 60 lines of each), headed by the step's
 * name; a step that is not mocha's (lint, format), the last 20 lines of its output.
 */
function failuresOf(step, output) {
  const reports = [...output.matchAll(/^\s*\d+ failing$/gm)].map((m) => output.slice(m.index).split('\n').slice(0, 60).join('\n'));
  if (reports.length === 0) reports.push(output.trimEnd().split('\n').slice(-20).join('\n'));
  return reports.map((report) => `--- ${step}:\n${report}`);
}
