import * as assert from 'node:assert/strict';
import { readDataset } from '../../../src/core/datasets/dataset';
import { metaEvaluate, type ScoredItem } from '../../../src/core/meta/metaEvaluate';
import { requireDataset } from './sharedData';

const item = (group: string, system: string, human: number, predicted: number | null): ScoredItem => ({
  group,
  system,
  human,
  predicted,
});

const near = (a: number, b: number): void => assert.ok(Math.abs(a - b) < 1e-9, `${a} ≠ ${b}`);

describe('meta/metaEvaluate', () => {
  const items = [
    item('d1', 'A', 1, 1),
    item('d1', 'B', 2, 3),
    item('d1', 'C', 3, 2),
    item('d2', 'A', 2, 1),
    item('d2', 'B', 2, 2), // human scores constant: d2 is skipped at the summary level
    item('d2', 'C', 2, 3),
    item('d3', 'A', 1, 4),
    item('d3', 'B', 2, 4), // predictions constant: d3 is skipped too
    item('d3', 'C', 3, null),
  ];

  it('summary level averages per-document correlations and skips constant documents', () => {
    const r = metaEvaluate('coherence', 'summary', items);
    assert.equal(r.items, 8);
    assert.equal(r.missing, 1);
    assert.equal(r.documents, 1);
    assert.equal(r.skipped, 2);
    near(r.pearson, 0.5);
    near(r.spearman, 0.5);
    near(r.kendall, 1 / 3);
  });

  it('sample level pools every item with a prediction', () => {
    const r = metaEvaluate('coherence', 'sample', items);
    assert.equal(r.items, 8);
    assert.equal(r.documents, 3);
    assert.equal(r.skipped, 0);
  });

  it('system level correlates per-system means', () => {
    const r = metaEvaluate('coherence', 'system', [
      item('d1', 'A', 1, 1),
      item('d2', 'A', 2, 2),
      item('d1', 'B', 3, 5),
      item('d2', 'B', 3, 4),
      item('d1', 'C', 5, 3),
    ]);
    assert.equal(r.systems, 3);
    assert.equal(r.kendall, 1 / 3);
  });

  it('is NaN when every document is skipped', () => {
    const r = metaEvaluate('x', 'summary', [item('d', 'A', 1, 1), item('d', 'B', 1, 2)]);
    assert.ok(Number.isNaN(r.pearson));
    assert.equal(r.skipped, 1);
  });

  // Cross-checked against scipy with G-Eval's per-document loop (one aspect predicting another).
  it('matches scipy on SummEval at summary and system level', function () {
    const dataset = readDataset(requireDataset(this, 'summeval/summeval.json'));
    assert.equal(dataset.kind, 'summeval');
    assert.equal(dataset.defaultLevel, 'summary');
    const scored = (pred: string, human: string): ScoredItem[] => dataset.items.map((i) => item(i.group, String(i.system_id), i.scores[human], i.scores[pred]));
    const r = metaEvaluate('consistency', 'summary', scored('fluency', 'consistency'));
    assert.equal(r.documents, 94);
    assert.equal(r.skipped, 6);
    near(r.pearson, 0.49899122156617814);
    near(r.spearman, 0.43783262718616806);
    near(r.kendall, 0.41001772016305565);
    const s = metaEvaluate('coherence', 'system', scored('relevance', 'coherence'));
    assert.equal(s.systems, 16);
    near(s.pearson, 0.8349150213923056);
    near(s.spearman, 0.823529411764706);
    near(s.kendall, 0.7);
  });
});
