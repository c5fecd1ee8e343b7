/** A review's alpha against an independent numpy implementation (scripts/scipy/review_alpha.py → test/fixtures/scipy/review-alpha.json). */
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { appendRating } from '../../../src/core/review/appendRating';
import { readReview } from '../../../src/core/review/readReview';
import { reviewAgreement } from '../../../src/core/review/reviewAgreement';
import { packageRoot } from '../../../src/core/paths';
import { makeReview } from './makeReview';

interface Fixture {
  raters: string[];
  items: string[];
  people: (number | null)[][];
  alphaInterval: number;
  alphaOrdinal: number;
  byRaterAlphaInterval: number[];
}

describe('review: alpha against numpy', () => {
  it('alpha among the raters (interval, ordinal) and each rater against the others equal the reference', async () => {
    const fixture = JSON.parse(fs.readFileSync(path.join(packageRoot(), 'test', 'fixtures', 'scipy', 'review-alpha.json'), 'utf8')) as Fixture;
    const { root, dir } = await makeReview(fixture.items.length, fixture.raters, 2, ['coherence']);
    try {
      for (const [r, rater] of fixture.raters.entries()) {
        for (const [i, item] of fixture.items.entries()) {
          const score = fixture.people[r][i];
          if (score !== null) await appendRating(dir, rater, { item, aspect: 'coherence', score });
        }
      }
      const [agreement] = reviewAgreement(await readReview(dir), { resamples: 200, seed: 7 });
      assert.ok(Math.abs(agreement.alphaInterval!.value - fixture.alphaInterval) < 1e-9, `${agreement.alphaInterval!.value} vs ${fixture.alphaInterval}`);
      assert.ok(Math.abs(agreement.alphaOrdinal!.value - fixture.alphaOrdinal) < 1e-9, `${agreement.alphaOrdinal!.value} vs ${fixture.alphaOrdinal}`);
      agreement.byRater.forEach((row, r) => assert.ok(Math.abs(row.alphaInterval.value - fixture.byRaterAlphaInterval[r]) < 1e-9, row.rater));
      const { low, high } = agreement.alphaInterval!.interval;
      assert.ok(low < fixture.alphaInterval && fixture.alphaInterval < high, `interval [${low}, ${high}]`);
      assert.equal(agreement.pairedItems, 24);
    } finally {
      fs.rmSync(root, { recursive: true, force: true });
    }
  });
});
