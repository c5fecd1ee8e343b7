/**
 * The messages between the SumLens panel and the extension, declared once and validated
 * with zod on receipt on both sides (the webview bundles this file too). Model text travels
 * inside these messages and is only ever rendered with textContent.
 */
import { z } from 'zod';

const usageSchema = z.object({
  calls: z.number(),
  promptTokens: z.number(),
  completionTokens: z.number(),
  cacheHits: z.number(),
  retries: z.number(),
});

const aspectSchema = z.object({
  name: z.string(),
  task: z.string(),
  score: z.number().nullable(),
  scale: z.tuple([z.number(), z.number()]),
  distribution: z.record(z.string(), z.number()),
  method: z.enum(['logprobs', 'sampling']),
  validMass: z.number(),
  samples: z.number().optional(),
  unparsed: z.number().optional(),
  reason: z.string().optional(),
  steps: z.string().optional(),
  stepsGenerated: z.boolean().optional(),
  template: z.string().optional(),
  error: z.string().optional(),
});

const metricSchema = z.object({ ratio: z.number(), score: z.number() }).nullable();

const voteSchema = z.object({ prompt: z.string(), answer: z.string(), explanation: z.string() });

const noteSchema = z.enum(['target', 'reference', 'source']);

const entitySchema = z.object({
  id: z.string(),
  note: noteSchema,
  text: z.string(),
  spans: z.array(z.object({ start: z.number(), end: z.number() })),
  verdict: z.string(),
  votes: z.array(voteSchema),
  metric: z.string().optional(),
  located: z.boolean().optional(),
});

const findingSchema = z.object({
  kind: z.enum(['incorrect', 'unsupported', 'partial', 'missing', 'misplaced', 'readability']),
  note: noteSchema,
  start: z.number(),
  end: z.number(),
  message: z.string(),
  entityId: z.string().optional(),
  category: z.string().optional(),
});

const fineSchema = z.object({
  completeness: metricSchema,
  correctness: metricSchema,
  alignment: metricSchema,
  readability: metricSchema,
  entities: z.array(entitySchema),
  findings: z.array(findingSchema),
  rubricSource: noteSchema.optional(),
  errors: z.array(z.string()).optional(),
});

export const resultSchema = z.object({
  aspects: z.array(aspectSchema),
  fine: fineSchema.optional(),
  usage: usageSchema,
  model: z.string(),
  endpoint: z.string(),
  method: z.string(),
  task: z.string(),
  durationMs: z.number(),
  cancelled: z.boolean().optional(),
});

const progressSchema = z.object({ done: z.number(), total: z.number(), label: z.string() });

/** Everything the panel shows; also what it keeps with setState so it survives a reload. */
export const panelModelSchema = z.object({
  result: resultSchema.nullable(),
  summaryName: z.string().optional(),
  sourceName: z.string().optional(),
  referenceName: z.string().optional(),
  running: z.boolean(),
  progress: progressSchema.optional(),
  error: z.string().optional(),
});

export type PanelModel = z.infer<typeof panelModelSchema>;
export type PanelResult = z.infer<typeof resultSchema>;

/** Extension → webview. */
export const toWebviewSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('model'), model: panelModelSchema }),
  z.object({ type: z.literal('progress'), progress: progressSchema }),
]);
export type ToWebview = z.infer<typeof toWebviewSchema>;

/** Webview → extension. */
export const fromWebviewSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('ready') }),
  z.object({ type: z.literal('revealEntity'), entityId: z.string().max(200) }),
  z.object({ type: z.literal('export'), format: z.enum(['json', 'markdown']) }),
]);
export type FromWebview = z.infer<typeof fromWebviewSchema>;
