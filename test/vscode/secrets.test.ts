import * as assert from 'assert';
import * as vscode from 'vscode';
import { evaluateSelection, openFixture, type Fixture } from './helpers';

describe('API key in SecretStorage', () => {
  let fx: Fixture;

  before(async () => {
    fx = await openFixture();
  });
  after(() => fx.server.close());

  const lastAuthorization = () => fx.server.chatRequests.at(-1)?.headers.authorization;

  it('sends the stored key, and falls back to OPENAI_API_KEY once it is cleared', async () => {
    await fx.api.storeApiKey('sk-stored-in-secret-storage');
    await evaluateSelection(fx.api);
    assert.strictEqual(lastAuthorization(), 'Bearer sk-stored-in-secret-storage');

    await vscode.commands.executeCommand('sumlens.clearApiKey');
    fx.summary.selection = new vscode.Selection(fx.summaryRange.start, fx.summaryRange.end);
    await evaluateSelection(fx.api);
    assert.strictEqual(lastAuthorization(), `Bearer ${process.env.OPENAI_API_KEY}`);
  });

  it('never writes the key to a setting', async () => {
    await fx.api.storeApiKey('sk-never-in-settings');
    const config = vscode.workspace.getConfiguration('sumlens');
    assert.ok(!JSON.stringify(config).includes('sk-never-in-settings'));
    const settings = await vscode.workspace.fs.readFile(vscode.Uri.joinPath(vscode.workspace.workspaceFolders![0].uri, '.vscode/settings.json')).then(
      (b) => Buffer.from(b).toString('utf8'),
      () => '',
    );
    assert.ok(!settings.includes('sk-never-in-settings'));
    await vscode.commands.executeCommand('sumlens.clearApiKey');
  });

  it('asks with a real password input box, takes no key from a command argument, and stores nothing when dismissed', async () => {
    // A command link in a document could pass a key: it is ignored and the box opens anyway.
    const pending = vscode.commands.executeCommand<boolean>('sumlens.setApiKey', 'sk-planted-by-a-link');
    // Let the input box open, then close it the way Escape does.
    await new Promise((r) => setTimeout(r, 500));
    await vscode.commands.executeCommand('workbench.action.closeQuickOpen');
    assert.strictEqual(await pending, false);
    fx.summary.selection = new vscode.Selection(fx.summaryRange.start, fx.summaryRange.end);
    await evaluateSelection(fx.api);
    assert.strictEqual(lastAuthorization(), `Bearer ${process.env.OPENAI_API_KEY}`, 'the planted key was not stored');
  });
});
