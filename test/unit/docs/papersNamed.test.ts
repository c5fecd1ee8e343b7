/**
 * Papers are named by their authors and title, never by the number of a file they were read
 * from ("seed 002", "seeds/003_…"): a user cannot look a file number up. Every text file
 * shipped or read by a user is searched: src/, prompts/, docs/, README.md and package.json.
 */
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { packageRoot } from '../../../src/core/paths';

const FILE_NUMBER = /seeds?[ _-]?\/?0\d\d/gi;

function textFilesBelow(folder: string): string[] {
  return fs.readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(folder, entry.name);
    if (entry.isDirectory()) return textFilesBelow(full);
    return /\.(ts|md|json|css|html|yaml|yml)$/.test(entry.name) ? [full] : [];
  });
}

describe('papers named as papers', () => {
  it('no "seed 00N" or seeds/00N file number in src/, prompts/, docs/, README.md or package.json', () => {
    const root = packageRoot();
    const files = [
      ...['src', 'prompts', 'docs'].flatMap((folder) => textFilesBelow(path.join(root, folder))),
      path.join(root, 'README.md'),
      path.join(root, 'package.json'),
    ];
    const found = files.flatMap((file) =>
      fs
        .readFileSync(file, 'utf8')
        .split('\n')
        .flatMap((line, i) => [...line.matchAll(FILE_NUMBER)].map((m) => `${path.relative(root, file)}:${i + 1}: "${m[0]}"`)),
    );
    assert.deepEqual(found, [], `name the paper by its authors and title instead:\n${found.join('\n')}`);
  });

  it('the pattern finds the forms it is meant to find', () => {
    for (const text of ['seed 002', "Seed 002's", 'seed002Section', 'seed-002', 'shared/seeds/003_x.txt'])
      assert.match(text, new RegExp(FILE_NUMBER.source, 'i'), text);
    assert.doesNotMatch('--seed 20260101, seeded rules', new RegExp(FILE_NUMBER.source, 'i'));
  });
});
