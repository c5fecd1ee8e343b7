import { existsSync, readdirSync, statSync, type Stats } from 'fs';
import { join, relative, sep } from 'path';
import { SumLensError } from '../errors';
import { TEMPLATE_ID_PATTERN } from './frontMatter';
import { loadTemplate } from './loadTemplate';
import { packageRoot } from '../paths';
import type { Template } from './template';
import { TemplateError } from './templateError';

export interface ResolveOptions {
  /** A workspace directory laid out like prompts/ whose files shadow the built-in ones. */
  overrideDir?: string;
}

export interface TemplateEntry {
  id: string;
  filePath: string;
  origin: 'builtin' | 'override';
}

export function builtinPromptsDir(): string {
  return join(packageRoot(), 'prompts');
}

/** The template with this id ("summarization/coherence"): the override's copy if it has one. */
export function resolveTemplate(id: string, options: ResolveOptions = {}): Template {
  if (!TEMPLATE_ID_PATTERN.test(id)) throw new SumLensError('template', `'${id}' is not a template id (like "summarization/coherence")`);
  const candidates = [options.overrideDir, builtinPromptsDir()].filter((dir): dir is string => dir !== undefined);
  for (const dir of candidates) {
    const filePath = join(dir, `${id}.md`);
    const stats = statSync(filePath, { throwIfNoEntry: false });
    if (!stats?.isFile()) continue;
    const template = loadUnlessUnchanged(filePath, stats);
    checkTemplateId(template, id);
    return template;
  }
  throw new SumLensError('template', `no template '${id}' (looked in ${candidates.join(' and ')})`);
}

/** Loaded templates by path, reused while the file's size and modification time stay the same. */
const loaded = new Map<string, { stamp: string; template: Template }>();

function loadUnlessUnchanged(filePath: string, stats: Stats): Template {
  const stamp = `${stats.size}:${stats.mtimeMs}`;
  const known = loaded.get(filePath);
  if (known?.stamp === stamp) return known.template;
  const template = loadTemplate(filePath);
  loaded.set(filePath, { stamp, template });
  return template;
}

/** A template must sit where its id says ("summarization/coherence" in summarization/coherence.md). */
export function checkTemplateId(template: Template, id: string): void {
  if (template.id !== id) {
    throw new TemplateError(template.filePath, template.frontMatterLines.id ?? 1, `front matter id '${template.id}' does not match the file's place '${id}'`);
  }
}

/** Every template id available, the override's entries shadowing built-in ones; sorted by id. */
export function listTemplates(options: ResolveOptions = {}): TemplateEntry[] {
  const entries = new Map<string, TemplateEntry>();
  for (const entry of scan(builtinPromptsDir(), 'builtin')) entries.set(entry.id, entry);
  if (options.overrideDir) for (const entry of scan(options.overrideDir, 'override')) entries.set(entry.id, entry);
  return [...entries.values()].sort((a, b) => a.id.localeCompare(b.id));
}

function scan(root: string, origin: TemplateEntry['origin']): TemplateEntry[] {
  if (!existsSync(root)) return [];
  const found: TemplateEntry[] = [];
  const walk = (dir: string): void => {
    for (const name of readdirSync(dir)) {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) walk(path);
      else if (name.endsWith('.md')) {
        const id = relative(root, path).slice(0, -'.md'.length).split(sep).join('/');
        if (TEMPLATE_ID_PATTERN.test(id)) found.push({ id, filePath: path, origin });
      }
    }
  };
  walk(root);
  return found;
}
