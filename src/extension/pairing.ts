/**
 * Which document is the source (and, optionally, the reference) of a summary. Asked once by
 * a quick pick that offers the other visible editor first, then remembered per summary file
 * in workspaceState.
 */
import * as path from 'path';
import * as vscode from 'vscode';
import { z } from 'zod';

const pairSchema = z.object({ source: z.string(), reference: z.string().nullable().optional() });
export type Pair = z.infer<typeof pairSchema>;

const stateKey = (summary: vscode.Uri) => `sumlens.pair:${summary.toString()}`;

/** Documents a user could mean: real text documents other than the summary itself. */
function candidates(summary: vscode.Uri): vscode.Uri[] {
  const seen = new Set<string>([summary.toString()]);
  const ordered: vscode.Uri[] = [];
  const add = (uri: vscode.Uri) => {
    if (['file', 'untitled', 'vscode-remote', 'vscode-userdata'].includes(uri.scheme) && !seen.has(uri.toString())) {
      seen.add(uri.toString());
      ordered.push(uri);
    }
  };
  // The other visible editor first: the usual layout is article on one side, summary on the other.
  for (const editor of vscode.window.visibleTextEditors) add(editor.document.uri);
  for (const tab of vscode.window.tabGroups.all.flatMap((g) => g.tabs)) {
    if (tab.input instanceof vscode.TabInputText) add(tab.input.uri);
  }
  for (const document of vscode.workspace.textDocuments) add(document.uri);
  return ordered;
}

function item(uri: vscode.Uri, description?: string): vscode.QuickPickItem & { uri?: vscode.Uri } {
  return { label: path.basename(uri.path), description: description ?? vscode.workspace.asRelativePath(uri), uri };
}

export class PairMemory {
  constructor(private readonly state: vscode.Memento) {}

  get(summary: vscode.Uri): Pair | undefined {
    const parsed = pairSchema.safeParse(this.state.get(stateKey(summary)));
    return parsed.success ? parsed.data : undefined;
  }

  async set(summary: vscode.Uri, pair: Pair): Promise<void> {
    await this.state.update(stateKey(summary), pair);
  }

  /** Asks for the source; undefined when the user dismissed the pick. */
  async pickSource(summary: vscode.Uri): Promise<vscode.Uri | undefined> {
    const items = candidates(summary).map((uri) => item(uri));
    items.push({ label: '$(folder-opened) Browse…', description: 'Choose a file', uri: undefined });
    const choice = await vscode.window.showQuickPick(items, {
      title: `SumLens: source document for ${path.basename(summary.path)}`,
      placeHolder: 'Which document does this summary summarise?',
      ignoreFocusOut: true,
    });
    if (!choice) return undefined;
    if (choice.uri) return choice.uri;
    const [picked] = (await vscode.window.showOpenDialog({ canSelectMany: false, title: 'Source document' })) ?? [];
    return picked;
  }

  /** Asks for an optional reference; null means "no reference", undefined "dismissed". */
  async pickReference(summary: vscode.Uri, source: vscode.Uri): Promise<vscode.Uri | null | undefined> {
    const none = { label: 'No reference summary', description: 'Judge against the source only', uri: undefined };
    const items = [none, ...candidates(summary).filter((u) => u.toString() !== source.toString()).map((uri) => item(uri))];
    const choice = await vscode.window.showQuickPick(items, {
      title: `SumLens: reference summary for ${path.basename(summary.path)} (optional)`,
      placeHolder: 'A human-written summary to compare against, if you have one',
      ignoreFocusOut: true,
    });
    if (!choice) return undefined;
    return choice.uri ?? null;
  }

  /** The remembered pair, or asks for it (source, then optional reference) and remembers it. */
  async resolve(summary: vscode.Uri): Promise<Pair | undefined> {
    const known = this.get(summary);
    if (known) return known;
    const source = await this.pickSource(summary);
    if (!source) return undefined;
    const reference = await this.pickReference(summary, source);
    const pair: Pair = { source: source.toString(), reference: reference ? reference.toString() : null };
    await this.set(summary, pair);
    return pair;
  }
}
