import * as assert from 'assert';
import * as vscode from 'vscode';
import { evaluateSelection, openFixture } from './helpers';

describe('vscode-lm provider', () => {
  it('scores with a VS Code language model by sampling', async function () {
    const models = await vscode.lm.selectChatModels({});
    if (models.length === 0) {
      // The reason goes into the title, so the launcher's report shows why it was skipped.
      this.test!.title += ' [SKIPPED: vscode.lm offers no chat model here; code-server has no signed-in model provider]';
      this.skip();
    }
    const fx = await openFixture({ method: 'geval' });
    const config = vscode.workspace.getConfiguration('sumlens');
    await config.update('provider', 'vscode-lm', vscode.ConfigurationTarget.Global);
    await config.update('model', '', vscode.ConfigurationTarget.Global);
    await config.update('samples', 2, vscode.ConfigurationTarget.Global);
    try {
      const outcome = await evaluateSelection(fx.api);
      assert.ok(outcome.result.aspects.every((a) => a.method === 'sampling'));
    } finally {
      await config.update('provider', undefined, vscode.ConfigurationTarget.Global);
      await config.update('samples', undefined, vscode.ConfigurationTarget.Global);
      await fx.server.close();
    }
  });
});
