// Named to run first: it checks what activating SumLens at startup costs (nothing but wiring).
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
  it('activates after startup (to bring back the saved findings) without loading the engine', async () => {
    const extension = vscode.extensions.getExtension('sumlens.sumlens');
    assert.ok(extension, 'loaded from extensionDevelopmentPath');
    const events: string[] = extension.packageJSON.activationEvents ?? [];
    assert.ok(!events.includes('*'), 'never activated before the window is up');
    assert.ok(events.includes('onStartupFinished'), `activationEvents: ${events.join(', ')}`);
    await extension.activate();
    // The openai client and the fine-grained engine (dist/engine.js) wait for the first run.
    const loaded = Object.keys(require.cache).filter((file) => file.startsWith(extension.extensionPath) && /[\\/]engine\.js$/.test(file));
    assert.deepStrictEqual(loaded, [], 'the engine is not loaded at activation');
  });

  it('contributes every command, and a command activates it', async () => {
    const contributed = vscode.extensions.getExtension('sumlens.sumlens')!.packageJSON.contributes.commands.map((c: { command: string }) => c.command);
    for (const id of commands) assert.ok(contributed.includes(id), `${id} is contributed`);
    await vscode.commands.executeCommand('sumlens.clearFindings');
    assert.strictEqual(vscode.extensions.getExtension('sumlens.sumlens')!.isActive, true);
    const registered = await vscode.commands.getCommands(true);
    for (const id of commands) assert.ok(registered.includes(id), `${id} is registered`);
  });

  it('declares limited support for untrusted workspaces, restricting every setting that sends text or spends money', () => {
    const capabilities = vscode.extensions.getExtension('sumlens.sumlens')!.packageJSON.capabilities;
    assert.strictEqual(capabilities.untrustedWorkspaces.supported, 'limited');
    for (const key of ['provider', 'model', 'baseUrl', 'samples', 'route', 'maxStandardError', 'reasoningBudget', 'concurrency', 'promptsFolder']) {
      assert.ok(capabilities.untrustedWorkspaces.restrictedConfigurations.includes(`sumlens.${key}`), `sumlens.${key} is restricted`);
    }
  });
});
