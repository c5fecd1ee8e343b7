/**
 * The arguments the judging tools share (how to judge: method, task, aspects, route, samples),
 * and the spec of a run made from them with the front end's judge. The judge itself, its
 * endpoint and key never come from here: they are the server's (ToolContext).
 */
import * as z from 'zod';
import { ROUTES } from '../geval/scoreRoutes';
import { buildSpec } from '../runSpec/buildSpec';
import type { RunSpec } from '../runSpec/runSpec';
import type { Usage } from '../llm/types';
import { estimateCost } from '../llm/pricing';
import type { ToolContext } from './tool';
import { DEFAULT_SAMPLES, RUN_METHODS, RUN_TASKS } from '../methodsAndTasks';

export const methodArgument = z
  .enum(RUN_METHODS)
  .default('geval')
  .describe(
    'geval: a probability-weighted score per aspect; rationale: a reason, then the score; fine: fact-level findings with character spans (SumAutoEval); all: the three; choose: the judge chooses the fitting aspects from a catalogue',
  );

export const scoringArguments = {
  method: methodArgument,
  task: z.enum(RUN_TASKS).default('summarization').describe('which aspects and prompt templates'),
  aspects: z.array(z.string().min(1)).min(1).optional().describe('aspects to score, e.g. ["coherence","consistency"]; default: all of the task'),
  route: z
    .enum(ROUTES)
    .default('auto')
    .describe("how scores are read: the judge's log-probabilities, sampled answers, or auto (log-probabilities where readable)"),
  samples: z.int().min(1).max(100).default(DEFAULT_SAMPLES).describe('sampling route: the most answers drawn per aspect'),
};

export type ScoringArguments = z.infer<z.ZodObject<typeof scoringArguments>>;

/**
 * The call's spending limit. The server's own limit (sumlens mcp --max-cost) stays the ceiling:
 * an agent may lower it for a call, never raise it (the server applies the smaller).
 */
export const maxCostArgument = z
  .number()
  .positive()
  .optional()
  .describe(
    "stop this call before a request that could take its spend past this many US dollars (list prices); the call fails with budget-exceeded (exit 18) and the same call with a higher limit resumes from the cache. Cannot exceed the server's --max-cost",
  );

/** The spec of a run made from the arguments with the server's judge: one summary's, or a dataset's. */
export function runSpecOf(args: ScoringArguments, context: ToolContext): RunSpec {
  return buildSpec({
    judge: { baseUrl: context.judge.baseUrl, model: context.judge.model },
    method: args.method,
    task: args.task,
    aspects: args.aspects,
    samples: args.samples,
    route: args.route,
    concurrency: context.judge.concurrency,
    ...(context.promptOverrideDir !== undefined ? { prompts: context.promptOverrideDir } : {}),
  });
}

/** Token counts and what they cost. */
export const usageOutput = z.object({
  calls: z.number(),
  cacheHits: z.number(),
  retries: z.number(),
  promptTokens: z.number(),
  completionTokens: z.number(),
  costUsd: z.number().nullable().describe("at the price table's list price; null for a model the table does not know"),
});

/** A failure in place of a score. */
export const failureOutput = z.object({ code: z.string(), message: z.string() });

export function usageWithCost(model: string, usage: Usage): z.infer<typeof usageOutput> {
  const { calls, cacheHits, retries, promptTokens, completionTokens } = usage;
  return { calls, cacheHits, retries, promptTokens, completionTokens, costUsd: estimateCost(model, usage) ?? null };
}
