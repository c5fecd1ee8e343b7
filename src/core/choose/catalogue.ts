/**
 * The aspects the judge chooses from (the list of 20 in Tanaka's thesis, prompts/choose/catalogue.md):
 * one "- name: what it means" line each. A workspace overrides the file to change the list;
 * every problem names the file and line.
 */
import * as z from 'zod';
import * as path from 'node:path';
import { builtinPromptsDir, resolveTemplate } from '../prompts/resolveTemplate';
import { TemplateError } from '../prompts/templateError';

export interface CatalogueAspect {
  name: string;
  description: string;
}

export interface Catalogue {
  aspects: CatalogueAspect[];
  filePath: string;
  origin: 'builtin' | 'override';
}

const CATALOGUE_LINE = /^-\s*([^:]+?)\s*:\s*(.+?)\s*$/;
const aspectName = z.string().regex(/^[a-z](?:[a-z ]*[a-z])?$/, 'an aspect name is lower-case words');

export function loadCatalogue(overrideDir: string | undefined): Catalogue {
  const template = resolveTemplate('choose/catalogue', { overrideDir });
  const aspects: CatalogueAspect[] = [];
  template.body.split('\n').forEach((raw, offset) => {
    const line = raw.trim();
    if (line === '') return;
    const fileLine = template.bodyStartLine + offset;
    const match = CATALOGUE_LINE.exec(line);
    if (!match) throw new TemplateError(template.filePath, fileLine, 'a catalogue line is "- name: what the aspect means"');
    const name = aspectName.safeParse(match[1].toLowerCase());
    if (!name.success) throw new TemplateError(template.filePath, fileLine, `${JSON.stringify(match[1])}: ${name.error.issues[0].message}`);
    if (aspects.some((a) => a.name === name.data)) throw new TemplateError(template.filePath, fileLine, `"${name.data}" is listed twice`);
    aspects.push({ name: name.data, description: match[2] });
  });
  if (aspects.length === 0) throw new TemplateError(template.filePath, template.bodyStartLine, 'the catalogue lists no aspect');
  const origin = path.dirname(path.dirname(template.filePath)) === builtinPromptsDir() ? 'builtin' : 'override';
  return { aspects, filePath: template.filePath, origin };
}

/** The names as the thesis's question lists them: ["coherence", "consistency", …]. */
export function catalogueList(catalogue: Catalogue): string {
  return `[${catalogue.aspects.map((a) => JSON.stringify(a.name)).join(', ')}]`;
}

/** The names with what they mean, for the fsv2 reason prompt. */
export function catalogueDescriptions(catalogue: Catalogue): string {
  return catalogue.aspects.map((a) => `- ${a.name}: ${a.description}`).join('\n');
}
