/** Shared helpers for the tests that run inside the real extension host. */
import * as assert from 'assert';
import * as path from 'path';
import * as vscode from 'vscode';
import type { SumLensApi } from '../../src/extension/extension';
import type { EvaluationOutcome } from '../../src/extension/run/evaluator';
import { FakeOpenAiServer } from '../fake/openaiServer';
import { scenarioHandler, type Scenario } from './fakeJudge';
import { fixtureScenario } from './scenario';

export { fixtureScenario };

export const workspaceRoot = () => vscode.workspace.workspaceFolders![0].uri;
export const fileUri = (name: string) => vscode.Uri.joinPath(workspaceRoot(), name);

export async function activateSumLens(): Promise<SumLensApi> {
  const extension = vscode.extensions.getExtension<SumLensApi>('sumlens.sumlens');
  assert.ok(extension, 'the extension under development is loaded');
  return extension.activate();
}

export interface Fixture {
  api: SumLensApi;
  server: FakeOpenAiServer;
  article: vscode.TextEditor;
  summary: vscode.TextEditor;
  /** The selection holding the summary paragraph in summary.md. */
  summaryRange: vscode.Range;
}

/** Opens article.txt and summary.md side by side, selects the summary paragraph, points SumLens at a fresh fake server. */
export async function openFixture(options: { method?: string; scenario?: (source: string) => Scenario } = {}): Promise<Fixture> {
  const api = await activateSumLens();
  const server = await FakeOpenAiServer.start();
  const config = vscode.workspace.getConfiguration('sumlens');
  await config.update('baseUrl', server.url, vscode.ConfigurationTarget.Global);
  await config.update('model', 'fake-model', vscode.ConfigurationTarget.Global);
  await config.update('method', options.method ?? 'fine', vscode.ConfigurationTarget.Global);
  // The panel stays where the test puts it: tests that act on "the active editor" (revert)
  // must not find the panel there. The daily-flow test turns it back on.
  await config.update('openPanelAfterEvaluation', false, vscode.ConfigurationTarget.Global);
  await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  const articleDoc = await vscode.workspace.openTextDocument(fileUri('article.txt'));
  const article = await vscode.window.showTextDocument(articleDoc, vscode.ViewColumn.One);
  server.setHandler(scenarioHandler((options.scenario ?? fixtureScenario)(articleDoc.getText())));
  const summaryDoc = await vscode.workspace.openTextDocument(fileUri('summary.md'));
  const summary = await vscode.window.showTextDocument(summaryDoc, vscode.ViewColumn.Two);
  const text = summaryDoc.getText();
  const start = text.indexOf('Lakeford approved');
  const end = text.indexOf('\n', start);
  const summaryRange = new vscode.Range(summaryDoc.positionAt(start), summaryDoc.positionAt(end));
  summary.selection = new vscode.Selection(summaryRange.start, summaryRange.end);
  await api.pairWith(summaryDoc.uri, articleDoc.uri);
  return { api, server, article, summary, summaryRange };
}

/** Runs the command and waits for the run to finish and its diagnostics to be published. */
export async function evaluateSelection(api: SumLensApi, command = 'sumlens.evaluateSelection'): Promise<EvaluationOutcome> {
  const finished = new Promise<EvaluationOutcome>((resolve) => {
    const subscription = api.onDidFinishEvaluation((outcome) => {
      subscription.dispose();
      resolve(outcome);
    });
  });
  await vscode.commands.executeCommand(command);
  const outcome = await finished;
  await api.diagnosticsSettled();
  return outcome;
}

export function sumlensDiagnostics(uri: vscode.Uri): vscode.Diagnostic[] {
  return vscode.languages.getDiagnostics(uri).filter((d) => d.source === 'SumLens');
}

/** The document range of the first occurrence of `words` (after `after`, if given). */
export function rangeOfText(document: vscode.TextDocument, words: string, after = 0): vscode.Range {
  const start = document.getText().indexOf(words, after);
  assert.ok(start >= 0, `"${words}" is in ${path.basename(document.uri.path)}`);
  return new vscode.Range(document.positionAt(start), document.positionAt(start + words.length));
}

/** Polls until `check` holds (for effects that come with no event of their own). */
export async function eventually(check: () => boolean | Promise<boolean>, what: string, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) assert.fail(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** vscode.lm.invokeTool outside a chat, as another extension or an agent calls a tool; its text parts joined. */
export async function invokeAgentTool(name: string, input: object): Promise<string> {
  const result = await vscode.lm.invokeTool(name, { input, toolInvocationToken: undefined });
  return result.content.map((part) => (part instanceof vscode.LanguageModelTextPart ? part.value : '')).join('');
}

/** The text of a prepared tool invocation's confirmation (title, then message). */
export function confirmationText(prepared: vscode.PreparedToolInvocation | null | undefined): { title: string; message: string } | undefined {
  const confirmation = prepared?.confirmationMessages;
  if (!confirmation) return undefined;
  return { title: confirmation.title, message: typeof confirmation.message === 'string' ? confirmation.message : confirmation.message.value };
}
