/**
 * Everything the panel shows, in one model the extension posts whole and the webview keeps
 * with setState: which view is open, the run's progress, where the notes stand, and each
 * view's payload (their schemas are in resultSchema.ts, measurementSchemas.ts and
 * datasetSchemas.ts).
 */
// zod/mini: the same validation in a fraction of the bundle (the webview script ships it).
import * as z from 'zod/mini';
import { auditSchema, comparisonSchema, datasetSchema, ratingAgreementSchema } from './datasetSchemas';
import { agreementSchema, measurementSchema } from './measurementSchemas';
import { resultSchema } from './resultSchema';

export const progressSchema = z.object({ done: z.number(), total: z.number(), label: z.string() });

/** Where a note stands in its document; `length` (characters) lets the panel draw where a source's excerpts lie. */
const noteLocationSchema = z.object({ uri: z.string(), offset: z.number(), length: z.optional(z.number()) });

/** Everything the panel shows; also what it keeps with setState so it survives a reload. */
export const panelModelSchema = z.object({
  /** Where the evaluated notes stand in the editor, so entities can be revealed after a reload too. */
  notes: z.optional(z.object({ summary: noteLocationSchema, source: noteLocationSchema, reference: z.optional(noteLocationSchema) })),
  result: z.nullable(resultSchema),
  summaryName: z.optional(z.string()),
  sourceName: z.optional(z.string()),
  referenceName: z.optional(z.string()),
  running: z.boolean(),
  progress: z.optional(progressSchema),
  error: z.optional(z.string()),
  agreement: z.optional(z.array(agreementSchema)),
  /** The history of the template measured last, newest first. */
  measurements: z.optional(z.object({ templateId: z.string(), history: z.array(measurementSchema) })),
  /** What the panel shows first: one summary's evaluation (the default), a dataset run, a comparison, or a judge audit. */
  view: z.optional(z.enum(['summary', 'dataset', 'comparison', 'audit'])),
  dataset: z.optional(datasetSchema),
  comparison: z.optional(comparisonSchema),
  /** The shown summary's identity ("Your score" is kept under it), and the person's scores for it. */
  rated: z.optional(z.object({ sourceSha256: z.string(), summarySha256: z.string() })),
  yourScores: z.optional(z.record(z.string(), z.number())),
  /** Agreement of each judge with the person's scores, over every rated summary. */
  ratingAgreement: z.optional(z.array(ratingAgreementSchema)),
  audit: z.optional(auditSchema),
});

export type PanelModel = z.infer<typeof panelModelSchema>;
export type PanelMeasurements = NonNullable<PanelModel['measurements']>;
