import * as assert from 'assert';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import * as vscode from 'vscode';
import { evaluateSelection, openFixture, type Fixture } from './helpers';

describe('the SumLens panel', () => {
  let fx: Fixture;

  before(async () => {
    fx = await openFixture({ method: 'all' });
    await evaluateSelection(fx.api);
  });
  after(async () => {
    await vscode.workspace.getConfiguration('sumlens').update('method', 'fine', vscode.ConfigurationTarget.Global);
    await fx.server.close();
  });

  it('opens and receives the result by message', async () => {
    const ready = new Promise<void>((resolve) => {
      const s = fx.api.onDidReceivePanelMessage((m) => {
        if (m.type === 'ready') {
          s.dispose();
          resolve();
        }
      });
    });
    await vscode.commands.executeCommand('sumlens.openPanel');
    await ready;
    const model = fx.api.panelModel();
    assert.strictEqual(model.running, false);
    assert.ok(model.result && model.result.aspects.length > 0 && model.result.fine, 'aspects and fine result');
    assert.strictEqual(model.summaryName, 'summary.md');
  });

  it('exports the result as JSON and Markdown', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sumlens-export-'));
    await fx.api.exportResult('json', vscode.Uri.file(path.join(dir, 'r.json')));
    await fx.api.exportResult('markdown', vscode.Uri.file(path.join(dir, 'r.md')));
    const json = JSON.parse(fs.readFileSync(path.join(dir, 'r.json'), 'utf8'));
    assert.ok(Array.isArray(json.aspects) && json.fine.findings.length > 0);
    assert.match(fs.readFileSync(path.join(dir, 'r.md'), 'utf8'), /\| correctness \|/);
  });

  it('shows the last result in the status bar command', async () => {
    // The status bar item is not readable through the API; the panel opens from its command.
    await vscode.commands.executeCommand('sumlens.openPanel');
    assert.ok(fx.api.lastOutcome()?.result);
  });
});
