/**
 * sumlens.showSourceExcerpts / sumlens.clearSourceExcerpts: the excerpts of a long source that
 * the judge saw in the evaluation the panel shows, highlighted on the source document (the
 * panel's buttons call the same). The panel's model serves after a window reload as well.
 */
import * as path from 'path';
import * as vscode from 'vscode';
import type { ExcerptHighlight } from '../presentation/excerptHighlight';
import type { SumLensPanel } from '../presentation/panel';
import { formatShare, shownBrief, shownGroup } from '../webview/sourceShownText';
import { plural } from '../webview/numberFormat';

/** Highlights the excerpts of `aspect` (or of the run, when every aspect saw the same); false when the judge saw the whole source. */
export async function showSourceExcerpts(panel: SumLensPanel, highlight: ExcerptHighlight, aspect?: string): Promise<boolean> {
  const { result, notes } = panel.currentModel;
  const group = result ? shownGroup(result, aspect) : undefined;
  if (!group || !notes) {
    void vscode.window.showInformationMessage('SumLens: the judge saw the whole source in the evaluation the panel shows; there are no excerpts to highlight.');
    return false;
  }
  const { uri, offset } = notes.source;
  const spans = group.shown.ranges.map((r) => ({ start: offset + r.start, end: offset + r.end }));
  await highlight.show(uri, spans, shownBrief(group.shown), vscode.ViewColumn.One);
  const name = path.basename(vscode.Uri.parse(uri).path);
  vscode.window.setStatusBarMessage(
    `SumLens: ${plural(spans.length, 'excerpt')} of ${name} highlighted, ${formatShare(group.shown.share)} of it; "SumLens: Clear the Excerpt Highlight" removes them`,
    10_000,
  );
  return true;
}

export function registerExcerptCommands(panel: SumLensPanel, highlight: ExcerptHighlight): vscode.Disposable[] {
  return [
    vscode.commands.registerCommand('sumlens.showSourceExcerpts', (aspect?: unknown) =>
      showSourceExcerpts(panel, highlight, typeof aspect === 'string' ? aspect : undefined),
    ),
    vscode.commands.registerCommand('sumlens.clearSourceExcerpts', () => highlight.clear()),
  ];
}
