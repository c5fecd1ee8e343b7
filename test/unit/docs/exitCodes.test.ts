/**
 * The exit-code table of docs/scoring.md and errorExitCodes (src/core/errors.ts) in step:
 * every error code has a row with its number.
 */
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { errorExitCodes, type ErrorCode } from '../../../src/core/errors';
import { packageRoot } from '../../../src/core/paths';

describe('the exit-code table in docs/scoring.md', () => {
  const page = fs.readFileSync(path.join(packageRoot(), 'docs', 'scoring.md'), 'utf8');
  const rows = [...page.matchAll(/^\| (\d+) \| (.*) \|$/gm)].map((m) => ({ exit: Number(m[1]), codes: [...m[2].matchAll(/`([a-z-]+)`/g)].map((c) => c[1]) }));

  it('gives every error code its own exit code', () => {
    const wrong = (Object.entries(errorExitCodes) as Array<[ErrorCode, number]>)
      .filter(([code, exit]) => !rows.some((row) => row.exit === exit && row.codes.includes(code)))
      .map(([code, exit]) => `${code} (${exit})`);
    assert.deepEqual(wrong, [], 'add a row (| exit | meaning (`code`) |) for each');
  });
});
