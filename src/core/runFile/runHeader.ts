/**
 * The first line of every run file SumLens writes: which tool, judge and settings produced
 * the records below it. A resumed run must use the same settings (else its records would mix
 * two judges); `compare` reads headers to refuse runs that differ; and a file without this
 * header is not ours, so SumLens never writes into it.
 */
import * as z from 'zod';
import { listTemplates, resolveTemplate } from '../prompts';
import type { Method, Task } from '../result';

export const RunSettingsSchema = z.object({
  endpoint: z.string(),
  model: z.string(),
  method: z.string(),
  task: z.string(),
  aspects: z.array(z.string()),
  samples: z.number(),
  /** Template id → content hash, for every template the run can use. */
  templates: z.record(z.string(), z.string()),
  /** Other settings that change scores (parse rule, top log-probabilities). */
  options: z.record(z.string(), z.union([z.string(), z.number(), z.boolean()])).optional(),
});

export const RunHeaderSchema = z.object({
  sumlens: z.literal('run'),
  format: z.literal(1),
  tool: z.string(),
  /** `bench` or `eval --data`. */
  command: z.string(),
  /** The data file the items came from. */
  data: z.string(),
  created: z.string(),
  settings: RunSettingsSchema,
});

export type RunSettings = z.infer<typeof RunSettingsSchema>;
export type RunHeader = z.infer<typeof RunHeaderSchema>;

/** Whether a parsed JSON line is a run header (the first line of a file SumLens wrote). */
export function isRunHeader(json: unknown): boolean {
  return typeof json === 'object' && json !== null && (json as { sumlens?: unknown }).sumlens === 'run';
}

/** Hashes of the templates a run with this method, task and aspects reads. */
export function templateHashes(method: Method, task: Task, aspects: readonly string[], overrideDir?: string): Record<string, string> {
  const ids: string[] = [];
  const family = (prefix: string) => listTemplates({ overrideDir }).filter((t) => t.id.startsWith(prefix)).map((t) => t.id);
  // The aspect choice reads its own prompts: the question, the catalogue, the examples.
  if (method === 'choose') ids.push(...family('choose/'));
  else if (method !== 'fine') ids.push(...aspects.map((a) => `${task}/${a}`));
  if (method === 'fine' || method === 'all') {
    ids.push(...family('fine/'));
  }
  return Object.fromEntries(ids.sort().map((id) => [id, resolveTemplate(id, { overrideDir }).hash]));
}

/** Each setting that differs, in words ("model: gpt-4o (file) vs gpt-4o-mini (now)"). */
export function settingsDifferences(file: RunSettings, now: RunSettings, labels: [string, string] = ['file', 'now']): string[] {
  const differences: string[] = [];
  const show = (value: unknown): string => (Array.isArray(value) ? value.join(',') : String(value));
  for (const key of ['endpoint', 'model', 'method', 'task', 'aspects', 'samples'] as const) {
    if (show(file[key]) !== show(now[key])) differences.push(`${key}: ${show(file[key])} (${labels[0]}) vs ${show(now[key])} (${labels[1]})`);
  }
  for (const group of ['templates', 'options'] as const) {
    const a = file[group] ?? {};
    const b = now[group] ?? {};
    for (const key of [...new Set([...Object.keys(a), ...Object.keys(b)])].sort()) {
      if (a[key] === b[key]) continue;
      if (group === 'options') differences.push(`${key}: ${show(a[key])} (${labels[0]}) vs ${show(b[key])} (${labels[1]})`);
      else if (a[key] === undefined || b[key] === undefined) differences.push(`template ${key} used only by ${labels[a[key] === undefined ? 1 : 0]}`);
      else differences.push(`template ${key} changed`);
    }
  }
  return differences;
}

/** The settings recorded for a run (and compared on resume). */
export function runSettings(options: {
  endpoint: string;
  model: string;
  method: Method;
  task: Task;
  aspects: string[];
  samples: number;
  promptOverrideDir?: string;
  options?: RunSettings['options'];
}): RunSettings {
  return {
    endpoint: options.endpoint,
    model: options.model,
    method: options.method,
    task: options.task,
    aspects: options.aspects,
    samples: options.samples,
    templates: templateHashes(options.method, options.task, options.aspects, options.promptOverrideDir),
    ...(options.options ? { options: options.options } : {}),
  };
}
