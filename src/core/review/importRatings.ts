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

const swapped = { A: 'B', B: 'A', tie: 'tie' } as const;

/** A row of a preferences table (`review export`'s own format: item as the document, a, b, preference[, margin, aspect, shownFirst, comment]). */
function preferenceRow(review: Review, rater: string, fields: Record<string, unknown>, at: string): RatingLine {
  const [doc, a, b] = [text(fields.item ?? fields.doc), text(fields.a), text(fields.b)];
  const preference = text(fields.preference);
  if (doc === undefined || a === undefined || b === undefined || preference === undefined)
    throw new SumLensError('bad-input', 'needs item (the document), a, b and preference (A, B or tie)');
  const by = text(fields.rater);
  if (by !== undefined && by !== rater) throw new SumLensError('bad-input', `is ${by}'s (column rater), not ${rater}'s: import one rater's rows at a time`);
  const same = review.pairs.find((p) => p.doc === doc && p.a === a && p.b === b);
  const reversed = same ? undefined : review.pairs.find((p) => p.doc === doc && p.a === b && p.b === a);
  const pair = same ?? reversed;
  if (!pair) throw new SumLensError('bad-input', `no pair of ${a} and ${b} on ${doc} in the review`);
  const flip = (v: string | undefined) => (reversed && (v === 'A' || v === 'B' || v === 'tie') ? swapped[v] : v);
  const margin = text(fields.margin);
  const [shownFirst, comment] = [text(fields.shownFirst), text(fields.comment)];
  return ratingLine(
    rater,
    {
      kind: 'preference',
      item: pair.id,
      aspect: text(fields.aspect) ?? 'overall',
      preference: flip(preference) as RatingLine['preference'],
      ...(margin !== undefined ? { margin: Number(margin) as RatingLine['margin'] } : {}),
      ...(shownFirst !== undefined ? { shownFirst: flip(shownFirst) as RatingLine['shownFirst'] } : {}),
      ...(comment !== undefined ? { comment } : {}),
      at,
    },
    review,
  );
}

/** The rows of `path` as `rater`'s rating lines (preferences in a review of pairs), all stamped `at`. */
export async function importedLines(review: Review, rater: string, path: string, at: string): Promise<RatingLine[]> {
  const lines: RatingLine[] = [];
  if (review.definition.questions) {
    for await (const row of readRows(path, undefined, path)) {
      const where = `${path}: ${row.where}`;
      if ('error' in row) throw new SumLensError('bad-input', `${where}: ${row.error}`);
      try {
        lines.push(preferenceRow(review, rater, row.fields, at));
      } catch (error) {
        throw new SumLensError('bad-input', `${where}: ${(error as Error).message}`);
      }
    }
    if (lines.length === 0) throw new SumLensError('bad-input', `${path} holds no preference`);
    return lines;
  }
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
