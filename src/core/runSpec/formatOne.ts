/**
 * Run files of format 1 (SumLens before the run spec) recorded the judge and a loose bag of
 * options whose names differed by front end (`maxSe` from the CLI, `maxStandardError` from the
 * editor, which left out `parse` and `topLogprobs`). Read, they become the spec they stood for:
 * an option not recorded was the engine's default, and a concurrency was never recorded.
 */
import * as z from 'zod';
import { DEFAULT_REASONS_K } from '../choose/reasonsDefault';
import { DEFAULT_MAX_STANDARD_ERROR } from '../geval/adaptiveSampling';
import { DEFAULT_TOP_LOGPROBS } from '../geval/scoreRoutes';
import { DEFAULT_CONCURRENCY } from '../methodsAndTasks';
import { DEFAULT_SAMPLES } from '../methodsAndTasks';
import { RunSpecSchema, type RunSpec } from './runSpec';

export const FormatOneSettingsSchema = z.object({
  endpoint: z.string(),
  model: z.string(),
  method: z.string(),
  task: z.string(),
  aspects: z.array(z.string()),
  samples: z.number(),
  templates: z.record(z.string(), z.string()),
  options: z.record(z.string(), z.union([z.string(), z.number(), z.boolean()])).optional(),
});

export type FormatOneSettings = z.infer<typeof FormatOneSettingsSchema>;

export function specFromFormatOne(settings: FormatOneSettings): z.ZodSafeParseResult<RunSpec> {
  const o = settings.options ?? {};
  const reasons = o.reasons === 'fsv1' || o.reasons === 'fsv2' ? o.reasons : undefined;
  // Format 1 wrote --samples' default even where reasons drew one answer each; a count of its own was asked for.
  const samples = reasons && settings.samples === DEFAULT_SAMPLES ? undefined : settings.samples;
  return RunSpecSchema.safeParse({
    judge: { endpoint: settings.endpoint, model: settings.model },
    method: settings.method,
    task: settings.task,
    aspects: settings.aspects,
    ...(samples !== undefined ? { samples } : {}),
    route: o.route ?? 'auto',
    maxSe: o.maxSe ?? o.maxStandardError ?? DEFAULT_MAX_STANDARD_ERROR,
    parse: o.parse ?? 'robust',
    topLogprobs: o.topLogprobs ?? DEFAULT_TOP_LOGPROBS,
    ...(o.preset !== undefined ? { preset: o.preset } : {}),
    fenceInputs: o.prompts === 'fenced',
    ...(o.sourceTokens !== undefined ? { sourceTokens: o.sourceTokens } : {}),
    ...(reasons ? { reasons, reasonsK: o.reasonsK ?? DEFAULT_REASONS_K } : {}),
    withTemplates: o.withTemplates === 'yes',
    ...(o.cacheSlot !== undefined ? { cacheSlot: o.cacheSlot } : {}),
    concurrency: DEFAULT_CONCURRENCY,
  });
}
