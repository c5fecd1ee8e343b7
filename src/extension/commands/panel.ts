/**
 * sumlens.openPanel, and the panel's actions: reveal an entity's span, export the result (to
 * the file the user picks in the save dialog; tests give a target through the extension's API).
 */
import * as path from 'path';
import * as vscode from 'vscode';
import { rangeOf } from '../documents';
import type { Evaluator } from '../run/evaluator';
import { resultToJson, resultToMarkdown } from '../exportResult';
import type { PanelActions, SumLensPanel } from '../presentation/panel';
import { entityLocation } from '../run/runContext';

export function panelActions(evaluator: Evaluator, panel: SumLensPanel): Pick<PanelActions, 'revealEntity' | 'exportResult'> {
  return {
    async revealEntity(entityId) {
      // The panel's own model also serves after a window reload, when no run is in memory.
      const model = panel.currentModel;
      const entity = model.result?.fine?.entities.find((e) => e.id === entityId);
      const location = entity && model.notes ? entityLocation(model.notes, entity) : undefined;
      if (!entity || !location) return;
      const range = await rangeOf(location);
      await vscode.window.showTextDocument(vscode.Uri.parse(location.uri), { selection: range, viewColumn: vscode.ViewColumn.One });
    },
    async exportResult(format, target?: vscode.Uri) {
      const last = evaluator.last;
      if (!last) return;
      const name = path.basename(vscode.Uri.parse(last.context.summary.uri).path).replace(/\.[^.]*$/, '');
      const extension = format === 'json' ? 'json' : 'md';
      const folder = vscode.workspace.workspaceFolders?.[0]?.uri;
      const uri =
        target ??
        (await vscode.window.showSaveDialog({
          title: vscode.l10n.t('Export SumLens result'),
          defaultUri: folder ? vscode.Uri.joinPath(folder, `${name}.sumlens.${extension}`) : undefined,
          filters: format === 'json' ? { JSON: ['json'] } : { Markdown: ['md'] },
        }));
      if (!uri) return;
      const text = format === 'json' ? resultToJson(last.result) : resultToMarkdown(last.result, name);
      await vscode.workspace.fs.writeFile(uri, Buffer.from(text, 'utf8'));
      void vscode.window.showInformationMessage(vscode.l10n.t('SumLens: exported to {0}', uri.scheme === 'file' ? uri.fsPath : uri.toString()));
    },
  };
}

export function registerPanelCommands(panel: SumLensPanel): vscode.Disposable[] {
  return [vscode.commands.registerCommand('sumlens.openPanel', () => panel.show())];
}
