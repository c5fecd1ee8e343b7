import * as assert from 'assert';
import * as fs from 'fs';
import * as path from 'path';
import { comparePairedCorrelations } from '../../../src/core/stats/pairedCorrelation';

// Written by scripts/scipy/pairedCorrelation.py (scipy.stats.spearmanr, permutation_test with
// permutation_type='samples', exact).
const reference = JSON.parse(fs.readFileSync(path.resolve(__dirname, '../../../../test/fixtures/scipy/pairedCorrelation.json'), 'utf8'));

describe('paired correlation comparison (against scipy)', () => {
  for (const [i, c] of reference.cases.entries()) {
    it(`case ${i + 1}: correlations and the exact paired permutation p-value`, () => {
      const result = comparePairedCorrelations(c.human, c.candidate, c.baseline, { resamples: 2000 });
      assert.ok(Math.abs(result.candidate.correlation - c.candidateRho) < 1e-12);
      assert.ok(Math.abs(result.baseline.correlation - c.baselineRho) < 1e-12);
      assert.ok(Math.abs(result.difference.correlation - (c.candidateRho - c.baselineRho)) < 1e-12);
      assert.ok(Math.abs(result.pValue - c.pValue) < 1e-12, `p ${result.pValue} vs ${c.pValue}`);
    });
  }

  it('bootstrap intervals hold their estimate and repeat with the same seed', () => {
    const c = reference.cases[0];
    const a = comparePairedCorrelations(c.human, c.candidate, c.baseline, { resamples: 500, seed: 7 });
    const b = comparePairedCorrelations(c.human, c.candidate, c.baseline, { resamples: 500, seed: 7 });
    assert.deepStrictEqual(a, b);
    for (const figure of [a.candidate, a.baseline, a.difference]) {
      assert.ok(figure.interval.low <= figure.correlation && figure.correlation <= figure.interval.high, JSON.stringify(figure));
    }
  });

  it('a sampled p-value when 2^n exceeds the resamples', () => {
    const human = Array.from({ length: 40 }, (_, i) => i % 5);
    const candidate = human.map((h, i) => h + ((i * 7) % 3) / 2);
    const baseline = human.map((_, i) => (i * 13) % 5);
    const result = comparePairedCorrelations(human, candidate, baseline, { resamples: 999 });
    assert.ok(result.pValue > 0 && result.pValue <= 0.01, `${result.pValue}`);
  });
});
