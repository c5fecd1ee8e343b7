/** Documents and ranges by URI string: the open document when there is one, else loaded. */
import * as vscode from 'vscode';
import type { Anchor } from './findings';

export async function documentFor(uri: string): Promise<vscode.TextDocument> {
  const open = vscode.workspace.textDocuments.find((d) => d.uri.toString() === uri);
  return open ?? vscode.workspace.openTextDocument(vscode.Uri.parse(uri));
}

export async function rangeOf(anchor: Pick<Anchor, 'uri' | 'start' | 'end'>): Promise<vscode.Range> {
  const document = await documentFor(anchor.uri);
  return new vscode.Range(document.positionAt(anchor.start), document.positionAt(anchor.end));
}
