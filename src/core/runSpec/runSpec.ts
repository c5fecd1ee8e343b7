/**
 * What a run is, as one value: the judge, the method, the task and its aspects, and every
 * option that changes the scores (route, samples, parse rule, top log-probabilities, standard
 * error bound, preset, fenced prompts, source budget, the aspect choice's reasons), with the
 * templates folder and the concurrency it runs with. Both front ends map their inputs to it
 * (src/cli/runSpecFromFlags.ts, src/extension/datasets/datasetRunSpec.ts), buildSpec.ts fills
 * the defaults, and a run file's header stores it as it is (runFile/runHeader.ts). A jury is a
 * list of specs that differ only in the judge (jury/jurySpecs.ts).
 */
import * as z from 'zod';
import { RUN_METHODS, RUN_TASKS } from '../methodsAndTasks';

export const JudgeSchema = z.object({
  /** A jury's name for the judge; a judge alone has none. */
  name: z.string().optional(),
  /** The base URL, without a trailing slash and without credentials. */
  endpoint: z.string(),
  model: z.string(),
});

export const RunSpecSchema = z.object({
  judge: JudgeSchema,
  method: z.enum(RUN_METHODS),
  task: z.enum(RUN_TASKS),
  /** The aspects asked for (the task's own when none were named). */
  aspects: z.array(z.string()),
  /** Sampling route: the most answers per aspect. Absent: the method's own count (one answer per reason with reasons). */
  samples: z.int().min(1).optional(),
  route: z.enum(['auto', 'logprobs', 'sampling']),
  /** Sampling route: stop once the standard error of the mean is below this share of the scale (0 draws all). */
  maxSe: z.number().min(0),
  parse: z.enum(['robust', 'geval']),
  topLogprobs: z.int().min(1),
  preset: z.enum(['geval-paper']).optional(),
  fenceInputs: z.boolean(),
  /** Show the judge at most this many tokens of the source. */
  sourceTokens: z.int().min(1).optional(),
  /** The aspect choice: reasons first from these few-shot examples, and how many. */
  reasons: z.enum(['fsv1', 'fsv2']).optional(),
  reasonsK: z.int().min(1).optional(),
  /** Reasons, rationales and finding explanations asked in this language (a BCP 47 tag; absent: English). */
  reasonLanguage: z.string().optional(),
  /** The aspect choice: also score each chosen aspect that has a template with it. */
  withTemplates: z.boolean(),
  /** `bench --repeat`: the answer-cache slot of run k (absent for the first run). */
  cacheSlot: z.int().min(1).optional(),
  /** A folder of templates overriding the built-in ones; the header's template hashes are what it changed. */
  prompts: z.string().optional(),
  concurrency: z.int().min(1),
});

export type RunJudge = z.infer<typeof JudgeSchema>;
export type RunSpec = z.infer<typeof RunSpecSchema>;

/** Fields that say how a run was made, not what it measures: a resume or a comparison ignores them. */
export const EXECUTION_FIELDS: ReadonlySet<string> = new Set(['concurrency', 'prompts']);
