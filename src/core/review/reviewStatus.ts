/**
 * How far a review has come: per rater, the items dealt to them that they have finished
 * (every aspect scored or skipped), the scores and skips; the items that changed; the
 * problems of the files; and the agreement so far (reviewAgreement.ts).
 */
import { reviewAgreement, type AgreementOptions, type AspectAgreement } from './reviewAgreement';
import type { JudgeRun } from './judgeRun';
import { latestRatings } from './latestRatings';
import { pairAgreement, pairProgress, type PairProgress, type QuestionAgreement } from './pairAgreement';
import type { Review, ReviewProblem } from './readReview';

export interface RaterProgress {
  rater: string;
  /** Items dealt to the rater (changed items left out). */
  assigned: number;
  /** Of those, items with every aspect scored or skipped. */
  done: number;
  scores: number;
  skips: number;
  adjudications: number;
}

export interface ReviewStatus {
  name: string;
  items: number;
  aspects: string[];
  changed: { id: string; why: string }[];
  raters: RaterProgress[];
  agreement: AspectAgreement[];
  /** A review with pairwise items: each rater's progress on them, and agreement per question. */
  pairs?: { count: number; questions: string[]; raters: PairProgress[]; agreement: QuestionAgreement[] };
  problems: ReviewProblem[];
}

export function reviewStatus(review: Review, options: AgreementOptions, judge?: JudgeRun): ReviewStatus {
  const latest = latestRatings(review);
  const aspects = review.definition.aspects.map((a) => a.name);
  const raters = [...review.ratings.keys()].map((rater): RaterProgress => {
    // Lines about unchanged items (a pair's lines, adjudications of pairs too, are counted with the pairs).
    const own = latest.filter((r) => r.rater === rater && review.byId.has(r.item) && !review.byId.get(r.item)!.changed);
    const answered = new Map<string, number>();
    for (const r of own) if (r.kind === 'rating') answered.set(r.item, (answered.get(r.item) ?? 0) + 1);
    const assigned = review.items.filter((item) => !item.changed && item.raters.includes(rater));
    return {
      rater,
      assigned: assigned.length,
      done: assigned.filter((item) => answered.get(item.id) === aspects.length).length,
      scores: own.filter((r) => r.kind === 'rating' && r.score !== undefined).length,
      skips: own.filter((r) => r.skipped !== undefined).length,
      adjudications: latest.filter((r) => r.rater === rater && r.kind === 'adjudication').length,
    };
  });
  return {
    name: review.definition.name,
    items: review.items.length,
    aspects,
    changed: review.items.flatMap((item) => (item.changed ? [{ id: item.id, why: item.changed }] : [])),
    raters,
    agreement: reviewAgreement(review, options, judge, latest),
    ...(review.definition.questions
      ? {
          pairs: {
            count: review.pairs.length,
            questions: review.definition.questions.map((q) => q.name),
            raters: pairProgress(review, latest),
            agreement: pairAgreement(review, latest, options),
          },
        }
      : {}),
    problems: review.problems,
  };
}
