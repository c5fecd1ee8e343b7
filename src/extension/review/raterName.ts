/**
 * Who is rating: `sumlens.raterName`, else git's `user.name` in the workspace, else asked once
 * and remembered for this machine. A rater's name names their ratings file, so it must be a
 * file name (letters, digits, space, . _ -).
 */
import { execFile } from 'node:child_process';
import * as vscode from 'vscode';

const REMEMBERED = 'sumlens.raterName';
/** As the engine's RATER_NAME (core/review/reviewSchema.ts); checked here without loading the engine. */
const RATER_NAME = /^[\p{L}\p{N}][\p{L}\p{N} ._-]{0,63}$/u;

export async function raterName(memento: vscode.Memento, folder: vscode.Uri | undefined): Promise<string | undefined> {
  const set = vscode.workspace.getConfiguration('sumlens').get<string>('raterName')?.trim();
  if (set && RATER_NAME.test(set)) return set;
  const remembered = memento.get<string>(REMEMBERED);
  if (remembered && RATER_NAME.test(remembered)) return remembered;
  const fromGit = await gitUserName(folder);
  if (fromGit && RATER_NAME.test(fromGit)) return fromGit;
  const asked = await vscode.window.showInputBox({
    title: vscode.l10n.t('SumLens: your name as a rater'),
    prompt: vscode.l10n.t('Your ratings are kept under this name (set sumlens.raterName to change it)'),
    validateInput: (value) => (RATER_NAME.test(value.trim()) ? undefined : 'Letters, digits, space, . _ - (at most 64)'),
  });
  if (!asked) return undefined;
  await memento.update(REMEMBERED, asked.trim());
  return asked.trim();
}

function gitUserName(folder: vscode.Uri | undefined): Promise<string | undefined> {
  return new Promise((resolve) => {
    execFile('git', ['config', 'user.name'], { cwd: folder?.fsPath, timeout: 2000 }, (error, stdout) =>
      resolve(error ? undefined : stdout.trim() || undefined),
    );
  });
}
