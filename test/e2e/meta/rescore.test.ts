/**
 * `sumlens rescore RUN` as a user runs it: a bench run on the sampling route stores the raw
 * answers; rescore re-reads them under G-Eval's parse rule and a threshold without a single
 * call to the judge, and writes a run that `meta` reads. A run file without answers is
 * reported (exit 14, one stderr line), never guessed.
 */
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { FakeOpenAiServer, type RecordedRequest } from '../../fake/openaiServer';
import { requireDataset } from '../../unit/meta/sharedData';
import { runInProcess } from '../cli/runInProcess';

describe('e2e meta: sumlens rescore', () => {
  let server: FakeOpenAiServer;
  let dir: string;
  let env: Record<string, string>;
  before(async () => {
    server = await FakeOpenAiServer.start();
    // No log-probabilities, so scores are sampled: "Coherence: 4" reads 4 under our rule and 0 under G-Eval's.
    const answers = ['3', 'Coherence: 4', '5', '4'];
    server.setHandler((request: RecordedRequest) =>
      request.body.logprobs
        ? { status: 400, error: { message: 'logprobs are not supported', param: 'logprobs' } }
        : { choices: Array.from({ length: request.body.n ?? 1 }, (_, i) => ({ text: answers[i % answers.length] })) },
    );
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sumlens-rescore-'));
    env = { OPENAI_API_KEY: 'sk-test', OPENAI_BASE_URL: server.url, XDG_CACHE_HOME: path.join(dir, 'xdg') };
  });
  after(async () => {
    await server.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('re-reads stored answers under another parse rule and a threshold, calling nothing', async function () {
    this.timeout(90_000);
    const dataset = requireDataset(this, 'summeval/summeval.json');
    const run = path.join(dir, 'run.jsonl');
    const bench = await runInProcess(['bench', '--dataset', dataset, '--limit', '16', '--aspects', 'coherence', '--samples', '4', '--out', run], env);
    assert.equal(bench.code, 0, bench.stderr);
    const calls = server.chatRequests.length;
    const stored = JSON.parse(fs.readFileSync(run, 'utf8').split('\n')[1]); // after the run file's header
    assert.deepEqual(stored.result.aspects[0].answers, ['3', 'Coherence: 4', '5', '4']);

    const out = path.join(dir, 'geval.jsonl');
    const rescore = await runInProcess(['rescore', run, '--parse', 'geval', '--threshold', '3.5', '--out', out], env);
    assert.equal(rescore.code, 0, rescore.stderr);
    assert.equal(server.chatRequests.length, calls, 'the judge is not called');
    assert.match(rescore.stdout, /^coherence +16 +16 +0 +0 +16 +4\.00 +3\.00 +0 +0\/16 \(0%\)$/m);
    const first = JSON.parse(fs.readFileSync(out, 'utf8').split('\n')[0]);
    assert.equal(first.scores.coherence, 3);
    assert.deepEqual(first.rescored, { parseRule: 'geval' });

    const meta = await runInProcess(['meta', '--dataset', dataset, '--aspect', 'coherence', '--predictions', out, '--resamples', '100'], env);
    assert.equal(meta.code, 0, meta.stderr);
    assert.match(meta.stdout, /coherence +summary/);

    const threshold = await runInProcess(['rescore', run, '--threshold', '4', '--json'], env);
    const [summary] = JSON.parse(threshold.stdout);
    assert.deepEqual({ kept: summary.kept, changed: summary.changed, passed: summary.passed }, { kept: 16, changed: 0, passed: 16 });
  });

  it('a run without stored answers is reported with exit 14, and rescore without a change is a usage error', async function () {
    this.timeout(60_000);
    const old = path.join(dir, 'old.jsonl');
    const record = {
      key: 'd|M1',
      index: 0,
      system_id: 'M1',
      scores: { coherence: 4 },
      result: { aspects: [{ name: 'coherence', score: 4, scale: [1, 5], method: 'sampling', distribution: { '4': 1 }, validMass: 1 }] },
    };
    fs.writeFileSync(old, JSON.stringify(record) + '\n');
    const run = await runInProcess(['rescore', old, '--parse', 'geval'], env);
    assert.equal(run.code, 14, run.stderr);
    assert.match(run.stderr, /^sumlens: sampled scores without stored answers kept as recorded, not re-read \(coherence 1\)/);
    assert.match(run.stdout, /^coherence +1 +0 +0 +1 +0 /m);
    const none = await runInProcess(['rescore', old], env);
    assert.equal(none.code, 2);
    assert.match(none.stderr, /rescore wants --parse RULE, --threshold SCORE or both/);
  });
});
