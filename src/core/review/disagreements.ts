/**
 * The items to look at again: raters two points or more apart on an aspect, or the judge 1.5
 * points or more from the raters' mean. Each with the raters' scores, the judge's, and the
 * adjudicated score when someone settled it (kept beside the raters' own, never replacing them).
 */
import { judgeScore, type JudgeRun } from './judgeRun';
import { adjudications, latestRatings } from './latestRatings';
import type { Review } from './readReview';

export const RATERS_APART = 2;
export const JUDGE_APART = 1.5;

export interface Disagreement {
  item: string;
  aspect: string;
  /** Raters ≥ RATERS_APART apart, the judge ≥ JUDGE_APART from the raters' mean, or both. */
  reasons: ('raters' | 'judge')[];
  scores: { rater: string; score: number; comment?: string }[];
  mean: number;
  /** Highest minus lowest rater score. */
  spread: number;
  judge?: number;
  adjudicated?: { score: number; by: string; at: string; comment?: string };
}

export function disagreements(review: Review, judge?: JudgeRun): Disagreement[] {
  const latest = latestRatings(review);
  const settled = adjudications(latest);
  const byItem = new Map<string, { rater: string; score: number; comment?: string }[]>();
  for (const r of latest) {
    if (r.kind !== 'rating' || r.score === undefined || review.byId.get(r.item)!.changed) continue;
    const key = `${r.item}\u0000${r.aspect}`;
    byItem.set(key, [...(byItem.get(key) ?? []), { rater: r.rater, score: r.score, ...(r.comment ? { comment: r.comment } : {}) }]);
  }
  const found: Disagreement[] = [];
  for (const item of review.items) {
    for (const { name: aspect } of review.definition.aspects) {
      const scores = byItem.get(`${item.id}\u0000${aspect}`) ?? [];
      if (scores.length === 0) continue;
      const values = scores.map((s) => s.score);
      const mean = values.reduce((s, x) => s + x, 0) / values.length;
      const spread = Math.max(...values) - Math.min(...values);
      const judged = judgeScore(judge, item.id, aspect);
      const reasons: Disagreement['reasons'] = [];
      if (spread >= RATERS_APART) reasons.push('raters');
      if (Number.isFinite(judged) && Math.abs(judged - mean) >= JUDGE_APART) reasons.push('judge');
      if (reasons.length === 0) continue;
      const a = settled.get(`${item.id}\u0000${aspect}`);
      found.push({
        item: item.id,
        aspect,
        reasons,
        scores,
        mean,
        spread,
        ...(Number.isFinite(judged) ? { judge: judged } : {}),
        ...(a ? { adjudicated: { score: a.score!, by: a.rater, at: a.at, ...(a.comment ? { comment: a.comment } : {}) } } : {}),
      });
    }
  }
  return found;
}
