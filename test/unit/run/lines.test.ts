/**
 * forEachLine splits on bytes: lines ending in "\n" or "\r\n", a last line without a newline,
 * a character of several bytes cut by the 1 MB read boundary, and the first `endByte` bytes only.
 */
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { endOfLastLine, forEachLine } from '../../../src/core/runFile/lines';

async function linesOf(content: string | Buffer, endByte?: number): Promise<string[]> {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'sumlens-lines-')), 'f.txt');
  fs.writeFileSync(file, content);
  const lines: string[] = [];
  await forEachLine(
    file,
    (line, lineNo) => {
      assert.equal(lineNo, lines.length + 1);
      lines.push(line);
    },
    endByte,
  );
  fs.rmSync(path.dirname(file), { recursive: true });
  return lines;
}

describe('forEachLine', () => {
  it('reads lines ending in \\n or \\r\\n, and a last line without a newline', async () => {
    assert.deepEqual(await linesOf('a\r\nb\n\nc\r'), ['a', 'b', '', 'c']);
    assert.deepEqual(await linesOf('a\nb\n'), ['a', 'b']);
    assert.deepEqual(await linesOf(''), []);
  });

  it('keeps a character whose bytes straddle the 1 MB read boundary', async () => {
    const head = 'x'.repeat(2 ** 20 - 1);
    const lines = await linesOf(`${head}é€😀\nnext`);
    assert.deepEqual(
      lines.map((l) => l.slice(-5)),
      ['xé€😀', 'next'],
    );
    assert.equal(lines[0].length, head.length + 4);
  });

  it('reads only the first endByte bytes: a torn last line is left out', async () => {
    const content = '{"a":1}\n{"b":2}\n{"c":';
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'sumlens-lines-')), 'f.jsonl');
    fs.writeFileSync(file, content);
    assert.equal(endOfLastLine(file), 16);
    assert.deepEqual(await linesOf(content, 16), ['{"a":1}', '{"b":2}']);
    assert.deepEqual(await linesOf(content, 0), []);
  });
});
