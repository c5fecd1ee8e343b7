/**
 * The README stays a front page: what SumLens does, a picture, install, the two commands and a
 * short tour, in at most 150 lines; the reference lives in docs/.
 */
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';

const MAX_LINES = 150;

describe('README.md', () => {
  it(`is at most ${MAX_LINES} lines`, () => {
    const text = fs.readFileSync(path.join(__dirname, '../../../../README.md'), 'utf8');
    const lines = text.replace(/\n$/, '').split('\n').length;
    assert.ok(lines <= MAX_LINES, `README.md has ${lines} lines: move the detail to docs/ (at most ${MAX_LINES})`);
  });
});
