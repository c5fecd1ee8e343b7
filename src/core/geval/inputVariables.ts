/**
 * How an evaluation input fills the templates' placeholders, per task.
 *
 * summarization, consistency: document ← source, summary ← summary, reference ← reference.
 * dialogue (Topical-Chat): dialogue ← source (the conversation history), response ←
 * summary (the candidate next turn), fact ← reference (the knowledge fact the response is
 * conditioned on). Without a reference, templates that need {{fact}} (or {{reference}})
 * fail with a message saying which input to give; the other aspects still run.
 */
import { fenceInput } from '../prompts/fenceInput';
import type { TemplateVars } from '../prompts/placeholders';
import type { AspectTask, Template } from '../prompts/template';

export interface AspectInput {
  source: string;
  summary: string;
  reference?: string;
  task: AspectTask;
}

export interface VarsOptions {
  /** Every text between markers it cannot contain, marked as data (see fenceInput.ts). */
  fenced?: boolean;
  /** Who wrote the summary, stated after it ("a professional journalist"): the audit's authorship probe. */
  author?: string;
  /** A line before the source (outside its fence): says the source is shown as excerpts (fitSource.ts). */
  sourceHead?: string;
}

/** The placeholder a task's source fills: templates without it do not show the judge the source. */
export function sourcePlaceholder(task: AspectTask): 'document' | 'dialogue' {
  return task === 'dialogue' ? 'dialogue' : 'document';
}

export function templateVars(input: AspectInput, options: VarsOptions = {}): TemplateVars {
  const text = (value: string) => (options.fenced ? fenceInput(value) : value);
  const judged =
    text(input.summary) + (options.author ? `\n\n(This ${input.task === 'dialogue' ? 'response' : 'summary'} was written by ${options.author}.)` : '');
  const optional = <K extends string>(key: K, value: string | undefined) => (value !== undefined ? { [key]: text(value) } : {});
  const source = (options.sourceHead ? `${options.sourceHead}\n\n` : '') + text(input.source);
  if (input.task === 'dialogue') return { dialogue: source, response: judged, ...optional('fact', input.reference) };
  return { document: source, summary: judged, ...optional('reference', input.reference) };
}

/** Why the input of this task cannot fill the template (a placeholder without a value), or null. */
export function missingInput(template: Template, vars: TemplateVars, task: AspectTask): string | null {
  const missing = template.placeholders.filter((name) => vars[name] === undefined);
  if (missing.length === 0) return null;
  const what = missing.map((name) => `{{${name}}}`).join(', ');
  const hint = task === 'dialogue' && missing.includes('fact') ? 'the knowledge fact, given as the reference' : 'the reference';
  return `${template.id} needs ${what}: give ${hint} (${template.filePath})`;
}
