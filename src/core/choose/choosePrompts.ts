/**
 * The aspect-choice prompts filled in: seed 002's question for the task, the one-request
 * answer form, the reason prompt with its few-shot examples, and the form that scores a
 * reason. All are templates in prompts/choose/ a workspace can override.
 */
import { SumLensError } from '../errors';
import { templateVars, type AspectInput } from '../geval/inputVariables';
import { renderTemplate } from '../prompts/renderTemplate';
import { resolveTemplate } from '../prompts/resolveTemplate';
import type { TemplateVars } from '../prompts/placeholders';
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

function render(id: string, vars: TemplateVars, overrideDir: string | undefined): string {
  const template = resolveTemplate(id, { overrideDir });
  const missing = template.placeholders.filter((name) => vars[name] === undefined);
  if (missing.length > 0) {
    const hint = missing.includes('fact') ? ': give the knowledge fact as the reference' : '';
    throw new SumLensError('bad-input', `${template.id} needs ${missing.map((n) => `{{${n}}}`).join(', ')}${hint} (${template.filePath})`);
  }
  return renderTemplate(template, vars);
}

export function choosePrompts(input: AspectInput, catalogue: Catalogue, options: { overrideDir?: string; fenced?: boolean }): ChoosePrompts {
  const kind = input.task === 'dialogue' ? 'dialogue' : 'summarization';
  const question = render(`choose/question-${kind}`, { ...templateVars(input, { fenced: options.fenced }), aspects: catalogueList(catalogue) }, options.overrideDir);
  return {
    question,
    answer: () => render('choose/answer', { question }, options.overrideDir),
    reason: (examples) => {
      const shots = resolveTemplate(`choose/examples-${examples}-${kind}`, { overrideDir: options.overrideDir }).body.trim();
      return render(`choose/reason-${examples}`, { question, examples: shots, aspects: catalogueDescriptions(catalogue) }, options.overrideDir);
    },
    conditioned: (reason) => render('choose/conditioned', { question, reason }, options.overrideDir),
  };
}
