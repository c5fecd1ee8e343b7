/**
 * sumlens.selectSource / sumlens.selectReference: (re)choose the source or reference of the
 * active summary. They take no argument: what is sent to the judge is chosen by the user in
 * the quick pick, never by a command link in a document.
 */
import * as vscode from 'vscode';
import type { PairMemory } from '../pairing';

function activeSummary(): vscode.Uri | undefined {
  const uri = vscode.window.activeTextEditor?.document.uri;
  if (!uri) void vscode.window.showWarningMessage(vscode.l10n.t('SumLens: open the summary in an editor first.'));
  return uri;
}

export function registerPairingCommands(pairs: PairMemory): vscode.Disposable[] {
  return [
    vscode.commands.registerCommand('sumlens.selectSource', async () => {
      const summary = activeSummary();
      if (!summary) return undefined;
      const source = await pairs.pickSource(summary);
      if (!source) return undefined;
      await pairs.set(summary, { source: source.toString(), reference: pairs.get(summary)?.reference ?? null });
      return source;
    }),
    vscode.commands.registerCommand('sumlens.selectReference', async () => {
      const summary = activeSummary();
      if (!summary) return undefined;
      const known = pairs.get(summary);
      const source = known ? vscode.Uri.parse(known.source) : await pairs.pickSource(summary);
      if (!source) return undefined;
      const reference = await pairs.pickReference(summary, source);
      if (reference === undefined) return undefined;
      await pairs.set(summary, { source: source.toString(), reference: reference ? reference.toString() : null });
      return reference;
    }),
  ];
}
