/**
 * A template with scored examples: the rated items chosen as corrections, written into the
 * Evaluation Criteria section (after the criteria, before the steps), each with the people's
 * score. Texts are quoted line by line ("> ") so that nothing in them reads as a section
 * heading, and "{{" is broken up so that nothing reads as a placeholder. A source is shown by
 * its opening words only: examples must leave the context to the text being judged.
 */
import { SumLensError } from '../errors';
import type { ScoredItem } from './exampleChoice';

export interface TemplateExample extends ScoredItem {
  source: string;
  summary: string;
}

/** Words of each example's source shown in the prompt. */
export const EXAMPLE_SOURCE_WORDS = 150;

const NEXT_SECTION = /^##\s+(evaluation steps|input)\s*$/im;

export function withExamples(templateText: string, examples: readonly TemplateExample[], sourceWords = EXAMPLE_SOURCE_WORDS): string {
  if (examples.length === 0) return templateText;
  const at = NEXT_SECTION.exec(templateText);
  if (!at) throw new SumLensError('template', 'an aspect template without an Evaluation Steps or Input section');
  const block = [
    '### Examples scored by our raters',
    '',
    `Summaries of other documents, each with the score our raters gave it. Use them to see how the scale is meant; judge the summary below on its own. (Each source is shown by its first ${sourceWords} words.)`,
    '',
    ...examples.flatMap((example, i) => [
      `Example ${i + 1}: score ${formatScore(example.human)}`,
      '',
      'Source (opening):',
      quoteText(sourceOpening(example.source, sourceWords)),
      '',
      'Summary:',
      quoteText(example.summary),
      '',
    ]),
  ].join('\n');
  return `${templateText.slice(0, at.index)}${block}\n${templateText.slice(at.index)}`;
}

/** The first `words` words of a text, with an ellipsis when it goes on. */
export function sourceOpening(text: string, words: number): string {
  const all = text.trim().split(/\s+/);
  return all.length <= words ? all.join(' ') : `${all.slice(0, words).join(' ')} …`;
}

/** Quoted line by line, "{{" broken up: nothing in it reads as a heading or a placeholder. */
export function quoteText(text: string): string {
  return text
    .trim()
    .replace(/\{\{/g, '{ {')
    .split('\n')
    .map((line) => `> ${line}`)
    .join('\n');
}

function formatScore(score: number): string {
  return Number.isInteger(score) ? String(score) : score.toFixed(2).replace(/0$/, '');
}
