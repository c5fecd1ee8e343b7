import * as assert from 'assert';
import * as fs from 'fs';
import * as path from 'path';
import { normalQuantile, wilsonInterval } from '../../../src/core/stats/wilson';

// Written by scripts/scipy/wilson.py (scipy.stats.binomtest(...).proportion_ci(method='wilson'), norm.ppf).
const reference = JSON.parse(fs.readFileSync(path.resolve(__dirname, '../../../../test/fixtures/scipy/wilson.json'), 'utf8'));

describe('Wilson score interval (against scipy)', () => {
  for (const c of reference.wilson) {
    it(`${c.successes}/${c.trials} at ${c.level}`, () => {
      const interval = wilsonInterval(c.successes, c.trials, c.level);
      assert.ok(Math.abs(interval.low - c.low) < 1e-9, `low ${interval.low} vs ${c.low}`);
      assert.ok(Math.abs(interval.high - c.high) < 1e-9, `high ${interval.high} vs ${c.high}`);
      assert.strictEqual(interval.share, c.successes / c.trials);
    });
  }

  it('normal quantiles', () => {
    for (const q of reference.normalQuantile)
      assert.ok(Math.abs(normalQuantile(q.p) - q.z) < 1e-8 * Math.max(1, Math.abs(q.z)), `${q.p}: ${normalQuantile(q.p)} vs ${q.z}`);
  });

  it('no trials: the whole range, share NaN', () => {
    const interval = wilsonInterval(0, 0);
    assert.deepStrictEqual([interval.low, interval.high], [0, 1]);
    assert.ok(Number.isNaN(interval.share));
  });
});
