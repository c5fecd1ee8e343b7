/**
 * The rating view's rules without VS Code: the queue opens at the first item this rater has not
 * finished, a submit writes only what changed and is on disk when it settles, Backspace goes
 * back, the pace gives "minutes left", and nothing of the others is on screen unless revealed
 * after this rater's own submit.
 */
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { appendLines, ratingLine } from '../../../src/core/review/appendRating';
import { latestRatings } from '../../../src/core/review/latestRatings';
import { itemsFor, readReview } from '../../../src/core/review/readReview';
import { ratingsFile } from '../../../src/core/review/reviewSchema';
import { RatingSession, type RatingEngine } from '../../../src/extension/review/ratingSession';
import { makeReview } from '../review/makeReview';

const engine: RatingEngine = {
  itemsFor,
  appendRatings: (review, rater, lines) =>
    appendLines(
      ratingsFile(review.dir, rater),
      lines.map((line) => ratingLine(rater, line, review)),
    ),
};
const all = (score: number) => ({ coherence: { score }, consistency: { score }, fluency: { score: Math.min(score, 3) }, relevance: { score } });
const lines = (dir: string, rater: string) =>
  fs
    .readFileSync(path.join(dir, 'ratings', `${rater}.jsonl`), 'utf8')
    .split('\n')
    .filter(Boolean);

describe('a rater’s session of a review', () => {
  it('opens at the first unfinished item, writes what changed, goes back, and resumes where it was left', async () => {
    const { root, dir } = await makeReview(4, ['ann', 'bob']);
    try {
      let clock = 0;
      const session = new RatingSession(await readReview(dir), 'ann', engine, { revealAfterSubmit: false, now: () => (clock += 60_000) });
      const first = session.screen()!;
      assert.equal(first.position.index, 0);
      assert.equal(first.position.minutesLeft, null);
      await session.submit(first.item.id, all(4), '');
      assert.equal(lines(dir, 'ann').length, 4, 'on disk when submit settles');
      await session.submit(session.screen()!.item.id, all(3), 'unclear');
      assert.equal(session.screen()!.position.minutesLeft, 2, 'two items left at a minute each');
      session.back();
      const back = session.screen()!;
      assert.deepEqual(back.given.coherence, { score: 3 });
      assert.equal(back.comment, 'unclear');
      // The same answers again write nothing; one change writes one line.
      await session.submit(back.item.id, all(3), 'unclear');
      assert.equal(lines(dir, 'ann').length, 8);
      session.back();
      await session.submit(back.item.id, { ...all(3), relevance: { skipped: 'off topic' } }, 'unclear');
      assert.equal(lines(dir, 'ann').length, 9);

      const resumed = new RatingSession(await readReview(dir), 'ann', engine, { revealAfterSubmit: false });
      assert.equal(resumed.screen()!.position.index, 2, 'opens at the third item');
      assert.equal(resumed.done, 2);
    } finally {
      fs.rmSync(root, { recursive: true, force: true });
    }
  });

  it('the same rater in two windows: both windows’ ratings are merged in one file, none lost, the latest line counting', async () => {
    const { root, dir } = await makeReview(24, ['ann', 'bob']);
    try {
      // Two windows opened on the same review, each with its own reading of the files, submitting at the same moment.
      const open = async () => new RatingSession(await readReview(dir), 'ann', engine, { revealAfterSubmit: false });
      const [left, right] = [await open(), await open()];
      const rated = new Set<string>();
      for (let i = 0; i < 12; i++) {
        const [a, b] = [left.screen()!.item.id, right.screen()!.item.id];
        rated.add(a).add(b);
        await Promise.all([left.submit(a, all(2), ''), right.submit(b, all(4), '')]);
      }
      const written = lines(dir, 'ann').map((l) => JSON.parse(l) as { item: string; aspect: string; score: number });
      assert.equal(written.length, 24 * 4, 'every submit of both windows is a whole line');
      const lastWritten = new Map(written.filter((l) => l.aspect === 'coherence').map((l) => [l.item, l.score]));
      const latest = latestRatings(await readReview(dir)).filter((r) => r.aspect === 'coherence');
      assert.deepEqual(new Map(latest.map((r) => [r.item, r.score])), lastWritten);
      assert.deepEqual(new Set(lastWritten.keys()), rated);
      assert.equal((await open()).screen()!.position.done, rated.size, 'a window opened afterwards counts both windows’ items');
    } finally {
      fs.rmSync(root, { recursive: true, force: true });
    }
  });

  it('is blind: the others’ scores only for a submitted item, and only when revealed', async () => {
    const { root, dir } = await makeReview(2, ['ann', 'bob']);
    try {
      const bob = new RatingSession(await readReview(dir), 'bob', engine, { revealAfterSubmit: true });
      await bob.submit(bob.screen()!.item.id, all(2), '');
      await bob.submit(bob.screen()!.item.id, all(5), '');
      const blind = new RatingSession(await readReview(dir), 'ann', engine, { revealAfterSubmit: false, judge: () => 3 });
      const revealing = new RatingSession(await readReview(dir), 'ann', engine, { revealAfterSubmit: true, judge: () => 3 });
      assert.equal(blind.screen()!.revealed, null);
      assert.equal(revealing.screen()!.revealed, null, 'not before ann has submitted it');
      const id = revealing.screen()!.item.id;
      await revealing.submit(id, all(4), '');
      revealing.back();
      const shown = revealing.screen()!.revealed!;
      assert.deepEqual(
        shown.others.map((o) => o.rater),
        ['bob'],
      );
      assert.deepEqual(shown.judge, { coherence: 3, consistency: 3, fluency: 3, relevance: 3 });
      assert.equal(JSON.stringify(blind.screen()).includes('"bob"'), false);
    } finally {
      fs.rmSync(root, { recursive: true, force: true });
    }
  });
});
