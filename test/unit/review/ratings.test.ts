/** Ratings: round trip, the latest counts with history kept, adjudications apart, bad lines named and the rest kept, changed items marked. */
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { appendRating } from '../../../src/core/review/appendRating';
import { disagreements } from '../../../src/core/review/disagreements';
import { latestRatings, scoreTables } from '../../../src/core/review/latestRatings';
import { itemsFor, readReview } from '../../../src/core/review/readReview';
import { reviewStatus } from '../../../src/core/review/reviewStatus';
import { makeReview } from './makeReview';

describe('review: ratings', () => {
  let root: string;
  let dir: string;
  let data: string;
  beforeEach(async () => {
    ({ root, dir, data } = await makeReview(12, ['ann', 'bob'], 2, ['coherence', 'fluency']));
  });
  afterEach(() => fs.rmSync(root, { recursive: true, force: true }));

  it('round-trips a rating, a skip and a comment; the latest line counts and the history stays', async () => {
    const written = await appendRating(dir, 'ann', { item: 'item-1', aspect: 'coherence', score: 2, comment: 'jumps', at: '2026-01-01T10:00:00.000Z' });
    assert.deepEqual(written, {
      kind: 'rating',
      item: 'item-1',
      aspect: 'coherence',
      score: 2,
      comment: 'jumps',
      rater: 'ann',
      at: '2026-01-01T10:00:00.000Z',
    });
    await appendRating(dir, 'ann', { item: 'item-1', aspect: 'coherence', score: 4 });
    await appendRating(dir, 'ann', { item: 'item-1', aspect: 'fluency', skipped: 'not English' });
    const review = await readReview(dir);
    assert.equal(review.ratings.get('ann')!.length, 3, 'every line kept');
    const latest = latestRatings(review).filter((r) => r.rater === 'ann');
    assert.deepEqual(
      latest.map((r) => [r.item, r.aspect, r.score ?? r.skipped, r.versions]),
      [
        ['item-1', 'coherence', 4, 2],
        ['item-1', 'fluency', 'not English', 1],
      ],
    );
    const status = reviewStatus(review, { resamples: 0, seed: 1 });
    assert.deepEqual(status.raters[0], { rater: 'ann', assigned: 12, done: 1, scores: 1, skips: 1, adjudications: 0 });
  });

  it("an adjudication is its own kind: it never replaces a rater's score, and a disagreement shows it", async () => {
    await appendRating(dir, 'ann', { item: 'item-2', aspect: 'coherence', score: 1 });
    await appendRating(dir, 'bob', { item: 'item-2', aspect: 'coherence', score: 4 });
    await appendRating(dir, 'bob', { kind: 'adjudication', item: 'item-2', aspect: 'coherence', score: 3, comment: 'settled' });
    const review = await readReview(dir);
    const [table] = scoreTables(review);
    assert.deepEqual(
      table.people.map((column) => column[1]),
      [1, 4],
    );
    const [found] = disagreements(review);
    assert.equal(found.item, 'item-2');
    assert.deepEqual(found.reasons, ['raters']);
    assert.equal(found.spread, 3);
    assert.equal(found.adjudicated?.score, 3);
    assert.equal(found.adjudicated?.by, 'bob');
    const judge = { name: 'judge', scores: new Map([['item-3', new Map([['coherence', 5]])]]) };
    await appendRating(dir, 'ann', { item: 'item-3', aspect: 'coherence', score: 3 });
    await appendRating(dir, 'bob', { item: 'item-3', aspect: 'coherence', score: 3 });
    const withJudge = disagreements(await readReview(dir), judge);
    assert.deepEqual(
      withJudge.map((d) => [d.item, d.reasons]),
      [
        ['item-2', ['raters']],
        ['item-3', ['judge']],
      ],
    );
  });

  it('a bad line is named by file and line, and the other lines are kept', async () => {
    await appendRating(dir, 'ann', { item: 'item-1', aspect: 'coherence', score: 3 });
    const file = path.join(dir, 'ratings', 'ann.jsonl');
    fs.appendFileSync(file, '{"kind":"rating","item":"item-2"\n');
    fs.appendFileSync(
      file,
      JSON.stringify({ kind: 'rating', item: 'item-2', aspect: 'coherence', score: 9, rater: 'ann', at: new Date().toISOString() }) + '\n',
    );
    fs.appendFileSync(
      file,
      JSON.stringify({ kind: 'rating', item: 'item-2', aspect: 'coherence', score: 2, rater: 'bob', at: new Date().toISOString() }) + '\n',
    );
    await appendRating(dir, 'ann', { item: 'item-3', aspect: 'fluency', score: 3 });
    const review = await readReview(dir);
    assert.deepEqual(
      review.problems.map((p) => [path.basename(p.file), p.line, p.message]).map(([f, l]) => [f, l]),
      [
        ['ann.jsonl', 2],
        ['ann.jsonl', 3],
        ['ann.jsonl', 4],
      ],
    );
    assert.match(review.problems[0].message, /not JSON/);
    assert.match(review.problems[1].message, /off coherence's scale 1-5/);
    assert.match(review.problems[2].message, /rater bob in ann's file/);
    assert.deepEqual(
      review.ratings.get('ann')!.map((r) => r.line),
      [1, 5],
    );
  });

  it('an item whose texts changed is marked (items.jsonl, or the data file), and its ratings are left out', async () => {
    await appendRating(dir, 'ann', { item: 'item-1', aspect: 'coherence', score: 3 });
    const itemsFile = path.join(dir, 'items.jsonl');
    fs.writeFileSync(
      itemsFile,
      fs.readFileSync(itemsFile, 'utf8').replace('"summary":"The council approved budget 1."', '"summary":"The council rejected budget 1."'),
    );
    let review = await readReview(dir);
    assert.match(review.byId.get('item-1')!.changed!, /its summary in items.jsonl changed since the review began/);
    assert.equal(scoreTables(review)[0].items.includes('item-1'), false);
    assert.equal(reviewStatus(review, { resamples: 0, seed: 1 }).changed.length, 1);
    // The data file: item-2's source edited there.
    fs.writeFileSync(data, fs.readFileSync(data, 'utf8').replace('Article 2:', 'Article two:'));
    review = await readReview(dir, { data });
    assert.match(review.byId.get('item-2')!.changed!, /its source in .*items\.data\.jsonl changed/);
  });

  it("itemsFor: the rater's own items, in the order seeded by the name", async () => {
    const review = await readReview(dir);
    const ann = itemsFor(review, 'ann').map((i) => i.id);
    assert.equal(ann.length, 12);
    assert.deepEqual(
      ann,
      itemsFor(await readReview(dir), 'ann').map((i) => i.id),
    );
    assert.notDeepEqual(
      ann,
      itemsFor(review, 'bob').map((i) => i.id),
    );
  });

  it('refuses to append a line that is not a rating', async () => {
    await assert.rejects(appendRating(dir, 'ann', { item: 'item-1', aspect: 'coherence' }), /either score or skipped/);
    await assert.rejects(appendRating(dir, 'ann', { item: 'item-1', aspect: 'coherence', score: 9 }, await readReview(dir)), /off coherence's scale/);
  });
});
