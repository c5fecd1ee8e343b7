/**
 * The messages between the comparison view (two summaries of one source judged pairwise,
 * "SumLens: Compare Two Summaries"; or a dataset's systems ranked, "SumLens: Rank Systems
 * (Pairwise)") and the extension, validated with zod on both sides (the view's script bundles
 * this file too). The view only shows; it says when it is ready, so
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

/** A figure that may be undefined (no pair asked in both orders): null. */
const figure = z.nullable(z.number());
const interval = z.tuple([figure, figure]);
const rate = z.object({ value: figure, interval, of: z.int() });
const count = z.int().check(z.gte(0));

export const rankedSystemSchema = z.object({ system: name, strength: figure, interval, wins: count, losses: count, ties: count });
export type RankedSystemView = z.infer<typeof rankedSystemSchema>;

/** One aspect's figures of a pairwise run: the ranking (or B's win rate over A) and the position and length bias. */
export const rankingAspectSchema = z.object({
  aspect: name,
  pairs: count,
  inconsistent: count,
  /** Strongest first. */
  ranking: z.optional(z.array(rankedSystemSchema)),
  winRate: z.optional(z.object({ of: name, over: name, value: figure, interval, wins: count, losses: count, ties: count })),
  flipRate: rate,
  firstPositionWinRate: z.object({ value: figure, interval, of: z.int(), p: figure }),
  longerWinRate: z.optional(z.object({ value: figure, of: z.int() })),
  lengthControlledWinRate: z.optional(z.object({ value: figure })),
  humanTau: z.optional(z.object({ value: figure, interval })),
});
export type RankingAspectView = z.infer<typeof rankingAspectSchema>;

export const rankingSchema = z.object({
  /** The data file or run file ranked. */
  title: name,
  model: name,
  /** "24 pairs × 1 judge, both orders · 48 calls", as the run went. */
  note: z.string().check(z.maxLength(1000)),
  /** How ties were counted in the fit, said in the view. */
  ties: z.string().check(z.maxLength(200)),
  /** Cancelled, or some pairs failed: the figures are of the pairs asked. */
  partial: z.optional(z.string().check(z.maxLength(1000))),
  aspects: z.array(rankingAspectSchema),
});
export type RankingView = z.infer<typeof rankingSchema>;

export const toComparisonViewSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('comparing'), source: name, a: name, b: name }),
  z.object({ type: z.literal('comparison'), comparison: comparisonSchema }),
  z.object({ type: z.literal('ranking-progress'), title: name, done: count, total: count }),
  z.object({ type: z.literal('ranking'), ranking: rankingSchema }),
  z.object({ type: z.literal('error'), message: z.string().check(z.maxLength(2000)) }),
]);
export type ToComparisonView = z.infer<typeof toComparisonViewSchema>;

/** View → extension: the script is running (a message posted before it would be lost). */
export const fromComparisonViewSchema = z.object({ type: z.literal('ready') });
