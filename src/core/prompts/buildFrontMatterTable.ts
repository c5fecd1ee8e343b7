/**
 * Makes the table of frontMatterTable.ts: every template under a prompts folder, its front
 * matter parsed by the YAML parser and keyed by the sha256 of the file. Run by the build
 * (scripts/build.mjs), never at run time.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { splitTemplate } from './frontMatter';
import type { BuiltFrontMatter } from './frontMatterTable';
import { readTemplateFile } from './loadTemplate';

export function buildFrontMatterTable(promptsDir: string): Record<string, BuiltFrontMatter> {
  const table: Record<string, BuiltFrontMatter> = {};
  for (const file of fs.readdirSync(promptsDir, { recursive: true, encoding: 'utf8' })) {
    if (!file.endsWith('.md')) continue;
    const { text, hash } = readTemplateFile(path.join(promptsDir, file));
    // No hash given: the YAML parser reads it, never an older table.
    const split = splitTemplate(file, text);
    table[hash] = { raw: split.rawFrontMatter, keyLines: split.keyLines };
  }
  return table;
}
