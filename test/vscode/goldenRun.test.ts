/**
 * The editor's run file, byte for byte (issue 39): Evaluate Dataset on the golden rows with the
 * golden runs' scripted G-Eval judge writes the committed file test/fixtures/run/golden/
 * vscode-geval.jsonl again, as the CLI's and the MCP server's runs write theirs
 * (test/e2e/run/goldenRuns.test.ts). One item at a time, so the records come in row order.
 */
import * as assert from 'assert';
import * as fs from 'fs';
import * as vscode from 'vscode';
import { checkGolden, geval, ROWS } from '../fixtures/run/goldenRunFiles';
import { fileUri, openFixture, type Fixture } from './helpers';

describe('golden run: Evaluate Dataset writes the committed run file', function () {
  this.timeout(60_000);
  let fx: Fixture;
  const settings = { aspects: ['coherence', 'consistency'], route: 'logprobs', concurrency: 1 };

  before(async () => {
    fx = await openFixture({ method: 'geval' });
    const config = vscode.workspace.getConfiguration('sumlens');
    for (const [name, value] of Object.entries(settings)) await config.update(name, value, vscode.ConfigurationTarget.Global);
    fx.server.setHandler(geval);
  });
  after(async () => {
    const config = vscode.workspace.getConfiguration('sumlens');
    for (const name of Object.keys(settings)) await config.update(name, undefined, vscode.ConfigurationTarget.Global);
    await fx.server.close();
    fs.rmSync(fileUri('golden-rows.jsonl').fsPath, { force: true });
  });

  it('G-Eval on coherence and consistency, the log-probability route: the same file as committed', async () => {
    const data = fileUri('golden-rows.jsonl');
    fs.writeFileSync(data.fsPath, ROWS.map((row) => JSON.stringify(row)).join('\n') + '\n');
    const outcome = await fx.api.evaluateDataset(data, 'geval');
    assert.ok(outcome, 'the run ran');
    assert.deepStrictEqual([outcome.summary.written, outcome.summary.failed], [3, 0]);
    checkGolden('vscode-geval.jsonl', outcome.runFile, fileUri('').fsPath.replace(/\/$/, ''));
  });
});
