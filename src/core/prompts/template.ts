import type { ScoreScale } from './scoreScale';
import type { PlaceholderName } from './placeholders';
import type { Task } from '../methodsAndTasks';

/** Tasks whose templates score one aspect on a scale (G-Eval and rationale-first): every task a run may name. */
export type AspectTask = Task;
/** The engine's own free-form prompts (no scale, no sections): fine-grained, aspect choice, alignment, pairwise comparison. */
export const ENGINE_PROMPT_TASKS = ['fine', 'choose', 'align', 'pairwise'] as const;
export type EnginePromptTask = (typeof ENGINE_PROMPT_TASKS)[number];
export type TemplateTask = AspectTask | EnginePromptTask;

export function isEnginePromptTask(task: TemplateTask): task is EnginePromptTask {
  return (ENGINE_PROMPT_TASKS as readonly string[]).includes(task);
}

interface TemplateBase {
  /** "<task>/<name>", the path under a prompts directory without ".md". */
  id: string;
  filePath: string;
  /** sha256 of the file's bytes. */
  hash: string;
  placeholders: PlaceholderName[];
  body: string;
  /** Line of the file where the body starts, so body offsets can be reported as file lines. */
  bodyStartLine: number;
  /** The whole front matter as parsed (fine templates may carry keys of their own). */
  frontMatter: Record<string, unknown>;
  /** File line of each front-matter key, for errors about a value the loader could not judge alone. */
  frontMatterLines: Record<string, number>;
}

/**
 * The parts of an aspect template, after the structure of G-Eval's appendix prompts.
 * Contents are raw (placeholders not yet filled).
 */
export interface AspectSections {
  task: string;
  criteria: string;
  /** Absent: the engine generates them once (auto chain-of-thought). */
  steps?: string;
  input: string;
  form: string;
}

export interface AspectTemplate extends TemplateBase {
  task: AspectTask;
  aspect: string;
  scale: ScoreScale;
  sections: AspectSections;
}

export interface FineTemplate extends TemplateBase {
  task: 'fine';
}

/** The aspect-choice prompts (prompts/choose/): the question, the reason, the catalogue, the few-shot examples. */
export interface ChooseTemplate extends TemplateBase {
  task: 'choose';
}

/** The alignment's prompts (prompts/align/): the criteria rewrite. */
export interface AlignTemplate extends TemplateBase {
  task: 'align';
}

/** The pairwise comparison's questions (prompts/pairwise/): which of two summaries is better, per aspect or overall. */
export interface PairwiseTemplate extends TemplateBase {
  task: 'pairwise';
}

export type Template = AspectTemplate | FineTemplate | ChooseTemplate | AlignTemplate | PairwiseTemplate;

export function isAspectTemplate(template: Template): template is AspectTemplate {
  return !isEnginePromptTask(template.task);
}
