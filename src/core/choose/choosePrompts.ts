/**
 * The aspect-choice prompts filled in: the question of Tanaka's thesis for the task, the one-request
 * answer form, the reason prompt with its few-shot examples, and the form that scores a
 * reason. All are templates in prompts/choose/ a workspace can override.
 */
import { SumLensError } from '../errors';
import { missingInput, templateVars, type AspectInput } from '../geval/inputVariables';
import type { AspectTask } from '../prompts/template';
import { renderTemplate } from '../prompts/renderTemplate';
import { resolveTemplate } from '../prompts/resolveTemplate';
import type { TemplateVars } from '../prompts/placeholders';
import { withReasonLanguage } from '../prompts/reasonLanguage';
import type { ReasonExamples } from '../result';
import { catalogueDescriptions, catalogueList, type Catalogue } from './catalogue';

export interface ChoosePrompts {
  question: string;
  /** The question and the answer form: the one-request method. */
  answer(): string;
  /** The question with the few-shot examples: asks for a reason. */
  reason(examples: ReasonExamples): string;
  /** The question and a reason: asks for the scores that follow from it. */
  conditioned(reason: string): string;
}

/** The template filled in; a placeholder the input leaves without a value is exit 8, naming what to give. */
function renderChecked(id: string, vars: TemplateVars, task: AspectTask, overrideDir: string | undefined): string {
  const template = resolveTemplate(id, { overrideDir });
  const missing = missingInput(template, vars, task);
  if (missing) throw new SumLensError('bad-input', missing);
  return renderTemplate(template, vars);
}

export interface ChoosePromptOptions {
  overrideDir?: string;
  fenced?: boolean;
  /** The line before the source when it is shown as excerpts (geval/fitSource.ts). */
  sourceHead?: string;
  /** The reasons written in this language (prompts/reasonLanguage.ts). */
  reasonLanguage?: string;
}

export function choosePrompts(input: AspectInput, catalogue: Catalogue, options: ChoosePromptOptions): ChoosePrompts {
  const kind = input.task === 'dialogue' ? 'dialogue' : 'summarization';
  const render = (id: string, vars: TemplateVars) => renderChecked(id, vars, input.task, options.overrideDir);
  const vars = templateVars(input, { fenced: options.fenced, sourceHead: options.sourceHead });
  const question = render(`choose/question-${kind}`, { ...vars, aspects: catalogueList(catalogue) });
  return {
    question,
    answer: () => render('choose/answer', { question }),
    reason: (examples) => {
      const shots = resolveTemplate(`choose/examples-${examples}-${kind}`, { overrideDir: options.overrideDir }).body.trim();
      return withReasonLanguage(
        render(`choose/reason-${examples}`, { question, examples: shots, aspects: catalogueDescriptions(catalogue) }),
        options.reasonLanguage,
      );
    },
    conditioned: (reason) => render('choose/conditioned', { question, reason }),
  };
}
