import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import { readDataset } from '../../../src/core/datasets/dataset';
import { splitSentences } from '../../../src/core/fine/sentences';
import { splitSourceSentences } from '../../../src/core/longSource/sentences';
import { JA_FAITHSUM } from '../../fixtures/ja/jaFaithSumRows';
import { requireDataset } from '../meta/sharedData';

interface LabelledRow {
  summary_text: string;
  sentences: { start_char: number; end_char: number }[];
}

/** A span without the white space at its ends (the dataset's sentences keep a leading line break). */
function trimmed(text: string, start: number, end: number): string {
  while (start < end && /\s/.test(text[start])) start++;
  while (end > start && /\s/.test(text[end - 1])) end--;
  return `${start}:${end}`;
}

describe('datasets: JaFaithSum', function () {
  this.timeout(30_000);

  it('reads its 300 summaries as items: the summary level as faithfulness, each summariser a subset', function () {
    const file = requireDataset(this, JA_FAITHSUM);
    const all = readDataset(file);
    assert.equal(all.kind, 'jafaithsum');
    assert.equal(all.items.length, 300);
    assert.deepEqual(all.aspects, ['faithfulness']);
    assert.deepEqual(all.subsets, ['GPT-4o', 'Swallow', 'LLM-jp']);
    assert.equal(all.items.filter((i) => i.scores.faithfulness === 1).length, 167);
    assert.equal(new Set(all.items.map((i) => i.group)).size, 100);
    assert.equal(readDataset(file, 'Swallow').items.length, 100);
  });

  it("SumLens's sentences are the annotators' sentences: at least 98% identical", function () {
    const rows = fs
      .readFileSync(requireDataset(this, JA_FAITHSUM), 'utf8')
      .split('\n')
      .filter((line) => line.trim() !== '')
      .map((line) => JSON.parse(line) as LabelledRow);
    for (const split of [splitSentences, splitSourceSentences]) {
      let same = 0;
      let total = 0;
      for (const row of rows) {
        const ours = new Set(split(row.summary_text).map((s) => `${s.start}:${s.end}`));
        for (const s of row.sentences) {
          total++;
          if (ours.has(trimmed(row.summary_text, s.start_char, s.end_char))) same++;
        }
      }
      assert.equal(total, 1511);
      assert.ok(same / total >= 0.98, `${split.name}: ${same} of ${total} identical`);
    }
  });
});
