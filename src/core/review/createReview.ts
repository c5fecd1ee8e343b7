/**
 * A new review: the items of a data file (read as `eval --data` reads it), each aspect's scale
 * and criteria from its template, the items dealt to the raters (dealItems.ts), written as the
 * review's folder: review.json, items.jsonl and one empty ratings file per rater.
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { SumLensError } from '../errors';
import { aspectsOf } from '../geval/evaluateAspects';
import { isAspectTemplate, resolveTemplate } from '../prompts';
import type { AspectTask } from '../prompts';
import { dataItems } from '../run/data/dataItems';
import { writeFileAtomically } from '../writeAtomically';
import { dealItems } from './dealItems';
import {
  ITEMS_FILE,
  RATER_NAME,
  RATINGS_FOLDER,
  REVIEW_FILE,
  REVIEW_FORMAT,
  ratingsFile,
  type ReviewAspect,
  type ReviewFile,
  type ReviewItemText,
} from './reviewSchema';

export const textSha256 = (text: string): string => createHash('sha256').update(text, 'utf8').digest('hex');

/** An aspect as a review keeps it: the template's scale and criteria, and which template they came from. */
export function reviewAspect(task: AspectTask, aspect: string, promptDir?: string): ReviewAspect {
  const template = resolveTemplate(`${task}/${aspect}`, { overrideDir: promptDir });
  if (!isAspectTemplate(template)) throw new SumLensError('template', `${template.id} is not an aspect template`);
  return { name: aspect, template: template.id, templateSha256: template.hash, scale: template.scale, criteria: template.sections.criteria.trim() };
}

export interface ReviewPlan {
  name: string;
  created: string;
  data: { file: string; sha256: string };
  task: AspectTask;
  aspects: ReviewAspect[];
  raters: string[];
  perItem: number;
  items: ReviewItemText[];
}

/** review.json's content for a plan: every item hashed and dealt. */
export function buildReview(plan: ReviewPlan): ReviewFile {
  const bad = plan.raters.find((r) => !RATER_NAME.test(r));
  if (bad !== undefined) throw new SumLensError('usage', `rater "${bad}" is not a rater name (letters, digits, space . _ -; not starting with a dot)`);
  if (new Set(plan.raters).size !== plan.raters.length) throw new SumLensError('usage', `a rater is named twice: ${plan.raters.join(', ')}`);
  const deal = dealItems(plan.items.length, plan.raters.length, plan.perItem);
  return {
    sumlens: 'review',
    format: REVIEW_FORMAT,
    name: plan.name,
    created: plan.created,
    data: plan.data,
    task: plan.task,
    perItem: plan.perItem,
    aspects: plan.aspects,
    raters: plan.raters,
    items: plan.items.map((item, i) => ({
      id: item.id,
      sourceSha256: textSha256(item.source),
      summarySha256: textSha256(item.summary),
      raters: deal[i].map((r) => plan.raters[r]),
    })),
  };
}

/** Writes the review's folder; refuses one that already holds a review (its ratings are somebody's work). */
export function writeReview(dir: string, review: ReviewFile, items: readonly ReviewItemText[]): void {
  if (existsSync(join(dir, REVIEW_FILE))) throw new SumLensError('usage', `${dir} already holds a review; choose another --name`);
  mkdirSync(join(dir, RATINGS_FOLDER), { recursive: true });
  writeFileAtomically(
    join(dir, ITEMS_FILE),
    items.map((item) => JSON.stringify({ id: item.id, source: item.source, summary: item.summary })).join('\n') + '\n',
  );
  for (const rater of review.raters) if (!existsSync(ratingsFile(dir, rater))) writeFileSync(ratingsFile(dir, rater), '');
  // Last: a folder with review.json is a whole review.
  writeFileAtomically(join(dir, REVIEW_FILE), JSON.stringify(review, null, 2) + '\n');
}

export interface CreateReviewOptions {
  data: string;
  raters: string[];
  perItem: number;
  name: string;
  /** The folder reviews are kept in (`.sumlens/reviews`); the review is `<reviewsDir>/<name>`. */
  reviewsDir: string;
  task: AspectTask;
  aspects?: readonly string[];
  promptDir?: string;
  /** Bad rows of the data file, each with where it stands; they are left out of the review. */
  onBadRow?(where: string, problem: string): void;
  now?: Date;
}

export async function createReview(options: CreateReviewOptions): Promise<{ dir: string; review: ReviewFile }> {
  if (!RATER_NAME.test(options.name) || options.name.includes(' '))
    throw new SumLensError('usage', `--name ${options.name}: a review name is a folder name (letters, digits, . _ -)`);
  const aspects = aspectsOf(options.task, options.aspects).map((aspect) => reviewAspect(options.task, aspect, options.promptDir));
  const items: ReviewItemText[] = [];
  for await (const item of dataItems({ path: options.data, task: options.task, onBadRow: options.onBadRow })) {
    items.push({ id: item.key, source: item.input.source, summary: item.input.summary });
  }
  if (items.length === 0) throw new SumLensError('bad-input', `--data ${options.data} has no item to review`);
  const review = buildReview({
    name: options.name,
    created: (options.now ?? new Date()).toISOString(),
    data: { file: basename(options.data), sha256: createHash('sha256').update(readFileSync(options.data)).digest('hex') },
    task: options.task,
    aspects,
    raters: options.raters,
    perItem: options.perItem,
    items,
  });
  const dir = join(options.reviewsDir, options.name);
  writeReview(dir, review, items);
  return { dir, review };
}
