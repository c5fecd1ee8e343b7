/**
 * A review as what the other commands read. `exportLines`: the ratings file of `agreement` and
 * `calibrate` (aspect, person, judge, judgeName, item, rater; src/core/agreement/ratedSets.ts),
 * each line also holding the item's sourceSha256 and summarySha256, which `align --ratings`
 * reads. `ratedSetsOf` and `alignItemsOf`: the same, in memory, for the commands given the
 * review folder itself. Only raters' own latest scores of unchanged items; adjudications and
 * skips are not ratings there. For align, an item's score is its adjudicated score when it
 * has one, else the raters' mean.
 */
import type { RatedSet } from '../agreement/ratedSets';
import type { AlignItem } from '../align/crossValidate';
import type { HashedRating, Rating } from '../ratingsFile';
import type { PreferenceLine } from '../pairwise/preferencesFile';
import type { Task } from '../result';
import { judgeScore, type JudgeRun } from './judgeRun';
import { adjudications, latestRatings, scoreTables } from './latestRatings';
import type { Review } from './readReview';
import { ratedSetOf } from './reviewAgreement';

export type ExportLine = Rating & HashedRating & { item: string; rater: string };

export function exportLines(review: Review, judge?: JudgeRun): ExportLine[] {
  return latestRatings(review).flatMap((r) => {
    const item = review.byId.get(r.item);
    if (r.kind !== 'rating' || r.score === undefined || !item || item.changed) return [];
    const judged = judgeScore(judge, r.item, r.aspect);
    return [
      {
        aspect: r.aspect,
        person: r.score,
        ...(Number.isFinite(judged) ? { judge: judged, judgeName: judge!.name } : {}),
        item: r.item,
        rater: r.rater,
        sourceSha256: item.sourceSha256,
        summarySha256: item.summarySha256,
      },
    ];
  });
}

/** One set per aspect that has a score, as readRatedSets gives them. */
export function ratedSetsOf(review: Review, judge?: JudgeRun): RatedSet[] {
  return scoreTables(review)
    .filter((table) => table.raters.length > 0)
    .map((table) => ratedSetOf(table, judge));
}

/** Per aspect, the scored unchanged items as align's items (grouped by source, for its folds). */
export function alignItemsOf(review: Review, task: Task): Map<string, AlignItem[]> {
  const settled = adjudications(latestRatings(review));
  const byAspect = new Map<string, AlignItem[]>();
  for (const table of scoreTables(review)) {
    const items = table.items.flatMap((id, i): AlignItem[] => {
      const scores = table.people.map((column) => column[i]).filter((x) => !Number.isNaN(x));
      const adjudicated = settled.get(`${id}\u0000${table.aspect}`)?.score;
      if (scores.length === 0 && adjudicated === undefined) return [];
      const item = review.byId.get(id)!;
      const human = adjudicated ?? scores.reduce((s, x) => s + x, 0) / scores.length;
      return [{ key: id, group: item.sourceSha256, human, input: { source: item.source, summary: item.summary, task } }];
    });
    if (items.length > 0) byAspect.set(table.aspect, items);
  }
  return byAspect;
}

/**
 * The raters' latest answers to pairwise questions of unchanged pairs, as `sumlens pairwise
 * --preferences` reads them (src/core/pairwise/preferencesFile.ts): the pair's document and
 * systems, A, B or tie as the pair lists them, the margin, the rater, which summary was shown
 * first; the aspect is left out for the overall question, which pairwise asks by default.
 */
export function preferenceLines(review: Review): PreferenceLine[] {
  return latestRatings(review).flatMap((r): PreferenceLine[] => {
    const pair = review.pairById.get(r.item);
    if (r.kind !== 'preference' || r.preference === undefined || !pair || pair.changed) return [];
    return [
      {
        item: pair.doc,
        a: pair.a,
        b: pair.b,
        preference: r.preference,
        ...(r.margin !== undefined ? { margin: r.margin } : {}),
        rater: r.rater,
        ...(r.aspect !== 'overall' ? { aspect: r.aspect } : {}),
        ...(r.shownFirst ? { shownFirst: r.shownFirst } : {}),
      },
    ];
  });
}
