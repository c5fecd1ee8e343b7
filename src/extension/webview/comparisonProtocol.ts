/**
 * The messages between the comparison view (two summaries of one source judged pairwise,
 * "SumLens: Compare Two Summaries") and the extension, validated with zod on both sides (the
 * view's script bundles this file too). The view only shows; it says when it is ready, so
 * that what was posted before its script ran is posted again.
 */
// zod/mini: the same validation in a fraction of the bundle (the view's script ships it).
import * as z from 'zod/mini';

const name = z.string().check(z.minLength(1), z.maxLength(500));
const probability = z.number().check(z.gte(0), z.lte(1));
const verdict = z.enum(['A', 'B', 'tie']);
const probabilities = { pA: probability, pB: probability, pTie: probability };

/** One order asked: which summary was shown first, what the judge answered, by which route. */
export const orderAnswerSchema = z.object({
  first: z.enum(['A', 'B']),
  verdict,
  ...probabilities,
  route: z.enum(['logprobs', 'sampling']),
  why: z.string().check(z.maxLength(2000)),
  /** The sampling route's answers as written (a judge's reasons, when it gave any). */
  answers: z.array(z.string().check(z.maxLength(20_000))),
});
export type OrderAnswerView = z.infer<typeof orderAnswerSchema>;

export const aspectComparisonSchema = z.object({
  aspect: name,
  verdict,
  ...probabilities,
  /** Both orders asked and their verdicts differ: the verdict is a tie. */
  inconsistent: z.boolean(),
  orders: z.array(orderAnswerSchema),
});
export type AspectComparisonView = z.infer<typeof aspectComparisonSchema>;

export const comparisonSchema = z.object({
  source: name,
  a: z.object({ name, characters: z.int() }),
  b: z.object({ name, characters: z.int() }),
  model: name,
  aspects: z.array(aspectComparisonSchema),
  /** "2 × 4 calls, 3,120 prompt tokens", as the run spent. */
  usage: z.string().check(z.maxLength(500)),
});
export type ComparisonView = z.infer<typeof comparisonSchema>;

/** A figure that may be unbounded (a system that won or lost every game): null then. */
const finite = z.nullable(z.number());
const share = z.object({ value: finite, low: finite, high: finite, of: z.int() });

/** A pairwise run file's ranking of systems, per aspect: Bradley–Terry strengths with bootstrap intervals, and the judge's biases. */
export const rankingSchema = z.object({
  file: name,
  judges: name,
  /** both, one or adaptive, as the run asked. */
  orders: name,
  aspects: z.array(
    z.object({
      aspect: name,
      pairs: z.int(),
      systems: z.array(z.object({ system: name, strength: finite, low: finite, high: finite, wins: z.number(), losses: z.number(), ties: z.number() })),
      flipRate: share,
      firstPositionWinRate: z.object({ ...share.shape, p: finite }),
      lengthControlledWinRate: z.optional(finite),
    }),
  ),
});
export type RankingView = z.infer<typeof rankingSchema>;

export const toComparisonViewSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('ranking'), ranking: rankingSchema }),
  z.object({ type: z.literal('comparing'), source: name, a: name, b: name }),
  z.object({ type: z.literal('comparison'), comparison: comparisonSchema }),
  z.object({ type: z.literal('error'), message: z.string().check(z.maxLength(2000)) }),
]);
export type ToComparisonView = z.infer<typeof toComparisonViewSchema>;

/** View → extension: the script is running (a message posted before it would be lost). */
export const fromComparisonViewSchema = z.object({ type: z.literal('ready') });
