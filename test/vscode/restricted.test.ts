// Runs in the "restricted" suite: workspace trust is on and this workspace is not trusted.
// Its .vscode/settings.json points sumlens.baseUrl at an address that must never be used,
// and it carries its own prompt templates, which must be ignored.
import * as assert from 'assert';
import * as fs from 'fs';
import * as vscode from 'vscode';
import { confirmationText, evaluateSelection, invokeAgentTool, openFixture, type Fixture } from './helpers';

describe('restricted mode (untrusted workspace)', () => {
  let fx: Fixture;

  before(async () => {
    const root = vscode.workspace.workspaceFolders![0].uri.fsPath;
    fs.mkdirSync(`${root}/.sumlens/prompts/fine`, { recursive: true });
    const builtin = vscode.Uri.joinPath(vscode.extensions.getExtension('sumlens.sumlens')!.extensionUri, 'prompts/fine/extract.md').fsPath;
    fs.writeFileSync(
      `${root}/.sumlens/prompts/fine/extract.md`,
      fs.readFileSync(builtin, 'utf8').replace('Break the note', 'WORKSPACE-PROMPT: break the note'),
    );
    fx = await openFixture(); // sets the user-level base URL to the fake server
  });
  after(() => fx.server.close());

  it('runs untrusted', () => {
    assert.strictEqual(vscode.workspace.isTrusted, false);
  });

  it('ignores the workspace base URL and prompt folder, and says so', async () => {
    const root = vscode.workspace.workspaceFolders![0].uri.fsPath;
    assert.match(fs.readFileSync(`${root}/.vscode/settings.json`, 'utf8'), /must-not-be-used/, 'the workspace tries to redirect');
    const outcome = await evaluateSelection(fx.api);
    assert.strictEqual(outcome.result.endpoint, fx.server.url.replace(/\/+$/, ''));
    assert.ok(fx.server.chatRequests.length > 0, 'the user-level endpoint was used');
    assert.ok(
      fx.server.chatRequests.every((r) => !JSON.stringify(r.body.messages).includes('WORKSPACE-PROMPT')),
      'workspace prompts ignored',
    );
    assert.ok(
      fx.server.chatRequests.every((r) => r.body.model === 'fake-model'),
      'the user-level model was used',
    );
    const notices = fx.api.trustNotices().join('\n');
    assert.match(notices, /sumlens\.baseUrl/);
    assert.match(notices, /sumlens\.model/);
    assert.match(notices, /sumlens\.samples/);
    assert.match(notices, /sumlens\.concurrency/);
    assert.match(notices, /sumlens\.route/);
    assert.match(notices, /sumlens\.maxStandardError/);
    assert.match(notices, /sumlens\.reasoningBudget/);
    assert.match(notices, /prompt templates/);
  });

  it('the language model tools follow the same rule: the confirmation names the user-level judge and what is ignored', async () => {
    const confirmation = confirmationText(await fx.api.prepareAgentTool('sumlens_evaluate_summary', {}));
    assert.ok(confirmation);
    assert.match(confirmation.message, new RegExp(`\\*\\*Judge:\\*\\* \`fake-model\` at ${new URL(fx.server.url).host}`));
    assert.match(
      confirmation.message,
      /\*\*Restricted Mode:\*\* SumLens ignores .*the workspace setting sumlens\.baseUrl, .*the workspace prompt templates in \.sumlens\/prompts/,
    );
    assert.doesNotMatch(confirmation.message, /127\.0\.0\.1:9\b|most-expensive-model/);

    const before = fx.server.chatRequests.length;
    const text = await invokeAgentTool('sumlens_evaluate_summary', {});
    const sent = fx.server.chatRequests.slice(before);
    assert.ok(sent.length > 0, 'the user-level endpoint was used');
    assert.ok(sent.every((r) => r.body.model === 'fake-model' && !JSON.stringify(r.body.messages).includes('WORKSPACE-PROMPT')));
    assert.match(text, new RegExp(`Model fake-model at ${fx.server.url.replace(/\/+$/, '')}`));
  });

  it('does not align: an untrusted workspace would not read the aligned template', async () => {
    const before = fx.server.chatRequests.length;
    const outcome = await fx.api.alignJudge({ data: 'rated.jsonl', human: 'human', aspect: 'coherence', confirmed: true, choice: 'use' });
    assert.strictEqual(outcome, undefined);
    assert.strictEqual(fx.server.chatRequests.length, before, 'nothing sent');
  });

  it("does not apply the prompt folder's calibration: the judge's scores only", async () => {
    const root = vscode.workspace.workspaceFolders![0].uri.fsPath;
    const file = `${root}/.sumlens/prompts/summarization/calibration.json`;
    fs.mkdirSync(`${root}/.sumlens/prompts/summarization`, { recursive: true });
    fs.writeFileSync(
      file,
      JSON.stringify({ sumlens: 'calibration', version: 1, seed: 1, maps: [{ aspect: 'coherence', judge: 'fake-model', x: [1, 5], y: [1, 1] }] }),
    );
    const config = vscode.workspace.getConfiguration('sumlens');
    const method = config.inspect('method')?.globalValue;
    await config.update('method', 'geval', vscode.ConfigurationTarget.Global);
    try {
      const outcome = await evaluateSelection(fx.api);
      assert.ok(
        outcome.result.aspects.some((a) => a.name === 'coherence' && a.score !== null),
        'a coherence score the map would take',
      );
      assert.ok(outcome.result.aspects.every((a) => a.calibrated === undefined));
    } finally {
      await config.update('method', method, vscode.ConfigurationTarget.Global);
      fs.rmSync(file, { force: true });
    }
  });
});
