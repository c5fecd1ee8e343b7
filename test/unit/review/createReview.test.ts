/** `createReview` and the deal: every pair of raters shares items, loads are balanced, each rater's order is seeded by the name. */
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { dealItems, raterOrder, sharedItems } from '../../../src/core/review/dealItems';
import { itemsFor, readReview } from '../../../src/core/review/readReview';
import { makeReview } from './makeReview';

describe('review: create and deal', () => {
  it('4 raters, K = 2: every pair of raters shares items, and each rater gets the same number', async () => {
    const { root, dir, review } = await makeReview(24, ['ann', 'bob', 'cy', 'dee']);
    try {
      assert.deepEqual(fs.readdirSync(path.join(dir, 'ratings')).sort(), ['ann.jsonl', 'bob.jsonl', 'cy.jsonl', 'dee.jsonl']);
      for (const r of ['ann', 'bob', 'cy', 'dee']) assert.equal(fs.readFileSync(path.join(dir, 'ratings', `${r}.jsonl`), 'utf8'), '');
      assert.equal(review.sumlens, 'review');
      assert.equal(review.format, 1);
      assert.equal(review.data.file, 'items.data.jsonl');
      assert.match(review.data.sha256, /^[0-9a-f]{64}$/);
      assert.deepEqual(
        review.aspects.map((a) => a.name),
        ['coherence', 'consistency', 'fluency', 'relevance'],
      );
      assert.deepEqual(review.aspects[0].scale, { min: 1, max: 5 });
      assert.ok(review.aspects[0].criteria.length > 20, "the criteria are the template's");
      const raters = review.raters;
      const shared = sharedItems(
        review.items.map((item) => item.raters.map((r) => raters.indexOf(r))),
        raters.length,
      );
      for (let a = 0; a < 4; a++) for (let b = 0; b < 4; b++) if (a !== b) assert.equal(shared[a][b], 4, `${raters[a]} and ${raters[b]}`);
      for (const item of review.items) assert.equal(new Set(item.raters).size, 2);
      const loaded = await readReview(dir);
      for (const r of raters) assert.equal(itemsFor(loaded, r).length, 12);
    } finally {
      fs.rmSync(root, { recursive: true, force: true });
    }
  });

  it('every pair shares an item as soon as there are C(R, K) items; loads never differ by more than K', () => {
    for (const [items, raters, k] of [
      [10, 5, 2],
      [10, 5, 3],
      [7, 3, 2],
      [100, 6, 2],
      [35, 7, 3],
    ]) {
      const deal = dealItems(items, raters, k);
      const shared = sharedItems(deal, raters);
      for (let a = 0; a < raters; a++) for (let b = 0; b < raters; b++) if (a !== b) assert.ok(shared[a][b] > 0, `${items} items, ${raters} raters, K ${k}`);
      const loads = Array.from({ length: raters }, (_, r) => deal.filter((d) => d.includes(r)).length);
      assert.ok(Math.max(...loads) - Math.min(...loads) <= k, `loads ${loads.join(', ')}`);
    }
  });

  it("a rater's order is a shuffle seeded by the name: the same every call, different between raters", () => {
    const ids = Array.from({ length: 40 }, (_, i) => i);
    assert.deepEqual(raterOrder(ids, 'ann'), raterOrder(ids, 'ann'));
    assert.notDeepEqual(raterOrder(ids, 'ann'), raterOrder(ids, 'bob'));
    assert.deepEqual(
      [...raterOrder(ids, 'ann')].sort((a, b) => a - b),
      ids,
    );
  });

  it('refuses K above the number of raters, and a rater named twice or not a file name', async () => {
    assert.throws(() => dealItems(4, 2, 3), /--per-item 3/);
    await assert.rejects(makeReview(4, ['ann', 'ann']), /named twice/);
    await assert.rejects(makeReview(4, ['ann', '../x']), /not a rater name/);
  });
});
