/**
 * How a dataset run (evaluate_dataset) ended, as a tool returns it: counts, failures, the
 * spend, and the per-aspect table (mean with its 95% bootstrap interval, the worst items).
 */
import * as z from 'zod';
import { SUCCESS_EXIT_CODE, SumLensError } from '../errors';
import { mainCause, PARTIAL_EXIT_CODE, runExitCode } from '../run/outcome';
import type { RunSummary } from '../run/runItems';
import { usageOutput, usageWithCost } from './scoringArguments';

export const runOutput = z.object({
  total: z.number().describe('items in the data'),
  alreadyDone: z.number().describe('items found finished in the run file (a resumed run skips them)'),
  written: z.number(),
  failed: z.number().describe('items recorded as failed (a rerun evaluates them again)'),
  errors: z.array(z.string()),
  cancelled: z.boolean(),
  durationMs: z.number(),
  usage: usageOutput,
});

/** A 95% interval; its ends are null where nothing was scored (NaN in the engine). */
export const intervalOutput = z.object({ low: z.number().nullable(), high: z.number().nullable(), level: z.number() });

export const aspectRowOutput = z.object({
  aspect: z.string(),
  system: z.string().optional(),
  scored: z.number(),
  unscored: z.number(),
  mean: z.number().nullable(),
  interval: intervalOutput.describe('95% bootstrap interval of the mean'),
  distribution: z.record(z.string(), z.number()),
  worst: z.array(z.object({ key: z.string(), id: z.string(), score: z.number(), lineNo: z.number() })).describe('the lowest-scored items, worst first'),
});

export function runOf(summary: RunSummary, model: string): z.infer<typeof runOutput> {
  const { total, alreadyDone, written, failed, errors, cancelled, durationMs } = summary;
  return { total, alreadyDone, written, failed, errors, cancelled, durationMs, usage: usageWithCost(model, summary.usage) };
}

/**
 * A run that ended with nothing to show is an error, with the CLI's message: stopped by a
 * run-level error, or every item failed. A cancelled or partly failed run is a result.
 */
export function throwIfRunFailed(summary: RunSummary, out: string): void {
  if (summary.fatal) throw new SumLensError(summary.fatal.code, `stopped: ${summary.fatal.message}; what finished is kept in ${out}, the same call resumes`);
  const code = runExitCode(summary);
  if (code !== SUCCESS_EXIT_CODE && code !== PARTIAL_EXIT_CODE && !summary.cancelled)
    throw new SumLensError(mainCause(summary.causes), `every item failed (${mainCause(summary.causes)}): ${summary.errors[0] ?? ''}`);
}
