/**
 * A file an agent names in a tool's input: a path relative to a workspace folder (or absolute,
 * or a file: URI) that must stand inside one of the workspace folders once `..` and symbolic
 * links are resolved (core/tools/workspacePath.ts, as for the MCP server's tools). A tool never
 * reads, or sends to a judge, a file outside the workspace on an agent's word (the user picks
 * such files themselves, in the commands' quick picks).
 */
import * as fs from 'fs';
import * as vscode from 'vscode';
import { pathInside } from '../../core/tools/workspacePath';

/** The workspace file `name` stands for; throws (with the message the tool reports) when it is outside the workspace or missing. */
export function workspaceFile(name: string): vscode.Uri {
  const folders = (vscode.workspace.workspaceFolders ?? []).filter((f) => f.uri.scheme === 'file').map((f) => f.uri.fsPath);
  if (folders.length === 0) throw new Error(`SumLens: ${name} cannot be read: the SumLens tools read files of a workspace folder, and none is open.`);
  const given = name.startsWith('file:') ? vscode.Uri.parse(name).fsPath : name;
  const inside = folders.flatMap((folder) => pathInside(folder, given) ?? []);
  if (inside.length === 0) throw new Error(`SumLens: ${name} is outside the workspace folders; the SumLens tools read only files inside them.`);
  const file = inside.find((f) => fs.existsSync(f));
  if (!file) throw new Error(`SumLens: ${name} does not exist in the workspace.`);
  return vscode.Uri.file(file);
}
