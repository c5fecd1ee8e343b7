/**
 * One summary's evaluation as the panel receives it: the aspects' scores with their
 * provenance, the fine-grained facts and findings, a jury, the aspect choice, the spread of
 * repeated runs, and the excerpts of a long source the judge was shown. Apart from the
 * messages because it is the largest payload, shared by the panel model and the views.
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
export const sourceShownSchema = z.object({
  rule: z.string(),
  reason: z.enum(['context', 'budget']),
  window: z.optional(z.object({ tokens: z.number(), detail: z.string() })),
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
  /** Mapped to your people's scale by the prompt folder's calibration: the map's file and sha256. */
  calibrated: z.optional(z.object({ score: z.number(), map: z.string(), sha256: z.string() })),
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

export type PanelResult = z.infer<typeof resultSchema>;
export type PanelSourceShown = z.infer<typeof sourceShownSchema>;
