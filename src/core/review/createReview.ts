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
import type { PairText } from './pairItems';
import {
  ITEMS_FILE,
  PAIRS_FILE,
  RATER_NAME,
  RATINGS_FOLDER,
  REVIEW_FILE,
  REVIEW_FORMAT,
  ratingsFile,
  type PairQuestion,
  type ReviewAspect,
  type ReviewPairEntry,
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

/** A pairwise question as a review keeps it: the pairwise template's question and which template it came from. */
export function pairQuestion(name: string, promptDir?: string): PairQuestion {
  const template = resolveTemplate(`pairwise/${name}`, { overrideDir: promptDir });
  const question = template.body.split(/\n\s*\n/).find((paragraph) => /^which\b/i.test(paragraph.trim()));
  return {
    name,
    template: template.id,
    templateSha256: template.hash,
    criteria: (question ?? (typeof template.frontMatter.description === 'string' ? template.frontMatter.description : '')).trim(),
  };
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
  /** Pairwise items and their questions (a review of pairs has no aspects and no items). */
  pairs?: PairText[];
  questions?: PairQuestion[];
}

function dealtRaters(count: number, plan: ReviewPlan): string[][] {
  return count === 0 ? [] : dealItems(count, plan.raters.length, plan.perItem).map((group) => group.map((r) => plan.raters[r]));
}

/** review.json's content for a plan: every item hashed and dealt. */
export function buildReview(plan: ReviewPlan): ReviewFile {
  const bad = plan.raters.find((r) => !RATER_NAME.test(r));
  if (bad !== undefined) throw new SumLensError('usage', `rater "${bad}" is not a rater name (letters, digits, space . _ -; not starting with a dot)`);
  if (new Set(plan.raters).size !== plan.raters.length) throw new SumLensError('usage', `a rater is named twice: ${plan.raters.join(', ')}`);
  const deal = dealtRaters(plan.items.length, plan);
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
      raters: deal[i],
    })),
    ...(plan.pairs && plan.questions ? { questions: plan.questions, pairs: pairEntries(plan.pairs, dealtRaters(plan.pairs.length, plan)) } : {}),
  };
}

function pairEntries(pairs: readonly PairText[], deal: string[][]): ReviewPairEntry[] {
  return pairs.map((pair, i) => ({
    id: pair.id,
    doc: pair.doc,
    a: pair.a,
    b: pair.b,
    sourceSha256: textSha256(pair.source),
    summaryASha256: textSha256(pair.summaryA),
    summaryBSha256: textSha256(pair.summaryB),
    raters: deal[i],
  }));
}

/** Writes the review's folder; refuses one that already holds a review (its ratings are somebody's work). */
export function writeReview(dir: string, review: ReviewFile, items: readonly ReviewItemText[], pairs: readonly PairText[] = []): void {
  if (existsSync(join(dir, REVIEW_FILE))) throw new SumLensError('usage', `${dir} already holds a review; choose another --name`);
  mkdirSync(join(dir, RATINGS_FOLDER), { recursive: true });
  if (items.length > 0)
    writeFileAtomically(
      join(dir, ITEMS_FILE),
      items.map((item) => JSON.stringify({ id: item.id, source: item.source, summary: item.summary })).join('\n') + '\n',
    );
  if (pairs.length > 0)
    writeFileAtomically(
      join(dir, PAIRS_FILE),
      pairs.map((p) => JSON.stringify({ id: p.id, source: p.source, summaryA: p.summaryA, summaryB: p.summaryB })).join('\n') + '\n',
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

function checkName(name: string): void {
  if (!RATER_NAME.test(name) || name.includes(' ')) throw new SumLensError('usage', `--name ${name}: a review name is a folder name (letters, digits, . _ -)`);
}

const fileSha256 = (file: string) => createHash('sha256').update(readFileSync(file)).digest('hex');

export async function createReview(options: CreateReviewOptions): Promise<{ dir: string; review: ReviewFile }> {
  checkName(options.name);
  const aspects = aspectsOf(options.task, options.aspects).map((aspect) => reviewAspect(options.task, aspect, options.promptDir));
  const items: ReviewItemText[] = [];
  for await (const item of dataItems({ path: options.data, task: options.task, onBadRow: options.onBadRow })) {
    items.push({ id: item.key, source: item.input.source, summary: item.input.summary });
  }
  if (items.length === 0) throw new SumLensError('bad-input', `--data ${options.data} has no item to review`);
  const review = buildReview({
    name: options.name,
    created: (options.now ?? new Date()).toISOString(),
    data: { file: basename(options.data), sha256: fileSha256(options.data) },
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

export interface CreatePairReviewOptions {
  /** The pairs (pairItems.ts) and the data file(s) they were read from. */
  pairs: PairText[];
  dataFiles: string[];
  raters: string[];
  perItem: number;
  name: string;
  reviewsDir: string;
  /** Pairwise questions (templates pairwise/<name>); default the overall one. */
  questions?: readonly string[];
  promptDir?: string;
  now?: Date;
}

/** A review of pairwise items: each pair dealt to --per-item raters, who answer A, B or tie to each question. */
export function createPairReview(options: CreatePairReviewOptions): { dir: string; review: ReviewFile } {
  checkName(options.name);
  if (options.pairs.length === 0) throw new SumLensError('bad-input', 'no pair to review');
  const questions = (options.questions ?? ['overall']).map((name) => pairQuestion(name, options.promptDir));
  const hashes = options.dataFiles.map(fileSha256);
  const review = buildReview({
    name: options.name,
    created: (options.now ?? new Date()).toISOString(),
    // Two files: the sha256 of their two hashes, one per line.
    data: { file: options.dataFiles.map((f) => basename(f)).join(', '), sha256: hashes.length === 1 ? hashes[0] : textSha256(hashes.join('\n')) },
    task: 'summarization',
    aspects: [],
    raters: options.raters,
    perItem: options.perItem,
    items: [],
    pairs: options.pairs,
    questions,
  });
  const dir = join(options.reviewsDir, options.name);
  writeReview(dir, review, [], options.pairs);
  return { dir, review };
}
