/**
 * A quick pick of documents: the visible and open editors at once, then the workspace's text
 * files (by name, most recently changed first) added as soon as they are found, so the pick
 * never waits for a search of the workspace.
 */
import * as path from 'path';
import * as vscode from 'vscode';
import { newestFirst } from './newestFirst';

export type DocumentItem = vscode.QuickPickItem & { uri?: vscode.Uri };

const textFiles = '**/*.{txt,md,markdown,rst,tex,html,htm,json,jsonl}';
const notText = '**/{node_modules,.git,out,dist,.sumlens}/**';
/** Enough for any folder a person picks from by name; the filter box narrows it down. */
const maxWorkspaceFiles = 500;
const pickableSchemes = ['file', 'untitled', 'vscode-remote', 'vscode-userdata'];

/** The workspace's text files, most recently changed first. */
async function workspaceFiles(): Promise<vscode.Uri[]> {
  return newestFirst(await vscode.workspace.findFiles(textFiles, notText, maxWorkspaceFiles));
}

/** Open documents, the other visible editor first (article on one side, summary on the other). */
function openDocuments(): vscode.Uri[] {
  return [
    ...vscode.window.visibleTextEditors.map((e) => e.document.uri),
    ...vscode.window.tabGroups.all.flatMap((g) => g.tabs).flatMap((t) => (t.input instanceof vscode.TabInputText ? [t.input.uri] : [])),
  ];
}

function item(uri: vscode.Uri, open: boolean): DocumentItem {
  const where = vscode.workspace.asRelativePath(uri);
  return { label: path.basename(uri.path), description: open ? `open · ${where}` : where, uri };
}

/** Lets the user pick a document other than those in `exclude`; `first` and `last` frame the list. */
export function pickDocument(options: {
  title: string;
  placeHolder: string;
  exclude: vscode.Uri[];
  first?: DocumentItem[];
  last?: DocumentItem[];
}): Promise<DocumentItem | undefined> {
  const seen = new Set(options.exclude.map((u) => u.toString()));
  const listed: DocumentItem[] = [];
  const add = (uris: vscode.Uri[], open: boolean) => {
    for (const uri of uris) {
      if (!pickableSchemes.includes(uri.scheme) || seen.has(uri.toString())) continue;
      seen.add(uri.toString());
      listed.push(item(uri, open));
    }
  };
  add(openDocuments(), true);
  const pick = vscode.window.createQuickPick<DocumentItem>();
  const show = () => {
    const active = pick.activeItems;
    pick.items = [...(options.first ?? []), ...listed, ...(options.last ?? [])];
    if (active.length) pick.activeItems = active;
  };
  Object.assign(pick, { title: options.title, placeholder: options.placeHolder, matchOnDescription: true, ignoreFocusOut: true, busy: true });
  show();
  void workspaceFiles().then(
    (files) => {
      add(files, false);
      show();
      pick.busy = false;
    },
    () => {
      pick.busy = false; // no workspace search here (virtual folder): the open editors remain
    },
  );
  return new Promise((resolve) => {
    pick.onDidAccept(() => {
      resolve(pick.selectedItems[0]);
      pick.hide();
    });
    pick.onDidHide(() => {
      resolve(undefined);
      pick.dispose();
    });
    pick.show();
  });
}
