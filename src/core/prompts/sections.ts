/**
 * An aspect template's body is Markdown with one `## ` heading per part, in the order of
 * G-Eval's appendix prompts: Task, Evaluation Criteria, Evaluation Steps (optional),
 * Input, Evaluation Form.
 */
import { findPlaceholders } from './placeholders';
import type { AspectSections } from './template';
import { TemplateError } from './templateError';

type SectionKey = keyof AspectSections;

/** Headings as written in templates (compared case-insensitively), in their required order. */
export const SECTION_HEADINGS: Record<SectionKey, string> = {
  task: 'Task',
  criteria: 'Evaluation Criteria',
  steps: 'Evaluation Steps',
  input: 'Input',
  form: 'Evaluation Form',
};

const ORDER: SectionKey[] = ['task', 'criteria', 'steps', 'input', 'form'];
const HEADING = /^##\s+(.+?)\s*$/;

export function parseSections(filePath: string, body: string, bodyStartLine: number): AspectSections {
  const found = new Map<SectionKey, { content: string[]; line: number }>();
  let current: { content: string[]; line: number } | undefined;
  let currentKey: SectionKey | undefined;
  let lastOrder = -1;
  body.split('\n').forEach((text, i) => {
    const line = bodyStartLine + i;
    const heading = HEADING.exec(text);
    if (!heading) {
      // Inputs go in the Input section only: the other sections are input-independent,
      // which lets generated evaluation steps be made once per template, not per input.
      const misplaced = currentKey !== 'input' ? findPlaceholders(text)[0] : undefined;
      if (misplaced) throw new TemplateError(filePath, line, `placeholder {{${misplaced.name}}} outside the '## ${SECTION_HEADINGS.input}' section`);
      if (current) current.content.push(text);
      else if (text.trim() !== '') throw new TemplateError(filePath, line, `text before the first section; start with '## ${SECTION_HEADINGS.task}'`);
      return;
    }
    const key = ORDER.find((k) => SECTION_HEADINGS[k].toLowerCase() === heading[1].toLowerCase());
    if (!key) throw new TemplateError(filePath, line, `unknown section '${heading[1]}'; sections are: ${ORDER.map((k) => SECTION_HEADINGS[k]).join(', ')}`);
    if (found.has(key)) throw new TemplateError(filePath, line, `section '${SECTION_HEADINGS[key]}' appears twice`);
    const order = ORDER.indexOf(key);
    if (order < lastOrder)
      throw new TemplateError(
        filePath,
        line,
        `section '${SECTION_HEADINGS[key]}' is out of order; the order is: ${ORDER.map((k) => SECTION_HEADINGS[k]).join(', ')}`,
      );
    lastOrder = order;
    current = { content: [], line };
    currentKey = key;
    found.set(key, current);
  });

  const contents: Partial<AspectSections> = {};
  for (const key of ORDER) {
    const section = found.get(key);
    if (!section) {
      if (key === 'steps') continue;
      throw new TemplateError(filePath, bodyStartLine, `missing section '## ${SECTION_HEADINGS[key]}'`);
    }
    const content = section.content.join('\n').trim();
    if (content === '')
      throw new TemplateError(
        filePath,
        section.line,
        `section '${SECTION_HEADINGS[key]}' is empty${key === 'steps' ? ' (remove it to have steps generated)' : ''}`,
      );
    contents[key] = content;
  }
  return contents as AspectSections;
}
