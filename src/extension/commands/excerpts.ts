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

let statusMessage: vscode.Disposable | undefined;

/**
 * Highlights the excerpts of `aspect` (or of the run, when every aspect saw the same) and
 * scrolls to excerpt `at` (or the next one); false when the judge saw the whole source.
 */
export async function showSourceExcerpts(panel: SumLensPanel, highlight: ExcerptHighlight, aspect?: string, at?: number): Promise<boolean> {
  const { result, notes } = panel.currentModel;
  const group = result ? shownGroup(result, aspect) : undefined;
  if (!group || !notes) {
    void vscode.window.showInformationMessage(
      vscode.l10n.t('SumLens: the judge saw the whole source in the evaluation the panel shows; there are no excerpts to highlight.'),
    );
    return false;
  }
  const { uri, offset } = notes.source;
  const spans = group.shown.ranges.map((r) => ({ start: offset + r.start, end: offset + r.end }));
  const shownAt = await highlight.show(uri, spans, shownBrief(group.shown), { column: vscode.ViewColumn.One, at });
  const name = path.basename(vscode.Uri.parse(uri).path);
  statusMessage?.dispose();
  statusMessage = vscode.window.setStatusBarMessage(
    `SumLens: excerpt ${shownAt + 1} of ${spans.length} the judge saw (${formatShare(group.shown.share)} of ${name}); again for the next`,
    10_000,
  );
  return true;
}

export function registerExcerptCommands(panel: SumLensPanel, highlight: ExcerptHighlight): vscode.Disposable[] {
  return [
    vscode.commands.registerCommand('sumlens.showSourceExcerpts', (aspect?: unknown) =>
      showSourceExcerpts(panel, highlight, typeof aspect === 'string' ? aspect : undefined),
    ),
    vscode.commands.registerCommand('sumlens.clearSourceExcerpts', () => {
      statusMessage?.dispose();
      highlight.clear();
    }),
  ];
}
