/**
 * sumlens.maxCost in the real VS Code: Evaluate Dataset stops before the request that could
 * cross the limit, says so once (the notification and the panel carry the same line: the
 * limit and what was spent), keeps the rows that finished, and goes on under a higher limit.
 */
import * as assert from 'assert';
import * as fs from 'fs';
import * as vscode from 'vscode';
import { fileUri, openFixture, type Fixture } from './helpers';

const runFile = () => fileUri('.sumlens/runs/summaries-geval.jsonl').fsPath;

describe('sumlens.maxCost: a dataset run stops at the spending limit', function () {
  this.timeout(120_000);
  let fx: Fixture;
  const config = () => vscode.workspace.getConfiguration('sumlens');

  before(async () => {
    fx = await openFixture({ method: 'geval' });
    fs.rmSync(runFile(), { force: true });
    // A model with a list price, so that the limit counts dollars.
    await config().update('model', 'gpt-4o-mini', vscode.ConfigurationTarget.Global);
  });
  after(async () => {
    for (const key of ['maxCost', 'model']) await config().update(key, undefined, vscode.ConfigurationTarget.Global);
    await config().update('model', 'fake-model', vscode.ConfigurationTarget.Global);
    fs.rmSync(runFile(), { force: true });
    await fx.server.close();
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  });

  it('stops with one message naming the limit and the spend, keeps what finished, and resumes under a higher limit', async () => {
    // About two of the three rows' four aspects fit.
    await config().update('maxCost', 0.0008, vscode.ConfigurationTarget.Global);
    const stopped = await fx.api.evaluateDataset(fileUri('summaries.csv'), 'geval');
    const fatal = stopped?.summary.fatal;
    assert.ok(fatal, 'the run stopped');
    assert.strictEqual(fatal.code, 'budget-exceeded');
    assert.match(
      fatal.message,
      /^spending limit \$0\.0008 reached: \$0\.0\d{3} spent on \d+ requests? \(gpt-4o-mini, list prices of \d{4}-\d\d\).*rerun with a higher sumlens\.maxCost \(or none\)/,
    );
    assert.strictEqual(fx.api.panelModel().error, fatal.message, 'the panel says what the notification says');
    const kept = stopped.summary.written;
    assert.ok(kept < 3, `${kept} rows written`);

    await config().update('maxCost', 1, vscode.ConfigurationTarget.Global);
    const resumed = await fx.api.evaluateDataset(fileUri('summaries.csv'), 'geval');
    assert.ok(resumed && !resumed.summary.fatal, resumed?.summary.fatal?.message);
    assert.deepStrictEqual([resumed.summary.alreadyDone, resumed.summary.written], [kept, 3 - kept]);
  });
});
