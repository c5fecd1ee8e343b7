/**
 * The methods and tasks a user may name, each task's default aspects and the default number of
 * samples: the one list of each, which the engine's schemas, the CLI's choices, the editor's
 * settings and the agent tools all read. Constants only, so the front ends import them before
 * the engine is loaded at no cost.
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
