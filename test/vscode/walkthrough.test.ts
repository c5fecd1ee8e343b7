// The Getting Started walkthrough: its steps point at real commands and media, the sample
// opens side by side and paired, and evaluating it finds the planted mistakes.
import * as assert from 'assert';
import * as fs from 'fs';
import * as path from 'path';
import * as vscode from 'vscode';
import { FakeOpenAiServer } from '../fake/openaiServer';
import { scenarioHandler } from './fakeJudge';
import { activateSumLens, sumlensDiagnostics } from './helpers';

describe('the Getting Started walkthrough', () => {
  const extension = () => vscode.extensions.getExtension('sumlens.sumlens')!;

  it('has steps whose media files exist and whose links run registered commands', async () => {
    await activateSumLens();
    const [walkthrough] = extension().packageJSON.contributes.walkthroughs;
    const registered = await vscode.commands.getCommands(true);
    for (const step of walkthrough.steps) {
      assert.ok(fs.existsSync(path.join(extension().extensionPath, step.media.markdown)), step.media.markdown);
      for (const [, command] of (step.description as string).matchAll(/\(command:([\w.]+)\)/g)) {
        assert.ok(registered.includes(command), `${step.id} links to ${command}`);
      }
    }
  });

  it('starts with a step that opens the sample and evaluates it', () => {
    const [walkthrough] = extension().packageJSON.contributes.walkthroughs;
    const first = walkthrough.steps[0];
    assert.match(first.description, /\(command:sumlens\.evaluateSample\)/);
    assert.deepEqual(first.completionEvents, ['onCommand:sumlens.evaluateSample']);
  });

  it('evaluates the sample and finds its planted mistakes', async () => {
    const api = await activateSumLens();
    const server = await FakeOpenAiServer.start();
    const config = vscode.workspace.getConfiguration('sumlens');
    await config.update('baseUrl', server.url, vscode.ConfigurationTarget.Global);
    await config.update('model', 'fake-model', vscode.ConfigurationTarget.Global);
    await config.update('method', 'fine', vscode.ConfigurationTarget.Global);
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    const article = fs.readFileSync(path.join(extension().extensionPath, 'media/sample/article.txt'), 'utf8');
    server.setHandler(
      scenarioHandler({
        source: article,
        summaryFacts: [
          { text: 'The council voted unanimously', quote: 'voted unanimously', answer: 'No', evidence: 'approved by 21 votes to 9' },
          { text: 'The plan costs 3.2 million euros', quote: '3.2 million euros', answer: 'Yes' },
        ],
        sourceFacts: [{ text: 'The town will review the scheme after twelve months', quote: 'review the scheme after twelve months', answer: 'No' }],
      }),
    );
    try {
      const finished = new Promise<void>((resolve) => {
        const s = api.onDidFinishEvaluation(() => {
          s.dispose();
          resolve();
        });
      });
      await vscode.commands.executeCommand('sumlens.evaluateSample');
      await finished;
      await api.diagnosticsSettled();
      const summary = vscode.window.visibleTextEditors.find((e) => e.document.uri.path.endsWith('sample/summary.md'));
      const source = vscode.window.visibleTextEditors.find((e) => e.document.uri.path.endsWith('sample/article.txt'));
      assert.ok(summary && source, 'the sample is open side by side');
      assert.ok(sumlensDiagnostics(summary.document.uri).some((d) => summary.document.getText(d.range) === 'voted unanimously'));
      assert.ok(sumlensDiagnostics(source.document.uri).some((d) => d.message.startsWith('Missing from the summary')));
    } finally {
      await server.close();
    }
  });

  it('opens the Japanese sample (a wrong number and a wrong name planted) when asked for it', async () => {
    await activateSumLens();
    await vscode.commands.executeCommand('sumlens.openSample', 'ja');
    const summary = vscode.window.visibleTextEditors.find((e) => e.document.uri.path.endsWith('sample/ja/summary.md'));
    const source = vscode.window.visibleTextEditors.find((e) => e.document.uri.path.endsWith('sample/ja/article.txt'));
    assert.ok(summary && source, 'the Japanese sample is open side by side');
    // The article's cost and mayor; the summary gives another number and another name.
    assert.match(source.document.getText(), /3億2000万円[\s\S]*森田由美市長/);
    assert.match(summary.document.getText(), /5億円[\s\S]*山本健一市長/);
    assert.ok(!source.document.getText().includes('5億円') && !source.document.getText().includes('山本'));
  });

  it('uses VS Code language models without a key, or says none is offered', async function () {
    const models = await vscode.lm.selectChatModels({});
    const chosen = await vscode.commands.executeCommand<boolean>('sumlens.useVscodeModels');
    if (models.length === 0) {
      assert.strictEqual(chosen, false);
      assert.notStrictEqual(vscode.workspace.getConfiguration('sumlens').get('provider'), 'vscode-lm', 'nothing changed');
      this.test!.title += ' [evaluating with a VS Code model SKIPPED: vscode.lm offers no chat model here; code-server has no signed-in model provider]';
      return;
    }
    assert.strictEqual(vscode.workspace.getConfiguration('sumlens').get('provider'), 'vscode-lm');
    await vscode.workspace.getConfiguration('sumlens').update('provider', undefined, vscode.ConfigurationTarget.Global);
  });
});
