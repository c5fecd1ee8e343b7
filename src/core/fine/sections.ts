/**
 * The sections of a note, for alignment. A heading is a line that is:
 * - a Markdown heading ("## Medications"), or a line that is only bold text ("**Plan**");
 * - a short label ending in a colon with nothing after it ("Chief complaint:");
 * - a short line in capitals ("ASSESSMENT AND PLAN").
 * A note without any heading is one section, WHOLE_NOTE (alignment then measures
 * extraneous information rather than placement).
 */
import type { Span } from '../result';

export const WHOLE_NOTE = 'Whole note';

export interface Section extends Span {
  name: string;
  /** The heading line itself ({start,end} covers heading and content). */
  headingEnd: number;
}

const MAX_HEADING_LENGTH = 60;

export function headingName(line: string): string | null {
  const trimmed = line.trim();
  if (trimmed === '' || trimmed.length > MAX_HEADING_LENGTH + 8) return null;
  const markdown = /^#{1,6}\s+(.+?)\s*#*$/.exec(trimmed);
  if (markdown) return markdown[1].replace(/:$/, '').trim();
  const bold = /^(?:\*\*|__)(.+?)(?:\*\*|__):?$/.exec(trimmed);
  if (bold) return bold[1].replace(/:$/, '').trim();
  const label = /^([\p{L}][\p{L}\p{N} ,&/()'-]{0,58}):$/u.exec(trimmed);
  if (label) return label[1].trim();
  if (trimmed.length >= 3 && trimmed.length <= MAX_HEADING_LENGTH && /^[\p{Lu}][\p{Lu}\p{N} ,&/()'-]*$/u.test(trimmed) && /\p{Lu}{3}/u.test(trimmed)) {
    return trimmed;
  }
  return null;
}

/** Lines of a text with their offsets (any of \r\n, \n, \r ends a line). */
export function lines(text: string): { text: string; start: number; end: number }[] {
  const result: { text: string; start: number; end: number }[] = [];
  const pattern = /[^\r\n]*(?:\r\n|\n|\r|$)/g;
  for (let m = pattern.exec(text); m && m[0] !== ''; m = pattern.exec(text)) {
    const content = m[0].replace(/[\r\n]+$/, '');
    result.push({ text: content, start: m.index, end: m.index + content.length });
  }
  return result;
}

export function findSections(text: string): Section[] {
  const headings = lines(text)
    .map((line) => ({ line, name: headingName(line.text) }))
    .filter((h): h is { line: (typeof h)['line']; name: string } => h.name !== null);
  if (headings.length === 0) return [{ name: WHOLE_NOTE, start: 0, end: text.length, headingEnd: 0 }];
  const sections: Section[] = [];
  if (text.slice(0, headings[0].line.start).trim() !== '') {
    sections.push({ name: 'Preamble', start: 0, end: headings[0].line.start, headingEnd: 0 });
  }
  headings.forEach((h, i) => {
    const end = i + 1 < headings.length ? headings[i + 1].line.start : text.length;
    sections.push({ name: h.name, start: h.line.start, end, headingEnd: h.line.end });
  });
  return sections;
}

/** The section a position falls in (null for an unlocated entity). */
export function sectionAt(sections: Section[], offset: number | undefined): Section | null {
  if (offset === undefined) return null;
  return sections.find((s) => offset >= s.start && offset < s.end) ?? sections[sections.length - 1] ?? null;
}
