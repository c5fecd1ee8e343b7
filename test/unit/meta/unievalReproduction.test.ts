/**
 * Acceptance: from UniEval's own prediction files, reproduce UniEval's published
 * correlations to the 4th decimal (values in ../shared/datasets/README.md).
 */
import * as assert from 'node:assert/strict';
import { readDataset } from '../../../src/core/datasets/dataset';
import { metaEvaluate, type MetaResult } from '../../../src/core/meta/metaEvaluate';
import { fromField } from '../../../src/core/meta/predictions';
import { requireDataset } from './sharedData';

function metaFromUniEval(path: string, aspect: string): MetaResult {
  const dataset = readDataset(path);
  return metaEvaluate(aspect, dataset.defaultLevel, fromField(dataset, aspect, 'predict_scores'));
}

function assertFigures(result: MetaResult, expected: [number, number, number]): void {
  const got = [result.pearson, result.spearman, result.kendall];
  got.forEach((value, i) => assert.ok(Math.abs(value - expected[i]) < 5e-5, `${result.aspect}: ${got.join(' / ')} vs ${expected.join(' / ')}`));
}

describe('meta: UniEval reproduction (real files)', () => {
  const topical: Record<string, [number, number, number]> = {
    naturalness: [0.4437, 0.514, 0.374],
    coherence: [0.5951, 0.6129, 0.4659],
    engagingness: [0.5565, 0.6047, 0.4559],
    groundedness: [0.5362, 0.575, 0.4515],
    understandability: [0.38, 0.4678, 0.3607],
    overall: [0.632796, 0.662583, 0.487272],
  };
  for (const [aspect, expected] of Object.entries(topical)) {
    it(`Topical-Chat turn level ${aspect}`, function () {
      const path = requireDataset(this, 'topical_chat/unieval_predict/topical_chat_result.json');
      const result = metaFromUniEval(path, aspect);
      assert.equal(result.level, 'sample');
      assert.equal(result.items, 360);
      assert.equal(result.documents, 60);
      assertFigures(result, expected);
    });
  }

  it('QAGS-CNN consistency', function () {
    const path = requireDataset(this, 'qags/unieval_predict/qags_cnndm_result.json');
    const result = metaFromUniEval(path, 'consistency');
    assert.equal(result.level, 'sample');
    assert.equal(result.items, 235);
    assertFigures(result, [0.6817, 0.6623, 0.5316]);
  });

  it('QAGS-XSum consistency', function () {
    const path = requireDataset(this, 'qags/unieval_predict/qags_xsum_result.json');
    const result = metaFromUniEval(path, 'consistency');
    assert.equal(result.items, 239);
    assertFigures(result, [0.4614, 0.4879, 0.3992]);
  });
});
