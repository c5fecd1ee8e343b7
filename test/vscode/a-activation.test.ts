// Named to run first: it checks that nothing activated SumLens before a command did.
import * as assert from 'assert';
import * as vscode from 'vscode';

const commands = [
  'sumlens.evaluateSelection',
  'sumlens.evaluateDocument',
  'sumlens.selectSource',
  'sumlens.selectReference',
  'sumlens.openPanel',
  'sumlens.setApiKey',
  'sumlens.clearApiKey',
  'sumlens.customizePrompt',
  'sumlens.clearFindings',
];

describe('activation and commands', () => {
  it('is not activated at startup (activation on command only)', () => {
    const extension = vscode.extensions.getExtension('sumlens.sumlens');
    assert.ok(extension, 'loaded from extensionDevelopmentPath');
    assert.strictEqual(extension.isActive, false);
    const events: string[] = extension.packageJSON.activationEvents ?? [];
    assert.ok(!events.includes('*') && !events.includes('onStartupFinished'), `activationEvents: ${events.join(', ')}`);
  });

  it('contributes every command, and a command activates it', async () => {
    const contributed = vscode.extensions.getExtension('sumlens.sumlens')!.packageJSON.contributes.commands.map((c: { command: string }) => c.command);
    for (const id of commands) assert.ok(contributed.includes(id), `${id} is contributed`);
    await vscode.commands.executeCommand('sumlens.clearFindings');
    assert.strictEqual(vscode.extensions.getExtension('sumlens.sumlens')!.isActive, true);
    const registered = await vscode.commands.getCommands(true);
    for (const id of commands) assert.ok(registered.includes(id), `${id} is registered`);
  });

  it('declares limited support for untrusted workspaces, restricting the base URL', () => {
    const capabilities = vscode.extensions.getExtension('sumlens.sumlens')!.packageJSON.capabilities;
    assert.strictEqual(capabilities.untrustedWorkspaces.supported, 'limited');
    assert.ok(capabilities.untrustedWorkspaces.restrictedConfigurations.includes('sumlens.baseUrl'));
  });
});
