/**
 * The messages between the review status view (agreement while a review fills, and its
 * disagreements to settle) and the extension, validated with zod on receipt on both sides.
 * Disagreements on items the user has been dealt and not yet rated are not sent at all: a
 * rater looking at the status stays blind to the others' scores of what they still rate.
 */
// zod/mini: the same validation in a fraction of the bundle (the view's script ships it).
import * as z from 'zod/mini';

const name = z.string().check(z.minLength(1), z.maxLength(200));
/** An estimate with its 95% interval; null where it is not defined (fewer than two raters, no variation). */
const preference = z.enum(['A', 'B', 'tie']);
const estimate = z.object({ value: z.nullable(z.number()), low: z.nullable(z.number()), high: z.nullable(z.number()) });
export type StatusEstimate = z.infer<typeof estimate>;

export const statusSchema = z.object({
  name,
  items: z.int(),
  resamples: z.int(),
  raters: z.array(z.object({ rater: name, done: z.int(), assigned: z.int() })),
  agreement: z.array(
    z.object({
      aspect: name,
      pairedItems: z.int(),
      alphaInterval: z.nullable(estimate),
      alphaOrdinal: z.nullable(estimate),
      byRater: z.array(z.object({ rater: name, n: z.int(), alpha: estimate })),
      judge: z.nullable(z.object({ n: z.int(), alpha: estimate, meanAbsoluteDifference: estimate })),
    }),
  ),
  judgeRun: z.nullable(z.string().check(z.maxLength(2000))),
  disagreements: z.array(
    z.object({
      item: name,
      aspect: name,
      reasons: z.array(z.enum(['raters', 'judge'])),
      scores: z.array(z.object({ rater: name, score: z.number(), comment: z.optional(z.string().check(z.maxLength(20_000))) })),
      mean: z.number(),
      judge: z.nullable(z.number()),
      adjudicated: z.nullable(z.object({ score: z.number(), by: name })),
      scale: z.object({ min: z.number(), max: z.number() }),
    }),
  ),
  /** A review with pairwise items: progress on them, and per question the answers, alpha (nominal) among raters and each two raters' kappa. */
  pairs: z.optional(
    z.object({
      raters: z.array(z.object({ rater: name, done: z.int(), assigned: z.int() })),
      questions: z.array(
        z.object({
          question: name,
          pairedItems: z.int(),
          counts: z.object({ A: z.int(), B: z.int(), tie: z.int() }),
          alpha: estimate,
          kappas: z.array(z.object({ raters: name, n: z.int(), kappa: z.nullable(z.number()) })),
        }),
      ),
      /** Pairs where one rater preferred A and another B, to settle with an adjudicated answer. */
      disagreements: z.array(
        z.object({
          pair: name,
          question: name,
          a: name,
          b: name,
          answers: z.array(z.object({ rater: name, preference, comment: z.optional(z.string().check(z.maxLength(20_000))) })),
          adjudicated: z.nullable(z.object({ preference, by: name })),
        }),
      ),
    }),
  ),
  /** Disagreements (of items and of pairs) left out because the user still rates those items. */
  hidden: z.int(),
  changed: z.int(),
});
export type ReviewStatusModel = z.infer<typeof statusSchema>;

/** Extension → view. */
export const toStatusViewSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('status'), status: statusSchema }),
  z.object({ type: z.literal('error'), message: z.string().check(z.maxLength(2000)) }),
]);
export type ToStatusView = z.infer<typeof toStatusViewSchema>;

/** View → extension. */
export const fromStatusViewSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('ready') }),
  /** Settle a disagreement: an adjudicated score, kept apart from the raters' own. */
  z.object({ type: z.literal('adjudicate'), item: name, aspect: name, score: z.number(), comment: z.string().check(z.maxLength(20_000)) }),
  /** Settle a pair's disagreement: an adjudicated A, B or tie, kept apart from the raters' own. */
  z.object({ type: z.literal('adjudicatePair'), pair: name, question: name, preference, comment: z.string().check(z.maxLength(20_000)) }),
  /** Open the item's source and summary in editors, side by side. */
  z.object({ type: z.literal('openItem'), item: name }),
  /** Compare the judge: pick a run file of the same items. */
  z.object({ type: z.literal('pickRun') }),
]);
export type FromStatusView = z.infer<typeof fromStatusViewSchema>;
