/** Commands on findings: clear all, and the quick fixes (show evidence, ignore, re-check). */
import * as vscode from 'vscode';
import { rangeOf } from '../documents';
import type { Evaluator } from '../run/evaluator';
import type { FindingStore } from '../findings';

export function registerFindingCommands(store: FindingStore, evaluator: Evaluator): vscode.Disposable[] {
  return [
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
