/**
 * Scores given elsewhere (a spreadsheet) as one rater's lines: a table (CSV, TSV, JSONL or a
 * JSON array, read as `eval --data` reads rows) with columns `item` (or `id`), `aspect` and
 * `score`, optionally `comment`. Every row is checked against the review (its items, aspects,
 * scales) before anything is written: a bad row is an error naming it, and nothing is
 * imported, so an import is all or nothing and can simply be run again.
 */
import { decimalCell } from '../agreement/decimalCell';
import { SumLensError } from '../errors';
import { readRows } from '../run/data/readRows';
import { appendLines, ratingLine } from './appendRating';
import type { Review } from './readReview';
import { ratingsFile, type RatingLine } from './reviewSchema';

/** A cell as trimmed text; undefined when blank, or when it is not a string or a number (a JSON object). */
const text = (value: unknown): string | undefined => {
  const cell = typeof value === 'string' ? value.trim() : typeof value === 'number' ? String(value) : '';
  return cell === '' ? undefined : cell;
};

/** The rows of `path` as `rater`'s rating lines, all stamped `at`. */
export async function importedLines(review: Review, rater: string, path: string, at: string): Promise<RatingLine[]> {
  const lines: RatingLine[] = [];
  for await (const row of readRows(path, undefined, path)) {
    const where = `${path}: ${row.where}`;
    if ('error' in row) throw new SumLensError('bad-input', `${where}: ${row.error}`);
    const item = text(row.fields.item ?? row.fields.id);
    const aspect = text(row.fields.aspect);
    if (item === undefined || aspect === undefined) throw new SumLensError('bad-input', `${where}: needs item (or id), aspect and score`);
    const score = decimalCell(row.fields.score, `${where}, column score`);
    if (Number.isNaN(score)) throw new SumLensError('bad-input', `${where}: no score`);
    const comment = text(row.fields.comment);
    try {
      lines.push(ratingLine(rater, { item, aspect, score, at, ...(comment !== undefined ? { comment } : {}) }, review));
    } catch (error) {
      throw new SumLensError('bad-input', `${where}: ${(error as Error).message}`);
    }
  }
  if (lines.length === 0) throw new SumLensError('bad-input', `${path} holds no score`);
  return lines;
}

/** Appends the imported lines to the rater's file in one write; returns how many. */
export async function importRatings(review: Review, rater: string, path: string, now = new Date()): Promise<number> {
  const lines = await importedLines(review, rater, path, now.toISOString());
  await appendLines(ratingsFile(review.dir, rater), lines);
  return lines.length;
}
