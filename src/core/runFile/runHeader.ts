/**
 * The first line of every run file SumLens writes: which tool made it from which data, and
 * the run spec (runSpec/runSpec.ts) with the hashes of its templates. A resumed run must use the same settings (else its records would mix
 * two judges); `compare` reads headers to refuse runs that differ; and a file without this
 * header is not ours, so SumLens never writes into it.
 */
import * as z from 'zod';
import { packageVersion } from '../paths';
import { listTemplates, resolveTemplate } from '../prompts';
import type { Method, Task } from '../result';
import { specFromFormatOne, FormatOneSettingsSchema } from '../runSpec/formatOne';
import { RunSpecSchema, type RunSpec } from '../runSpec/runSpec';

/**
 * What the whole run file spent: its records' `spend` added up (run/runSpend.ts), written into
 * the header when a run ends (finished, stopped at its limit, cancelled or failed), so a resumed
 * run's header covers every record, earlier invocations' too. Not a setting: `compare` and a
 * resume ignore it.
 */
export const RunSpendSchema = z.object({
  /** USD at list prices; absent when a record that spent had no price (a model not in the table). */
  usd: z.number().nonnegative().optional(),
  promptTokens: z.number().int().nonnegative(),
  completionTokens: z.number().int().nonnegative(),
  requests: z.number().int().nonnegative(),
  /** The dates of the price tables the records were priced with. */
  prices: z.array(z.string()),
  /** Some records were priced at the Batch API's price. */
  batch: z.boolean(),
});

const HeaderFields = {
  sumlens: z.literal('run'),
  tool: z.string(),
  /** `bench`, `eval --data`, `Evaluate Dataset (VS Code)`… */
  command: z.string(),
  /** The data file the items came from. */
  data: z.string(),
  created: z.string(),
  /** Absent in files written before it was kept, and until a run's first end. */
  spend: RunSpendSchema.optional(),
};

/** Format 2: the run spec as it is, and the hash of every template the run can use. */
export const RunHeaderSchema = z.object({
  ...HeaderFields,
  format: z.literal(2),
  spec: RunSpecSchema,
  /** Template id → content hash. */
  templates: z.record(z.string(), z.string()),
});

export type RunHeader = z.infer<typeof RunHeaderSchema>;

/** Format 1, read as the format-2 header it stands for. */
const FormatOneHeaderSchema = z
  .object({ ...HeaderFields, format: z.literal(1), settings: FormatOneSettingsSchema })
  .transform(({ format: _format, settings, ...fields }, ctx): RunHeader => {
    const spec = specFromFormatOne(settings);
    if (!spec.success) {
      ctx.issues.push({ code: 'custom', message: `format-1 settings that are no run: ${z.prettifyError(spec.error)}`, input: settings });
      return z.NEVER;
    }
    return { ...fields, format: 2, spec: spec.data, templates: settings.templates };
  });

/** A header line of either format, as format 2. */
export function parseRunHeader(json: unknown): z.ZodSafeParseResult<RunHeader> {
  return (json as { format?: unknown }).format === 1 ? FormatOneHeaderSchema.safeParse(json) : RunHeaderSchema.safeParse(json);
}

/** Whether a parsed JSON line is a run header (the first line of a file SumLens wrote). */
export function isRunHeader(json: unknown): boolean {
  return typeof json === 'object' && json !== null && (json as { sumlens?: unknown }).sumlens === 'run';
}

/** Hashes of the templates a run with this method, task and aspects reads. */
export function templateHashes(method: Method, task: Task, aspects: readonly string[], overrideDir?: string): Record<string, string> {
  const ids: string[] = [];
  const family = (prefix: string) =>
    listTemplates({ overrideDir })
      .filter((t) => t.id.startsWith(prefix))
      .map((t) => t.id);
  // The aspect choice reads its own prompts: the question, the catalogue, the examples.
  if (method === 'choose') ids.push(...family('choose/'));
  else if (method !== 'fine') ids.push(...aspects.map((a) => `${task}/${a}`));
  if (method === 'fine' || method === 'all') {
    ids.push(...family('fine/'));
  }
  return Object.fromEntries(ids.sort().map((id) => [id, resolveTemplate(id, { overrideDir }).hash]));
}

/** The header of a new run file: the spec as it is, with the hashes of the templates it reads. */
export function runHeader(command: string, data: string, spec: RunSpec): RunHeader {
  const templates = templateHashes(spec.method, spec.task, spec.aspects, spec.prompts);
  return { sumlens: 'run', format: 2, tool: packageVersion(), command, data, created: new Date().toISOString(), spec, templates };
}
