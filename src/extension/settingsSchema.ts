/**
 * The `sumlens.*` settings as a validated snapshot; an invalid value falls back to its
 * default. Apart from settings.ts (which reads them from VS Code) so that what the settings
 * mean can be checked without VS Code (the dataset run's spec: datasets/datasetRunSpec.ts).
 * Defaults shared with the CLI come from the engine's run defaults.
 */
// zod/mini: the same checks as zod in a fraction of the extension's bundle.
import * as z from 'zod/mini';
import { DEFAULT_REASONS_K } from '../core/choose/reasonsDefault';
import { DEFAULT_CONCURRENCY } from '../core/methodsAndTasks';
import { DEFAULT_SAMPLES, RUN_METHODS, RUN_TASKS } from '../core/methodsAndTasks';

export const settingsSchema = z.object({
  provider: z.catch(z.enum(['openai-compatible', 'vscode-lm']), 'openai-compatible'),
  model: z.catch(z.string(), ''),
  task: z.catch(z.enum(RUN_TASKS), 'summarization'),
  aspects: z.catch(z.array(z.string().check(z.minLength(1))), []),
  method: z.catch(z.enum(RUN_METHODS), 'all'),
  samples: z.catch(z.int().check(z.minimum(1), z.maximum(100)), DEFAULT_SAMPLES),
  /** Method choose: reasons written first from these few-shot examples (Tanaka's fsv1 or fsv2), or none. */
  reasons: z.catch(z.enum(['none', 'fsv1', 'fsv2']), 'none'),
  reasonsK: z.catch(z.int().check(z.minimum(1), z.maximum(100)), DEFAULT_REASONS_K),
  /** Method choose: also score the chosen aspects that have a template with it, to show both. */
  chooseWithTemplates: z.catch(z.boolean(), true),
  concurrency: z.catch(z.int().check(z.minimum(1), z.maximum(64)), DEFAULT_CONCURRENCY),
  route: z.catch(z.enum(['auto', 'logprobs', 'sampling']), 'auto'),
  /** Sampling route: stop once the standard error of the mean is below this share of the scale (0 draws all). */
  maxStandardError: z.catch(z.optional(z.number().check(z.minimum(0), z.maximum(1))), undefined),
  /** Tokens of room for a thinking model's reasoning; undefined: the engine's default. */
  reasoningBudget: z.catch(z.optional(z.int().check(z.minimum(1), z.maximum(200_000))), undefined),
  /** The judge's context window the user set (as --context-tokens); undefined: learned from the server. Harmless untrusted: it only bounds the prompt. */
  contextTokens: z.catch(z.optional(z.int().check(z.minimum(256))), undefined),
  /** Tokens of the source the judge is shown at most; a longer source is shown as excerpts. Undefined: as much as the context holds. */
  sourceTokens: z.catch(z.optional(z.int().check(z.minimum(1), z.maximum(10_000_000))), undefined),
  /** Reasons and explanations in this language (as --reason-language); settings.ts falls back to VS Code's display language. */
  reasonLanguage: z.catch(z.optional(z.string()), undefined),
  /** The spending limit of a run in US dollars at list prices (as --max-cost); undefined: none. */
  maxCost: z.catch(z.optional(z.number().check(z.positive())), undefined),
  /** Independent evaluations per run; above 1 the result carries the spread over them. */
  repeat: z.catch(z.int().check(z.minimum(1), z.maximum(20)), 1),
  passThreshold: z.catch(z.optional(z.number()), undefined),
  /** A jury (two judges or more); an invalid list is no jury, never a partial one. */
  judges: z.catch(
    z.array(
      z.object({
        name: z.string().check(z.regex(/^[A-Za-z0-9][A-Za-z0-9_.-]*$/)),
        baseUrl: z.string().check(z.minLength(1)),
        model: z.string().check(z.minLength(1)),
        route: z.optional(z.enum(['auto', 'logprobs', 'sampling'])),
        samples: z.optional(z.int().check(z.minimum(1), z.maximum(100))),
      }),
    ),
    [],
  ),
});

export type Settings = z.infer<typeof settingsSchema>;
