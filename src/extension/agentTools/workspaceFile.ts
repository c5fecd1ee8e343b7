/**
 * A file an agent names in a tool's input: a path relative to a workspace folder (or absolute,
 * or a file: URI) that must stand inside one of the workspace folders once symbolic links are
 * followed. A tool never reads, or sends to a judge, a file outside the workspace on an agent's
 * word (the user picks such files themselves, in the commands' quick picks).
 */
import * as fs from 'fs';
import * as path from 'path';
import * as vscode from 'vscode';

const real = (file: string) => {
  try {
    return fs.realpathSync(file);
  } catch {
    return path.resolve(file);
  }
};

const inside = (folder: string, file: string) => {
  const relative = path.relative(folder, file);
  return relative === '' || (!relative.startsWith('..') && !path.isAbsolute(relative));
};

/** The workspace file `name` stands for; throws (with the message the tool reports) when it is outside the workspace or missing. */
export function workspaceFile(name: string): vscode.Uri {
  const folders = (vscode.workspace.workspaceFolders ?? []).filter((f) => f.uri.scheme === 'file').map((f) => f.uri.fsPath);
  if (folders.length === 0) throw new Error(`SumLens: ${name} cannot be read: the SumLens tools read files of a workspace folder, and none is open.`);
  const given = name.startsWith('file:') ? vscode.Uri.parse(name).fsPath : name;
  const candidates = path.isAbsolute(given) ? [given] : folders.map((folder) => path.resolve(folder, given));
  const file = candidates.find((c) => fs.existsSync(c)) ?? candidates[0];
  if (!folders.some((folder) => inside(real(folder), real(file)))) {
    throw new Error(`SumLens: ${name} is outside the workspace folders; the SumLens tools read only files inside them.`);
  }
  if (!fs.existsSync(file)) throw new Error(`SumLens: ${name} does not exist in the workspace.`);
  return vscode.Uri.file(file);
}
