/**
 * The user-facing pages the docs tests read: the README and every page in docs/, as
 * { page, text } with the page's path relative to the package root.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { packageRoot } from '../../../src/core/paths';

export interface DocPage {
  page: string;
  text: string;
}

export function docPages(): DocPage[] {
  const pages = [
    'README.md',
    ...fs
      .readdirSync(path.join(packageRoot(), 'docs'))
      .filter((f) => f.endsWith('.md'))
      .map((f) => `docs/${f}`),
  ];
  return pages.map((page) => ({ page, text: fs.readFileSync(path.join(packageRoot(), page), 'utf8') }));
}
