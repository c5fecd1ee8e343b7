/**
 * `sumlens meta`, `replay` and `bench` as a user runs them (main() in this process; a child
 * process for the run that is killed), on the real dataset files and against the fake OpenAI server.
 */
import * as assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { FakeBatchApi } from '../../fake/batchRoutes';
import { FakeOpenAiServer, scoreReply, type RecordedRequest } from '../../fake/openaiServer';
import { requireDataset } from '../../unit/meta/sharedData';
import { runCli } from '../cli/runCli';
import { runInProcess } from '../cli/runInProcess';

/** A score distribution that varies with the prompt, so correlations are defined. */
function variedScore(request: RecordedRequest) {
  const digest = createHash('sha256').update(JSON.stringify(request.body.messages)).digest();
  const p = 0.2 + (digest[0] / 255) * 0.6;
  return scoreReply('3', { '3': p, '4': 1 - p });
}

const CONTRACT_KEYS = ['aspect', 'level', 'pearson', 'spearman', 'kendall', 'items', 'documents', 'skipped'];

describe('e2e meta: the meta, replay and bench commands', () => {
  it('meta --json prints the contract fields (Topical-Chat, UniEval predictions)', async function () {
    const dataset = requireDataset(this, 'topical_chat/unieval_predict/topical_chat_result.json');
    const run = await runInProcess(['meta', '--dataset', dataset, '--aspect', 'naturalness', '--field', 'predict_scores', '--json']);
    assert.equal(run.code, 0, run.stderr);
    const result = JSON.parse(run.stdout);
    for (const key of CONTRACT_KEYS) assert.ok(key in result, key);
    assert.equal(result.level, 'sample');
    assert.equal(result.pearson.toFixed(4), '0.4437');
  });

  it('meta prints each correlation with its 95% interval and the seed, and the paper beside the same dataset', async function () {
    this.timeout(60_000); // several CLI runs in a row
    const dataset = requireDataset(this, 'topical_chat/unieval_predict/topical_chat_result.json');
    const run = await runInProcess(['meta', '--dataset', dataset, '--aspect', 'naturalness', '--field', 'predict_scores', '--resamples', '200', '--seed', '7']);
    assert.equal(run.code, 0, run.stderr);
    assert.match(run.stdout, /naturalness +sample +0\.4437 +\[0\.\d{4}, 0\.\d{4}\] +0\.5140 +\[/);
    assert.match(run.stdout, /95% percentile bootstrap intervals: 200 resamples of items, seed 7/);
    assert.match(run.stdout, /^published: G-Eval-4 \(GPT-4\), Liu et al\. 2023.*Table 2: Topical-Chat, sample level, 360 items$/m);
    const json = JSON.parse(
      (
        await runInProcess([
          'meta',
          '--dataset',
          dataset,
          '--aspect',
          'naturalness',
          '--field',
          'predict_scores',
          '--json',
          '--resamples',
          '200',
          '--seed',
          '7',
        ])
      ).stdout,
    );
    assert.deepEqual(Object.keys(json.intervals), ['pearson', 'spearman', 'kendall']);
    assert.ok(json.intervals.pearson.low < json.pearson && json.pearson < json.intervals.pearson.high);
    assert.deepEqual(json.bootstrap, { resamples: 200, seed: 7, unit: 'items', confidence: 0.95 });
  });

  it('meta --compare prints A − B with its interval and a p-value; one score set is a usage error', async function () {
    this.timeout(60_000); // several CLI runs in a row
    const dataset = requireDataset(this, 'topical_chat/unieval_predict/topical_chat_result.json');
    const run = await runInProcess([
      'meta',
      '--dataset',
      dataset,
      '--aspect',
      'naturalness',
      '--field',
      'predict_scores',
      '--field',
      'scores',
      '--compare',
      '--resamples',
      '200',
    ]);
    assert.equal(run.code, 0, run.stderr);
    assert.match(run.stdout, /^A = predict_scores$/m);
    assert.match(run.stdout, /naturalness +sample +pearson +0\.4437 +1\.0000 +-0\.5563 +\[-0\.\d{4}, -0\.\d{4}\] +0\.0100 +360/);
    assert.match(run.stdout, /paired permutation test, A and B swapped within each item, 200 permutations, seed 20260101/);
    const one = await runInProcess(['meta', '--dataset', dataset, '--aspect', 'naturalness', '--field', 'predict_scores', '--compare']);
    assert.equal(one.code, 2);
    assert.match(one.stderr, /--compare wants two score sets/);
    const two = await runInProcess(['meta', '--dataset', dataset, '--aspect', 'naturalness', '--field', 'predict_scores', '--field', 'scores']);
    assert.equal(two.code, 2);
    assert.match(two.stderr, /exactly one of --predictions FILE, --field NAME or --baseline NAME/);
  });

  it('meta on SummEval defaults to the summary level', async function () {
    const dataset = requireDataset(this, 'summeval/summeval.json');
    const run = await runInProcess(['meta', '--dataset', dataset, '--aspect', 'consistency', '--field', 'scores', '--json']);
    assert.equal(run.code, 0, run.stderr);
    const result = JSON.parse(run.stdout);
    assert.equal(result.level, 'summary');
    assert.equal(result.skipped, 4, 'four documents have constant human consistency');
    assert.equal(result.documents, 96);
  });

  it('meta names the file when it is not a dataset', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sumlens-meta-'));
    const bad = path.join(dir, 'bad.json');
    fs.writeFileSync(bad, '[{"source": 3}]');
    const run = await runInProcess(['meta', '--dataset', bad, '--aspect', 'x', '--field', 'predict_scores']);
    fs.rmSync(dir, { recursive: true, force: true });
    assert.equal(run.code, 8);
    assert.match(run.stderr, /bad\.json: not a meta-evaluation dataset/);
  });

  it("replay prints ours beside G-Eval's rule, and --json adds unparsed", async function () {
    this.timeout(60_000); // several CLI runs in a row
    const results = requireDataset(this, 'topical_chat/closer_look_chiang_lee2023/results/topical_chat/gpt3.5_coh_geval.json');
    const table = await runInProcess(['replay', '--results', results, '--aspect', 'coherence', '--scale', '1-3']);
    assert.equal(table.code, 0, table.stderr);
    assert.match(table.stdout, /robust \(ours\)/);
    assert.match(table.stdout, /geval \(leading number, else 0\) +sample +0\.4676 +\[0\.38\d\d, 0\.54\d\d\] +0\.4670 +\[[^\]]+\] +0\.3518 +\[[^\]]+\] +359/);
    assert.match(table.stdout, /1000 resamples of items, seed 20260101/);
    assert.match(table.stdout, /published figures not shown: 359 items that are not the paper's dataset/);
    const plain = await runInProcess(['replay', '--results', results, '--aspect', 'coherence', '--scale', '1-3', '--resamples', '0']);
    assert.match(plain.stdout, /geval \(leading number, else 0\) +sample +0\.4676 +0\.4670 +0\.3518 +359/);
    assert.doesNotMatch(plain.stdout, /resamples/);
    const json = await runInProcess(['replay', '--results', results, '--aspect', 'coherence', '--scale', '1-3', '--parse', 'geval', '--json']);
    const result = JSON.parse(json.stdout);
    for (const key of [...CONTRACT_KEYS, 'unparsed']) assert.ok(key in result, key);
    assert.equal(result.unparsed, 44);
  });

  describe('bench', function () {
    // Each test runs the CLI in child processes against the fake server; slow on a loaded machine.
    this.timeout(60_000);
    let server: FakeOpenAiServer;
    let dir: string;
    let env: Record<string, string>;
    beforeEach(async () => {
      server = await FakeOpenAiServer.start();
      server.setHandler(variedScore);
      dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sumlens-bench-'));
      env = { OPENAI_API_KEY: 'sk-test', OPENAI_BASE_URL: server.url, XDG_CACHE_HOME: path.join(dir, 'xdg') };
    });
    afterEach(async () => {
      await server.close();
      fs.rmSync(dir, { recursive: true, force: true });
    });

    /** Keys of the whole record lines (after the header; a line being written is left out). */
    const readKeys = (out: string): string[] =>
      fs
        .readFileSync(out, 'utf8')
        .split('\n')
        .slice(1, -1)
        .map((line) => JSON.parse(line).key);

    it('scores items, writes JSONL, prints the meta table (not beside the paper: 32 items); a rerun sends nothing', async function () {
      const dataset = requireDataset(this, 'summeval/summeval.json');
      const out = path.join(dir, 'run.jsonl');
      const args = ['bench', '--dataset', dataset, '--limit', '32', '--out', out, '--no-cache'];
      const run = await runInProcess(args, env);
      assert.equal(run.code, 0, run.stderr);
      assert.equal(readKeys(out).length, 32);
      assert.equal(server.chatRequests.length, 32 * 4);
      assert.match(run.stderr, /32 item\(s\) written/);
      assert.match(run.stderr, /calls 128/);
      assert.match(run.stderr, /cost for gpt-4o-mini: ~\$/);
      assert.match(run.stdout, /coherence +summary/);
      assert.match(run.stdout, /95% percentile bootstrap intervals: 1000 resamples of documents, seed 20260101/);
      assert.match(run.stdout, /published figures not shown: coherence has scores for 32 of the 1600 items/);
      assert.doesNotMatch(run.stdout, /ρ paper/);
      const again = await runInProcess(args, env);
      assert.equal(again.code, 0, again.stderr);
      assert.match(again.stderr, /0 item\(s\) written to .*, 32 already there/);
      assert.equal(server.chatRequests.length, 32 * 4);
    });

    it('a killed run resumed with the same command finishes without duplicates', async function () {
      const dataset = requireDataset(this, 'summeval/summeval.json');
      await server.close();
      server = await FakeOpenAiServer.start({ latencyMs: 40 });
      server.setHandler(variedScore);
      env.OPENAI_BASE_URL = server.url;
      const out = path.join(dir, 'killed.jsonl');
      const args = ['bench', '--dataset', dataset, '--limit', '48', '--out', out, '--concurrency', '4', '--no-cache'];
      // A process killed mid-run: it needs a process of its own.
      await runCli(args, env, {
        onStart: async (child) => {
          while (!fs.existsSync(out) || readKeys(out).length < 8) await new Promise((r) => setTimeout(r, 20));
          child.kill('SIGKILL');
        },
      });
      const before = readKeys(out).length;
      assert.ok(before < 48);
      const resumed = await runInProcess(args, env);
      assert.equal(resumed.code, 0, resumed.stderr);
      const keys = readKeys(out);
      assert.equal(keys.length, 48);
      assert.equal(new Set(keys).size, 48);
      assert.match(resumed.stderr, new RegExp(`${48 - before} item\\(s\\) written.*${before} already there`));
    });

    it('--dry-run estimates calls, tokens and cost and sends nothing', async function () {
      const dataset = requireDataset(this, 'summeval/summeval.json');
      const run = await runInProcess(['bench', '--dataset', dataset, '--limit', '16', '--dry-run', '--out', path.join(dir, 'd.jsonl')], env);
      assert.equal(run.code, 0, run.stderr);
      assert.match(run.stdout, /16 item\(s\) to evaluate/);
      assert.match(run.stdout, /calls: 64/);
      assert.match(run.stdout, /prompt tokens: ~\d+/);
      assert.equal(server.requests.length, 0);
      assert.ok(!fs.existsSync(path.join(dir, 'd.jsonl')));
    });

    it('--batch goes through the files and batches endpoints', async function () {
      const dataset = requireDataset(this, 'summeval/summeval.json');
      const api = new FakeBatchApi(server);
      const out = path.join(dir, 'batch.jsonl');
      const run = await runInProcess(['bench', '--dataset', dataset, '--limit', '16', '--out', out, '--batch', '--poll-seconds', '1'], env);
      assert.equal(run.code, 0, run.stderr);
      assert.equal(readKeys(out).length, 16);
      assert.ok(api.created.length >= 1);
      assert.ok(server.requests.some((r) => r.path.endsWith('/files')));
      assert.match(run.stderr, /Batch|batch/);
    });
  });
});
