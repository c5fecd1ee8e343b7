import { strict as assert } from 'assert';
import { readFileSync } from 'fs';
import { join } from 'path';
import * as z from 'zod';
import { meanStandardError } from '../../../src/core/stats/meanStandardError';

const fixture = z.array(z.object({ values: z.array(z.number()), weight: z.number(), variance: z.number(), standardError: z.number() }));
const cases = fixture.parse(JSON.parse(readFileSync(join(__dirname, '../../../../test/fixtures/scipy/mean-standard-error.json'), 'utf8')));

describe('meanStandardError (against scipy: scripts/scipy/meanStandardError.py)', () => {
  for (const c of cases) {
    it(`${JSON.stringify(c.values)} with prior ${c.weight} × ${c.variance} → ${c.standardError.toFixed(4)}`, () => {
      const got = meanStandardError(c.values, { weight: c.weight, variance: c.variance });
      assert.ok(Math.abs(got - c.standardError) < 1e-12, `${got} ≈ ${c.standardError}`);
    });
  }

  it('identical answers have no spread without a prior, and some with one', () => {
    assert.equal(meanStandardError([3, 3, 3, 3, 3]), 0);
    assert.ok(meanStandardError([3, 3, 3, 3, 3], { weight: 0.25, variance: 1 }) > 0);
  });

  it('is Infinity where it is undefined: no values, or one value without a prior', () => {
    assert.equal(meanStandardError([]), Infinity);
    assert.equal(meanStandardError([4]), Infinity);
  });
});
