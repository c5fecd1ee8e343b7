/**
 * One act of a rater written to their ratings file: one JSON line, appended with a single
 * write and flushed to the disk (fsync) before the promise settles, so a view that moves on
 * after it loses nothing when the editor is killed. O_APPEND writes of one short line do not
 * interleave, so the same rater in two windows appends both lines, and the latest counts.
 */
import { mkdirSync } from 'node:fs';
import { open } from 'node:fs/promises';
import { dirname } from 'node:path';
import * as z from 'zod';
import { SumLensError } from '../errors';
import { ratingLineProblem, type Review } from './readReview';
import { RatingLineSchema, ratingsFile, type RatingInput, type RatingLine } from './reviewSchema';

/** The line for `rating` by `rater`, checked; against the review's items, aspects and scales when it is given. */
export function ratingLine(rater: string, rating: RatingInput, review?: Review): RatingLine {
  const parsed = RatingLineSchema.safeParse({ kind: 'rating', ...rating, rater, at: rating.at ?? new Date().toISOString() });
  if (!parsed.success) throw new SumLensError('bad-input', `not a rating: ${z.prettifyError(parsed.error).replace(/\n\s*/g, ' ')}`);
  const line = parsed.data;
  const problem = review && ratingLineProblem(review, line);
  if (problem) throw new SumLensError('bad-input', problem);
  return line;
}

/** Appends the rating to `dir`/ratings/<rater>.jsonl; settles once the line is on disk. Returns the line written. */
export async function appendRating(dir: string, rater: string, rating: RatingInput, review?: Review): Promise<RatingLine> {
  const line = ratingLine(rater, rating, review);
  await appendLines(ratingsFile(dir, rater), [line]);
  return line;
}

/** Several lines in one write and one fsync (an import). */
export async function appendLines(file: string, lines: readonly RatingLine[]): Promise<void> {
  mkdirSync(dirname(file), { recursive: true });
  const handle = await open(file, 'a');
  try {
    await handle.appendFile(lines.map((l) => JSON.stringify(l) + '\n').join(''));
    await handle.sync();
  } finally {
    await handle.close();
  }
}
