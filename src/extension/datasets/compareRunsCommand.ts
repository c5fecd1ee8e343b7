/**
 * "SumLens: Compare Runs": is B better than A? Two run files (two selected in the explorer,
 * or picked from `.sumlens/runs/`, newest first), or one run holding two systems, compared
 * item by item as `sumlens compare` does: per aspect the mean difference with its paired
 * bootstrap interval, the permutation p-value (Holm-adjusted) and wins / ties / losses. Runs
 * made by another judge, method or templates are compared only when the user says so.
 */
import * as path from 'path';
import * as vscode from 'vscode';
import type { RunComparison } from '../../core/run/compareRuns';
import { loadEngine } from '../run/loadEngine';
import { displayPath, listRunFiles } from './runFolder';

/** The run files to compare: the explorer's selection when it is two files, else picked. */
export async function pickRuns(clicked: unknown, selected: unknown): Promise<vscode.Uri[] | undefined> {
  const fromExplorer = (Array.isArray(selected) ? selected : [clicked]).filter((u): u is vscode.Uri => u instanceof vscode.Uri && u.scheme === 'file');
  if (fromExplorer.length === 2) return fromExplorer;
  const runs = await listRunFiles();
  type Item = vscode.QuickPickItem & { uri?: vscode.Uri };
  const browse: Item = { label: `$(folder-opened) ${vscode.l10n.t('Browse…')}`, alwaysShow: true };
  const items: Item[] = runs.map((uri) => ({
    label: path.basename(uri.path),
    description: displayPath(uri),
    uri,
    picked: fromExplorer.some((u) => u.toString() === uri.toString()),
  }));
  const picked = await vscode.window.showQuickPick([...items, browse], {
    title: vscode.l10n.t('SumLens: Compare Runs — pick A then B (two runs), or one run with two systems'),
    canPickMany: true,
    ignoreFocusOut: true,
  });
  if (!picked) return undefined;
  if (picked.includes(browse)) {
    const files = await vscode.window.showOpenDialog({
      title: vscode.l10n.t('Run files to compare (A, B)'),
      canSelectMany: true,
      filters: { [vscode.l10n.t('SumLens runs')]: ['jsonl'] },
    });
    return files?.slice(0, 2);
  }
  return picked.flatMap((i) => (i.uri ? [i.uri] : []));
}

/** Compares the runs; undefined when the user declined to compare runs made differently. */
export async function compareRunFiles(uris: vscode.Uri[], options: { allowDifferent?: boolean } = {}): Promise<RunComparison | undefined> {
  const engine = loadEngine();
  if (uris.length === 1) {
    // One run: its two systems (a data file with a `system` column).
    const run = await engine.loadRun(uris[0].fsPath);
    const [a, b] = engine.sidesBySystem(run);
    return engine.compareSides(a, b, run.aspects);
  }
  if (uris.length !== 2) throw new Error(`pick two runs to compare (or one run with two systems), not ${uris.length}`);
  const [a, b] = await Promise.all(uris.map((u) => engine.loadRun(u.fsPath)));
  try {
    return engine.compareRuns(a, b, { allowDifferent: options.allowDifferent });
  } catch (error) {
    const differences = engine.judgeDifferences(a, b);
    if (options.allowDifferent !== undefined || differences.length === 0) throw error;
    const compareAnyway = vscode.l10n.t('Compare Anyway');
    const answer = await vscode.window.showWarningMessage(
      vscode.l10n.t('SumLens: the runs were made differently ({0}), so their scores may not measure the same thing. Compare anyway?', differences.join('; ')),
      { modal: true },
      compareAnyway,
    );
    return answer === compareAnyway ? engine.compareRuns(a, b, { allowDifferent: true }) : undefined;
  }
}
