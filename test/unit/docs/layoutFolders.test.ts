/**
 * docs/layout.md names every folder under src/, as `src/…/` in code: a folder added without
 * its line there fails, and so does a line naming a folder that is gone.
 */
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { packageRoot } from '../../../src/core/paths';

function foldersBelow(root: string, relative: string): string[] {
  return fs
    .readdirSync(path.join(root, relative), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .flatMap((entry) => {
      const folder = `${relative}/${entry.name}`;
      return [folder, ...foldersBelow(root, folder)];
    });
}

describe('docs/layout.md', () => {
  const root = packageRoot();
  const layout = fs.readFileSync(path.join(root, 'docs', 'layout.md'), 'utf8');
  const named = new Set([...layout.matchAll(/`(src(?:\/[\w.-]+)*)\/`/g)].map((m) => m[1]));

  it('names every folder under src/', () => {
    const missing = ['src', ...foldersBelow(root, 'src')].filter((folder) => !named.has(folder));
    assert.deepEqual(missing, [], `add a line for each to docs/layout.md, as \`${missing[0] ?? 'src/…'}/\` and what it holds`);
  });

  it('names no folder that is not there', () => {
    const gone = [...named].filter((folder) => !fs.existsSync(path.join(root, folder)));
    assert.deepEqual(gone, []);
  });
});
