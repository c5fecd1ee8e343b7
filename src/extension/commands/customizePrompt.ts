/** sumlens.customizePrompt: copy a built-in template into the workspace prompt folder and open it. */
import * as vscode from 'vscode';
import { customizePrompt } from '../promptTemplates';
import { workspacePromptFolder } from '../trust';

export function registerCustomizePromptCommand(): vscode.Disposable {
  return vscode.commands.registerCommand('sumlens.customizePrompt', async (templateId?: unknown) => {
    const folder = workspacePromptFolder(vscode.window.activeTextEditor?.document.uri);
    if (!folder) {
      void vscode.window.showWarningMessage(vscode.l10n.t('SumLens: open a folder first; customized templates live in the workspace.'));
      return undefined;
    }
    return customizePrompt(folder, typeof templateId === 'string' ? templateId : undefined);
  });
}
