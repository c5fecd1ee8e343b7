/**
 * The Getting Started walkthrough's commands: open the sample article and summary (copies in
 * SumLens's global storage, so the user may edit them), use VS Code's language models as the
 * judge (no API key), and evaluate the sample. The sample is in Japanese (media/sample/ja/)
 * when VS Code's display language is, or when the command is given 'ja'.
 */
import * as vscode from 'vscode';
import type { PairMemory } from '../pairing';
import type { Evaluator } from '../run/evaluator';

interface SampleEditors {
  article: vscode.TextEditor;
  summary: vscode.TextEditor;
}

/** The sample's language: the one asked for, else VS Code's display language if it has a sample in it. */
function sampleLanguage(asked: unknown): 'en' | 'ja' {
  const language = typeof asked === 'string' ? asked : vscode.env.language;
  return language.toLowerCase().startsWith('ja') ? 'ja' : 'en';
}

/** Copies the sample into global storage (keeping earlier edits), opens it side by side and pairs it. */
async function openSample(extensionUri: vscode.Uri, storage: vscode.Uri, pairs: PairMemory, language: 'en' | 'ja'): Promise<SampleEditors> {
  // English keeps the folders it always had; another language has its own beside them.
  const [folder, original] =
    language === 'en'
      ? [vscode.Uri.joinPath(storage, 'sample'), vscode.Uri.joinPath(extensionUri, 'media', 'sample')]
      : [vscode.Uri.joinPath(storage, 'sample', language), vscode.Uri.joinPath(extensionUri, 'media', 'sample', language)];
  await vscode.workspace.fs.createDirectory(folder);
  const copies: vscode.Uri[] = [];
  for (const name of ['article.txt', 'summary.md']) {
    const copy = vscode.Uri.joinPath(folder, name);
    const exists = await vscode.workspace.fs.stat(copy).then(
      () => true,
      () => false,
    );
    if (!exists) await vscode.workspace.fs.copy(vscode.Uri.joinPath(original, name), copy);
    copies.push(copy);
  }
  const [articleUri, summaryUri] = copies;
  const article = await vscode.window.showTextDocument(articleUri, { viewColumn: vscode.ViewColumn.One, preview: false });
  const summary = await vscode.window.showTextDocument(summaryUri, { viewColumn: vscode.ViewColumn.Two, preview: false });
  if (!pairs.get(summaryUri)) await pairs.set(summaryUri, { source: articleUri.toString(), reference: null });
  return { article, summary };
}

/** Picks one of VS Code's chat models and makes it the judge; false when none is offered. */
async function useVscodeModels(): Promise<boolean> {
  const models = await vscode.lm.selectChatModels();
  if (models.length === 0) {
    void vscode.window.showWarningMessage(
      vscode.l10n.t(
        'SumLens: VS Code offers no language model yet. Sign in to a model provider (for example GitHub Copilot), then try again — or set an API key for an OpenAI-compatible endpoint.',
      ),
    );
    return false;
  }
  const choice =
    models.length === 1
      ? { model: models[0] }
      : await vscode.window.showQuickPick(
          models.map((model) => ({ label: model.name, description: `${model.vendor} · ${model.family}`, model })),
          { title: vscode.l10n.t('SumLens: which model judges the summaries?') },
        );
  if (!choice) return false;
  const config = vscode.workspace.getConfiguration('sumlens');
  await config.update('provider', 'vscode-lm', vscode.ConfigurationTarget.Global);
  await config.update('model', choice.model.family, vscode.ConfigurationTarget.Global);
  void vscode.window.showInformationMessage(vscode.l10n.t('SumLens: {0} judges the summaries (no API key needed).', choice.model.name));
  return true;
}

export function registerSampleCommands(extensionUri: vscode.Uri, storage: vscode.Uri, pairs: PairMemory, evaluator: Evaluator): vscode.Disposable[] {
  return [
    vscode.commands.registerCommand('sumlens.openSample', (language?: unknown) => openSample(extensionUri, storage, pairs, sampleLanguage(language))),
    vscode.commands.registerCommand('sumlens.useVscodeModels', () => useVscodeModels()),
    vscode.commands.registerCommand('sumlens.evaluateSample', async (language?: unknown) => {
      const { summary } = await openSample(extensionUri, storage, pairs, sampleLanguage(language));
      return evaluator.evaluateEditor(summary, true);
    }),
  ];
}
