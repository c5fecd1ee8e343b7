/**
 * Agreement in a review, per aspect, on the raters' own latest scores of unchanged items:
 * Krippendorff's alpha among the raters (interval and ordinal, missing scores allowed), each
 * rater against the mean of the others on the items they share, and, given a run of the same
 * items, the judge against the raters' mean and against each rater. Every figure comes from
 * `agreementOf` (src/core/agreement), with its percentile bootstrap interval over items.
 */
import { agreementOf, type AgreementRow, type Estimate, type ResamplingOptions } from '../agreement/agreementTable';
import type { RatedSet } from '../agreement/ratedSets';
import { judgeScore, type JudgeRun } from './judgeRun';
import { scoreTables, type LatestRating, type ScoreTable } from './latestRatings';
import type { Review } from './readReview';

export interface AspectAgreement {
  aspect: string;
  raters: string[];
  /** Items at least two raters scored: the ones alpha pairs. */
  pairedItems: number;
  /** Among the raters; absent with fewer than two raters who scored. */
  alphaInterval?: Estimate;
  alphaOrdinal?: Estimate;
  /** Each rater against the mean of the other raters' scores of the same items. */
  byRater: AgreementRow[];
  /** With a judge run: the judge against the raters' mean (`rater` "people (mean)") and against each rater. */
  judge?: { mean: AgreementRow; byRater: AgreementRow[] };
}

export type AgreementOptions = Omit<ResamplingOptions, 'scale'>;

const meanOf = (xs: number[]) => {
  const kept = xs.filter((x) => !Number.isNaN(x));
  return kept.length ? kept.reduce((s, x) => s + x, 0) / kept.length : NaN;
};

/** The raters' mean score of each item (NaN where nobody scored it), leaving out rater `except`. */
function itemMeans(table: ScoreTable, except = -1): number[] {
  return table.items.map((_, i) => meanOf(table.people.flatMap((column, r) => (r === except ? [] : [column[i]]))));
}

export function ratedSetOf(table: ScoreTable, judge?: JudgeRun): RatedSet {
  return {
    aspect: table.aspect,
    judge: judge?.name ?? 'judge',
    raters: table.raters,
    people: table.people,
    scores: table.items.map((item) => judgeScore(judge, item, table.aspect)),
  };
}

function aspectAgreement(review: Review, table: ScoreTable, judge: JudgeRun | undefined, options: AgreementOptions): AspectAgreement {
  const { scale: s } = review.definition.aspects.find((a) => a.name === table.aspect)!;
  const resampling: ResamplingOptions = { ...options, scale: [s.min, s.max] };
  const pairedItems = table.items.filter((_, i) => table.people.filter((column) => !Number.isNaN(column[i])).length >= 2).length;
  // With no judge score anywhere, agreementOf's "all raters" alpha is the raters' alpha alone.
  const among = table.raters.length > 1 ? agreementOf([{ ...ratedSetOf(table), scores: table.items.map(() => NaN) }], resampling).allRaters[0] : undefined;
  const byRater = table.raters.map(
    (rater, r) =>
      agreementOf([{ aspect: table.aspect, judge: 'the others (mean)', raters: [rater], people: [table.people[r]], scores: itemMeans(table, r) }], resampling)
        .rows[0],
  );
  const result: AspectAgreement = {
    aspect: table.aspect,
    raters: table.raters,
    pairedItems,
    ...(among ? { alphaInterval: among.alphaInterval, alphaOrdinal: among.alphaOrdinal } : {}),
    byRater: table.raters.length > 1 ? byRater : [],
  };
  if (judge) {
    const set = ratedSetOf(table, judge);
    result.judge = {
      mean: agreementOf([{ ...set, raters: ['people (mean)'], people: [itemMeans(table)] }], resampling).rows[0],
      byRater: agreementOf([set], resampling).rows,
    };
  }
  return result;
}

export function reviewAgreement(review: Review, options: AgreementOptions, judge?: JudgeRun, latest?: readonly LatestRating[]): AspectAgreement[] {
  return scoreTables(review, latest).map((table) => aspectAgreement(review, table, judge, options));
}
