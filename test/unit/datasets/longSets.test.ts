/**
 * The long-document sets read from the datasets folder (test/setup/sharedDatasets.ts), each
 * line validated: counts per subset, the human score each item carries, keys, subsets chosen
 * or refused; and a file with a broken or foreign line refused with its line number.
 */
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { readDataset, readDatasetFile } from '../../../src/core/datasets/dataset';
import { SumLensError } from '../../../src/core/errors';
import { requireDataset } from '../meta/sharedData';

/** The file's own lines, as the README describes them. */
function lines(file: string): Record<string, unknown>[] {
  return fs
    .readFileSync(file, 'utf8')
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line));
}

function throwsCode(code: string, pattern: RegExp, run: () => unknown): void {
  assert.throws(run, (error: unknown) => error instanceof SumLensError && error.code === code && pattern.test(error.message));
}

describe('datasets: LongEval and LongSciVerify (JSON lines)', () => {
  it('LongEval: 80 items, 40 per subset, pooled by default; PubMed scored by fine_score_mean, SQuALITY by sentence_label_mean with its caveat', function () {
    const file = requireDataset(this, 'long/longeval.jsonl');
    const all = readDatasetFile(file);
    assert.deepEqual(
      [all.kind, all.items.length, all.aspects, all.subsets, all.defaultLevel],
      ['longeval', 80, ['faithfulness'], ['pubmed', 'squality'], 'sample'],
    );
    assert.equal(new Set(all.items.map((i) => i.key)).size, 80);
    const raw = lines(file);
    const pubmed = readDataset(file, 'pubmed');
    assert.equal(pubmed.items.length, 40);
    assert.equal(pubmed.caveat, undefined);
    assert.equal(new Set(pubmed.items.map((i) => i.group)).size, 20);
    for (const item of pubmed.items) {
      const line = raw[item.index];
      assert.equal(item.key, `pubmed/${String(line.doc_id)}|${String(line.system)}`);
      assert.equal(item.scores.faithfulness, line.fine_score_mean);
      assert.equal(item.system_output, line.summary);
      assert.equal(item.reference, line.reference);
    }
    assert.equal(pubmed.items[0].scores.faithfulness, 64.81481481481482);
    const squality = readDataset(file, 'squality');
    assert.equal(squality.items.length, 40);
    assert.match(squality.caveat ?? '', /not comparable with published correlations/);
    for (const item of squality.items) {
      assert.equal(item.scores.faithfulness, raw[item.index].sentence_label_mean);
      assert.equal(item.reference, undefined);
      assert.doesNotMatch(item.source, /<br/i, 'HTML line breaks become line breaks');
    }
  });

  it('LongSciVerify: 90 items, 45 arXiv and 45 PubMed, scored by factuality_mean; the whole file is one measure', function () {
    const file = requireDataset(this, 'long/longsciverify.jsonl');
    const all = readDataset(file);
    assert.deepEqual(
      [all.kind, all.items.length, all.aspects, all.subsets, all.subset],
      ['longsciverify', 90, ['faithfulness'], ['arxiv', 'pubmed'], undefined],
    );
    const raw = lines(file);
    for (const item of all.items) assert.equal(item.scores.faithfulness, raw[item.index].factuality_mean);
    assert.equal(readDataset(file, 'arxiv').items.length, 45);
    assert.equal(readDataset(file, 'pubmed').items.length, 45);
    assert.ok(readDataset(file, 'arxiv').items.every((i) => i.key.startsWith('arxiv/')));
  });

  it('subsets: LongEval must be narrowed, an unknown subset and a subset of a set without any are usage errors', function () {
    const longeval = requireDataset(this, 'long/longeval.jsonl');
    throwsCode('usage', /subsets pubmed and squality have different human scores; choose one with --subset pubmed\|squality/, () => readDataset(longeval));
    throwsCode('usage', /--subset arxiv: .* has the subsets pubmed, squality/, () => readDataset(longeval, 'arxiv'));
    const summeval = requireDataset(this, 'summeval/summeval.json');
    throwsCode('usage', /--subset pubmed: .* has no subsets/, () => readDataset(summeval, 'pubmed'));
  });

  describe('bad files', () => {
    let dir: string;
    before(() => (dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sumlens-long-'))));
    after(() => fs.rmSync(dir, { recursive: true, force: true }));

    const write = (name: string, text: string): string => {
      const file = path.join(dir, name);
      fs.writeFileSync(file, text);
      return file;
    };

    it('a line that does not match, or is not JSON, is refused with its line number (exit 8)', function () {
      const file = requireDataset(this, 'long/longeval.jsonl');
      const [first, second] = fs.readFileSync(file, 'utf8').split('\n');
      const broken = JSON.parse(second);
      broken.fine_score_mean = null;
      throwsCode('bad-input', /line 2 is not a LongEval line: .*fine_score_mean/s, () =>
        readDatasetFile(write('broken.jsonl', `${first}\n${JSON.stringify(broken)}\n`)),
      );
      throwsCode('bad-input', /line 2 is not JSON/, () => readDatasetFile(write('cut.jsonl', `${first}\n${second.slice(0, 100)}\n`)));
    });

    it('JSON lines of another shape are not a dataset', () => {
      throwsCode('bad-input', /not a meta-evaluation dataset: neither a JSON array of items nor LongEval, LongSciVerify or JaFaithSum JSON lines/, () =>
        readDatasetFile(write('other.jsonl', '{"source": "a", "summary": "b"}\n')),
      );
    });
  });
});
