/**
 * The CLI's io is the call's (src/cli/io.ts): only io.ts and the entry point (run.ts) touch
 * process.stdout, process.stderr, process.env or process.exitCode, and the engine reads no
 * environment at all (what it needs is a parameter). A new direct use fails here with its line.
 */
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { packageRoot } from '../../../src/core/paths';

const src = path.join(packageRoot(), 'src');
const ALLOWED = new Set(['cli/io.ts', 'cli/run.ts']);

function filesBelow(folder: string): string[] {
  return fs.readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(folder, entry.name);
    return entry.isDirectory() ? filesBelow(full) : entry.name.endsWith('.ts') ? [full] : [];
  });
}

/** "cli/commands/eval.ts:12" for each line of the files below `folder` matching `pattern`, comments aside. */
function uses(folder: string, pattern: RegExp): string[] {
  return filesBelow(path.join(src, folder)).flatMap((file) => {
    const relative = path.relative(src, file).split(path.sep).join('/');
    if (ALLOWED.has(relative)) return [];
    return fs
      .readFileSync(file, 'utf8')
      .split('\n')
      .flatMap((line, i) => (pattern.test(line) && !/^\s*(\/\/|\*|\/\*)/.test(line) ? [`${relative}:${i + 1}`] : []));
  });
}

describe('process globals', () => {
  it("src/cli writes to the call's streams and reads the call's environment, not the process's", () => {
    assert.deepEqual(uses('cli', /process\.(stdout|stderr|env|exitCode)\b/), []);
  });

  it('src/core reads no environment variable', () => {
    assert.deepEqual(uses('core', /process\.env\b/), []);
  });
});
