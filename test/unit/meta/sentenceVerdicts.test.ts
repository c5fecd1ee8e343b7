/** JaFaithSum's sentence verdicts (meta/sentenceVerdicts.ts) on hand-made items: which sentence a finding marks, what is left out and counted. */
import * as assert from 'node:assert/strict';
import type { Dataset, DatasetItem } from '../../../src/core/datasets/dataset';
import type { LabelledSentence } from '../../../src/core/datasets/jaFaithSum';
import { sentenceOf, sentenceVerdicts } from '../../../src/core/meta/sentenceVerdicts';
import type { RunRecord } from '../../../src/core/runFile/runRecord';

const SUMMARY = '市長は3億円を投じた。駅前は車を止めた。\n店は増えた。';
const SENTENCES: LabelledSentence[] = [
  { start: 0, end: 11, label: 'Intrinsic Hallucination' },
  { start: 11, end: 20, label: 'Not-hallucination' },
  { start: 20, end: 27, label: 'Unresolved-Single' },
];

function item(index: number, system: string, faithful: number): DatasetItem {
  return {
    key: `${index}|${system}`,
    group: String(index),
    index,
    doc_id: String(index),
    system_id: system,
    source: 'ソース。',
    system_output: SUMMARY,
    scores: { faithfulness: faithful },
    labelledSentences: SENTENCES,
  };
}

const finding = (kind: string, start: number, end: number, located = true) => ({ kind, note: 'target', start, end, located, message: '' });

function record(key: string, ratio: number, findings: object[]): RunRecord {
  return { key, index: 0, status: 'ok', scores: { consistency: 1 + 4 * ratio }, result: { fine: { correctness: { ratio }, findings } } };
}

describe('meta: JaFaithSum sentence verdicts', () => {
  it('a span marks the labelled sentence it overlaps most; one of no length, the sentence holding it', () => {
    assert.equal(sentenceOf(SENTENCES, { start: 9, end: 14 }), 1);
    assert.equal(sentenceOf(SENTENCES, { start: 3, end: 7 }), 0);
    assert.equal(sentenceOf(SENTENCES, { start: 11, end: 11 }), 1);
    assert.equal(sentenceOf(SENTENCES, { start: 30, end: 31 }), undefined);
  });

  it('counts the confusion matrix per summariser and overall, leaving out Unresolved sentences and counting unlocated findings', () => {
    const dataset: Dataset = {
      path: 'ja.jsonl',
      kind: 'jafaithsum',
      items: [item(0, 'A', 0), item(1, 'A', 1), item(2, 'B', 1)],
      defaultLevel: 'sample',
      aspects: [],
    };
    const records = [
      record('0|A', 0.5, [finding('incorrect', 2, 6), finding('readability', 12, 14), finding('unsupported', 0, 0, false)]),
      record('1|A', 1, [finding('unsupported', 12, 15), finding('partial', 2, 5)]),
    ];
    const report = sentenceVerdicts(dataset, records, 'run.jsonl')!;
    assert.deepEqual(
      report.rows.map((r) => r.summariser),
      ['A', 'all'],
    );
    const all = report.rows[1];
    assert.deepEqual(all.confusion, { truePositive: 1, falsePositive: 1, falseNegative: 1, trueNegative: 1 });
    assert.equal(all.sentences, 4);
    assert.equal(all.unresolved, 2);
    assert.equal(all.balancedAccuracy.value, 0.5);
    assert.equal(all.summaryLevel.value, 1);
    assert.equal(report.notJudged, 1);
    assert.equal(report.unlocatedFindings, 1);
  });

  it('a run of another method has no sentence verdicts', () => {
    const dataset: Dataset = { path: 'ja.jsonl', kind: 'jafaithsum', items: [item(0, 'A', 0)], defaultLevel: 'sample', aspects: [] };
    assert.equal(
      sentenceVerdicts(dataset, [{ key: '0|A', index: 0, status: 'ok', scores: { consistency: 3 }, result: { aspects: [] } }], 'run.jsonl'),
      undefined,
    );
  });
});
