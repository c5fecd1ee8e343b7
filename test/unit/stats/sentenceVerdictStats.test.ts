/** Balanced accuracy with its MOVER-Wilson interval, and AUROC with DeLong's, against values scripts/scipy/sentence_verdicts.py wrote once. */
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { auroc } from '../../../src/core/stats/auroc';
import { balancedAccuracy } from '../../../src/core/stats/balancedAccuracy';

const reference = JSON.parse(fs.readFileSync(path.resolve(__dirname, '../../../../test/fixtures/scipy/sentence-verdicts.json'), 'utf8'));

const close = (actual: number, expected: number, what: string) => assert.ok(Math.abs(actual - expected) < 1e-9, `${what}: ${actual} vs ${expected}`);

describe('sentence-verdict statistics (against scipy)', () => {
  for (const c of reference.balancedAccuracy) {
    it(`balanced accuracy of ${JSON.stringify(c.confusion)} at ${c.level}`, () => {
      const figure = balancedAccuracy(c.confusion, c.level);
      for (const key of ['value', 'sensitivity', 'specificity', 'low', 'high'] as const) close(figure[key], c[key], key);
    });
  }

  for (const [i, c] of reference.auroc.entries()) {
    it(`AUROC case ${i + 1} (${c.positives.length} positives, ${c.negatives.length} negatives) = Mann–Whitney U / n₁n₀, DeLong interval`, () => {
      const figure = auroc(c.positives, c.negatives, c.level);
      for (const key of ['value', 'low', 'high'] as const) close(figure[key], c[key], key);
    });
  }

  it('an empty class: no figure, the whole range', () => {
    const figure = balancedAccuracy({ truePositive: 0, falsePositive: 3, falseNegative: 0, trueNegative: 9 });
    assert.ok(Number.isNaN(figure.value));
    assert.deepEqual([figure.low, figure.high], [0, 1]);
    assert.ok(Number.isNaN(auroc([], [0.5]).value));
  });
});
