/** A CLI run file naming its data relatively (`--data trial.jsonl`) is taken for the file the editor evaluates only when it resolves to it. */
import * as assert from 'assert';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { keptDataName } from '../../../src/extension/datasets/keptDataName';

describe('the data name a resumed run keeps', () => {
  const workspace = fs.mkdtempSync(path.join(os.tmpdir(), 'sumlens-kept-'));
  const data = path.join(workspace, 'trial.jsonl');
  const runFile = path.join(workspace, '.sumlens/runs/trial-geval.jsonl');
  const parse = (line: string) => JSON.parse(line) as { data: string };
  const writeRun = (dataName: string) => fs.writeFileSync(runFile, `${JSON.stringify({ sumlens: 'run', data: dataName })}\n{"key":"a"}\n`);

  before(() => {
    fs.mkdirSync(path.dirname(runFile), { recursive: true });
    fs.writeFileSync(data, '{"id":"a","source":"s","summary":"t"}\n');
  });
  after(() => fs.rmSync(workspace, { recursive: true, force: true }));

  it("keeps the header's relative name when it names this file from the workspace folder", () => {
    writeRun('trial.jsonl');
    assert.strictEqual(keptDataName(runFile, data, [workspace], parse), 'trial.jsonl');
    assert.strictEqual(keptDataName(runFile, data, [], parse), 'trial.jsonl', 'from the folder holding .sumlens/ without a workspace folder');
    writeRun('./sub/../trial.jsonl');
    assert.strictEqual(keptDataName(runFile, data, [workspace], parse), './sub/../trial.jsonl');
  });

  it('leaves other names to the engine: another file, an absolute path, no header, no run file', () => {
    writeRun('other/trial.jsonl');
    assert.strictEqual(keptDataName(runFile, data, [workspace], parse), undefined);
    writeRun(data);
    assert.strictEqual(keptDataName(runFile, data, [workspace], parse), undefined);
    assert.strictEqual(
      keptDataName(runFile, data, [workspace], () => undefined),
      undefined,
    );
    assert.strictEqual(keptDataName(path.join(workspace, 'none.jsonl'), data, [workspace], parse), undefined);
  });
});
