/**
 * A review of 1,600 items (4 raters, K = 2, 4 aspects; every assigned score given): how long
 * readReview, itemsFor and reviewStatus take, the figures the editor's rating view waits on
 * when it opens a review (issue 40's goal: under 1 s). reviewStatus with 0 resamples (what a
 * view shows while rating) and with 1,000 (`review status`'s intervals).
 */
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { createReview } from '../../src/core/review/createReview';
import { itemsFor, readReview } from '../../src/core/review/readReview';
import { reviewStatus } from '../../src/core/review/reviewStatus';
import { ratingsFile } from '../../src/core/review/reviewSchema';
import { appendLines, ratingLine } from '../../src/core/review/appendRating';
import { RatingSession } from '../../src/extension/review/ratingSession';

const ITEMS = 1600;
const RATERS = ['ann', 'bob', 'cy', 'dee'];

export async function benchReview(): Promise<string[]> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sumlens-bench-review-'));
  try {
    const data = path.join(dir, 'data.jsonl');
    const sentence = 'The council met on Monday and approved the budget after a long debate about its cost. ';
    fs.writeFileSync(
      data,
      Array.from({ length: ITEMS }, (_, i) =>
        JSON.stringify({ id: `d${i}`, source: `${i}: ${sentence.repeat(20)}`, summary: `Summary ${i}: the budget passed.` }),
      ).join('\n') + '\n',
    );
    const createdAt = performance.now();
    const { dir: reviewDir, review } = await createReview({ data, raters: RATERS, perItem: 2, name: 'bench', reviewsDir: dir, task: 'summarization' });
    const created = performance.now() - createdAt;
    // Every assigned score, written straight to the files (appendRating's fsync per line is not what is measured here).
    const at = new Date().toISOString();
    for (const rater of RATERS) {
      const lines = review.items
        .filter((item) => item.raters.includes(rater))
        .flatMap((item, i) =>
          review.aspects.map((a) =>
            JSON.stringify({
              kind: 'rating',
              item: item.id,
              aspect: a.name,
              score: a.scale.min + ((i + rater.length) % (a.scale.max - a.scale.min + 1)),
              rater,
              at,
            }),
          ),
        );
      fs.writeFileSync(ratingsFile(reviewDir, rater), lines.join('\n') + '\n');
    }
    const t0 = performance.now();
    const loaded = await readReview(reviewDir);
    const t1 = performance.now();
    const queue = itemsFor(loaded, 'ann');
    const t2 = performance.now();
    reviewStatus(loaded, { resamples: 0, seed: 1 });
    const t3 = performance.now();
    reviewStatus(loaded, { resamples: 1000, seed: 1 });
    const t4 = performance.now();
    const lines = [...loaded.ratings.values()].reduce((n, r) => n + r.length, 0);
    const view = await ratingView(reviewDir);
    return [
      `review of ${ITEMS} items, ${RATERS.length} raters, K 2, 4 aspects, ${lines} rating lines: create ${created.toFixed(0)} ms`,
      `  readReview ${(t1 - t0).toFixed(0)} ms + itemsFor (${queue.length} items) ${(t2 - t1).toFixed(1)} ms + reviewStatus ${(t3 - t2).toFixed(0)} ms = ${(t3 - t0).toFixed(0)} ms to open (goal < 1,000 ms); reviewStatus with 1,000 resamples ${(t4 - t3).toFixed(0)} ms`,
      `  the rating view's host side on a new rater's queue of ${view.queue}: open ${view.openMs.toFixed(0)} ms (readReview, the session, the first screen); ` +
        `a submit (4 lines appended and flushed to disk) to the next screen: median ${view.submit.median.toFixed(1)} ms, slowest ${view.submit.max.toFixed(1)} ms of ${view.submit.n} (goal < 50 ms)`,
    ];
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** The rating view's host side (ratingSession.ts) as the editor runs it: opening, then 50 submits through the real append. */
async function ratingView(reviewDir: string): Promise<{ queue: number; openMs: number; submit: { median: number; max: number; n: number } }> {
  const started = performance.now();
  const review = await readReview(reviewDir);
  // A rater with an empty file: a fresh queue (the review's raters all rated everything above).
  review.definition.raters.push('eve');
  for (const item of review.items.slice(0, 400)) item.raters.push('eve');
  review.ratings.set('eve', []);
  const session = new RatingSession(
    review,
    'eve',
    {
      itemsFor,
      appendRatings: (r, rater, lines) =>
        appendLines(
          ratingsFile(r.dir, rater),
          lines.map((line) => ratingLine(rater, line, r)),
        ),
    },
    { revealAfterSubmit: false },
  );
  session.screen();
  const openMs = performance.now() - started;
  const times: number[] = [];
  for (let i = 0; i < 50; i++) {
    const screen = session.screen()!;
    const given = Object.fromEntries(screen.aspects.map((a) => [a.name, { score: a.min }]));
    const t = performance.now();
    await session.submit(screen.item.id, given, '');
    session.screen();
    times.push(performance.now() - t);
  }
  times.sort((a, b) => a - b);
  return { queue: session.total, openMs, submit: { median: times[times.length >> 1], max: times[times.length - 1], n: times.length } };
}
