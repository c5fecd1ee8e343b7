/** sumlens.evaluateSelection / sumlens.evaluateDocument, and the internal cancel command (for dataset runs too). */
import * as vscode from 'vscode';
import type { Evaluator } from '../run/evaluator';

export function registerEvaluateCommands(evaluator: Evaluator, datasets: { cancel(): boolean }): vscode.Disposable[] {
  const onActiveEditor = (whole: boolean) => async () => {
    const editor = vscode.window.activeTextEditor;
    if (!editor) {
      void vscode.window.showWarningMessage(vscode.l10n.t('SumLens: open the summary in an editor first.'));
      return undefined;
    }
    return evaluator.evaluateEditor(editor, whole);
  };
  return [
    vscode.commands.registerCommand('sumlens.evaluateSelection', onActiveEditor(false)),
    vscode.commands.registerCommand('sumlens.evaluateDocument', onActiveEditor(true)),
    vscode.commands.registerCommand('sumlens.cancelEvaluation', () => {
      const summaries = evaluator.cancel();
      const datasetRuns = datasets.cancel();
      return summaries || datasetRuns;
    }),
  ];
}
