/**
 * rewriteHeader: the header line replaced, the records after it copied byte for byte (across
 * the copy's chunks), fields it does not know kept, and a file that is not a run left as it is.
 */
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { rewriteHeader } from '../../../src/core/runFile/rewriteHeader';

describe('rewriteHeader', () => {
  let dir: string;
  beforeEach(() => (dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sumlens-rewrite-'))));
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('replaces the header line and copies every record byte for byte, past the copy chunk of 1 MB', async () => {
    const file = path.join(dir, 'run.jsonl');
    const records = Array.from({ length: 3000 }, (_, i) => JSON.stringify({ key: `k${i}`, index: i, scores: {}, text: 'é'.repeat(400) })).join('\n') + '\n';
    fs.writeFileSync(file, JSON.stringify({ sumlens: 'run', format: 2, future: 'kept' }) + '\n' + records);
    await rewriteHeader(file, (header) => ({ ...header, spend: { requests: 1 } }));
    const text = fs.readFileSync(file, 'utf8');
    assert.equal(text.slice(0, text.indexOf('\n')), JSON.stringify({ sumlens: 'run', format: 2, future: 'kept', spend: { requests: 1 } }));
    assert.equal(text.slice(text.indexOf('\n') + 1), records);
    assert.deepEqual(fs.readdirSync(dir), ['run.jsonl']);
  });

  it('refuses a file whose first line is not a run header, leaving it as it was', async () => {
    const file = path.join(dir, 'rows.jsonl');
    fs.writeFileSync(file, '{"id":1}\n{"id":2}\n');
    await assert.rejects(
      rewriteHeader(file, (header) => header),
      /first line is not a SumLens run header/,
    );
    assert.equal(fs.readFileSync(file, 'utf8'), '{"id":1}\n{"id":2}\n');
  });
});
