/**
 * A `--cross` matrix as a file: what `meta --cross --json` (or `replay --cross --json`) prints,
 * read back (validated) by `sumlens report --cross FILE` to put the matrix into a report.
 */
import * as z from 'zod';
import { readWrittenJson } from '../jsonFile';
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

export function readCrossFile(path: string): CrossRun {
  return readWrittenJson(path, CrossFileSchema, { what: 'a matrix', readAs: 'a cross matrix', command: 'sumlens meta --cross --json' }) as CrossRun;
}
