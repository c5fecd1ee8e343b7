/**
 * The bootstrap's fast paths (alphaOfResamples, averageRanksOfResamples) give, on every
 * resample, exactly the values the direct computations give on the picked items: the same
 * sums in the same order, so equal to the last bit, not merely close.
 */
import * as assert from 'node:assert/strict';
import { averageRanks, averageRanksOfResamples } from '../../../src/core/stats/correlation';
import { alphaOfResamples, krippendorffAlpha } from '../../../src/core/stats/krippendorffAlpha';
import { resampleIndices, seededRandom } from '../../../src/core/stats/random';

function table(random: () => number, raters: number, units: number, missing: number): number[][] {
  return Array.from({ length: raters }, () => Array.from({ length: units }, () => (random() < missing ? NaN : 1 + Math.floor(random() * 5))));
}

describe('resampled alpha and ranks equal the direct computation', () => {
  it("Krippendorff's alpha of 200 resamples, three levels, missing scores and units of 0 to 4 raters", () => {
    const random = seededRandom(11);
    const ratings = table(random, 4, 60, 0.45);
    const alpha = alphaOfResamples(ratings);
    for (let r = 0; r < 200; r++) {
      const picked = resampleIndices(random, 60);
      for (const level of ['interval', 'ordinal', 'nominal'] as const) {
        const direct = krippendorffAlpha(
          ratings.map((rater) => picked.map((i) => rater[i])),
          level,
        );
        assert.ok(Object.is(alpha(picked, level), direct), `resample ${r}, ${level}: ${alpha(picked, level)} vs ${direct}`);
      }
    }
  });

  it('average ranks of 200 resamples, with ties and fractional values', () => {
    const random = seededRandom(5);
    const values = Array.from({ length: 50 }, () => Math.floor(random() * 8) / 2);
    const ranks = averageRanksOfResamples(values);
    for (let r = 0; r < 200; r++) {
      const picked = resampleIndices(random, 50);
      assert.deepEqual(ranks(picked), averageRanks(picked.map((i) => values[i])));
    }
  });
});
