/**
 * What `sumlens agreement` reads: pairs of a person's score and a judge's score on the same
 * item and aspect. From a ratings file (JSONL, one rating per line, as the editor keeps them
 * in .sumlens/ratings.jsonl: aspect, person, judge, optional judgeName), or from a table of
 * items (JSONL, JSON, CSV, TSV) whose columns hold human and judge scores (`--human
 * consistency=expert_consistency --judge consistency=pred_consistency`). Every line is
 * validated; a bad one is an error naming it, never skipped.
 */
import * as z from 'zod';
import { SumLensError } from '../errors';
import { readRows } from '../run/data/readRows';
import { forEachLine } from '../runFile/lines';

export interface RatedPair {
  aspect: string;
  judge: string;
  person: number;
  score: number;
}

const RatingSchema = z.object({
  aspect: z.string().min(1),
  person: z.number().finite(),
  judge: z.number().finite(),
  judgeName: z.string().min(1).optional(),
});

export async function readRatings(path: string): Promise<RatedPair[]> {
  const pairs: RatedPair[] = [];
  await forEachLine(path, (line, lineNo) => {
    if (line.trim() === '') return;
    let json: unknown;
    try {
      json = JSON.parse(line);
    } catch {
      throw new SumLensError('bad-input', `${path}:${lineNo}: not JSON`);
    }
    const parsed = RatingSchema.safeParse(json);
    if (!parsed.success) throw new SumLensError('bad-input', `${path}:${lineNo}: not a rating (aspect, person, judge[, judgeName]): ${z.prettifyError(parsed.error)}`);
    pairs.push({ aspect: parsed.data.aspect, judge: parsed.data.judgeName ?? 'judge', person: parsed.data.person, score: parsed.data.judge });
  });
  return pairs;
}

/** "consistency=expert_consistency,fluency=expert_fluency" → aspect → column. */
export function parseColumnMap(text: string, flag: string): Map<string, string> {
  const map = new Map<string, string>();
  for (const pair of text.split(',').filter((p) => p.trim() !== '')) {
    const [aspect, column] = pair.split('=').map((s) => s.trim());
    if (!aspect || !column) throw new SumLensError('usage', `${flag} wants ASPECT=COLUMN pairs (got "${pair}")`);
    map.set(aspect, column);
  }
  if (map.size === 0) throw new SumLensError('usage', `${flag} names no column`);
  return map;
}

function numberIn(fields: Record<string, unknown>, column: string): number | undefined {
  // Nested columns (UniEval's predict_scores.coherence) are written with a dot.
  const value = column.split('.').reduce<unknown>((v, key) => (v && typeof v === 'object' ? (v as Record<string, unknown>)[key] : undefined), fields);
  const number = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  return typeof number === 'number' && Number.isFinite(number) ? number : undefined;
}

/** Pairs from a table of items: every row must hold a number in each named column. */
export async function readScoredTable(path: string, human: Map<string, string>, judge: Map<string, string>, judgeName: string): Promise<RatedPair[]> {
  for (const aspect of judge.keys()) if (!human.has(aspect)) throw new SumLensError('usage', `--judge names ${aspect}, which --human does not`);
  const pairs: RatedPair[] = [];
  for await (const row of readRows(path)) {
    if ('error' in row) throw new SumLensError('bad-input', `${path}: ${row.where}: ${row.error}`);
    for (const [aspect, judgeColumn] of judge) {
      const person = numberIn(row.fields, human.get(aspect)!);
      const score = numberIn(row.fields, judgeColumn);
      if (person === undefined || score === undefined) {
        throw new SumLensError('bad-input', `${path}: ${row.where}: no number in ${person === undefined ? human.get(aspect) : judgeColumn} (${aspect})`);
      }
      pairs.push({ aspect, judge: judgeName, person, score });
    }
  }
  return pairs;
}
