/**
 * A review folder given where a ratings file is read (`agreement`, `calibrate`, `align
 * --ratings`): its raters' latest scores as the sets and items those commands read, with the
 * judge's scores from `--run` (a run file of the review's items). A folder without review.json
 * is left to the file checks, which say it is a folder.
 */
import type { RatedSet } from '../core/agreement/ratedSets';
import { SumLensError } from '../core/errors';
import { ratedSetsOf } from '../core/review/exportRatings';
import { readJudgeRun } from '../core/review/judgeRun';
import { isReviewFolder, readReview, type Review } from '../core/review/readReview';
import { stderrNotice } from './datasetRun';

export { isReviewFolder };

/** The review, its file problems said once each on stderr (the rest of the lines are kept). */
export async function reviewWithNotices(dir: string, data?: string): Promise<Review> {
  const review = await readReview(dir, { data });
  for (const p of review.problems) stderrNotice(`warning: ${p.file}${p.line !== undefined ? `:${p.line}` : ''}: ${p.message} (line left out)`);
  for (const item of review.items) if (item.changed) stderrNotice(`warning: item ${item.id}: ${item.changed}; its ratings are left out`);
  return review;
}

export async function reviewRatedSets(dir: string, flags: { run?: string; judgeName: string; human?: string; judge?: string }): Promise<RatedSet[]> {
  if (flags.human !== undefined || flags.judge !== undefined) throw new SumLensError('usage', `${dir} is a review folder: --human and --judge are for a table`);
  const review = await reviewWithNotices(dir);
  const sets = ratedSetsOf(review, flags.run !== undefined ? await readJudgeRun(flags.run, flags.judgeName) : undefined);
  if (sets.length === 0) throw new SumLensError('bad-input', `${dir} holds no score yet`);
  return sets;
}

/** --run belongs to a review folder; with a ratings file or a table the judge's scores are in the file. */
export function refuseRunWithoutReview(file: string, run: string | undefined): void {
  if (run !== undefined && !isReviewFolder(file))
    throw new SumLensError('usage', `--run goes with a review folder; ${file} is not one (its judge scores are in the file)`);
}
