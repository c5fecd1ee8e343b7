/**
 * The files of a review (`.sumlens/reviews/NAME/`), as zod schemas: `review.json` (what is
 * rated, on which scale, by whom), `items.jsonl` (each item's texts, so the review stands on
 * its own) and the append-only `ratings/<rater>.jsonl` (one line per act of a rater: a score,
 * a skip, or an adjudication). Each ratings file is written by one person only, so reviews
 * merge in git without conflicts.
 */
import { join } from 'node:path';
import * as z from 'zod';
import { ratingFields } from '../ratingsFile';
import { RUN_TASKS } from '../methodsAndTasks';

export const REVIEW_FORMAT = 1;

/** A rater's name is a file name (ratings/<rater>.jsonl): letters, digits, space, dot, dash, underscore; not starting with a dot. */
export const RATER_NAME = /^[\p{L}\p{N}][\p{L}\p{N} ._-]{0,63}$/u;
const RaterName = z.string().regex(RATER_NAME, 'is not a rater name (letters, digits, space . _ -, at most 64, not starting with a dot)');
const Sha256 = z.string().regex(/^[0-9a-f]{64}$/);

export const ReviewAspectSchema = z.object({
  name: z.string().min(1),
  /** The template the aspect's scale and criteria were taken from ("summarization/coherence"), and its sha256. */
  template: z.string().min(1),
  templateSha256: Sha256,
  scale: z.object({ min: z.number().int(), max: z.number().int(), labels: z.record(z.string(), z.number()).optional() }),
  criteria: z.string(),
});
export type ReviewAspect = z.infer<typeof ReviewAspectSchema>;

export const ReviewItemEntrySchema = z.object({
  id: z.string().min(1),
  sourceSha256: Sha256,
  summarySha256: Sha256,
  /** The raters this item was dealt to. */
  raters: z.array(RaterName).min(1),
});
export type ReviewItemEntry = z.infer<typeof ReviewItemEntrySchema>;

/** A pairwise question (its name is the aspect, "overall" by default): which of two summaries is better, from a pairwise template. */
export const PairQuestionSchema = z.object({
  name: z.string().min(1),
  template: z.string().min(1),
  templateSha256: Sha256,
  /** The template's question, shown to the rater. */
  criteria: z.string(),
});
export type PairQuestion = z.infer<typeof PairQuestionSchema>;

/**
 * A pairwise item: two summaries of one source, by systems `a` and `b` (as the pair lists them,
 * whatever order a rater sees them in). `doc` is the source's id, what `sumlens pairwise` matches.
 */
export const ReviewPairEntrySchema = z.object({
  id: z.string().min(1),
  doc: z.string().min(1),
  a: z.string().min(1),
  b: z.string().min(1),
  sourceSha256: Sha256,
  summaryASha256: Sha256,
  summaryBSha256: Sha256,
  raters: z.array(RaterName).min(1),
});
export type ReviewPairEntry = z.infer<typeof ReviewPairEntrySchema>;

export const ReviewFileSchema = z
  .object({
    sumlens: z.literal('review'),
    format: z.literal(REVIEW_FORMAT),
    name: z.string().min(1),
    created: z.string().min(1),
    /** The data file the items came from: its name (as given) and the sha256 of its bytes. */
    data: z.object({ file: z.string().min(1), sha256: Sha256 }),
    task: z.enum(RUN_TASKS),
    perItem: z.number().int().min(1),
    /** Empty in a review of pairs only. */
    aspects: z.array(ReviewAspectSchema),
    raters: z.array(RaterName).min(1),
    items: z.array(ReviewItemEntrySchema),
    /** Pairwise items and their questions; absent in a review of scores only. */
    questions: z.array(PairQuestionSchema).min(1).optional(),
    pairs: z.array(ReviewPairEntrySchema).optional(),
  })
  .refine((r) => r.aspects.length > 0 || r.questions !== undefined, { message: 'needs aspects, or pairwise questions' });
export type ReviewFile = z.infer<typeof ReviewFileSchema>;

/** A line of items.jsonl. */
export const ReviewItemTextSchema = z.object({ id: z.string().min(1), source: z.string(), summary: z.string() });
export type ReviewItemText = z.infer<typeof ReviewItemTextSchema>;

/** A line of pairs.jsonl: a pairwise item's texts. */
export const ReviewPairTextSchema = z.object({ id: z.string().min(1), source: z.string(), summaryA: z.string(), summaryB: z.string() });
export type ReviewPairText = z.infer<typeof ReviewPairTextSchema>;

/**
 * One act of a rater. `rating`: the rater's own score of an aspect of an item, or a skip with
 * its reason. `preference`: the rater's answer to a pairwise question on a pair (A, B or tie as
 * the pair lists its systems, an optional margin, and which summary was shown first), or a skip.
 * `adjudication`: a score (an item) or a preference (a pair) settling a disagreement, kept
 * apart from every rater's own. The latest line of a (kind, item, aspect) in a rater's file
 * counts; the earlier stay as history.
 */
export const RatingLineSchema = z
  .object({
    kind: z.enum(['rating', 'adjudication', 'preference']),
    item: z.string().min(1),
    aspect: ratingFields.aspect,
    score: z.number().finite().optional(),
    preference: z.enum(['A', 'B', 'tie']).optional(),
    /** With a preference for A or B: 1 slightly, 2 clearly. */
    margin: z.union([z.literal(1), z.literal(2)]).optional(),
    /** With a preference: the summary the rater saw first (left); absent when imported from elsewhere. */
    shownFirst: z.enum(['A', 'B']).optional(),
    skipped: z.string().trim().min(1).optional(),
    comment: z.string().optional(),
    rater: RaterName,
    at: z.iso.datetime({ offset: true }),
  })
  .refine((r) => r.kind !== 'rating' || (r.score === undefined) !== (r.skipped === undefined), {
    message: 'needs either score or skipped (a reason), not both',
  })
  .refine((r) => r.kind !== 'preference' || (r.preference === undefined) !== (r.skipped === undefined), {
    message: 'a preference needs either preference (A, B or tie) or skipped (a reason), not both',
  })
  .refine((r) => r.kind === 'preference' || (r.margin === undefined && r.shownFirst === undefined), {
    message: 'margin and shownFirst belong to a preference line',
  })
  .refine((r) => r.kind !== 'rating' || r.preference === undefined, { message: 'a rating has a score, not a preference' })
  .refine((r) => r.kind !== 'preference' || r.score === undefined, { message: 'a preference has no score' })
  .refine((r) => r.margin === undefined || r.preference === 'A' || r.preference === 'B', { message: 'a margin goes with A or B, not a tie' })
  .refine((r) => r.kind !== 'adjudication' || ((r.score === undefined) !== (r.preference === undefined) && r.skipped === undefined), {
    message: 'an adjudication needs a score (an item) or a preference (a pair), one of the two',
  });
export type RatingLine = z.infer<typeof RatingLineSchema>;

/** A line about a pair, not an item: a preference, or an adjudication settling a pair (it carries a preference). */
export const isAboutPair = (line: RatingLine): boolean => line.kind === 'preference' || line.preference !== undefined;

/** What a caller gives appendRating: `rater` and `at` are filled in, `kind` defaults to a rating. */
export type RatingInput = Omit<RatingLine, 'rater' | 'at' | 'kind'> & { kind?: RatingLine['kind']; at?: string };

export const REVIEW_FILE = 'review.json';
export const ITEMS_FILE = 'items.jsonl';
export const PAIRS_FILE = 'pairs.jsonl';
export const RATINGS_FOLDER = 'ratings';

export function ratingsFile(dir: string, rater: string): string {
  return join(dir, RATINGS_FOLDER, `${rater}.jsonl`);
}
