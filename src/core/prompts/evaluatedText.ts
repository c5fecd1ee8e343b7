/**
 * What a template must show the judge: the text under evaluation (the summary, or the
 * response of a dialogue) and, for the fine-grained prompts, the note or entities each one
 * works on. A template without them would be scored on text the judge never saw, so it is
 * a broken template.
 */
import type { PlaceholderName } from './placeholders';
import type { EnginePromptTask, TemplateTask } from './template';

const ASPECT_REQUIRED: Record<Exclude<TemplateTask, EnginePromptTask>, PlaceholderName[]> = {
  summarization: ['summary'],
  consistency: ['summary'],
  dialogue: ['response'],
};

/** Built-in fine-grained prompts by name (prompts/fine/<name>.md); a template of another name is free. */
const FINE_REQUIRED: [RegExp, PlaceholderName[]][] = [
  [/^fine\/(extract|rubric)$/, ['note']],
  [/^fine\/(verify|source)$/, ['note', 'entities']],
  [/^fine\/completeness-/, ['target', 'entities']],
  [/^fine\/(correctness|alignment)-/, ['entities']],
  [/^fine\/readability-/, ['target']],
];

/** The aspect-choice questions show the judge the text it evaluates; its other prompts carry the question. */
const CHOOSE_REQUIRED: [RegExp, PlaceholderName[]][] = [
  [/^choose\/question-summarization$/, ['summary', 'aspects']],
  [/^choose\/question-dialogue$/, ['response', 'aspects']],
  [/^choose\/(answer|conditioned|reason-[a-z0-9]+)$/, ['question']],
];

/** The criteria rewrite must show the model the criteria and the disagreements it revises them from. */
const ALIGN_REQUIRED: PlaceholderName[] = ['criteria', 'disagreements'];

/** A comparison must show the judge both summaries. */
const PAIRWISE_REQUIRED: PlaceholderName[] = ['first', 'second'];

export function requiredPlaceholders(task: TemplateTask, id: string): PlaceholderName[] {
  if (task === 'align') return ALIGN_REQUIRED;
  if (task === 'pairwise') return PAIRWISE_REQUIRED;
  if (task === 'choose') return CHOOSE_REQUIRED.filter(([pattern]) => pattern.test(id)).flatMap(([, names]) => names);
  if (task !== 'fine') return ASPECT_REQUIRED[task];
  return FINE_REQUIRED.filter(([pattern]) => pattern.test(id)).flatMap(([, names]) => names);
}

/** Why a template with these placeholders cannot judge anything, or null. */
export function missingEvaluatedText(task: TemplateTask, id: string, declared: readonly PlaceholderName[]): string | null {
  const missing = requiredPlaceholders(task, id).filter((name) => !declared.includes(name));
  if (missing.length === 0) return null;
  const what = missing.map((name) => `{{${name}}}`).join(' and ');
  return `the template never shows the judge ${missing.includes('summary') || missing.includes('response') ? 'the text it evaluates' : 'what it judges'}: declare and use ${what}`;
}
