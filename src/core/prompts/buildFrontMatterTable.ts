/**
 * Makes the table of frontMatterTable.ts: every template under a prompts folder, its front
 * matter parsed by the YAML parser and keyed by the sha256 of the file. Run by the build
 * (scripts/build.mjs), never at run time.
 */
import { createHash } from 'node:crypto';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { splitTemplate } from './frontMatter';
import type { BuiltFrontMatter } from './frontMatterTable';

export function buildFrontMatterTable(promptsDir: string): Record<string, BuiltFrontMatter> {
  const table: Record<string, BuiltFrontMatter> = {};
  for (const file of fs.readdirSync(promptsDir, { recursive: true, encoding: 'utf8' })) {
    if (!file.endsWith('.md')) continue;
    const bytes = fs.readFileSync(path.join(promptsDir, file));
    const text = new TextDecoder('utf-8', { fatal: true }).decode(bytes).replace(/\r\n?/g, '\n');
    const split = splitTemplate(file, text);
    table[createHash('sha256').update(bytes).digest('hex')] = { raw: split.rawFrontMatter, keyLines: split.keyLines };
  }
  return table;
}
