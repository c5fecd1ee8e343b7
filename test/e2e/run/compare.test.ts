/**
 * `sumlens compare` as a user runs it: two run files (or two systems of one) paired on id;
 * figures equal to the engine's (themselves checked against scipy in test/unit/stats); runs
 * made differently refused unless allowed; unpaired items counted and named; a CI gate.
 */
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { pairedComparison } from '../../../src/core/stats/pairedComparison';
import { writeRun } from '../../fixtures/run/makeRun';
import { runInProcess } from '../cli/runInProcess';

const reference = JSON.parse(fs.readFileSync(path.join(__dirname, '../../../../test/fixtures/scipy/compare.json'), 'utf8'));

describe('e2e run: compare', function () {
  // Each test runs the CLI in child processes; a loaded machine makes them slow, not wrong.
  this.timeout(90_000);
  let dir: string;
  beforeEach(() => (dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sumlens-compare-'))));
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  /** Run A and B from the scipy fixture's 60-pair case (coherence), relevance equal in both. */
  function twoRuns(settingsB = {}): [string, string] {
    const { a, b } = reference.cases[1];
    const runA = path.join(dir, 'a.jsonl');
    const runB = path.join(dir, 'b.jsonl');
    writeRun(
      runA,
      a.map((x: number, i: number) => ({ id: i, scores: { coherence: x, relevance: 3 } })),
    );
    writeRun(
      runB,
      b.map((y: number, i: number) => ({ id: i, scores: { coherence: y, relevance: 3 } })),
      settingsB,
    );
    return [runA, runB];
  }

  it('prints per aspect the mean difference, interval, p-values and wins/ties/losses (figures as scipy checks them)', async () => {
    const [a, b] = twoRuns();
    const run = await runInProcess(['compare', a, b, '--json']);
    assert.equal(run.code, 0, run.stderr);
    const result = JSON.parse(run.stdout);
    const coherence = result.aspects.find((r: any) => r.aspect === 'coherence');
    const expected = pairedComparison(reference.cases[1].a, reference.cases[1].b);
    assert.equal(coherence.meanDifference, expected.meanDifference);
    assert.deepEqual([coherence.wins, coherence.ties, coherence.losses], [reference.cases[1].wins, 0, reference.cases[1].losses]);
    assert.ok(Math.abs(coherence.pValue - reference.cases[1].pValue) < 0.012);
    assert.equal(coherence.pHolm, Math.min(1, 2 * coherence.pValue), 'Holm over two aspects, relevance having p = 1');
    const table = await runInProcess(['compare', a, b]);
    assert.match(table.stdout, /coherence +60 +\d\.\d{3} +\d\.\d{3} +\+0\.118 +\[[-+]0\.\d{3}, \+0\.\d{3}\]/);
    assert.match(table.stdout, /paired on id: 60 item\(s\)/);
  });

  it('refuses runs made by another judge, method or templates (exit 2, naming them) unless --allow-different', async () => {
    const [a, b] = twoRuns({ method: 'rationale', templates: { 'summarization/coherence': 'c2', 'summarization/relevance': 'r1' } });
    const refused = await runInProcess(['compare', a, b]);
    assert.equal(refused.code, 2);
    assert.match(
      refused.stderr,
      /sumlens: the runs were made differently \(method: geval \(A\) vs rationale \(B\); template summarization\/coherence changed\); add --allow-different/,
    );
    const allowed = await runInProcess(['compare', a, b, '--allow-different']);
    assert.equal(allowed.code, 0, allowed.stderr);
    assert.match(allowed.stderr, /compared despite a difference \(--allow-different\): method: geval \(A\) vs rationale \(B\)/);
  });

  it('counts and names unpaired items, and leaves failed items out of the pairs', async () => {
    const runA = path.join(dir, 'a.jsonl');
    const runB = path.join(dir, 'b.jsonl');
    writeRun(
      runA,
      [1, 2, 3, 4].map((id) => ({ id, scores: { coherence: id, relevance: 2 } })),
    );
    writeRun(runB, [...[2, 3, 4, 5, 6].map((id) => ({ id, scores: { coherence: id + 1, relevance: 2 } })), { id: 1, scores: { relevance: 2 }, failed: true }]);
    const run = await runInProcess(['compare', runA, runB]);
    assert.equal(run.code, 0, run.stderr);
    assert.match(run.stdout, /unpaired: 0 only in A\n {10}2 only in B: 5, 6/);
    assert.match(run.stdout, /coherence: 1 paired item\(s\) left out \(no score on one side\)/);
    assert.match(run.stdout, /coherence +3 /);
  });

  it('compares two systems of one run with --by system, and --fail-if-worse gates CI (exit 15)', async () => {
    const run = path.join(dir, 'systems.jsonl');
    writeRun(
      run,
      Array.from({ length: 30 }, (_, i) => [
        { id: i, system: 'main', scores: { coherence: 4 + (i % 3) / 10, relevance: 3 } },
        { id: i, system: 'pr', scores: { coherence: 3 + (i % 3) / 10, relevance: 3 + (i % 2) / 100 } },
      ]).flat(),
    );
    const result = await runInProcess(['compare', run, '--by', 'system', '--systems', 'main,pr', '--fail-if-worse']);
    assert.equal(result.code, 15, result.stderr);
    assert.match(result.stdout, /A: system main \(30 items\)/);
    assert.deepEqual(result.stderr.split('\n').filter((l) => l.includes('quality gate')).length, 1);
    assert.match(result.stderr, /sumlens: quality gate: coherence is worse in B: -1\.000 \[-1\.000, -1\.000\], p \(Holm\) /);
    const missing = await runInProcess(['compare', run, '--by', 'system', '--systems', 'main,nope']);
    assert.equal(missing.code, 2);
    assert.match(missing.stderr, /has no system "nope" \(it has: main, pr\)/);
  });
});
