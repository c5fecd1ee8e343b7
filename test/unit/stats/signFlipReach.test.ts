import * as assert from 'assert';
import * as fs from 'fs';
import * as path from 'path';
import { detectableShift, exactSignFlipsUpTo, signFlipPairsNeeded, smallestSignFlipP } from '../../../src/core/stats/signFlipReach';
import { signFlipTest, NORMAL_FROM, SIGN_FLIPS } from '../../../src/core/stats/signFlipTest';

// Written by scripts/scipy/signFlipReach.py (scipy.stats.permutation_test, norm.ppf).
const reference = JSON.parse(fs.readFileSync(path.resolve(__dirname, '../../../../test/fixtures/scipy/signFlipReach.json'), 'utf8'));

describe('what a sign-flip test can tell (against scipy)', () => {
  it("the smallest p-value on n pairs is scipy's exact p for n differences on one side, and our own test's", () => {
    for (const { n, p } of reference.smallestP) {
      assert.strictEqual(smallestSignFlipP(n), p, `n = ${n}`);
      const differences = Array.from({ length: n }, (_, i) => i + 1);
      assert.strictEqual(signFlipTest(differences).pValue, p, `signFlipTest on ${n} differences`);
    }
  });

  it('the fewest pairs that can reach alpha / cells', () => {
    for (const c of reference.pairsNeeded) assert.strictEqual(signFlipPairsNeeded(c.alpha / c.cells), c.pairsNeeded, `alpha ${c.alpha}, ${c.cells} cells`);
  });

  it('beyond enumeration: random flips floor p at 2 / (flips + 1), the normal limit has no floor', () => {
    assert.strictEqual(exactSignFlipsUpTo(), 13, '2^13 = 8,192 patterns ≤ 9,999 flips < 2^14');
    assert.strictEqual(smallestSignFlipP(14), 2 / (SIGN_FLIPS + 1));
    assert.strictEqual(smallestSignFlipP(NORMAL_FROM), 0);
    assert.strictEqual(signFlipPairsNeeded(2 / (SIGN_FLIPS + 1)), NORMAL_FROM);
    const sameSide = Array.from({ length: 14 }, (_, i) => i + 1);
    assert.ok(signFlipTest(sameSide).pValue >= smallestSignFlipP(14));
    assert.throws(() => signFlipPairsNeeded(0), RangeError);
  });

  it("the detectable shift is the normal interval's half-width at the level", () => {
    for (const c of reference.detectable) {
      const half = detectableShift(c.differences, c.level);
      assert.ok(Math.abs(half - c.halfWidth) < 1e-8, `${c.differences.length} at ${c.level}: ${half} vs ${c.halfWidth}`);
    }
    assert.strictEqual(detectableShift([0.4], 0.05), Infinity, 'one difference has no spread');
  });
});
