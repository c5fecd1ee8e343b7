/**
 * The methods and tasks a user may name, each task's default aspects, the pool rules and a
 * run's defaults (samples, concurrency): the one list of each, which the engine's schemas, the
 * CLI's choices and help, the editor's settings and the agent tools all read. Constants only,
 * so the front ends import them before the engine is loaded at no cost; the engine's other
 * defaults (standard error, top log-probabilities, reasons) are gathered in runSpec/buildSpec.ts.
 */

/** The methods that score each aspect on its own scale; `all` runs these three together. */
export const SCORING_METHODS = ['geval', 'rationale', 'fine'] as const;
/** Every method a run may name: the scoring ones, all three together, and the aspect choice. */
export const RUN_METHODS = [...SCORING_METHODS, 'all', 'choose'] as const;
export type Method = (typeof RUN_METHODS)[number];

/** What kind of output is judged; it decides the aspects and the prompts. */
export const RUN_TASKS = ['summarization', 'dialogue', 'consistency'] as const;
export type Task = (typeof RUN_TASKS)[number];

/** Each task's aspects, scored when none are named. */
export const TASK_ASPECTS: Record<Task, readonly string[]> = {
  summarization: ['coherence', 'consistency', 'fluency', 'relevance'],
  dialogue: ['naturalness', 'coherence', 'engagingness', 'groundedness'],
  consistency: ['hallucination'],
};

/** The most answers drawn per aspect on the sampling route. */
export const DEFAULT_SAMPLES = 20;

/** How a jury's scores for an aspect are pooled into one. */
export const POOL_RULES = ['mean', 'median'] as const;
export type PoolRule = (typeof POOL_RULES)[number];

/** Requests in flight at once, per judge (the CLI's --concurrency, the editor's sumlens.concurrency). */
export const DEFAULT_CONCURRENCY = 8;

/**
 * Items evaluated at once per request the session may have in flight: an item waits between
 * its calls (a reason, then its score), so twice as many items keep the session's slots busy.
 */
export const ITEMS_PER_REQUEST_SLOT = 2;
