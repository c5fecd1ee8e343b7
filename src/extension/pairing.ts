/**
 * Which document is the source (and, optionally, the reference) of a summary. Asked once by
 * a quick pick that offers the other visible editor first, then the open editors, then the
 * workspace's text files (most recently changed first), and remembered per summary file in
 * workspaceState.
 */
import * as path from 'path';
import * as vscode from 'vscode';
import * as z from 'zod/mini';

const pairSchema = z.object({ source: z.string(), reference: z.optional(z.nullable(z.string())) });
export type Pair = z.infer<typeof pairSchema>;

const stateKey = (summary: vscode.Uri) => `sumlens.pair:${summary.toString()}`;

const textFiles = '**/*.{txt,md,markdown,rst,tex,html,htm,json,jsonl}';
const notText = '**/{node_modules,.git,out,dist,.sumlens}/**';
/** Enough for any folder a person picks from by name; the filter box narrows it down. */
const maxWorkspaceFiles = 500;

/** The workspace's text files, most recently changed first. */
async function workspaceFiles(): Promise<vscode.Uri[]> {
  const found = await vscode.workspace.findFiles(textFiles, notText, maxWorkspaceFiles);
  const dated = await Promise.all(
    found.map(async (uri) => ({ uri, mtime: await vscode.workspace.fs.stat(uri).then((s) => s.mtime, () => 0) })),
  );
  return dated.sort((a, b) => b.mtime - a.mtime).map((d) => d.uri);
}

/** Documents a user could mean: real text documents other than the summary itself. */
async function candidates(summary: vscode.Uri): Promise<{ uri: vscode.Uri; open: boolean }[]> {
  const seen = new Set<string>([summary.toString()]);
  const ordered: { uri: vscode.Uri; open: boolean }[] = [];
  const add = (uri: vscode.Uri, open: boolean) => {
    if (['file', 'untitled', 'vscode-remote', 'vscode-userdata'].includes(uri.scheme) && !seen.has(uri.toString())) {
      seen.add(uri.toString());
      ordered.push({ uri, open });
    }
  };
  // The other visible editor first: the usual layout is article on one side, summary on the other.
  for (const editor of vscode.window.visibleTextEditors) add(editor.document.uri, true);
  for (const tab of vscode.window.tabGroups.all.flatMap((g) => g.tabs)) {
    if (tab.input instanceof vscode.TabInputText) add(tab.input.uri, true);
  }
  for (const document of vscode.workspace.textDocuments) if (!document.isClosed) add(document.uri, false);
  for (const uri of await workspaceFiles()) add(uri, false);
  return ordered;
}

function item({ uri, open }: { uri: vscode.Uri; open: boolean }): vscode.QuickPickItem & { uri?: vscode.Uri } {
  const where = vscode.workspace.asRelativePath(uri);
  return { label: path.basename(uri.path), description: open ? `open · ${where}` : where, uri };
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
    const items = (await candidates(summary)).map(item);
    items.push({ label: '$(folder-opened) Browse…', description: 'Choose a file', uri: undefined });
    const choice = await vscode.window.showQuickPick(items, {
      title: `SumLens: source document for ${path.basename(summary.path)}`,
      placeHolder: 'Which document does this summary summarise? Type to filter by name.',
      matchOnDescription: true,
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
    const items = [none, ...(await candidates(summary)).filter((c) => c.uri.toString() !== source.toString()).map(item)];
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
