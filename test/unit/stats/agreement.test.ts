/**
 * The agreement statistics against the reference values of scripts/scipy/agreement.py
 * (test/fixtures/scipy/agreement.json): Krippendorff's alpha at three levels (his own worked
 * example with missing values among the cases), quadratic-weighted kappa, isotonic fits.
 */
import * as assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { packageRoot } from '../../../src/core/paths';
import { applyIsotonic, isotonicFit } from '../../../src/core/stats/isotonic';
import { krippendorffAlpha } from '../../../src/core/stats/krippendorffAlpha';
import { weightedKappa } from '../../../src/core/stats/weightedKappa';

const reference = JSON.parse(readFileSync(join(packageRoot(), 'test/fixtures/scipy/agreement.json'), 'utf8'));
const close = (actual: number, expected: number, what: string) => assert.ok(Math.abs(actual - expected) < 1e-9, `${what}: ${actual} vs ${expected}`);

describe('agreement statistics against numpy and scipy', () => {
  for (const c of reference.alpha as { name: string; data: (number | null)[][]; interval: number; ordinal: number; nominal: number }[]) {
    it(`Krippendorff's alpha: ${c.name}`, () => {
      const data = c.data.map((row) => row.map((v) => (v === null ? NaN : v)));
      for (const level of ['interval', 'ordinal', 'nominal'] as const) close(krippendorffAlpha(data, level), c[level], level);
    });
  }

  it("the worked example's published values (Krippendorff 2011): 0.849 interval, 0.815 ordinal, 0.743 nominal", () => {
    const data = (reference.alpha[0].data as (number | null)[][]).map((row) => row.map((v) => (v === null ? NaN : v)));
    assert.deepEqual(
      (['interval', 'ordinal', 'nominal'] as const).map((l) => krippendorffAlpha(data, l).toFixed(3)),
      ['0.849', '0.815', '0.743'],
    );
  });

  for (const c of reference.weightedKappa as { name: string; a: number[]; b: number[]; low: number; high: number; kappa: number }[]) {
    it(`quadratic-weighted kappa: ${c.name}`, () => close(weightedKappa(c.a, c.b, c.low, c.high), c.kappa, 'kappa'));
  }

  for (const c of reference.isotonic as { name: string; x: number[]; y: number[]; fittedX: number[]; fittedY: number[] }[]) {
    it(`isotonic fit: ${c.name}`, () => {
      const fit = isotonicFit(c.x, c.y);
      assert.deepEqual(fit.x, c.fittedX);
      fit.y.forEach((y, i) => close(y, c.fittedY[i], `y at ${fit.x[i]}`));
      for (let i = 1; i < fit.y.length; i++) assert.ok(fit.y[i] >= fit.y[i - 1]);
      close(applyIsotonic(fit, fit.x[0] - 1), fit.y[0], 'clamped below');
      close(applyIsotonic(fit, (fit.x[0] + fit.x[1]) / 2), (fit.y[0] + fit.y[1]) / 2, 'interpolated');
    });
  }

  it('says NaN, never a number, when nothing can be computed', () => {
    assert.ok(
      Number.isNaN(
        krippendorffAlpha(
          [
            [1, NaN],
            [NaN, 2],
          ],
          'interval',
        ),
      ),
      'no pairable unit',
    );
    assert.ok(
      Number.isNaN(
        krippendorffAlpha(
          [
            [3, 3],
            [3, 3],
          ],
          'interval',
        ),
      ),
      'no variation',
    );
    assert.ok(Number.isNaN(weightedKappa([], [], 1, 5)));
  });
});
