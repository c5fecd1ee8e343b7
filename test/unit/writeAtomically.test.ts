import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { writeFileAtomically, writeFileAtomicallyWith } from '../../src/core/writeAtomically';

describe('writeFileAtomically', () => {
  let dir: string;
  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sumlens-atomic-'));
  });
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('replaces the whole file and leaves no temporary file behind', () => {
    const file = path.join(dir, 'nested', 'state.json');
    writeFileAtomically(file, 'first');
    writeFileAtomically(file, 'second');
    assert.equal(fs.readFileSync(file, 'utf8'), 'second');
    assert.deepEqual(fs.readdirSync(path.dirname(file)), ['state.json']);
  });

  it('throws when it cannot write, leaving the old content and no temporary file', () => {
    const file = path.join(dir, 'state.json');
    writeFileAtomically(file, 'old');
    fs.mkdirSync(path.join(dir, 'state.json.d'));
    // A directory in the file's place cannot be replaced by a rename.
    assert.throws(() => writeFileAtomically(path.join(dir, 'state.json.d'), 'new'));
    assert.equal(fs.readFileSync(file, 'utf8'), 'old');
    assert.deepEqual(fs.readdirSync(dir).sort(), ['state.json', 'state.json.d']);
  });

  it('written piece by piece: a writer that fails halfway leaves the old content and no temporary file', () => {
    const file = path.join(dir, 'run.jsonl');
    writeFileAtomically(file, 'old\n');
    assert.throws(
      () =>
        writeFileAtomicallyWith(file, (fd) => {
          fs.writeSync(fd, 'half of the new');
          throw new Error('disk full');
        }),
      /disk full/,
    );
    assert.equal(fs.readFileSync(file, 'utf8'), 'old\n');
    assert.deepEqual(fs.readdirSync(dir), ['run.jsonl']);
  });
});
