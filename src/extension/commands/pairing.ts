/**
 * sumlens.selectSource / sumlens.selectReference: (re)choose the source or reference of the
 * active summary. An optional URI argument skips the quick pick (keybindings, scripts, tests).
 */
import * as vscode from 'vscode';
import type { PairMemory } from '../pairing';

function activeSummary(): vscode.Uri | undefined {
  const uri = vscode.window.activeTextEditor?.document.uri;
  if (!uri) void vscode.window.showWarningMessage('SumLens: open the summary in an editor first.');
  return uri;
}

const asUri = (value: unknown): vscode.Uri | undefined =>
  value instanceof vscode.Uri ? value : typeof value === 'string' ? vscode.Uri.parse(value) : undefined;

export function registerPairingCommands(pairs: PairMemory): vscode.Disposable[] {
  return [
    vscode.commands.registerCommand('sumlens.selectSource', async (given?: unknown) => {
      const summary = activeSummary();
      if (!summary) return undefined;
      const source = asUri(given) ?? (await pairs.pickSource(summary));
      if (!source) return undefined;
      await pairs.set(summary, { source: source.toString(), reference: pairs.get(summary)?.reference ?? null });
      return source;
    }),
    vscode.commands.registerCommand('sumlens.selectReference', async (given?: unknown) => {
      const summary = activeSummary();
      if (!summary) return undefined;
      const known = pairs.get(summary);
      const source = known ? vscode.Uri.parse(known.source) : await pairs.pickSource(summary);
      if (!source) return undefined;
      const reference = given === null ? null : (asUri(given) ?? (await pairs.pickReference(summary, source)));
      if (reference === undefined) return undefined;
      await pairs.set(summary, { source: source.toString(), reference: reference ? reference.toString() : null });
      return reference;
    }),
  ];
}
