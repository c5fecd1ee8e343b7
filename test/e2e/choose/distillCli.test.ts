import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { documentSplit } from '../../../src/core/distill/documentSplit';
import { toFivePoint } from '../../../src/core/distill/humanAnswer';
import { readDataset } from '../../../src/core/datasets/dataset';
import { datasetFolders, resolveDatasetArgument } from '../../../src/core/datasets/locate';
import { chooseJudge } from '../../fake/chooseJudge';
import { FakeOpenAiServer } from '../../fake/openaiServer';
import { runInProcess } from '../cli/runInProcess';

describe('sumlens distill (the training triples of reason-grounded evaluation)', function () {
  this.timeout(120_000);
  let server: FakeOpenAiServer;
  let dir: string;

  before(async () => {
    server = await FakeOpenAiServer.start();
    server.setHandler(chooseJudge('chooser'));
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sumlens-distill-'));
  });
  after(async () => {
    await server.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  const env = () => ({
    OPENAI_API_KEY: 'sk-distill',
    OPENAI_BASE_URL: server.url,
    XDG_CACHE_HOME: path.join(dir, 'xdg'),
    SUMLENS_DATASETS: process.env.SUMLENS_DATASETS,
  });

  it("splits by document at the thesis's share: no article on both sides (SummEval 1,328 / 272, Topical-Chat 300 / 60)", () => {
    for (const [name, expected] of [
      ['summeval', { train: 1328, validation: 272 }],
      ['topical-chat', { train: 300, validation: 60 }],
    ] as const) {
      const dataset = readDataset(resolveDatasetArgument(name, datasetFolders(process.env)));
      const split = documentSplit(dataset.items, dataset.kind);
      const counts = { train: 0, validation: 0 };
      for (const item of dataset.items) counts[split.get(item.group)!]++;
      assert.deepEqual(counts, expected, name);
    }
    assert.equal(toFivePoint(2, [1, 3]), 3);
    assert.equal(toFivePoint(1, [0, 1]), 5);
    assert.equal(toFivePoint(3.6666666666666665, [1, 5]), 4);
  });

  it('K reasons per item, one triple each with the human answer; a rerun resumes and sends nothing; --dry-run sends nothing', async () => {
    const out = path.join(dir, 'train.jsonl');
    const run = await runInProcess(['distill', '--dataset', 'summeval', '--out', out, '--reasons', 'fsv1', '--reasons-k', '3', '--limit', '20'], env());
    assert.equal(run.code, 0, run.stderr);
    assert.match(run.stdout, /20 items written .*: 60 train and 0 validation triples/);
    const triples = fs
      .readFileSync(out, 'utf8')
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line));
    assert.equal(triples.length, 60);
    const first = triples.find((t) => t.key === 'dm-test-8764fb95bfad8ee849274873a92fb8d6b400eee2|M11');
    assert.match(first.question, /^For the following task, if the following output is obtained, choose appropriate evaluation aspects/);
    assert.match(first.reason, /- coherence \(\d\)/);
    // Item 0 of SummEval: coherence 1.33, consistency 1, fluency 3, relevance 1.67 → 1, 1, 3, 2.
    assert.equal(first.answer, 'coherence: Score: 1\nconsistency: Score: 1\nfluency: Score: 3\nrelevance: Score: 2');
    assert.equal(first.examples, 'fsv1');

    const calls = server.chatRequests.length;
    const again = await runInProcess(['distill', '--dataset', 'summeval', '--out', out, '--reasons', 'fsv1', '--reasons-k', '3', '--limit', '20'], env());
    assert.equal(again.code, 0, again.stderr);
    assert.match(again.stdout, /0 items written .* \(20 already there\)/);
    assert.equal(server.chatRequests.length, calls);

    const dry = await runInProcess(['distill', '--dataset', 'topical-chat', '--out', path.join(dir, 'tc.jsonl'), '--dry-run'], env());
    assert.equal(dry.code, 0, dry.stderr);
    assert.match(dry.stdout, /dry run: 360 requests \(n=20 reasons each\)/);
    assert.equal(server.chatRequests.length, calls);
    assert.ok(!fs.existsSync(path.join(dir, 'tc.jsonl')));
  });

  it('QAGS has no scales the thesis maps: a usage error (exit 2), nothing written', async () => {
    const run = await runInProcess(['distill', '--dataset', 'qags-xsum', '--out', path.join(dir, 'q.jsonl')], env());
    assert.equal(run.code, 2, run.stderr);
    assert.match(run.stderr, /distill knows the human scales of SummEval and Topical-Chat only/);
  });
});
