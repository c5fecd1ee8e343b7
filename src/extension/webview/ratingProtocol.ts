/**
 * The messages between the rating view (a person rating a review's items) and the extension,
 * one union per direction, validated with zod on receipt on both sides (the view's script
 * bundles this file too). The view is blind by construction: what the judge and the other
 * raters gave reaches it only in `revealed`, which the extension fills only for an item this
 * rater has submitted, and only when the user's setting asks for it.
 */
// zod/mini: the same validation in a fraction of the bundle (the view's script ships it).
import * as z from 'zod/mini';

const text = z.string().check(z.maxLength(5_000_000));
const name = z.string().check(z.minLength(1), z.maxLength(200));
const scores = z.record(name, z.number());

export const ratingAspectSchema = z.object({ name, min: z.number(), max: z.number(), criteria: z.string().check(z.maxLength(20_000)) });
export type RatingAspect = z.infer<typeof ratingAspectSchema>;

/**
 * What this rater gave an aspect of the item: a score, or a skip with its reason. For a pair's
 * question: which summary is better as shown (`first`, the left one, `second`, or `tie`) and
 * how clearly (1 slightly, 2 clearly), or a skip. The view knows only the order shown; the
 * extension records which system that was.
 */
export const givenSchema = z.object({
  score: z.optional(z.number()),
  choice: z.optional(z.enum(['first', 'second', 'tie'])),
  margin: z.optional(z.union([z.literal(1), z.literal(2)])),
  skipped: z.optional(z.string().check(z.maxLength(2000))),
});
export type Given = z.infer<typeof givenSchema>;

export const ratingScreenSchema = z.object({
  reviewName: name,
  rater: name,
  item: z.object({ id: name, source: text, summary: text, changed: z.boolean() }),
  /** A pairwise item: its two summaries in the order this rater sees them (no system names); `aspects` is then empty and `questions` asked. */
  pair: z.optional(z.object({ first: text, second: text })),
  questions: z.optional(z.array(z.object({ name, criteria: z.string().check(z.maxLength(20_000)) }))),
  /** 0-based place in this rater's queue; `done`: items this rater has submitted. */
  position: z.object({ index: z.int(), total: z.int(), done: z.int(), minutesLeft: z.nullable(z.number()) }),
  aspects: z.array(ratingAspectSchema),
  given: z.record(name, givenSchema),
  comment: z.string().check(z.maxLength(20_000)),
  /** Only for a submitted item, and only when sumlens.review.revealAfterSubmit is on. */
  revealed: z.nullable(z.object({ judge: z.nullable(scores), others: z.array(z.object({ rater: name, scores })) })),
});
export type RatingScreen = z.infer<typeof ratingScreenSchema>;

/** Extension → view. */
export const toRatingViewSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('screen'), screen: ratingScreenSchema }),
  z.object({ type: z.literal('finished'), reviewName: name, rater: name, total: z.int() }),
  z.object({ type: z.literal('error'), message: z.string().check(z.maxLength(2000)) }),
  /** Key presses the view plays on its focused element as if typed (the editor tests drive the view by keyboard this way). */
  z.object({ type: z.literal('keys'), keys: z.array(z.string().check(z.maxLength(20))).check(z.maxLength(50)) }),
]);
export type ToRatingView = z.infer<typeof toRatingViewSchema>;

/** View → extension. */
export const fromRatingViewSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('ready') }),
  /** Enter: the item's ratings (each aspect scored or skipped with a reason), written before the next item is sent. */
  z.object({ type: z.literal('submit'), item: name, given: z.record(name, givenSchema), comment: z.string().check(z.maxLength(20_000)) }),
  /** Backspace: the previous item of the queue, as this rater left it. */
  z.object({ type: z.literal('back') }),
]);
export type FromRatingView = z.infer<typeof fromRatingViewSchema>;
