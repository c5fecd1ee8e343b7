/**
 * bench --batch against the fake server's files and batches endpoints: requests park until a
 * batch answers them, multi-step evaluators go round by round, and a restart resumes polling
 * the batch in flight instead of submitting it again.
 */
import * as assert from 'node:assert/strict';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { BatchClient } from '../../../src/core/run/batch/batchClient';
import { statePath } from '../../../src/core/run/batch/batchFiles';
import { runBatchBench } from '../../../src/core/operations/runBench';
import { benchPlan } from '../../../src/core/run/benchPlan';
import { parseDataset } from '../../../src/core/datasets/dataset';
import { buildSpec } from '../../../src/core/runSpec/buildSpec';
import type { Evaluator } from '../../../src/core/operations/runBench';
import type { AspectResult } from '../../../src/core/result';
import { FakeBatchApi } from '../../fake/batchRoutes';
import { FakeOpenAiServer, textReply } from '../../fake/openaiServer';

const dataset = parseDataset(
  Array.from({ length: 6 }, (_, i) => ({
    doc_id: `d${Math.floor(i / 3)}`,
    system_id: `S${i % 3}`,
    source: `article ${i}`,
    system_output: `summary ${i}`,
    scores: { coherence: 1 + (i % 3), fluency: 2 },
  })),
  'fixture.json',
);

/** Two dependent calls per aspect, like auto-CoT: steps first, then the score with the steps. */
const twoStepEvaluator: Evaluator = async (input, options, hooks) => {
  const aspects: AspectResult[] = [];
  for (const name of options.aspects ?? []) {
    const steps = await options.session.chat({ messages: [{ role: 'user', content: `steps for ${name}` }], maxTokens: 50 }, hooks.signal);
    const scored = await options.session.chat(
      { messages: [{ role: 'user', content: `${steps.choices[0].text}\nrate ${name}: ${input.summary}` }], maxTokens: 5 },
      hooks.signal,
    );
    aspects.push({ name, task: input.task, score: Number(scored.choices[0].text), scale: [1, 5], distribution: {}, method: 'sampling', validMass: 1 });
  }
  return { aspects, usage: options.session.usage(), model: 'fake-model', endpoint: 'fake', method: options.method, task: input.task, durationMs: 0 };
};

describe('e2e meta: bench --batch through the Batch API', () => {
  let server: FakeOpenAiServer;
  let api: FakeBatchApi;
  let dir: string;
  let out: string;

  beforeEach(async () => {
    server = await FakeOpenAiServer.start();
    api = new FakeBatchApi(server, { pollsBeforeDone: 1 });
    server.setHandler((request) => {
      const text = String(request.body.messages[0].content);
      if (text.startsWith('steps')) return textReply('1. Read. 2. Judge.');
      return textReply(String((Number(/summary (\d+)/.exec(text)?.[1] ?? 0) % 5) + 1));
    });
    dir = mkdtempSync(join(tmpdir(), 'sumlens-batch-'));
    out = join(dir, 'results.jsonl');
  });
  afterEach(async () => {
    await server.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const run = async (signal?: AbortSignal) =>
    (
      await runBatchBench({
        dataset,
        plan: benchPlan(dataset, ['coherence', 'fluency']),
        out,
        evaluate: twoStepEvaluator,
        client: new BatchClient({ baseURL: server.url }),
        spec: buildSpec({ judge: { baseUrl: server.url, model: 'fake-model' }, aspects: ['coherence', 'fluency'], samples: 1 }),
        pollMs: 10,
        idleMs: 30,
        signal,
      })
    ).summary;

  it('runs every item through batches, round by round, and writes the JSONL', async () => {
    const summary = await run();
    assert.equal(summary.written, 6);
    assert.equal(summary.failed, 0);
    // Per aspect: a round for the steps (one shared request), a round for the scores.
    assert.equal(api.created.length, 4);
    assert.equal(api.created[0].total, 1, 'identical requests share one batch line');
    assert.equal(api.created[1].total, 6);
    assert.equal(server.chatRequests.length, 1 + 6 + 1 + 6);
    const records = readFileSync(out, 'utf8')
      .trimEnd()
      .split('\n')
      .slice(1)
      .map((l) => JSON.parse(l));
    assert.equal(records.length, 6);
    const third = records.find((r) => r.key === 'd0|S2');
    assert.deepEqual(third.scores, { coherence: 3, fluency: 3 });
    assert.equal(summary.usage.calls, 14);
    assert.equal(JSON.parse(readFileSync(statePath(out), 'utf8')).inflight, null);
  });

  it('a restarted run polls the batch in flight instead of submitting it again', async () => {
    api.options.hold = true;
    const controller = new AbortController();
    const first = run(controller.signal);
    while (!(existsSync(statePath(out)) && JSON.parse(readFileSync(statePath(out), 'utf8')).inflight)) {
      await new Promise((r) => setTimeout(r, 10));
    }
    const inflight = JSON.parse(readFileSync(statePath(out), 'utf8')).inflight.batchId as string;
    controller.abort();
    const stopped = await first;
    assert.equal(stopped.written, 0);
    assert.equal(api.created.length, 1);

    api.options.hold = false;
    const second = await run();
    assert.equal(second.written, 6);
    assert.equal(second.batches[0], inflight, 'resumed the same batch');
    assert.equal(api.created.length, 4, 'the first round was not submitted twice');
    assert.equal(server.chatRequests.length, 14);
  });

  it('fails cleanly, without hanging, when the endpoint has no Batch API', async () => {
    const plain = await FakeOpenAiServer.start();
    try {
      const failing = runBatchBench({
        dataset,
        plan: benchPlan(dataset, ['coherence']),
        out,
        evaluate: twoStepEvaluator,
        client: new BatchClient({ baseURL: plain.url }),
        spec: buildSpec({ judge: { baseUrl: plain.url, model: 'fake-model' }, aspects: ['coherence'], samples: 1 }),
        pollMs: 10,
        idleMs: 30,
      });
      await assert.rejects(failing, /404/);
      const records = readFileSync(out, 'utf8')
        .trimEnd()
        .split('\n')
        .slice(1)
        .map((l) => JSON.parse(l));
      assert.ok(
        records.every((r) => r.status === 'failed'),
        'no item is recorded as finished',
      );
    } finally {
      await plain.close();
    }
  });

  it('a finished run resumed again sends nothing', async () => {
    await run();
    const before = api.created.length;
    const again = await run();
    assert.equal(again.alreadyDone, 6);
    assert.equal(api.created.length, before);
  });
});
