/**
 * An alignment as a file: what `sumlens align --json` prints, read back (validated) by
 * `sumlens report --alignment FILE` to put the before/after figures into a report.
 */
import * as z from 'zod';
import { readWrittenJson } from '../jsonFile';
import type { Usage } from '../llm/types';
import type { AspectAlignment } from './alignJudge';
import type { Strategy } from './crossValidate';

export interface AlignmentFile {
  sumlens: 'alignment';
  version: 1;
  /** The rated data (a table, or the editor's ratings). */
  data: string;
  folds: number;
  examples: number;
  strategy: Strategy;
  /** Rounds of criteria rewriting (absent in files written before --rounds: one). */
  rounds?: number;
  resamples: number;
  seed: number;
  usage: Usage;
  aspects: AspectAlignment[];
}

// JSON writes NaN (an undefined figure) as null.
const Figure = z.number().nullable();
const EstimateSchema = z.looseObject({ value: Figure, interval: z.looseObject({ low: Figure, high: Figure }) });
const RowSchema = z.looseObject({
  n: z.number(),
  alphaInterval: EstimateSchema,
  kappa: EstimateSchema,
  spearman: EstimateSchema,
  meanAbsoluteDifference: EstimateSchema,
});

const AlignmentFileSchema = z.looseObject({
  sumlens: z.literal('alignment'),
  version: z.literal(1),
  data: z.string(),
  folds: z.number().int(),
  examples: z.number().int(),
  rounds: z.number().int().min(1).optional(),
  aspects: z.array(
    z.looseObject({
      verdict: z.looseObject({
        aspect: z.string(),
        n: z.number().int(),
        original: RowSchema,
        candidates: z.array(
          z.looseObject({
            name: z.enum(['examples', 'criteria', 'criteria+examples', 'calibration']),
            agreement: RowSchema,
            errorChange: z.looseObject({ meanA: Figure, meanB: Figure, meanDifference: Figure, interval: z.looseObject({ low: Figure, high: Figure }) }),
            adjustedP: Figure,
            alphaGain: EstimateSchema,
            significant: z.boolean(),
          }),
        ),
        adopted: z.enum(['examples', 'criteria', 'criteria+examples', 'calibration']).optional(),
      }),
      dropped: z.array(z.looseObject({ name: z.string(), reason: z.string() })),
      written: z.string().optional(),
      adoptedExamples: z.array(z.string()).optional(),
      exampleSources: z.string().optional(),
    }),
  ),
});

export function readAlignmentFile(path: string): AlignmentFile {
  return readWrittenJson(path, AlignmentFileSchema, { what: 'an alignment', command: 'sumlens align --json' }) as AlignmentFile;
}
