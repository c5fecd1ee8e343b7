import * as assert from 'node:assert/strict';
import { appendFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openBenchOutput } from '../../../src/core/run/benchOutput';
import { benchPlan } from '../../../src/core/run/benchPlan';
import { parseDataset } from '../../../src/core/meta/datasets';
import { DryRunSession } from '../../../src/core/run/dryRunSession';
import { runBench, type Evaluator } from '../../../src/core/run/runBench';
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

function fakeEvaluator(calls: string[], failOn?: string): Evaluator {
  return async (input, options) => {
    calls.push(input.summary);
    await new Promise((r) => setTimeout(r, 1));
    if (input.summary === failOn) throw new Error('boom');
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

describe('run/runBench', () => {
  let dir: string;
  let out: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'sumlens-bench-'));
    out = join(dir, 'results.jsonl');
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  const run = (calls: string[], extra: { limit?: number; failOn?: string } = {}) =>
    runBench({
      dataset,
      plan,
      method: 'geval',
      out,
      session: new DryRunSession('e', 'm'),
      evaluate: fakeEvaluator(calls, extra.failOn),
      itemConcurrency: 3,
      limit: extra.limit,
    });

  it('writes one JSONL line per item with scores under the human aspect name', async () => {
    const summary = await run([]);
    assert.equal(summary.written, 6);
    const lines = readFileSync(out, 'utf8').trimEnd().split('\n').map((l) => JSON.parse(l));
    assert.deepEqual(lines.map((l) => l.key).sort(), dataset.items.map((i) => i.key).sort());
    assert.equal(lines.find((l) => l.key === 'd1|S2').scores.coherence, 5);
  });

  it('resumes: skips done items, cuts a torn last line, writes no duplicate', async () => {
    await run([], { limit: 2 });
    appendFileSync(out, '{"key":"d0|S2","ind'); // a run killed mid-write
    const calls: string[] = [];
    const summary = await run(calls);
    assert.equal(summary.alreadyDone, 2);
    assert.ok(summary.truncatedBytes > 0);
    assert.deepEqual(calls.sort(), ['summary 2', 'summary 3', 'summary 4', 'summary 5']);
    const keys = readFileSync(out, 'utf8').trimEnd().split('\n').map((l) => JSON.parse(l).key);
    assert.equal(keys.length, 6);
    assert.equal(new Set(keys).size, 6);
  });

  it('does not write failed items, so a rerun retries them', async () => {
    const summary = await run([], { failOn: 'summary 4' });
    assert.equal(summary.failed, 1);
    assert.match(summary.errors[0], /item 4 .*boom/);
    const calls: string[] = [];
    await run(calls);
    assert.deepEqual(calls, ['summary 4']);
  });

  it('writes an item whose aspect failed with a null score and the message', async () => {
    const failing: Evaluator = async (input, options, hooks) => {
      const result = await fakeEvaluator([])(input, options, hooks);
      if (input.summary === 'summary 1') result.aspects[0] = { ...result.aspects[0], score: null, error: 'no valid score' };
      return result;
    };
    const summary = await runBench({ dataset, plan, method: 'geval', out, session: new DryRunSession('e', 'm'), evaluate: failing, itemConcurrency: 2 });
    assert.equal(summary.written, 6);
    assert.equal(summary.aspectErrors, 1);
    assert.match(summary.errors[0], /item 1 .*coherence: no valid score/);
    const line = readFileSync(out, 'utf8').trimEnd().split('\n').map((l) => JSON.parse(l)).find((l) => l.index === 1);
    assert.deepEqual(line.scores, { coherence: null });
    assert.deepEqual(line.errors, { coherence: 'no valid score' });
  });

  it('stops taking items when cancelled', async () => {
    const controller = new AbortController();
    controller.abort();
    const summary = await runBench({
      dataset,
      plan,
      method: 'geval',
      out,
      session: new DryRunSession('e', 'm'),
      evaluate: fakeEvaluator([]),
      itemConcurrency: 2,
      signal: controller.signal,
    });
    assert.equal(summary.written, 0);
    assert.ok(summary.cancelled);
  });

  it('reports a whole file as is and keeps records', () => {
    writeFileSync(out, '{"key":"a","index":0,"system_id":"S","scores":{"x":1}}\n');
    const opened = openBenchOutput(out);
    assert.equal(opened.truncatedBytes, 0);
    assert.deepEqual([...opened.done], ['a']);
  });
});
