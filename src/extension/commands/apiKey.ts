/**
 * sumlens.setApiKey / sumlens.clearApiKey. The key goes to SecretStorage only; it is never
 * echoed, logged or written to a setting. The command takes no argument: a key comes only
 * from the password box, so a command link in a document cannot plant one.
 */
import * as vscode from 'vscode';
import { readSettings } from '../settings';
import type { ApiKeyStore } from '../secrets';

export function registerApiKeyCommands(keys: ApiKeyStore): vscode.Disposable[] {
  return [
    vscode.commands.registerCommand('sumlens.setApiKey', async () => {
      const key = await vscode.window.showInputBox({
        title: vscode.l10n.t('SumLens: API key'),
        prompt: vscode.l10n.t('Stored in VS Code’s secret storage, never in settings.'),
        password: true,
        ignoreFocusOut: true,
        validateInput: (value) => (value.trim() ? undefined : vscode.l10n.t('Enter a key, or press Escape.')),
      });
      if (!key?.trim()) return false;
      await keys.store(key.trim());
      void vscode.window.showInformationMessage(vscode.l10n.t('SumLens: API key stored.'));
      return true;
    }),
    // A jury judge's key: picked from sumlens.judges, kept under the judge's name.
    vscode.commands.registerCommand('sumlens.setJudgeApiKey', async (name?: unknown) => {
      const judges = readSettings().judges.map((j) => j.name);
      const judge =
        typeof name === 'string' && judges.includes(name)
          ? name
          : await vscode.window.showQuickPick(judges, {
              title: vscode.l10n.t("SumLens: which judge's key?"),
              placeHolder: judges.length ? undefined : vscode.l10n.t('No judges in sumlens.judges'),
            });
      if (!judge) return false;
      const key = await vscode.window.showInputBox({
        title: vscode.l10n.t('SumLens: API key of judge {0}', judge),
        prompt: vscode.l10n.t('Stored in VS Code’s secret storage, never in settings.'),
        password: true,
        ignoreFocusOut: true,
      });
      if (!key?.trim()) return false;
      await keys.storeJudgeKey(judge, key.trim());
      void vscode.window.showInformationMessage(vscode.l10n.t('SumLens: the key of judge {0} is stored.', judge));
      return true;
    }),
    vscode.commands.registerCommand('sumlens.clearApiKey', async () => {
      await keys.clear();
      void vscode.window.showInformationMessage(
        process.env.OPENAI_API_KEY
          ? vscode.l10n.t('SumLens: API key removed. The OPENAI_API_KEY environment variable is still used.')
          : vscode.l10n.t('SumLens: API key removed.'),
      );
    }),
  ];
}
