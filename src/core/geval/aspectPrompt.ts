/**
 * The prompts sent for one aspect, built from an aspect template's sections in the order
 * of G-Eval's appendix: task, criteria, evaluation steps, input, (reason,) form.
 */
import type { TemplateVars } from '../prompts/placeholders';
import { fillTemplateText } from '../prompts/renderTemplate';
import { SECTION_HEADINGS } from '../prompts/sections';
import type { AspectTemplate } from '../prompts/template';
import { describeScale } from '../prompts/scoreScale';
import { withReasonLanguage } from '../prompts/reasonLanguage';

const REASON_HEADING = 'Evaluation Reason';
/** Tanaka's thesis keeps reasons short; ~100 words fits the 200-token budget of the reason call. */
export const REASON_WORD_LIMIT = 100;

function section(heading: string, content: string): string {
  return `## ${heading}\n\n${content.trim()}`;
}

export function aspectTitle(template: AspectTemplate): string {
  return template.aspect.charAt(0).toUpperCase() + template.aspect.slice(1);
}

function inputSection(template: AspectTemplate, vars: TemplateVars): string {
  // The loader keeps every placeholder inside the Input section, so only it needs filling.
  return section(SECTION_HEADINGS.input, fillTemplateText(template, template.sections.input, vars, template.bodyStartLine));
}

/** Auto chain-of-thought: ask for evaluation steps from the task and criteria alone (no input). */
export function stepsPrompt(template: AspectTemplate): string {
  return [
    section(SECTION_HEADINGS.task, template.sections.task),
    section(SECTION_HEADINGS.criteria, template.sections.criteria),
    section(
      SECTION_HEADINGS.steps,
      `Write the evaluation steps a careful judge should follow to rate ${template.aspect} on the scale ${describeScale(template.scale)} according to the criteria above: a numbered list of 3 to 5 short steps, the last one assigning the score. Reply with the numbered steps only.`,
    ),
  ].join('\n\n');
}

/** Rationale-first, first call: the reason for the aspect, without a score; in `reasonLanguage` when one is given (prompts/reasonLanguage.ts). */
export function reasonPrompt(template: AspectTemplate, vars: TemplateVars, steps: string, reasonLanguage?: string): string {
  return [
    section(SECTION_HEADINGS.task, template.sections.task),
    section(SECTION_HEADINGS.criteria, template.sections.criteria),
    section(SECTION_HEADINGS.steps, steps),
    inputSection(template, vars),
    section(
      REASON_HEADING,
      withReasonLanguage(
        `Write the reason for judging the ${template.aspect} of the text under evaluation, in at most ${REASON_WORD_LIMIT} words: say what in it raises or lowers its ${template.aspect} according to the criteria above, with specific points. Judge ${template.aspect} only, not other qualities. Do not give a score.`,
        reasonLanguage,
      ),
    ),
  ].join('\n\n');
}

/** The scoring prompt (G-Eval form-filling), optionally conditioned on a reason. */
export function scorePrompt(template: AspectTemplate, vars: TemplateVars, steps: string, reason?: string): string {
  return [
    section(SECTION_HEADINGS.task, template.sections.task),
    section(SECTION_HEADINGS.criteria, template.sections.criteria),
    section(SECTION_HEADINGS.steps, steps),
    inputSection(template, vars),
    ...(reason !== undefined ? [section(REASON_HEADING, reason)] : []),
    section(SECTION_HEADINGS.form, template.sections.form),
  ].join('\n\n');
}

/**
 * The scoring prompt in the layout of G-Eval's released prompts (prompts/summeval/*.txt):
 * plain headings, the input under "Example:", and the form "- Coherence:" under
 * "Evaluation Form (scores ONLY):". The wording is the template's.
 */
export function paperScorePrompt(template: AspectTemplate, vars: TemplateVars, steps: string): string {
  const input = fillTemplateText(template, template.sections.input, vars, template.bodyStartLine).trim();
  return [
    template.sections.task.trim(),
    `Evaluation Criteria:\n\n${template.sections.criteria.trim()}`,
    `Evaluation Steps:\n\n${steps.trim()}`,
    `\nExample:\n\n\n${input}`,
    `\nEvaluation Form (scores ONLY):\n\n- ${aspectTitle(template)}:`,
  ].join('\n\n');
}
