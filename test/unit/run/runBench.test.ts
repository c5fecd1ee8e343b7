import * as assert from 'node:assert/strict';
import { appendFileSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { benchPlan } from '../../../src/core/run/benchPlan';
import { parseDataset } from '../../../src/core/datasets/dataset';
import { DryRunSession } from '../../../src/core/run/dryRunSession';
import { runBench, type Evaluator } from '../../../src/core/operations/runBench';
import { SumLensError } from '../../../src/core/errors';
import { buildSpec } from '../../../src/core/runSpec/buildSpec';
import type { RunSpec } from '../../../src/core/runSpec/runSpec';
import { lockPath } from '../../../src/core/runFile/runLock';
import type { EvaluationResult } from '../../../src/core/result';

const dataset = parseDataset(
  Array.from({ length: 6 }, (_, i) => ({
    doc_id: `d${Math.floor(i / 3)}`,
    system_id: `S${i % 3}`,
    source: `source ${i}`,
    reference: `reference ${i}`,
    system_output: `summary ${i}`,
    scores: { coherence: i % 3, fluency: 1 },
  })),
  'fixture.json',
);
const plan = benchPlan(dataset, ['coherence']);

const spec: RunSpec = buildSpec({ judge: { baseUrl: 'e', model: 'm' }, aspects: ['coherence'], samples: 1 });

/** The record lines of a run file (after its header), as JSON. */
function records(path: string): any[] {
  return readFileSync(path, 'utf8')
    .trimEnd()
    .split('\n')
    .slice(1)
    .map((l) => JSON.parse(l));
}

function fakeEvaluator(calls: string[], failOn?: string | ((summary: string) => Error | undefined)): Evaluator {
  return async (input, options) => {
    calls.push(input.summary);
    await new Promise((r) => setTimeout(r, 1));
    const failure = typeof failOn === 'function' ? failOn(input.summary) : input.summary === failOn ? new Error('boom') : undefined;
    if (failure) throw failure;
    return {
      aspects: (options.aspects ?? []).map((name) => ({
        name,
        task: input.task,
        score: Number(input.summary.split(' ')[1]),
        scale: [1, 5],
        distribution: {},
        method: 'logprobs',
        validMass: 1,
      })),
      usage: options.session.usage(),
      model: 'm',
      endpoint: 'e',
      method: options.method,
      task: input.task,
      durationMs: 1,
    } satisfies EvaluationResult;
  };
}

describe('operations/runBench', () => {
  let dir: string;
  let out: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'sumlens-bench-'));
    out = join(dir, 'results.jsonl');
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  type Extra = {
    limit?: number;
    failOn?: Parameters<typeof fakeEvaluator>[1];
    evaluate?: Evaluator;
    spec?: RunSpec;
    restart?: boolean;
    notices?: string[];
    signal?: AbortSignal;
  };
  // The run's summary (the outcome's exit code is run/outcome.ts's, tested there).
  const run = async (calls: string[], extra: Extra = {}) =>
    (
      await runBench({
        dataset,
        plan,
        out,
        session: new DryRunSession('e', 'm'),
        evaluate: extra.evaluate ?? fakeEvaluator(calls, extra.failOn),
        itemConcurrency: 3,
        limit: extra.limit,
        spec: extra.spec ?? spec,
        restart: extra.restart,
        signal: extra.signal,
        onNotice: (t) => extra.notices?.push(t),
        rateLimitPauseMs: 1,
      })
    ).summary;

  it('writes a header, then one JSONL line per item with scores under the human aspect name', async () => {
    const summary = await run([]);
    assert.equal(summary.written, 6);
    const header = JSON.parse(readFileSync(out, 'utf8').split('\n')[0]);
    assert.equal(header.sumlens, 'run');
    assert.deepEqual(header.spec, spec);
    const lines = records(out);
    assert.deepEqual(lines.map((l) => l.key).sort(), dataset.items.map((i) => i.key).sort());
    assert.equal(lines.find((l) => l.key === 'd1|S2').scores.coherence, 5);
    assert.ok(lines.every((l) => l.status === 'ok'));
    assert.ok(!existsSync(lockPath(out)), 'the lock is released');
  });

  it('creates the parent folder of --out', async () => {
    out = join(dir, 'runs', 'deeper', 'r.jsonl');
    assert.equal((await run([])).written, 6);
  });

  it('resumes: skips done items, cuts a torn last line, writes no duplicate', async () => {
    await run([], { limit: 2 });
    appendFileSync(out, '{"key":"d0|S2","ind'); // a run killed mid-write
    const calls: string[] = [];
    const summary = await run(calls);
    assert.equal(summary.alreadyDone, 2);
    assert.ok(summary.truncatedBytes > 0);
    assert.deepEqual(calls.sort(), ['summary 2', 'summary 3', 'summary 4', 'summary 5']);
    const keys = records(out).map((l) => l.key);
    assert.equal(keys.length, 6);
    assert.equal(new Set(keys).size, 6);
  });

  it('records a failed item as a failure with its code, and a rerun evaluates it again', async () => {
    const summary = await run([], { failOn: (s) => (s === 'summary 4' ? new SumLensError('invalid-reply', 'no JSON') : undefined) });
    assert.equal(summary.failed, 1);
    assert.equal(summary.written, 5);
    assert.match(summary.errors[0], /item 4 .*no JSON/);
    const failed = records(out).find((l) => l.index === 4);
    assert.equal(failed.status, 'failed');
    assert.deepEqual(failed.failure, { code: 'invalid-reply', message: 'no JSON' });
    assert.deepEqual(failed.scores, {});
    const calls: string[] = [];
    const again = await run(calls);
    assert.deepEqual(calls, ['summary 4']);
    assert.equal(again.written, 1);
    assert.equal(again.alreadyDone, 5);
  });

  it('records an aspect that failed by its error, never as a null score, and retries the item on resume', async () => {
    const failing: Evaluator = async (input, options, hooks) => {
      const result = await fakeEvaluator([])(input, options, hooks);
      if (input.summary === 'summary 1') result.aspects[0] = { ...result.aspects[0], score: null, error: 'no valid score' };
      return result;
    };
    const summary = await run([], { evaluate: failing });
    assert.equal(summary.written, 5);
    assert.equal(summary.failed, 1);
    assert.match(summary.errors[0], /item 1 .*coherence: no valid score/);
    const line = records(out).find((l) => l.index === 1);
    assert.deepEqual(line.scores, {});
    assert.deepEqual(line.errors, { coherence: { message: 'no valid score' } });
    const calls: string[] = [];
    await run(calls);
    assert.deepEqual(calls, ['summary 1']);
  });

  it('stops the whole run at the first run-level error (key rejected), keeping what finished', async () => {
    let n = 0;
    const summary = await run([], { failOn: () => (++n > 2 ? new SumLensError('auth', 'key rejected') : undefined) });
    assert.equal(summary.fatal?.code, 'auth');
    assert.ok(summary.written >= 2 && summary.written < 6);
    assert.equal(summary.failed, 0, 'a run-level error is not an item failure');
    assert.ok(records(out).every((l) => l.status === 'ok'));
  });

  it('slows down when items keep hitting rate limits', async () => {
    const notices: string[] = [];
    const summary = await run([], { notices, failOn: () => new SumLensError('rate-limited', '429 after retries') });
    assert.equal(summary.failed, 6);
    assert.ok(summary.slowdowns >= 2);
    assert.match(notices[0], /rate limited: slowing down to 1 item\(s\) at once/);
  });

  it('refuses to resume with other settings, naming the difference, unless restarting', async () => {
    await run([], { limit: 2 });
    const other: RunSpec = { ...spec, judge: { endpoint: 'e', model: 'm2' }, parse: 'geval', concurrency: 3 };
    await assert.rejects(run([], { spec: other }), (e: SumLensError) => {
      assert.equal(e.exitCode, 2);
      // How it runs (concurrency) is no difference; what it measures is.
      assert.match(e.message, /\(model: m \(file\) vs m2 \(now\); parse: robust \(file\) vs geval \(now\)\)/);
      return true;
    });
    const restarted = await run([], { spec: other, restart: true });
    assert.equal(restarted.restartedRecords, 2);
    assert.equal(restarted.written, 6);
    assert.equal(JSON.parse(readFileSync(out, 'utf8').split('\n')[0]).spec.judge.model, 'm2');
  });

  it('never writes into a file SumLens did not write', async () => {
    writeFileSync(out, 'my notes\n');
    await assert.rejects(run([]), /was not written by SumLens/);
    await assert.rejects(run([], { restart: true }), /was not written by SumLens/);
    assert.equal(readFileSync(out, 'utf8'), 'my notes\n');
    writeFileSync(out, '{"key":"a","index":0,"scores":{"x":1}}\n');
    await assert.rejects(run([]), /no SumLens run header/);
  });

  it('refuses a run file locked by a live process, and takes over a stale lock with a notice', async () => {
    writeFileSync(lockPath(out), JSON.stringify({ pid: process.pid, host: hostname(), started: 'now' }));
    await assert.rejects(run([]), /being written by another sumlens \(pid \d+/);
    writeFileSync(lockPath(out), JSON.stringify({ pid: 2 ** 22 + 12345, host: hostname(), started: 'then' }));
    const notices: string[] = [];
    const summary = await run([], { notices });
    assert.equal(summary.written, 6);
    assert.match(notices[0], /took over the stale lock .*pid \d+ is gone/);
  });

  it('reports progress inside a long item (fine-grained), not only between items', async () => {
    const progress: number[] = [];
    const slow: Evaluator = async (input, options, hooks) => {
      for (let step = 1; step <= 3; step++) hooks.onProgress?.({ done: step, total: 3, label: 'fine' });
      return fakeEvaluator([])(input, options, hooks);
    };
    await runBench({
      dataset,
      plan,
      out,
      session: new DryRunSession('e', 'm'),
      evaluate: slow,
      itemConcurrency: 1,
      limit: 1,
      spec,
      onProgress: (p) => progress.push(p.done),
    });
    assert.deepEqual(progress, [0, 0, 0, 0, 1], 'three updates while the item runs, then the item done');
  });

  it('stops taking items when cancelled', async () => {
    const controller = new AbortController();
    controller.abort();
    const summary = await run([], { signal: controller.signal });
    assert.equal(summary.written, 0);
    assert.ok(summary.cancelled);
  });
});
