/**
 * A template with scored examples: the rated items chosen as corrections, written into the
 * Evaluation Criteria section (after the criteria, before the steps), each with the people's
 * score. Texts are quoted line by line ("> ") so that nothing in them reads as a section
 * heading, and "{{" is broken up so that nothing reads as a placeholder. The sources come
 * as the judge's context allows them (exampleSources.ts), with a note when one is shortened.
 */
import { SumLensError } from '../errors';
import type { ScoredItem } from './exampleChoice';

export interface TemplateExample extends ScoredItem {
  source: string;
  summary: string;
}

const NEXT_SECTION = /^##\s+(evaluation steps|input)\s*$/im;

export function withExamples(templateText: string, examples: readonly TemplateExample[], sourcesNote?: string): string {
  if (examples.length === 0) return templateText;
  const at = NEXT_SECTION.exec(templateText);
  if (!at) throw new SumLensError('template', 'an aspect template without an Evaluation Steps or Input section');
  const block = [
    '### Examples scored by our raters',
    '',
    `Summaries of other documents, each with the score our raters gave it. Use them to see how the scale is meant; judge the summary below on its own.${sourcesNote ? ` ${sourcesNote}` : ''}`,
    '',
    ...examples.flatMap((example, i) => [
      `Example ${i + 1}: score ${formatScore(example.human)}`,
      '',
      'Source:',
      quoteText(example.source),
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
