/**
 * What `sumlens agreement` and `calibrate` read: per aspect and judge, the items with one
 * score per person who rated them (any number of raters, a missing score allowed) and the
 * judge's score. From a ratings file (JSONL, one rating per line, as the editor keeps them in
 * .sumlens/ratings.jsonl: aspect, person, judge, optional judgeName, item and rater), or from
 * a table of items (JSONL, JSON, CSV, TSV) whose columns hold human and judge scores
 * (`--human consistency=expert_a,consistency=expert_b --judge consistency=pred`). Every line is
 * validated; a bad one is an error naming it, never skipped; a blank cell is a missing score.
 */
import { closeSync } from 'node:fs';
import * as z from 'zod';
import { SumLensError } from '../errors';
import { RatingSchema } from '../ratingsFile';
import { readRows } from '../run/data/readRows';
import { forEachLine } from '../runFile/lines';
import { openInput } from '../textInput';
import { decimalCell } from './decimalCell';

/** A person's score and a judge's on one item and aspect (one rater, nothing missing). */
export interface RatedPair {
  aspect: string;
  judge: string;
  person: number;
  score: number;
}

export interface RatedSet {
  aspect: string;
  judge: string;
  /** The people who rated, in the order first met (a ratings file's `rater`, a table's columns). */
  raters: string[];
  /** people[r][i]: rater r's score of item i, NaN where r did not rate it. */
  people: number[][];
  /** The judge's score of each item, NaN where it has none. */
  scores: number[];
}

/** Collects ratings into sets, refusing an item rated twice by one rater or scored twice differently by the judge. */
class SetBuilder {
  private readonly sets = new Map<string, RatedSet & { items: Map<string, number> }>();

  /** One rating: a rater's score (`person`) and the judge's (`score`) for an item's aspect; `where` names its line. */
  add({
    aspect,
    judge,
    item,
    rater,
    person,
    score,
    where,
  }: {
    aspect: string;
    judge: string;
    item: string;
    rater: string;
    person: number;
    score: number;
    where: string;
  }): void {
    const key = `${aspect}\u0000${judge}`;
    let set = this.sets.get(key);
    if (!set) this.sets.set(key, (set = { aspect, judge, raters: [], people: [], scores: [], items: new Map() }));
    let r = set.raters.indexOf(rater);
    if (r < 0) {
      r = set.raters.push(rater) - 1;
      set.people.push(set.scores.map(() => NaN));
    }
    let i = set.items.get(item);
    if (i === undefined) {
      i = set.scores.push(score) - 1;
      set.items.set(item, i);
      for (const column of set.people) column.push(NaN);
    } else if (set.scores[i] !== score && !(Number.isNaN(set.scores[i]) && Number.isNaN(score))) {
      throw new SumLensError('bad-input', `${where}: the judge ${judge} scores item ${item} (${aspect}) ${score} here and ${set.scores[i]} before`);
    }
    if (!Number.isNaN(set.people[r][i])) throw new SumLensError('bad-input', `${where}: ${rater} rates item ${item} (${aspect}) a second time`);
    set.people[r][i] = person;
  }

  build(): RatedSet[] {
    return [...this.sets.values()].map(({ aspect, judge, raters, people, scores }) => ({ aspect, judge, raters, people, scores }));
  }
}

export async function readRatings(path: string): Promise<RatedSet[]> {
  closeSync(openInput(path, path)); // missing, a folder, empty…: said of the file as a whole first
  const sets = new SetBuilder();
  await forEachLine(path, (line, lineNo) => {
    if (line.trim() === '') return;
    let json: unknown;
    try {
      json = JSON.parse(line);
    } catch {
      throw new SumLensError('bad-input', `${path}:${lineNo}: not JSON`);
    }
    const parsed = RatingSchema.safeParse(json);
    if (!parsed.success)
      throw new SumLensError(
        'bad-input',
        `${path}:${lineNo}: not a rating (aspect, person[, judge, judgeName, item, rater]): ${z.prettifyError(parsed.error)}`,
      );
    const r = parsed.data;
    sets.add({
      aspect: r.aspect,
      judge: r.judgeName ?? 'judge',
      item: r.item !== undefined ? String(r.item) : `line ${lineNo}`,
      rater: r.rater ?? 'person',
      person: r.person,
      score: r.judge ?? NaN,
      where: `${path}:${lineNo}`,
    });
  });
  return sets.build();
}

/** "consistency=expert_a,consistency=expert_b,fluency=expert_f" → aspect → its columns, in order. */
export function parseColumnMap(text: string, flag: string): Map<string, string[]> {
  const map = new Map<string, string[]>();
  for (const pair of text.split(',').filter((p) => p.trim() !== '')) {
    const [aspect, column] = pair.split('=').map((s) => s.trim());
    if (!aspect || !column) throw new SumLensError('usage', `${flag} wants ASPECT=COLUMN pairs (got "${pair}")`);
    const columns = map.get(aspect) ?? [];
    if (columns.includes(column)) throw new SumLensError('usage', `${flag} names ${aspect}=${column} twice`);
    map.set(aspect, [...columns, column]);
  }
  if (map.size === 0) throw new SumLensError('usage', `${flag} names no column`);
  return map;
}

/** The value at a column; nested columns (UniEval's predict_scores.coherence) are written with a dot. */
function cellAt(fields: Record<string, unknown>, column: string): unknown {
  return column.split('.').reduce<unknown>((v, key) => (v && typeof v === 'object' ? (v as Record<string, unknown>)[key] : undefined), fields);
}

/**
 * Sets from a table of items: per aspect, each --human column is a rater and the --judge
 * column the judge. A blank cell is a missing score; a column no row has is an error naming it.
 */
export async function readScoredTable(path: string, human: Map<string, string[]>, judge: Map<string, string[]>, judgeName: string): Promise<RatedSet[]> {
  for (const [aspect, columns] of judge) {
    if (!human.has(aspect)) throw new SumLensError('usage', `--judge names ${aspect}, which --human does not`);
    if (columns.length > 1)
      throw new SumLensError(
        'usage',
        `--judge gives ${aspect} ${columns.length} columns; one judge column per aspect (run once per judge, each with its --judge-name)`,
      );
  }
  const named = [...judge].flatMap(([aspect, [judgeColumn]]) => [
    ...human.get(aspect)!.map((column) => ({ column, flag: `--human ${aspect}=${column}` })),
    { column: judgeColumn, flag: `--judge ${aspect}=${judgeColumn}` },
  ]);
  const seen = new Set<string>();
  let firstColumns: string[] | undefined;
  const sets = new SetBuilder();
  for await (const row of readRows(path, undefined, path)) {
    if ('error' in row) throw new SumLensError('bad-input', `${path}: ${row.where}: ${row.error}`);
    firstColumns ??= Object.keys(row.fields);
    const cell = (column: string) => {
      const value = cellAt(row.fields, column);
      if (value !== undefined) seen.add(column);
      return decimalCell(value, `${path}: ${row.where}, column ${column}`);
    };
    for (const [aspect, [judgeColumn]] of judge) {
      const score = cell(judgeColumn);
      for (const column of human.get(aspect)!)
        sets.add({ aspect, judge: judgeName, item: row.where, rater: column, person: cell(column), score, where: `${path}: ${row.where}` });
    }
  }
  const absent = named.find(({ column }) => !seen.has(column));
  if (absent && firstColumns)
    throw new SumLensError('bad-input', `${path} has no column ${absent.column} (${absent.flag}); its columns: ${firstColumns.join(', ')}`);
  return sets.build();
}

/** The sets a ratings file or a table (--human and --judge) holds; shared with calibrate. */
export async function readRatedSets(file: string, flags: { human?: string; judge?: string; judgeName: string }): Promise<RatedSet[]> {
  if ((flags.human === undefined) !== (flags.judge === undefined))
    throw new SumLensError('usage', 'give --human and --judge together (a table), or neither (a ratings file)');
  const sets =
    flags.human !== undefined
      ? await readScoredTable(file, parseColumnMap(flags.human, '--human'), parseColumnMap(flags.judge!, '--judge'), flags.judgeName)
      : await readRatings(file);
  if (sets.length === 0) throw new SumLensError('bad-input', `${file} holds no rating`);
  return sets;
}

/** One pair per item the judge and at least one person scored; several people's scores are averaged (what calibration maps to). */
export function pairsOf(set: RatedSet): RatedPair[] {
  return set.scores.flatMap((score, i) => {
    const people = set.people.map((column) => column[i]).filter((p) => !Number.isNaN(p));
    return Number.isNaN(score) || people.length === 0
      ? []
      : [{ aspect: set.aspect, judge: set.judge, person: people.reduce((s, p) => s + p, 0) / people.length, score }];
  });
}
