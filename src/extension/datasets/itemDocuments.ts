/**
 * A dataset item opened from the panel: its summary and source as read-only documents
 * (scheme `sumlens-item`, their text read from the run file's record), side by side next to
 * the panel, with the item's fine-grained findings anchored in the FindingStore, so they show
 * as diagnostics with the same hovers and quick fixes as a summary evaluated in the editor.
 */
import * as vscode from 'vscode';
import type { ItemDetailTexts } from '../../core/run/runOverview';
import type { FindingStore } from '../findings';
import { loadEngine } from '../run/loadEngine';
import { trackFindings, type RunContext } from '../run/runContext';

export const itemScheme = 'sumlens-item';

type ItemNote = 'summary' | 'source' | 'reference';

/** The document of one note of the item recorded at `line` of `run`. */
export function itemUri(run: string, line: number, id: string, note: ItemNote): vscode.Uri {
  const name = `${id.replace(/[/\\?#]/g, '_')}.${note}.txt`;
  return vscode.Uri.from({ scheme: itemScheme, path: `/${name}`, query: new URLSearchParams({ run, line: String(line), note }).toString() });
}

export class ItemDocuments implements vscode.TextDocumentContentProvider, vscode.Disposable {
  /** Details read once per record: the three notes of an item come from one line. */
  private readonly details = new Map<string, Promise<ItemDetailTexts | undefined>>();
  private readonly registration = vscode.workspace.registerTextDocumentContentProvider(itemScheme, this);

  constructor(private readonly store: FindingStore) {}

  dispose(): void {
    this.registration.dispose();
  }

  async provideTextDocumentContent(uri: vscode.Uri): Promise<string> {
    const query = new URLSearchParams(uri.query);
    const detail = await this.detail(query.get('run') ?? '', Number(query.get('line')));
    const note = query.get('note') as ItemNote;
    return detail?.[note] ?? '';
  }

  /**
   * Opens the item recorded at `line` of the run file `run`: summary and source in the two
   * columns beside `panelColumn`, its findings as diagnostics. Returns the summary's URI.
   */
  async open(run: string, line: number, id: string, panelColumn: vscode.ViewColumn | undefined): Promise<vscode.Uri | undefined> {
    const detail = await this.detail(run, line);
    if (!detail) {
      void vscode.window.showWarningMessage(
        vscode.l10n.t('SumLens: the run file keeps no texts for item {0} (runs made by "sumlens bench" keep only scores).', id),
      );
      return undefined;
    }
    const [summaryColumn, sourceColumn] = columnsBeside(panelColumn);
    const uris = { summary: itemUri(run, line, id, 'summary'), source: itemUri(run, line, id, 'source') };
    const summary = await vscode.workspace.openTextDocument(uris.summary);
    const source = await vscode.workspace.openTextDocument(uris.source);
    await vscode.window.showTextDocument(source, { viewColumn: sourceColumn, preview: false, preserveFocus: true });
    await vscode.window.showTextDocument(summary, { viewColumn: summaryColumn, preview: false });

    const context: RunContext = {
      summary: { uri: uris.summary.toString(), offset: 0, text: detail.summary },
      source: { uri: uris.source.toString(), offset: 0, text: detail.source },
    };
    const documents = new Map([
      [context.summary.uri, summary],
      [context.source.uri, source],
    ]);
    if (detail.reference !== undefined) {
      const reference = itemUri(run, line, id, 'reference');
      context.reference = { uri: reference.toString(), offset: 0, text: detail.reference };
      documents.set(context.reference.uri, await vscode.workspace.openTextDocument(reference));
    }
    this.store.replaceRun(context.summary.uri, trackFindings(context, detail, documents));
    return uris.summary;
  }

  /** A run file written again (a resumed run): its records are read anew. */
  forget(run: string): void {
    for (const key of this.details.keys()) if (key.startsWith(`${run}\n`)) this.details.delete(key);
  }

  private detail(run: string, line: number): Promise<ItemDetailTexts | undefined> {
    const key = `${run}\n${line}`;
    let detail = this.details.get(key);
    if (!detail) {
      detail = loadEngine().runItemDetail(run, line);
      this.details.set(key, detail);
    }
    return detail;
  }
}

/** Two editor columns that are not the panel's, so the item opens without covering the table. */
function columnsBeside(panelColumn: vscode.ViewColumn | undefined): [vscode.ViewColumn, vscode.ViewColumn] {
  const free = [vscode.ViewColumn.One, vscode.ViewColumn.Two, vscode.ViewColumn.Three].filter((c) => c !== panelColumn);
  return [free[0], free[1]];
}
