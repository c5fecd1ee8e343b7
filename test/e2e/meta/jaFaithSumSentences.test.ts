/**
 * `sumlens meta` on JaFaithSum with a fine-grained run, offline (issue 42, item 5): the bundled
 * bin runs `bench --method fine` on 5 summaries against a scripted judge (the real openai client
 * over HTTP to the fake server), then `meta` holds the sentence verdicts against the annotators'
 * labels. The figures prove the plumbing, not a judge: real ones need a real judge.
 */
import * as assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { promisify } from 'node:util';
import { readDataset } from '../../../src/core/datasets/dataset';
import { LabelledSentence } from '../../../src/core/datasets/jaFaithSum';
import { packageRoot } from '../../../src/core/paths';
import { sentenceOf } from '../../../src/core/meta/sentenceVerdicts';
import { FakeOpenAiServer } from '../../fake/openaiServer';
import { JA_FAITHSUM } from '../../fixtures/ja/jaFaithSumRows';
import { jaScriptedJudge } from '../../fixtures/ja/jaScriptedJudge';
import { requireDataset } from '../../unit/meta/sharedData';
import { runInProcess } from '../cli/runInProcess';

const run = promisify(execFile);

interface FindingLine {
  kind: string;
  note: string;
  start: number;
  end: number;
  located?: boolean;
}

describe('e2e meta: JaFaithSum sentence verdicts from a fine-grained run (scripted judge, the bundled bin)', function () {
  this.timeout(120_000);
  let server: FakeOpenAiServer;
  let dir: string;
  let dataset: string;
  let out: string;
  let env: NodeJS.ProcessEnv;
  const sumlens = (args: string[]) => run(process.execPath, [path.join(packageRoot(), 'bin', 'sumlens.js'), ...args], { env, maxBuffer: 1 << 26 });

  before(async function () {
    dataset = requireDataset(this, JA_FAITHSUM);
    server = await FakeOpenAiServer.start();
    server.setHandler(jaScriptedJudge());
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sumlens-jafaithsum-'));
    out = path.join(dir, 'fine.jsonl');
    env = { PATH: process.env.PATH, OPENAI_API_KEY: 'sk-test', OPENAI_BASE_URL: server.url, XDG_CACHE_HOME: path.join(dir, 'xdg') };
    await sumlens(['bench', '--dataset', dataset, '--method', 'fine', '--limit', '5', '--out', out, '--no-cache', '--json']);
  });
  after(async () => {
    await server?.close();
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  });

  it('meta prints balanced accuracy with its interval, the confusion matrix and the summary-level AUROC, per summariser and overall', async () => {
    const json = JSON.parse((await sumlens(['meta', '--dataset', dataset, '--predictions', out, '--aspect', 'faithfulness', '--json'])).stdout);
    assert.equal(json.meta[0].aspect, 'faithfulness');
    assert.equal(json.meta[0].items, 5, 'faithfulness read from the correctness score');
    const report = json.sentenceVerdicts;
    assert.deepEqual(
      report.rows.map((r: { summariser: string }) => r.summariser),
      ['GPT-4o', 'Swallow', 'LLM-jp', 'all'],
    );
    assert.equal(report.notJudged, 295);
    const all = report.rows.at(-1);
    assert.equal(all.summaries, 5);
    const { truePositive, falsePositive, falseNegative, trueNegative } = all.confusion;
    assert.equal(truePositive + falsePositive + falseNegative + trueNegative, all.sentences);
    assert.ok(truePositive + falsePositive > 0, 'the scripted judge flagged some sentences');
    assert.ok(all.balancedAccuracy.low <= all.balancedAccuracy.value && all.balancedAccuracy.value <= all.balancedAccuracy.high);
    assert.equal(all.summaryLevel.positives + all.summaryLevel.negatives, 5);
    assert.equal(report.unlocatedFindings + report.findingsOffSentences, 0);

    const table = (await sumlens(['meta', '--dataset', dataset, '--predictions', out, '--aspect', 'faithfulness'])).stdout;
    assert.match(table, /sentence verdicts against the annotators \(JaFaithSum\)/);
    assert.match(table, /^all +5 +\d+ +\d+ +\d+ +\d+ +\d+ +\d+ +[\d.n/a]+ +(\[[\d.]+, [\d.]+\]|n\/a)/m);
    assert.match(table, /MOVER/);
  });

  it('a record whose fine-grained result SumLens did not write: exit 8 (bad input) and one line saying which record', async () => {
    const lines = fs.readFileSync(out, 'utf8').trim().split('\n');
    const broken = JSON.parse(lines[1]);
    broken.result.fine.findings = 'none';
    const file = path.join(dir, 'broken.jsonl');
    fs.writeFileSync(file, [lines[0], JSON.stringify(broken), ...lines.slice(2)].join('\n') + '\n');
    const meta = await runInProcess(['meta', '--dataset', dataset, '--predictions', file, '--aspect', 'faithfulness']);
    assert.equal(meta.code, 8, meta.stderr);
    const said = meta.stderr.trim().split('\n');
    assert.equal(said.length, 1, meta.stderr);
    assert.match(said[0], new RegExp(`record "${broken.key}": its fine-grained result is not one SumLens wrote`));
  });

  it("every finding's span falls on the one sentence the annotators' label belongs to (the dataset's offsets)", () => {
    const items = new Map(readDataset(dataset).items.map((item) => [item.key, item]));
    const records = fs
      .readFileSync(out, 'utf8')
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line))
      .filter((line) => line.sumlens !== 'run');
    assert.equal(records.length, 5);
    let findings = 0;
    for (const record of records) {
      const sentences = LabelledSentence.array().parse(items.get(record.key)!.labelledSentences);
      for (const f of (record.result.fine.findings as FindingLine[]).filter((f) => f.note === 'target' && f.kind !== 'readability')) {
        findings++;
        assert.notEqual(f.located, false, JSON.stringify(f));
        const holding = sentences.filter((s) => s.start <= f.start && f.end <= s.end);
        assert.equal(holding.length, 1, `${record.key}: ${f.start}–${f.end} in ${holding.length} sentences`);
        assert.equal(sentences[sentenceOf(sentences, f)!], holding[0]);
      }
    }
    assert.ok(findings > 0);
  });
});
