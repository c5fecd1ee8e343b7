/**
 * How the judge stands against people, as the panel shows it: the reviewer's agreement with
 * each kind of finding, and each measurement of a prompt template ("Measure against
 * people"), which the extension also keeps as the template's history.
 */
// zod/mini: the same validation in a fraction of the bundle (the webview script ships it).
import * as z from 'zod/mini';

/** How often the reviewer agreed with the judge on one kind of finding, with a 95% interval. */
export const agreementSchema = z.object({
  kind: z.string(),
  agreed: z.number(),
  reviewed: z.number(),
  share: z.number(),
  low: z.number(),
  high: z.number(),
});

// null: not defined (a judge that gave every item the same score has no correlation).
const figureSchema = z.object({ correlation: z.nullable(z.number()), low: z.nullable(z.number()), high: z.nullable(z.number()) });

/** One measurement of a prompt template against people ("Measure against people"). */
export const measurementSchema = z.object({
  at: z.string(),
  /** sha256 of the template text measured (an unchanged template is answered from the cache). */
  templateSha256: z.string(),
  set: z.string(),
  items: z.number(),
  /** Spearman correlation with the people, of the template measured and of the built-in one. */
  candidate: figureSchema,
  baseline: figureSchema,
  /** candidate − baseline, with its paired bootstrap interval. */
  difference: figureSchema,
  /** Paired permutation test of the difference. */
  pValue: z.nullable(z.number()),
  calls: z.number(),
  tokens: z.number(),
  cacheHits: z.number(),
});

export type PanelAgreement = z.infer<typeof agreementSchema>;
