/**
 * The long-document sets as a user meets them through the CLI: `datasets` lists them as
 * published nowhere as one file and takes a copy by its SHA-256; `meta --baseline
 * lexical-support` on each subset with intervals and, on LongEval PubMed, Wu et al.'s GPT-4
 * figures beside; `bench` runs a judge (the fake server) over a subset and correlates it.
 * Every refusal is an exit code and one stderr line.
 */
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { registryEntry } from '../../../src/core/datasets/registry';
import { FakeOpenAiServer, scoreReply, type RecordedRequest } from '../../fake/openaiServer';
import { requireDataset } from '../../unit/meta/sharedData';
import { runInProcess } from '../cli/runInProcess';

describe('e2e meta: the long-document sets (LongEval, LongSciVerify)', function () {
  this.timeout(120_000);
  let dir: string;
  let cache: string;
  const datasets = (): Record<string, string> => ({ XDG_CACHE_HOME: cache, SUMLENS_DATASETS: process.env.SUMLENS_DATASETS ?? '' });
  const meta = (...args: string[]) => runInProcess(['meta', '--aspect', 'faithfulness', '--baseline', 'lexical-support', ...args], datasets());

  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sumlens-long-e2e-'));
    cache = path.join(dir, 'xdg');
  });
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  it("meta on LongEval PubMed: the baseline's r, ρ, τ with intervals, and Wu et al.'s two settings beside", async function () {
    requireDataset(this, 'long/longeval.jsonl');
    const run = await meta('--dataset', 'longeval', '--subset', 'pubmed');
    assert.equal(run.code, 0, run.stderr);
    assert.equal(run.stderr, '');
    assert.match(run.stdout, /\(longeval, subset pubmed, 40 items\)/);
    assert.match(run.stdout, /^predictions: lexical-support baseline, no LLM: .*unigram F1 ≥ 0\.5$/m);
    assert.match(
      run.stdout,
      /^faithfulness +sample +0\.7598 +\[0\.\d{4}, 0\.\d{4}\] +0\.7420 +\[0\.\d{4}, 0\.\d{4}\] +0\.5940 +\[0\.\d{4}, 0\.\d{4}\] +40 +20 +0 +0$/m,
    );
    assert.match(run.stdout, /^published: gpt-4-0613, Wu et al\. 2024, Less is More for Long Document Summary Evaluation by LLMs/m);
    assert.match(run.stdout, /^faithfulness \(paper: whole document\) +0\.7598 +0\.640 +0\.7420 +0\.700 +0\.5940 +40$/m);
    assert.match(run.stdout, /^faithfulness \(paper: extract-then-evaluate\) +0\.7598 +0\.760 +0\.7420 +0\.800 +0\.5940 +40$/m);

    const json = JSON.parse((await meta('--dataset', 'longeval', '--subset', 'pubmed', '--json', '--resamples', '200')).stdout);
    assert.deepEqual([json.aspect, json.level, json.items, json.missing, json.pearson.toFixed(4)], ['faithfulness', 'sample', 40, 0, '0.7598']);
    assert.ok(json.intervals.pearson.low < json.pearson && json.pearson < json.intervals.pearson.high);
  });

  it('meta on SQuALITY says its human score is a stand-in and shows no published figure; LongSciVerify whole and by subset', async function () {
    requireDataset(this, 'long/longeval.jsonl');
    requireDataset(this, 'long/longsciverify.jsonl');
    const squality = await meta('--dataset', 'longeval', '--subset', 'squality');
    assert.equal(squality.code, 0, squality.stderr);
    assert.match(
      squality.stdout,
      /^published figures not shown: SQuALITY has no public summary-level faithfulness score: .*sentence_label_mean.*not comparable with published correlations$/m,
    );
    assert.doesNotMatch(squality.stdout, /r paper/);
    for (const [subset, items] of [
      [undefined, 90],
      ['arxiv', 45],
      ['pubmed', 45],
    ] as const) {
      const run = await meta('--dataset', 'longsciverify', ...(subset ? ['--subset', subset] : []));
      assert.equal(run.code, 0, run.stderr);
      assert.match(run.stdout, new RegExp(`^faithfulness +sample +0\\.\\d{4} +\\[[^\\]]+\\] .* ${items} +${items / 3} +0 +0$`, 'm'));
      assert.doesNotMatch(run.stdout, /published/);
    }
  });

  it('refusals: LongEval without a subset, a subset the set lacks, --baseline with --cross or beside --field (exit 2, one line)', async function () {
    requireDataset(this, 'long/longeval.jsonl');
    const cases: [string[], RegExp][] = [
      [['--dataset', 'longeval'], /subsets pubmed and squality have different human scores; choose one with --subset pubmed\|squality/],
      [['--dataset', 'longeval', '--subset', 'arxiv'], /--subset arxiv: .*longeval\.jsonl has the subsets pubmed, squality/],
      [['--dataset', 'longeval', '--subset', 'pubmed', '--cross'], /--cross crosses a judge's several aspects; --baseline gives one score/],
      [['--dataset', 'longeval', '--subset', 'pubmed', '--field', 'scores'], /give exactly one of --predictions FILE, --field NAME or --baseline NAME/],
    ];
    for (const [args, message] of cases) {
      const run = await meta(...args);
      assert.equal(run.code, 2, `${args.join(' ')}: ${run.stderr}`);
      assert.match(run.stderr, message);
      assert.equal(
        run.stderr
          .trim()
          .split('\n')
          .filter((l) => l.startsWith('sumlens: ')).length,
        1,
        run.stderr,
      );
      assert.equal(run.stdout, '');
    }
  });

  it("datasets: listed as published nowhere as one file; get needs --from, checks the copy's SHA-256, then meta finds it by name", async function () {
    const shared = requireDataset(this, 'long/longeval.jsonl');
    const env = { XDG_CACHE_HOME: cache };
    const list = await runInProcess(['datasets', 'list'], env);
    assert.equal(list.code, 0, list.stderr);
    assert.match(list.stdout, /^longeval .*absent: sumlens datasets get longeval$/m);
    assert.match(
      list.stdout,
      /long\/longeval\.jsonl: published nowhere as one file \(get it with --from FILE\); built from\n {4}https:\/\/github\.com\/meetdavidwan\/longformfact\/blob\/0525fb638db4b212b52250274e043323d172b6cd\//,
    );
    assert.match(list.stdout, /sha256 47495dad1794f0895cfd2ef1f96b3d9635ef7a35c7fbe21b15e666a08117ae46/);

    const noCopy = await runInProcess(['datasets', 'get', 'longeval'], env);
    assert.equal(noCopy.code, 2, noCopy.stderr);
    assert.match(noCopy.stderr, /long\/longeval\.jsonl is published nowhere as one file .*give your copy with --from FILE \(its SHA-256 must be 47495dad/);

    const wrong = await runInProcess(['datasets', 'get', 'longeval', '--from', requireDataset(this, 'long/longsciverify.jsonl')], env);
    assert.equal(wrong.code, 8, wrong.stderr);
    assert.match(wrong.stderr, /checksum mismatch: expected SHA-256 47495dad\S+ \(long\/longeval\.jsonl\), got e8aea109\S+; nothing was copied/);
    const target = path.join(cache, 'sumlens', 'datasets', registryEntry('longeval')!.files[0].path);
    assert.ok(!fs.existsSync(target));

    const got = await runInProcess(['datasets', 'get', 'longeval', '--from', shared], env);
    assert.equal(got.code, 0, got.stderr);
    assert.equal(got.stdout.trim(), target);
    assert.match(got.stderr, /copied from .*longeval\.jsonl, checksum right/);
    const run = await runInProcess(
      ['meta', '--dataset', 'longeval', '--subset', 'pubmed', '--aspect', 'faithfulness', '--baseline', 'lexical-support', '--resamples', '0'],
      env,
    );
    assert.equal(run.code, 0, run.stderr);
    assert.ok(run.stdout.startsWith(`${target} (longeval, subset pubmed, 40 items)`), run.stdout);
  });

  it('bench on LongEval PubMed through a judge: consistency judged against faithfulness, the meta table and the paper beside', async function () {
    requireDataset(this, 'long/longeval.jsonl');
    const server = await FakeOpenAiServer.start();
    // A judge whose score follows the summary's length, so the correlation is defined.
    server.setHandler((request: RecordedRequest) => {
      const prompt = JSON.stringify(request.body.messages);
      const score = String(1 + (prompt.length % 5));
      return scoreReply(score, { [score]: 0.7, '3': 0.2, '1': 0.1 });
    });
    try {
      const out = path.join(dir, 'bench.jsonl');
      const run = await runInProcess(['bench', '--dataset', 'longeval', '--subset', 'pubmed', '--out', out], {
        ...datasets(),
        OPENAI_API_KEY: 'sk-long',
        OPENAI_BASE_URL: server.url,
      });
      assert.equal(run.code, 0, run.stderr);
      assert.equal(server.chatRequests.length, 40);
      assert.match(run.stdout, /^faithfulness +sample +-?0\.\d{4} +\[/m);
      assert.match(run.stdout, /^faithfulness \(paper: whole document\) +-?0\.\d{4} +0\.640 /m);
      const records = fs
        .readFileSync(out, 'utf8')
        .trim()
        .split('\n')
        .slice(1)
        .map((l) => JSON.parse(l));
      assert.equal(records.length, 40);
      assert.ok(records.every((r) => r.key.startsWith('pubmed/') && typeof r.scores.faithfulness === 'number'));
    } finally {
      await server.close();
    }
  });
});
