/**
 * A review read back from its folder: its definition, its items with their texts, every
 * rater's lines. Nothing bad is dropped silently: a ratings line that is not JSON, not a
 * rating, by another rater than its file's, of an item or aspect the review has not, or off
 * the aspect's scale is a problem naming its file and line, and the other lines are kept. An
 * item whose source or summary no longer hashes to what review.json recorded (in items.jsonl,
 * or in the data file when one is given) is marked `changed`, and its ratings are left out of
 * every figure: it is never matched again to different texts.
 */
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import * as z from 'zod';
import { SumLensError } from '../errors';
import { dataItems } from '../run/data/dataItems';
import { readDataFile } from '../textInput';
import { textSha256 } from './createReview';
import { raterOrder } from './dealItems';
import {
  ITEMS_FILE,
  PAIRS_FILE,
  RATINGS_FOLDER,
  REVIEW_FILE,
  isAboutPair,
  RatingLineSchema,
  ReviewFileSchema,
  ReviewItemTextSchema,
  ReviewPairTextSchema,
  type RatingLine,
  type ReviewFile,
  type ReviewItemText,
  type ReviewPairEntry,
  type ReviewPairText,
} from './reviewSchema';

export interface ReviewItem {
  id: string;
  source: string;
  summary: string;
  sourceSha256: string;
  summarySha256: string;
  /** The raters the item was dealt to. */
  raters: string[];
  /** Why the item is not the one rated: its texts changed since the review began. Absent for an item as it was. */
  changed?: string;
}

export interface ReviewPair {
  id: string;
  doc: string;
  a: string;
  b: string;
  source: string;
  summaryA: string;
  summaryB: string;
  raters: string[];
  /** As a ReviewItem's. */
  changed?: string;
}

/** A line of a ratings file, with where it stands. */
export interface RatingRecord extends RatingLine {
  line: number;
}

export interface ReviewProblem {
  file: string;
  line?: number;
  message: string;
}

export interface Review {
  dir: string;
  definition: ReviewFile;
  /** In review.json's order. */
  items: ReviewItem[];
  byId: Map<string, ReviewItem>;
  /** The pairwise items, in review.json's order (none in a review of scores). */
  pairs: ReviewPair[];
  pairById: Map<string, ReviewPair>;
  /** Each ratings file's good lines in file order, by the file's rater (raters of the review first, with or without lines). */
  ratings: Map<string, RatingRecord[]>;
  problems: ReviewProblem[];
}

export function isReviewFolder(path: string): boolean {
  return statSync(path, { throwIfNoEntry: false })?.isDirectory() === true && existsSync(join(path, REVIEW_FILE));
}

function parseJson<T>(text: string, schema: z.ZodType<T>): { value?: T; error?: string } {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return { error: 'not JSON' };
  }
  const parsed = schema.safeParse(json);
  return parsed.success ? { value: parsed.data } : { error: z.prettifyError(parsed.error).replace(/\n\s*/g, ' ') };
}

function readDefinition(dir: string): ReviewFile {
  const file = join(dir, REVIEW_FILE);
  const { value, error } = parseJson(readDataFile(file), ReviewFileSchema);
  if (!value) throw new SumLensError('bad-input', `${file}: not a review (${error})`);
  return value;
}

function readTexts(dir: string, problems: ReviewProblem[]): Map<string, ReviewItemText> {
  const file = join(dir, ITEMS_FILE);
  const texts = new Map<string, ReviewItemText>();
  readDataFile(file)
    .split('\n')
    .forEach((text, i) => {
      if (text.trim() === '') return;
      const { value, error } = parseJson(text, ReviewItemTextSchema);
      if (value) texts.set(value.id, value);
      else problems.push({ file, line: i + 1, message: `not an item (id, source, summary): ${error}` });
    });
  return texts;
}

function readPairTexts(dir: string, problems: ReviewProblem[]): Map<string, ReviewPairText> {
  const file = join(dir, PAIRS_FILE);
  const texts = new Map<string, ReviewPairText>();
  if (!existsSync(file)) return texts;
  readDataFile(file)
    .split('\n')
    .forEach((text, i) => {
      if (text.trim() === '') return;
      const { value, error } = parseJson(text, ReviewPairTextSchema);
      if (value) texts.set(value.id, value);
      else problems.push({ file, line: i + 1, message: `not a pair (id, source, summaryA, summaryB): ${error}` });
    });
  return texts;
}

function pairOf(entry: ReviewPairEntry, texts: ReviewPairText | undefined): ReviewPair {
  const { id, doc, a, b, raters } = entry;
  const pair: ReviewPair = { id, doc, a, b, raters, source: texts?.source ?? '', summaryA: texts?.summaryA ?? '', summaryB: texts?.summaryB ?? '' };
  if (!texts) return { ...pair, changed: `not in ${PAIRS_FILE}` };
  const changed = [
    textSha256(texts.source) !== entry.sourceSha256 ? 'source' : '',
    textSha256(texts.summaryA) !== entry.summaryASha256 ? 'summary A' : '',
    textSha256(texts.summaryB) !== entry.summaryBSha256 ? 'summary B' : '',
  ].filter(Boolean);
  return changed.length === 0 ? pair : { ...pair, changed: `its ${changed.join(' and ')} in ${PAIRS_FILE} changed since the review began` };
}

/** Why an item's texts are not the ones hashed in review.json, if they are not. */
function changeOf(entry: ReviewFile['items'][number], texts: ReviewItemText | undefined, where: string): string | undefined {
  if (!texts) return `not in ${where}`;
  const source = textSha256(texts.source) !== entry.sourceSha256;
  const summary = textSha256(texts.summary) !== entry.summarySha256;
  if (!source && !summary) return undefined;
  return `its ${[source ? 'source' : '', summary ? 'summary' : ''].filter(Boolean).join(' and ')} in ${where} changed since the review began`;
}

function checkedLine(review: Review, rater: string, text: string): { value?: RatingLine; error?: string } {
  const { value, error } = parseJson(text, RatingLineSchema);
  if (!value) return { error: `not a rating (kind, item, aspect, score or skipped, rater, at): ${error}` };
  if (value.rater !== rater) return { error: `rater ${value.rater} in ${rater}'s file (each rater writes only their own file)` };
  const problem = ratingLineProblem(review, value);
  return problem === undefined ? { value } : { error: problem };
}

/**
 * What makes a well-formed line wrong for this review, if anything: an item, pair, aspect or
 * question it does not have, a score off the aspect's scale. Both the line a rater appends
 * (appendRating.ts) and the lines read back are checked by it.
 */
export function ratingLineProblem(review: Review, line: RatingLine): string | undefined {
  if (isAboutPair(line)) {
    if (!review.pairById.has(line.item)) return `pair ${line.item} is not in the review`;
    const questions = review.definition.questions ?? [];
    if (!questions.some((q) => q.name === line.aspect))
      return `pairwise question ${line.aspect} is not in the review (${questions.map((q) => q.name).join(', ') || 'none'})`;
    return undefined;
  }
  if (!review.byId.has(line.item)) return `item ${line.item} is not in the review`;
  const aspect = review.definition.aspects.find((a) => a.name === line.aspect);
  if (!aspect) return `aspect ${line.aspect} is not in the review (${review.definition.aspects.map((a) => a.name).join(', ')})`;
  if (line.score !== undefined && (line.score < aspect.scale.min || line.score > aspect.scale.max))
    return `score ${line.score} is off ${aspect.name}'s scale ${aspect.scale.min}-${aspect.scale.max}`;
  return undefined;
}

function readRatings(review: Review): void {
  const folder = join(review.dir, RATINGS_FOLDER);
  const files = existsSync(folder) ? readdirSync(folder).filter((f) => f.endsWith('.jsonl')) : [];
  for (const rater of review.definition.raters) review.ratings.set(rater, []);
  for (const name of files.sort()) {
    const rater = name.slice(0, -'.jsonl'.length);
    const file = join(folder, name);
    const lines: RatingRecord[] = review.ratings.get(rater) ?? [];
    review.ratings.set(rater, lines);
    const text = statSync(file).size === 0 ? '' : readDataFile(file);
    text.split('\n').forEach((line, i) => {
      if (line.trim() === '') return;
      const { value, error } = checkedLine(review, rater, line);
      if (value) lines.push({ ...value, line: i + 1 });
      else review.problems.push({ file, line: i + 1, message: error! });
    });
  }
}

export interface ReadReviewOptions {
  /** The data file the review was made from: an item whose texts differ there is marked changed too. */
  data?: string;
}

/** The review in `dir` (a folder holding review.json). */
export async function readReview(dir: string, options: ReadReviewOptions = {}): Promise<Review> {
  if (!isReviewFolder(dir)) throw new SumLensError('bad-input', `${dir} is not a review folder (no ${REVIEW_FILE} in it)`);
  const definition = readDefinition(dir);
  const problems: ReviewProblem[] = [];
  // A review of pairs only has no items.jsonl.
  const texts = definition.items.length > 0 ? readTexts(dir, problems) : new Map<string, ReviewItemText>();
  let fromData: Map<string, ReviewItemText> | undefined;
  if (options.data !== undefined) {
    fromData = new Map();
    for await (const item of dataItems({ path: options.data, task: definition.task }))
      fromData.set(item.key, { id: item.key, source: item.input.source, summary: item.input.summary });
  }
  const items = definition.items.map((entry): ReviewItem => {
    const own = texts.get(entry.id);
    const changed = changeOf(entry, own, ITEMS_FILE) ?? (fromData ? changeOf(entry, fromData.get(entry.id), options.data!) : undefined);
    return { ...entry, source: own?.source ?? '', summary: own?.summary ?? '', ...(changed ? { changed } : {}) };
  });
  const pairTexts = definition.pairs ? readPairTexts(dir, problems) : new Map<string, ReviewPairText>();
  const pairs = (definition.pairs ?? []).map((entry) => pairOf(entry, pairTexts.get(entry.id)));
  const review: Review = {
    dir,
    definition,
    items,
    byId: new Map(items.map((item) => [item.id, item])),
    pairs,
    pairById: new Map(pairs.map((pair) => [pair.id, pair])),
    ratings: new Map(),
    problems,
  };
  readRatings(review);
  return review;
}

/** The items dealt to `rater`, in the rater's own order (raterOrder: seeded by the name). */
export function itemsFor(review: Review, rater: string): ReviewItem[] {
  return raterOrder(
    review.items.filter((item) => item.raters.includes(rater)),
    rater,
  );
}

/** The pairs dealt to `rater`, in the rater's own order. */
export function pairsFor(review: Review, rater: string): ReviewPair[] {
  return raterOrder(
    review.pairs.filter((pair) => pair.raters.includes(rater)),
    rater,
  );
}
