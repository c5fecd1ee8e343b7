/**
 * Replacing a section of an aspect template's file text (the `## Evaluation Criteria` or
 * `## Evaluation Steps` part), keeping its front matter, the other sections and their order.
 * A template without a steps section gets one before its Input.
 */
import { SECTION_HEADINGS } from '../prompts/sections';
import { SumLensError } from '../errors';

type Replaceable = 'criteria' | 'steps';

export function replaceSection(templateText: string, key: Replaceable, content: string): string {
  const lines = templateText.split('\n');
  const headingAt = (name: string) => lines.findIndex((line) => new RegExp(`^##\\s+${name}\\s*$`, 'i').test(line));
  const start = headingAt(SECTION_HEADINGS[key]);
  const block = [`## ${SECTION_HEADINGS[key]}`, '', content.trim(), ''];
  if (start < 0) {
    const input = headingAt(SECTION_HEADINGS.input);
    if (key !== 'steps' || input < 0) throw new SumLensError('template', `the template has no '## ${SECTION_HEADINGS[key]}' section to revise`);
    return [...lines.slice(0, input), ...block, ...lines.slice(input)].join('\n');
  }
  const next = lines.findIndex((line, i) => i > start && /^##\s+/.test(line));
  return [...lines.slice(0, start), ...block, ...lines.slice(next < 0 ? lines.length : next)].join('\n');
}
