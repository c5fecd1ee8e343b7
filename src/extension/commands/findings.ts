/** Commands on findings: clear all, and the quick fixes (agree, disagree, show evidence, ignore, re-check). */
import * as vscode from 'vscode';
import { rangeOf } from '../documents';
import type { Evaluator } from '../run/evaluator';
import type { FindingStore } from '../findings';
import type { FeedbackLog } from '../persistence/feedbackLog';

export function registerFindingCommands(store: FindingStore, evaluator: Evaluator, feedback: FeedbackLog): vscode.Disposable[] {
  const verdict = (kind: 'agree' | 'disagree') => async (id: unknown) => {
    const finding = typeof id === 'string' ? store.get(id) : undefined;
    if (!finding) return;
    await feedback.record(finding, kind, evaluator.last?.result.model);
    void vscode.window.setStatusBarMessage(`SumLens: your verdict (${kind}) is kept in .sumlens/feedback.jsonl`, 4000);
  };
  return [
    vscode.commands.registerCommand('sumlens.agreeWithFinding', verdict('agree')),
    vscode.commands.registerCommand('sumlens.disagreeWithFinding', verdict('disagree')),
    vscode.commands.registerCommand('sumlens.clearFindings', () => store.clear()),
    vscode.commands.registerCommand('sumlens.showEvidence', async (id: string) => {
      const evidence = store.get(id)?.evidence[0];
      if (!evidence) return;
      const range = await rangeOf(evidence);
      await vscode.window.showTextDocument(vscode.Uri.parse(evidence.uri), {
        selection: range,
        viewColumn: vscode.ViewColumn.Beside,
        preserveFocus: false,
      });
    }),
    vscode.commands.registerCommand('sumlens.ignoreFinding', (id: string) => store.ignore(id)),
    vscode.commands.registerCommand('sumlens.recheckFinding', (id: string) => evaluator.recheck(id)),
  ];
}
