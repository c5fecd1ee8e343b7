/**
 * The messages between the SumLens panel and the extension, declared once and validated
 * with zod on receipt on both sides (the webview bundles this file too). Model text travels
 * inside these messages and is only ever rendered with textContent.
 */
// zod/mini: the same validation in a fraction of the bundle (the webview script ships it).
import * as z from 'zod/mini';

const usageSchema = z.object({
  calls: z.number(),
  promptTokens: z.number(),
  completionTokens: z.number(),
  cacheHits: z.number(),
  retries: z.number(),
});

const spanSchema = z.object({ start: z.number(), end: z.number() });

/** A long source shown to the judge as excerpts: the rule, why, the tokens, and the character ranges (never the text). */
const sourceShownSchema = z.object({
  rule: z.string(),
  reason: z.enum(['context', 'budget']),
  budgetTokens: z.number(),
  sourceTokens: z.number(),
  shownTokens: z.number(),
  share: z.number(),
  ranges: z.array(spanSchema),
});

const aspectSchema = z.object({
  name: z.string(),
  task: z.string(),
  score: z.nullable(z.number()),
  scale: z.tuple([z.number(), z.number()]),
  distribution: z.record(z.string(), z.number()),
  method: z.enum(['logprobs', 'sampling']),
  validMass: z.number(),
  samples: z.optional(z.number()),
  unparsed: z.optional(z.number()),
  reason: z.optional(z.string()),
  steps: z.optional(z.string()),
  stepsGenerated: z.optional(z.boolean()),
  template: z.optional(z.string()),
  error: z.optional(z.string()),
  warnings: z.optional(z.array(z.string())),
  provenance: z.optional(
    z.object({
      route: z.enum(['logprobs', 'sampling']),
      why: z.string(),
      samples: z.optional(z.number()),
      standardError: z.optional(z.number()),
      validMass: z.number(),
      fallbacks: z.optional(z.array(z.string())),
    }),
  ),
  sourceShown: z.optional(sourceShownSchema),
});

const metricSchema = z.nullable(z.object({ ratio: z.number(), score: z.number() }));

const voteSchema = z.object({ prompt: z.string(), answer: z.string(), explanation: z.string() });

const noteSchema = z.enum(['target', 'reference', 'source']);

const entitySchema = z.object({
  id: z.string(),
  note: noteSchema,
  text: z.string(),
  spans: z.array(z.object({ start: z.number(), end: z.number() })),
  verdict: z.string(),
  votes: z.array(voteSchema),
  metric: z.optional(z.string()),
  located: z.optional(z.boolean()),
});

const findingSchema = z.object({
  kind: z.enum(['incorrect', 'unsupported', 'partial', 'missing', 'misplaced', 'readability']),
  note: noteSchema,
  start: z.number(),
  end: z.number(),
  message: z.string(),
  entityId: z.optional(z.string()),
  category: z.optional(z.string()),
});

const fineSchema = z.object({
  completeness: metricSchema,
  correctness: metricSchema,
  alignment: metricSchema,
  readability: metricSchema,
  entities: z.array(entitySchema),
  findings: z.array(findingSchema),
  rubricSource: z.optional(noteSchema),
  errors: z.optional(z.array(z.string())),
  /** The source too long for the judging prompts: each fact judged against its retrieved passages, these ranges. */
  sourceShown: z.optional(sourceShownSchema),
});

export const resultSchema = z.object({
  aspects: z.array(aspectSchema),
  fine: z.optional(fineSchema),
  usage: usageSchema,
  model: z.string(),
  endpoint: z.string(),
  method: z.string(),
  task: z.string(),
  durationMs: z.number(),
  cancelled: z.optional(z.boolean()),
  warnings: z.optional(z.array(z.string())),
  provenance: z.optional(z.array(z.string())),
  /** Every aspect that uses the source was shown the same excerpts of it. */
  sourceShown: z.optional(sourceShownSchema),
  /** A jury (sumlens.judges): each judge's scores, and the pooled ones with their spread. */
  jury: z.optional(
    z.object({
      pool: z.string(),
      judges: z.array(
        z.object({
          name: z.string(),
          model: z.string(),
          endpoint: z.string(),
          scores: z.record(z.string(), z.nullable(z.number())),
          error: z.optional(z.string()),
        }),
      ),
      aspects: z.array(z.object({ name: z.string(), score: z.number(), sd: z.number(), min: z.number(), max: z.number(), leftOut: z.array(z.string()) })),
    }),
  ),
  /**
   * Method choose (reason-grounded evaluation, Tanaka's thesis): what the judge chose from the
   * catalogue, what it left, its reasons, and the own templates' scores beside.
   */
  choice: z.optional(
    z.object({
      catalogue: z.string(),
      catalogueOrigin: z.optional(z.enum(['builtin', 'override'])),
      offered: z.array(z.string()),
      notChosen: z.array(z.string()),
      chosen: z.array(
        z.object({
          name: z.string(),
          chosenIn: z.number(),
          of: z.number(),
          sd: z.optional(z.number()),
          min: z.optional(z.number()),
          max: z.optional(z.number()),
        }),
      ),
      reasons: z.optional(z.object({ examples: z.string(), asked: z.number(), texts: z.array(z.string()) })),
      ownTemplate: z.optional(z.array(aspectSchema)),
    }),
  ),
  /** `sumlens.repeat` above 1: every score's spread over the independent runs. */
  repeat: z.optional(
    z.object({
      runs: z.number(),
      threshold: z.optional(z.number()),
      spread: z.array(
        z.object({
          name: z.string(),
          scores: z.array(z.nullable(z.number())),
          scored: z.number(),
          mean: z.nullable(z.number()),
          sd: z.nullable(z.number()),
          min: z.nullable(z.number()),
          max: z.nullable(z.number()),
          threshold: z.optional(z.object({ threshold: z.number(), passed: z.number(), passRate: z.number(), straddles: z.boolean() })),
        }),
      ),
    }),
  ),
});

const progressSchema = z.object({ done: z.number(), total: z.number(), label: z.string() });

/** Where a note stands in its document; `length` (characters) lets the panel draw where a source's excerpts lie. */
const noteLocationSchema = z.object({ uri: z.string(), offset: z.number(), length: z.optional(z.number()) });

/** How often the reviewer agreed with the judge on one kind of finding, with a 95% interval. */
const agreementSchema = z.object({
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

// null where a figure is not defined (a mean or an interval over no scored item).
const maybeNumber = z.nullable(z.number());

/** A dataset run (Evaluate Dataset): the table per aspect and every item with its scores. */
const datasetSchema = z.object({
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
  items: z.array(
    z.object({
      key: z.string(),
      id: z.string(),
      system: z.optional(z.string()),
      scores: z.record(z.string(), z.number()),
      failed: z.boolean(),
      findings: z.number(),
    }),
  ),
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
const comparisonSchema = z.object({
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
const ratingAgreementSchema = z.object({
  aspect: z.string(),
  judge: z.string(),
  n: z.number(),
  alphaInterval: estimateSchema,
  kappa: estimateSchema,
  spearman: estimateSchema,
  meanAbsoluteDifference: estimateSchema,
});

/** Audit Judge: per probe × aspect the paired difference changed − original and its verdict; an example change per probe. */
const auditSchema = z.object({
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
  cells: z.array(
    z.object({
      probe: z.string(),
      aspect: z.string(),
      n: z.number(),
      difference: maybeNumber,
      low: maybeNumber,
      high: maybeNumber,
      pValue: maybeNumber,
      pHolm: maybeNumber,
      /** The fewest pairs with which the cell could reach significance after Holm. */
      needed: z.number(),
      /** The smallest change its pairs could tell from 0 at Holm's level (null: none, too few pairs). */
      detectable: maybeNumber,
      verdict: z.enum(['ok', 'violated', 'too-few-pairs', 'none']),
    }),
  ),
  probes: z.array(
    z.object({
      probe: z.string(),
      change: z.string(),
      fair: z.string(),
      violatedMeans: z.string(),
      pairs: z.number(),
      skipped: z.number(),
      violated: z.boolean(),
      verdict: z.enum(['violated', 'fair', 'too-few-pairs', 'not-audited']),
      /** Why the probe was not audited. */
      notAudited: z.optional(z.string()),
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
export type PanelResult = z.infer<typeof resultSchema>;
export type PanelSourceShown = z.infer<typeof sourceShownSchema>;
export type PanelAgreement = z.infer<typeof agreementSchema>;
export type PanelMeasurements = NonNullable<PanelModel['measurements']>;

/** Extension → webview. */
export const toWebviewSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('model'), model: panelModelSchema }),
  z.object({ type: z.literal('progress'), progress: progressSchema }),
]);
export type ToWebview = z.infer<typeof toWebviewSchema>;

/** Webview → extension. */
export const fromWebviewSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('ready') }),
  z.object({ type: z.literal('revealEntity'), entityId: z.string().check(z.maxLength(200)) }),
  z.object({ type: z.literal('export'), format: z.enum(['json', 'markdown']) }),
  /** A dataset item clicked: open its summary and source side by side. */
  z.object({ type: z.literal('openItem'), key: z.string().check(z.maxLength(2000)) }),
  /** A view tab clicked: the extension's model keeps it, so a later update does not switch back. */
  z.object({ type: z.literal('showView'), view: z.enum(['summary', 'dataset', 'comparison', 'audit']) }),
  /** "Your score" clicked on an aspect of the shown summary. */
  z.object({ type: z.literal('rate'), aspect: z.string().check(z.maxLength(100)), score: z.number().check(z.gte(-100), z.lte(100)) }),
  /** "Show the excerpts the judge saw": highlight them on the source (those of one aspect when they differ by aspect), scrolled to excerpt `at` or the next. */
  z.object({ type: z.literal('showExcerpts'), aspect: z.optional(z.string().check(z.maxLength(100))), at: z.optional(z.int().check(z.minimum(0))) }),
  z.object({ type: z.literal('clearExcerpts') }),
]);
export type FromWebview = z.infer<typeof fromWebviewSchema>;
