/**
 * Where the editor keeps dataset runs: `.sumlens/runs/` in the workspace (beside the
 * verdicts and templates of `.sumlens/`), one JSONL run file per data file and method, the
 * same files `sumlens eval --data --out` writes and `sumlens compare` / `report` read.
 * Without a workspace folder they go to the extension's global storage.
 */
import * as vscode from 'vscode';
import { newestFirst } from '../newestFirst';
import { workspaceRunFileName } from '../../core/operations/runFileNames';

const runsFolder = '.sumlens/runs';

export function runsDirectory(data: vscode.Uri, globalStorage: vscode.Uri): vscode.Uri {
  const folder = vscode.workspace.getWorkspaceFolder(data) ?? vscode.workspace.workspaceFolders?.[0];
  return folder ? vscode.Uri.joinPath(folder.uri, runsFolder) : vscode.Uri.joinPath(globalStorage, 'runs');
}

/** `.sumlens/runs/<data name>-<method>.jsonl`: evaluating the same data the same way resumes it. */
export function runFileFor(data: vscode.Uri, method: string, globalStorage: vscode.Uri): vscode.Uri {
  return vscode.Uri.joinPath(runsDirectory(data, globalStorage), workspaceRunFileName(data.path, method));
}

/** The workspace's run files, most recently written first. */
export async function listRunFiles(): Promise<vscode.Uri[]> {
  return newestFirst(await vscode.workspace.findFiles(`${runsFolder}/*.jsonl`, undefined, 200));
}

/** A path as the user knows it: relative to the workspace when inside it. */
export function displayPath(uri: vscode.Uri | string): string {
  const target = typeof uri === 'string' ? vscode.Uri.file(uri) : uri;
  return vscode.workspace.asRelativePath(target, false);
}
