/**
 * A template file is YAML front matter between two `---` lines, then a Markdown body.
 * This file splits the two, parses the YAML and validates it with zod, turning every
 * problem into a TemplateError that points at the offending line.
 */
import type { Document } from 'yaml';
import { yaml } from '../yaml';
import { builtFrontMatter } from './frontMatterTable';
import * as z from 'zod';
import { RUN_TASKS } from '../methodsAndTasks';
import { PLACEHOLDER_NAMES } from './placeholders';
import { lineAt, TemplateError } from './templateError';

export const TEMPLATE_ID_PATTERN = /^[a-z0-9][a-z0-9_-]*(?:\/[a-z0-9][a-z0-9_-]*)+$/;

const placeholderList = z.array(z.enum(PLACEHOLDER_NAMES)).refine((names) => new Set(names).size === names.length, 'placeholders are listed twice');

/** Scales are small integer ranges; the logprob route reads one token per value. */
const MAX_SCALE_VALUE = 100;

const aspectFrontMatter = z
  .strictObject({
    id: z.string().regex(TEMPLATE_ID_PATTERN, 'id must look like "<task>/<name>" (lower case)'),
    task: z.enum(RUN_TASKS),
    aspect: z.string().regex(/^[a-z][a-z0-9_-]*$/, 'aspect must be a lower-case word'),
    scale: z.tuple([z.int().min(0), z.int().max(MAX_SCALE_VALUE)]).refine(([min, max]) => min < max, 'scale must be [min, max] with min < max'),
    /** Answer words and their values, e.g. { yes: 1, no: 0 }. */
    labels: z.record(z.string().regex(/^[A-Za-z]+$/, 'a label is one word'), z.int()).optional(),
    placeholders: placeholderList,
    description: z.string().optional(),
  })
  .superRefine((value, ctx) => {
    const [min, max] = value.scale;
    for (const [label, labelValue] of Object.entries(value.labels ?? {})) {
      if (labelValue < min || labelValue > max) {
        ctx.addIssue({ code: 'custom', path: ['labels', label], message: `label value ${labelValue} is outside the scale [${min}, ${max}]` });
      }
    }
  });

const fineFrontMatter = z.looseObject({
  id: z.string().regex(TEMPLATE_ID_PATTERN, 'id must look like "<task>/<name>" (lower case)'),
  task: z.literal('fine'),
  placeholders: placeholderList,
  description: z.string().optional(),
});

const chooseFrontMatter = fineFrontMatter.extend({ task: z.literal('choose') });
const alignFrontMatter = fineFrontMatter.extend({ task: z.literal('align') });
const pairwiseFrontMatter = fineFrontMatter.extend({ task: z.literal('pairwise') });

const frontMatterSchema = z.discriminatedUnion('task', [aspectFrontMatter, fineFrontMatter, chooseFrontMatter, alignFrontMatter, pairwiseFrontMatter]);
export type FrontMatter = z.infer<typeof frontMatterSchema>;

export interface SplitTemplate {
  frontMatter: FrontMatter;
  /** The parsed YAML, for finding the line of a key. */
  rawFrontMatter: Record<string, unknown>;
  body: string;
  bodyStartLine: number;
  /** File line of each top-level front-matter key. */
  keyLines: Record<string, number>;
}

/**
 * `text` must already have "\n" line ends; `hash` is the sha256 of the file's bytes, which finds
 * a built-in template's front matter parsed at build time.
 */
export function splitTemplate(filePath: string, text: string, hash?: string): SplitTemplate {
  const lines = text.split('\n');
  if (lines[0].trim() !== '---') throw new TemplateError(filePath, 1, "a template starts with YAML front matter: a '---' line first");
  const closing = lines.findIndex((line, i) => i > 0 && line.trim() === '---');
  if (closing < 0) throw new TemplateError(filePath, 1, "the front matter is not closed by a '---' line");
  const yamlText = lines.slice(1, closing).join('\n');
  // Front matter line k (1-based) is file line k + 1, after the opening '---'.
  const fileLine = (offset: number): number => lineAt(yamlText, offset) + 1;

  const built = hash === undefined ? undefined : builtFrontMatter(hash);
  if (built) {
    const parsed = frontMatterSchema.safeParse(built.raw);
    // What the build parsed passed this check then; a table from another version that fails it is not trusted.
    if (parsed.success)
      return {
        frontMatter: parsed.data,
        rawFrontMatter: built.raw,
        body: lines.slice(closing + 1).join('\n'),
        bodyStartLine: closing + 2,
        keyLines: built.keyLines,
      };
  }

  const document = yaml().parseDocument(yamlText, { prettyErrors: false });
  const yamlError = document.errors[0];
  if (yamlError) throw new TemplateError(filePath, fileLine(yamlError.pos[0]), `bad YAML: ${firstLine(yamlError.message)}`);
  const raw: unknown = document.toJS();
  if (raw === null || typeof raw !== 'object' || Array.isArray(raw)) {
    throw new TemplateError(filePath, 2, 'the front matter must be a YAML mapping (key: value lines)');
  }

  const parsed = frontMatterSchema.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const path = issue.code === 'unrecognized_keys' ? [issue.keys[0]] : issue.path;
    const where = path.length > 0 ? ` (${path.join('.')})` : '';
    const message = issue.code === 'unrecognized_keys' ? `unknown front matter key '${issue.keys[0]}'` : `${issue.message}${where}`;
    throw new TemplateError(filePath, nodeLine(document, path, fileLine), message);
  }
  return {
    frontMatter: parsed.data,
    rawFrontMatter: raw as Record<string, unknown>,
    body: lines.slice(closing + 1).join('\n'),
    bodyStartLine: closing + 2,
    keyLines: topLevelKeyLines(document, fileLine),
  };
}

/** The line of the deepest existing node along `path` (the key itself when its value is missing). */
function nodeLine(document: Document, path: readonly PropertyKey[], fileLine: (offset: number) => number): number {
  const { isMap, isNode, isScalar } = yaml();
  for (let depth = path.length; depth > 0; depth--) {
    const parentPath = path.slice(0, depth - 1);
    const parent = parentPath.length === 0 ? document.contents : document.getIn(parentPath, true);
    const node = document.getIn(path.slice(0, depth), true);
    if (isNode(node) && node.range) return fileLine(node.range[0]);
    if (isMap(parent)) {
      const pair = parent.items.find((item) => isScalar(item.key) && item.key.value === path[depth - 1]);
      if (pair && isScalar(pair.key) && pair.key.range) return fileLine(pair.key.range[0]);
    }
  }
  return 1;
}

function topLevelKeyLines(document: Document, fileLine: (offset: number) => number): Record<string, number> {
  const { isMap, isScalar } = yaml();
  const lines: Record<string, number> = {};
  if (!isMap(document.contents)) return lines;
  for (const { key } of document.contents.items) {
    if (isScalar(key) && key.range) lines[String(key.value)] = fileLine(key.range[0]);
  }
  return lines;
}

function firstLine(text: string): string {
  return text.split('\n')[0];
}
