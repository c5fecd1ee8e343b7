/**
 * Mocha runner called inside the real VS Code extension host (extensionTestsPath).
 * The launcher (scripts/test-vscode.mjs) passes, through the environment that the
 * extension host inherits from code-server / Electron:
 *   SUMLENS_TEST_RESULTS  where to write the JSON summary it waits for;
 *   SUMLENS_TEST_SUITE    which *.test.js files to load: "restricted" and "reload" their own
 *                         (restricted.*, reload.*), "main" the others;
 *   SUMLENS_TEST_GREP     only the tests whose title matches (while working on one feature);
 *   SUMLENS_KILL_PID_FILE where a reload-suite test writes this host's pid for the launcher to kill.
 */
import * as fs from 'fs';
import * as path from 'path';
import Mocha from 'mocha';

interface TestOutcome {
  title: string;
  state: 'passed' | 'failed' | 'pending';
  error?: string;
  durationMs?: number;
}

export function run(): Promise<void> {
  const resultsPath = process.env.SUMLENS_TEST_RESULTS;
  const suite = process.env.SUMLENS_TEST_SUITE ?? 'main';
  const mocha = new Mocha({ ui: 'bdd', timeout: 60_000, color: false, ...(process.env.SUMLENS_TEST_GREP ? { grep: process.env.SUMLENS_TEST_GREP } : {}) });
  const dir = __dirname;
  for (const file of fs.readdirSync(dir).sort()) {
    const own = ['restricted', 'reload'].find((name) => file.startsWith(`${name}.`)) ?? 'main';
    if (file.endsWith('.test.js') && own === suite) {
      mocha.addFile(path.join(dir, file));
    }
  }

  const outcomes: TestOutcome[] = [];
  return new Promise((resolve, reject) => {
    const runner = mocha.run((failures) => {
      const stats = runner.stats ?? { passes: 0, failures, pending: 0, tests: 0 };
      const summary = {
        suite,
        passes: stats.passes,
        failures: stats.failures,
        pending: stats.pending,
        tests: stats.tests,
        outcomes,
      };
      if (resultsPath) fs.writeFileSync(resultsPath, JSON.stringify(summary, null, 2));
      // A test asked for this host to be killed (reload.review.test.ts): it stays up, its views
      // open, until the launcher's SIGKILL; ending the run would let VS Code close it cleanly.
      if (failures === 0 && process.env.SUMLENS_KILL_PID_FILE && fs.existsSync(process.env.SUMLENS_KILL_PID_FILE)) return;
      if (failures > 0) reject(new Error(`${failures} test(s) failed`));
      else resolve();
    });
    runner.on('pass', (t) => outcomes.push({ title: t.fullTitle(), state: 'passed', durationMs: t.duration }));
    runner.on('fail', (t, err: Error) => outcomes.push({ title: t.fullTitle(), state: 'failed', error: `${err.message}\n${err.stack ?? ''}` }));
    runner.on('pending', (t) => outcomes.push({ title: t.fullTitle(), state: 'pending' }));
  });
}
