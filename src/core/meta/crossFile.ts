/**
 * A `--cross` matrix as a file: what `meta --cross --json` (or `replay --cross --json`) prints,
 * read back (validated) by `sumlens report --cross FILE` to put the matrix into a report.
 */
import { readFileSync } from 'node:fs';
import * as z from 'zod';
import { SumLensError } from '../errors';
import type { CrossRun } from './runCross';

// JSON writes NaN (an undefined correlation) as null.
const Figure = z.number().nullable();
const IntervalSchema = z.looseObject({ low: Figure, high: Figure, level: z.number() });

const CrossFileSchema = z.looseObject({
  dataset: z.string(),
  source: z.string(),
  level: z.enum(['summary', 'sample', 'system']),
  judgeAspects: z.array(z.string()),
  humanAspects: z.array(z.string()),
  rows: z.array(
    z.looseObject({
      judge: z.string(),
      cells: z.array(z.looseObject({ human: z.string(), spearman: Figure, interval: IntervalSchema, skipped: z.number().int().nonnegative() })),
    }),
  ),
  tests: z.array(
    z.looseObject({
      judge: z.string(),
      other: z.string(),
      difference: Figure,
      interval: IntervalSchema,
      pValue: Figure,
      pHolm: Figure,
      confused: z.boolean(),
    }),
  ),
  items: z.number().int().nonnegative(),
  documents: z.number().int().nonnegative(),
  missing: z.number().int().nonnegative(),
  alpha: z.number(),
  bootstrap: z.looseObject({ resamples: z.number().int().positive(), seed: z.number(), unit: z.enum(['documents', 'items']), confidence: z.number() }),
});

/** Nulls back to NaN, so the formatters print "n/a". */
function nullsToNaN(value: unknown): unknown {
  if (value === null) return NaN;
  if (Array.isArray(value)) return value.map(nullsToNaN);
  if (typeof value === 'object') return Object.fromEntries(Object.entries(value as object).map(([k, v]) => [k, nullsToNaN(v)]));
  return value;
}

export function readCrossFile(path: string): CrossRun {
  let json: unknown;
  try {
    json = JSON.parse(readFileSync(path, 'utf8'));
  } catch (error) {
    throw new SumLensError('bad-input', `${path}: cannot read a cross matrix (${(error as Error).message}); write one with sumlens meta --cross --json > FILE`);
  }
  const parsed = CrossFileSchema.safeParse(json);
  if (!parsed.success) throw new SumLensError('bad-input', `${path} is not a matrix from sumlens meta --cross --json: ${z.prettifyError(parsed.error)}`);
  return nullsToNaN(parsed.data) as CrossRun;
}
