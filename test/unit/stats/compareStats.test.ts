/**
 * The statistics of `sumlens compare` against scipy's own figures, generated once by
 * scripts/scipy/compare.py into test/fixtures/scipy/compare.json: the exact permutation
 * p-value to the last digit, the randomized one and the bootstrap interval within their
 * resampling noise, Holm's adjustment exactly.
 */
import * as assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { packageRoot } from '../../../src/core/paths';
import { bootstrapMean } from '../../../src/core/stats/bootstrapMean';
import { holmAdjust } from '../../../src/core/stats/holm';
import { signFlipTest } from '../../../src/core/stats/signFlipTest';
import { pairedComparison } from '../../../src/core/stats/pairedComparison';

interface Case {
  name: string;
  a: number[];
  b: number[];
  meanDifference: number;
  pValue: number;
  exact: boolean;
  interval: [number, number];
  wins: number;
  ties: number;
  losses: number;
}

const reference = JSON.parse(readFileSync(join(packageRoot(), 'test/fixtures/scipy/compare.json'), 'utf8')) as {
  cases: Case[];
  holm: { pValues: number[]; adjusted: number[] };
};

describe('stats: paired comparison against scipy', () => {
  for (const c of reference.cases) {
    it(`${c.name}: mean difference, permutation p, bootstrap interval, wins/ties/losses`, () => {
      const differences = c.b.map((b, i) => b - c.a[i]);
      const test = signFlipTest(differences);
      assert.equal(test.exact, c.exact);
      if (c.exact) assert.ok(Math.abs(test.pValue - c.pValue) < 1e-12, `${test.pValue} vs ${c.pValue}`);
      else assert.ok(Math.abs(test.pValue - c.pValue) < 0.012, `${test.pValue} vs ${c.pValue}`);
      const boot = bootstrapMean(differences);
      assert.ok(Math.abs(boot.mean - c.meanDifference) < 1e-12);
      assert.ok(Math.abs(boot.interval.low - c.interval[0]) < 0.02, `low ${boot.interval.low} vs ${c.interval[0]}`);
      assert.ok(Math.abs(boot.interval.high - c.interval[1]) < 0.02, `high ${boot.interval.high} vs ${c.interval[1]}`);
      const paired = pairedComparison(c.a, c.b);
      assert.deepEqual([paired.wins, paired.ties, paired.losses], [c.wins, c.ties, c.losses]);
      assert.equal(paired.pValue, test.pValue);
    });
  }

  it('reads large samples from the normal limit of the sign-flip distribution, close to scipy', () => {
    for (const c of reference.cases.filter((x) => !x.exact)) {
      const differences = c.b.map((b, i) => b - c.a[i]);
      const normal = signFlipTest(differences, { normalFrom: 1 });
      assert.equal(normal.method, 'normal');
      assert.ok(Math.abs(normal.pValue - c.pValue) < 0.01, `${c.name}: ${normal.pValue} vs ${c.pValue}`);
    }
  });

  it("Holm's adjustment", () => {
    const adjusted = holmAdjust(reference.holm.pValues);
    adjusted.forEach((p, i) => assert.ok(Math.abs(p - reference.holm.adjusted[i]) < 1e-12, `${p} vs ${reference.holm.adjusted[i]}`));
    assert.deepEqual(holmAdjust([NaN, 0.01]), [NaN, 0.01]);
  });

  it('is reproducible from its seed, and another seed moves only the resampled figures', () => {
    const d = reference.cases[1].b.map((b, i) => b - reference.cases[1].a[i]);
    assert.deepEqual(bootstrapMean(d), bootstrapMean(d));
    assert.notDeepEqual(bootstrapMean(d, { seed: 7 }).interval, bootstrapMean(d).interval);
  });
});
