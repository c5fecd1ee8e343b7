/**
 * A review's pairwise items: each rater's progress, and per question how far the raters agree
 * on A, B or tie. Krippendorff's alpha at the nominal level among all raters (missing answers
 * allowed, so it holds however the pairs were dealt) with a percentile bootstrap interval over
 * pairs, and Cohen's kappa of each two raters on the pairs both answered. Only raters' latest
 * answers of unchanged pairs count; a skip withdraws the answer before it. Checked against
 * numpy in test/fixtures/scipy/review-pairwise.json (scripts/scipy/review_pairwise.py).
 */
import type { Estimate } from '../agreement/agreementTable';
import { categoryAgreement } from '../stats/cohenKappa';
import { alphaOfResamples, krippendorffAlpha } from '../stats/krippendorffAlpha';
import { percentileInterval } from '../stats/percentile';
import { resampleIndices, seededRandom } from '../stats/random';
import type { AgreementOptions } from './reviewAgreement';
import type { LatestRating } from './latestRatings';
import type { Review } from './readReview';

export type Preference = 'A' | 'B' | 'tie';
/** Nominal codes: the numbers only name the categories. */
const CODE: Record<Preference, number> = { A: 1, B: 2, tie: 3 };

export interface PairProgress {
  rater: string;
  /** Pairs dealt to the rater (changed pairs left out), and of those the ones with every question answered or skipped. */
  assigned: number;
  done: number;
  answers: number;
  skips: number;
}

export interface RaterPairKappa {
  raters: [string, string];
  /** Pairs both answered. */
  n: number;
  /** The share of those they answered alike, and Cohen's kappa (NaN when not defined). */
  agreement: number;
  kappa: number;
}

export interface QuestionAgreement {
  question: string;
  raters: string[];
  /** Answers given, by category. */
  counts: Record<Preference, number>;
  /** Pairs at least two raters answered: the ones alpha pairs. */
  pairedItems: number;
  /** Nominal alpha among the raters; NaN with why when not defined (fewer than two answers to a pair, one category only). */
  alphaNominal: Estimate;
  byRaters: RaterPairKappa[];
}

/** Each rater's latest answer (A, B or tie) to `question` of each unchanged pair, as raters × pairs (NaN where none). */
function answerTable(review: Review, latest: readonly LatestRating[], question: string): { raters: string[]; table: number[][] } {
  const pairs = review.pairs.filter((p) => !p.changed);
  const index = new Map(pairs.map((p, i) => [p.id, i]));
  const raters = [...review.ratings.keys()];
  const table = raters.map(() => new Array<number>(pairs.length).fill(NaN));
  for (const r of latest) {
    const i = index.get(r.item);
    if (r.kind === 'preference' && r.aspect === question && r.preference !== undefined && i !== undefined)
      table[raters.indexOf(r.rater)][i] = CODE[r.preference];
  }
  const kept = raters.flatMap((_, k) => (table[k].some((x) => !Number.isNaN(x)) ? [k] : []));
  return { raters: kept.map((k) => raters[k]), table: kept.map((k) => table[k]) };
}

function alphaEstimate(table: number[][], options: AgreementOptions): Estimate {
  const value = table.length < 2 ? NaN : krippendorffAlpha(table, 'nominal');
  const none = (reason: string) => ({ value, ...(Number.isFinite(value) ? {} : { reason }), interval: { low: NaN, high: NaN, level: 0.95, reason } });
  if (!Number.isFinite(value)) return none(table.length < 2 ? 'fewer than two raters' : 'no pair answered twice, or one answer only');
  if (options.resamples === 0) return none('no resamples (--resamples 0)');
  const alpha = alphaOfResamples(table);
  const random = seededRandom(options.seed);
  const resampled: number[] = [];
  for (let r = 0; r < options.resamples; r++) {
    const a = alpha(resampleIndices(random, table[0].length), 'nominal');
    if (Number.isFinite(a)) resampled.push(a);
  }
  return resampled.length < 2 ? none(`defined in ${resampled.length} of ${options.resamples} resamples`) : { value, interval: percentileInterval(resampled) };
}

function raterKappas(raters: string[], table: number[][]): RaterPairKappa[] {
  return raters.flatMap((x, i) =>
    raters.slice(i + 1).map((y, k): RaterPairKappa => {
      const j = i + 1 + k;
      const both = table[i].flatMap((v, p) => (Number.isNaN(v) || Number.isNaN(table[j][p]) ? [] : [p]));
      const agreed = categoryAgreement(
        both.map((p) => table[i][p]),
        both.map((p) => table[j][p]),
      );
      return { raters: [x, y], n: both.length, agreement: agreed.accuracy, kappa: agreed.kappa };
    }),
  );
}

export function pairAgreement(review: Review, latest: readonly LatestRating[], options: AgreementOptions): QuestionAgreement[] {
  return (review.definition.questions ?? []).map(({ name }) => {
    const { raters, table } = answerTable(review, latest, name);
    const counts: Record<Preference, number> = { A: 0, B: 0, tie: 0 };
    for (const row of table) for (const v of row) if (!Number.isNaN(v)) counts[v === CODE.A ? 'A' : v === CODE.B ? 'B' : 'tie']++;
    const pairedItems = table.length === 0 ? 0 : table[0].filter((_, p) => table.filter((row) => !Number.isNaN(row[p])).length >= 2).length;
    return { question: name, raters, counts, pairedItems, alphaNominal: alphaEstimate(table, options), byRaters: raterKappas(raters, table) };
  });
}

export function pairProgress(review: Review, latest: readonly LatestRating[]): PairProgress[] {
  const questions = (review.definition.questions ?? []).length;
  return [...review.ratings.keys()].map((rater): PairProgress => {
    const own = latest.filter((r) => r.rater === rater && r.kind === 'preference' && review.pairById.get(r.item)?.changed === undefined);
    const answered = new Map<string, number>();
    for (const r of own) answered.set(r.item, (answered.get(r.item) ?? 0) + 1);
    const assigned = review.pairs.filter((p) => !p.changed && p.raters.includes(rater));
    return {
      rater,
      assigned: assigned.length,
      done: assigned.filter((p) => answered.get(p.id) === questions).length,
      answers: own.filter((r) => r.preference !== undefined).length,
      skips: own.filter((r) => r.skipped !== undefined).length,
    };
  });
}
