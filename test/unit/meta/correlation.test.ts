import * as assert from 'node:assert/strict';
import { averageRanks, kendallTauB, pearson, spearman } from '../../../src/core/stats/correlation';

const close = (actual: number, expected: number, digits = 12): void => assert.ok(Math.abs(actual - expected) < 10 ** -digits, `${actual} ≠ ${expected}`);

describe('meta/correlation', () => {
  // Expected values from scipy 1.17 pearsonr / spearmanr / kendalltau on the same vectors.
  const x = [1, 2, 2, 3, 5, 5, 5, 4];
  const y = [2, 1, 2, 3, 3, 4, 5, 5];

  it('matches scipy on tied data', () => {
    close(pearson(x, y), 0.774247611662604);
    close(spearman(x, y), 0.768810065632783);
    close(kendallTauB(x, y), 0.6123724356957946);
  });

  it('gives tied values the average of their ranks', () => {
    assert.deepEqual(averageRanks([10, 20, 20, 5, 20]), [2, 4, 4, 1, 4]);
  });

  it('is symmetric and ±1 on monotone data', () => {
    close(kendallTauB(y, x), kendallTauB(x, y));
    assert.equal(pearson([1, 2, 3], [2, 4, 6]), 1);
    assert.equal(spearman([1, 2, 3], [9, 4, 1]), -1);
    assert.equal(kendallTauB([1, 2, 3], [9, 4, 1]), -1);
  });

  it('is NaN for constant inputs and fewer than two points', () => {
    assert.ok(Number.isNaN(pearson([1, 1, 1], [1, 2, 3])));
    assert.ok(Number.isNaN(spearman([1, 2, 3], [4, 4, 4])));
    assert.ok(Number.isNaN(kendallTauB([2, 2], [1, 3])));
    assert.ok(Number.isNaN(kendallTauB([1], [1])));
  });

  // The O(n log n) count must equal the definition, pair by pair, on heavily tied data.
  it('counts Kendall tau-b as the pairwise definition does', () => {
    const pairwise = (a: number[], b: number[]): number => {
      let s = 0;
      let untiedA = 0;
      let untiedB = 0;
      for (let i = 0; i < a.length; i++) {
        for (let j = i + 1; j < a.length; j++) {
          const da = Math.sign(a[i] - a[j]);
          const db = Math.sign(b[i] - b[j]);
          s += da * db;
          untiedA += da !== 0 ? 1 : 0;
          untiedB += db !== 0 ? 1 : 0;
        }
      }
      return s / Math.sqrt(untiedA * untiedB);
    };
    let seed = 7;
    const next = (): number => (seed = (seed * 48271) % 2147483647) % 5;
    for (const n of [2, 3, 17, 64, 301]) {
      const a = Array.from({ length: n }, next);
      const b = Array.from({ length: n }, (_, i) => (a[i] + next()) % 6);
      const expected = pairwise(a, b);
      if (Number.isNaN(expected)) assert.ok(Number.isNaN(kendallTauB(a, b)));
      else close(kendallTauB(a, b), expected);
    }
  });

  it('rejects inputs of different lengths', () => {
    assert.throws(() => pearson([1, 2], [1]), /differ in length/);
  });
});
