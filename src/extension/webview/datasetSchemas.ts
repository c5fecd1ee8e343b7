/**
 * The panel's views over many items: a dataset run (Evaluate Dataset), two runs compared
 * (Compare Runs), a judge audit (Audit Judge), and each judge's agreement with the person's
 * own scores ("Your score"). Apart from the one-summary result because they come from
 * other commands and share only their number shapes.
 */
// zod/mini: the same validation in a fraction of the bundle (the webview script ships it).
import * as z from 'zod/mini';
import { auditCellShape, probeVerdictShape } from '../../core/audit/auditReportShapes';

// null where a figure is not defined (a mean or an interval over no scored item).
const maybeNumber = z.nullable(z.number());

/** One item of a dataset run's table (apart, so that 10,000 of them can be checked in slices). */
export const datasetItemSchema = z.object({
  key: z.string(),
  id: z.string(),
  system: z.optional(z.string()),
  scores: z.record(z.string(), z.number()),
  failed: z.boolean(),
  findings: z.number(),
});

/** A dataset run (Evaluate Dataset): the table per aspect and every item with its scores. */
export const datasetSchema = z.object({
  /** The run file (.sumlens/runs/…) and the data it was made from, as the user knows them. */
  runFile: z.string(),
  /** The run file's absolute path, to read an item's texts when it is opened. */
  runPath: z.string(),
  data: z.string(),
  model: z.string(),
  method: z.string(),
  aspects: z.array(z.string()),
  rows: z.array(
    z.object({
      aspect: z.string(),
      system: z.optional(z.string()),
      scored: z.number(),
      unscored: z.number(),
      mean: maybeNumber,
      low: maybeNumber,
      high: maybeNumber,
      distribution: z.record(z.string(), z.number()),
    }),
  ),
  items: z.array(datasetItemSchema),
  /** How the last evaluation of it went (absent when a finished run file is only shown). */
  run: z.optional(
    z.object({
      written: z.number(),
      alreadyDone: z.number(),
      failed: z.number(),
      cancelled: z.boolean(),
      calls: z.number(),
      tokens: z.number(),
      stopped: z.optional(z.string()),
    }),
  ),
});

/** Compare Runs: per aspect B − A with its paired interval and permutation p-values. */
export const comparisonSchema = z.object({
  a: z.object({ label: z.string(), items: z.number() }),
  b: z.object({ label: z.string(), items: z.number() }),
  paired: z.number(),
  onlyA: z.array(z.string()),
  onlyB: z.array(z.string()),
  differences: z.array(z.string()),
  aspects: z.array(
    z.object({
      aspect: z.string(),
      n: z.number(),
      meanA: maybeNumber,
      meanB: maybeNumber,
      difference: maybeNumber,
      low: maybeNumber,
      high: maybeNumber,
      pValue: maybeNumber,
      pHolm: maybeNumber,
      wins: z.number(),
      ties: z.number(),
      losses: z.number(),
      unscoredPairs: z.number(),
    }),
  ),
});

const estimateSchema = z.object({ value: maybeNumber, low: maybeNumber, high: maybeNumber });

/** "Your score": how well a judge agrees with the person, per aspect (sumlens agreement's statistics). */
export const ratingAgreementSchema = z.object({
  aspect: z.string(),
  judge: z.string(),
  n: z.number(),
  alphaInterval: estimateSchema,
  kappa: estimateSchema,
  spearman: estimateSchema,
  meanAbsoluteDifference: estimateSchema,
});

/** Audit Judge: per probe × aspect the paired difference changed − original and its verdict; an example change per probe. */
export const auditSchema = z.object({
  items: z.number(),
  method: z.string(),
  task: z.string(),
  prompts: z.string(),
  model: z.string(),
  summary: z.string(),
  biased: z.boolean(),
  alpha: z.number(),
  /** The level a cell is held to and the pairs it needs, in words. */
  levelNote: z.string(),
  /** The bootstrap resamples, sign flips and seed, in words. */
  resamplingNote: z.string(),
  nothingAudited: z.boolean(),
  failed: z.number(),
  cancelled: z.boolean(),
  cells: z.array(z.object(auditCellShape)),
  probes: z.array(
    z.object({
      ...probeVerdictShape,
      example: z.optional(
        z.object({
          key: z.string(),
          before: z.string(),
          after: z.string(),
          spans: z.array(z.object({ start: z.number(), end: z.number() })),
          note: z.optional(z.string()),
        }),
      ),
    }),
  ),
});

export type PanelDataset = z.infer<typeof datasetSchema>;
export type PanelRatingAgreement = z.infer<typeof ratingAgreementSchema>;
export type PanelAudit = z.infer<typeof auditSchema>;
export type PanelComparison = z.infer<typeof comparisonSchema>;
