/**
 * resampledMeans writes seededRandom's generator out in its loop for speed: it must draw the
 * very same resamples as a call per draw does, or printed seeds would stop reproducing figures.
 */
import * as assert from 'node:assert/strict';
import { randomIndex, resampledMeans, seededRandom } from '../../../src/core/stats/random';

describe('resampledMeans', () => {
  it('draws the resamples seededRandom draws', () => {
    const values = Float64Array.from({ length: 37 }, (_, i) => Math.sin(i) * 3);
    const random = seededRandom(7);
    const expected = Array.from({ length: 50 }, () => {
      let sum = 0;
      for (let i = 0; i < values.length; i++) sum += values[randomIndex(random, values.length)];
      return sum / values.length;
    });
    assert.deepEqual(Array.from(resampledMeans(values, 50, 7)), expected);
  });

  it('has no resamples of nothing', () => {
    assert.equal(resampledMeans(new Float64Array(0), 2000, 7).length, 0);
  });
});
