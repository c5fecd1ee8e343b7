/**
 * "Show the excerpts the judge saw": the character ranges of a long source that the judge was
 * shown, highlighted on the source document with editor decorations (background, a mark in the
 * overview ruler, a hover per excerpt). The ranges follow edits of the source (an edit inside an
 * excerpt drops that one), come back on any editor that shows the source later, and go when
 * cleared. One highlight at a time.
 */
import * as vscode from 'vscode';
import type { Span } from '../../core/result';
import { documentFor } from '../documents';
import { shift } from '../findings';

interface Highlight {
  uri: string;
  /** The spans as asked for, and where edits since moved them. */
  given: Span[];
  spans: Span[];
  /** Said in each excerpt's hover: what the excerpts are ("18% of the source, to fit the judge's context"). */
  label: string;
  /** The excerpt last scrolled to. */
  at: number;
}

export class ExcerptHighlight implements vscode.Disposable {
  private readonly decoration = vscode.window.createTextEditorDecorationType({
    backgroundColor: new vscode.ThemeColor('sumlens.excerptBackground'),
    // High contrast themes draw a border instead of a tint (their excerptBackground is transparent).
    borderWidth: '1px',
    borderStyle: 'solid',
    borderColor: new vscode.ThemeColor('sumlens.excerptBorder'),
    overviewRulerColor: new vscode.ThemeColor('sumlens.excerptRuler'),
    overviewRulerLane: vscode.OverviewRulerLane.Left,
    rangeBehavior: vscode.DecorationRangeBehavior.ClosedClosed,
  });
  private shown: Highlight | undefined;
  private readonly subscriptions: vscode.Disposable[];

  constructor() {
    this.subscriptions = [
      vscode.window.onDidChangeVisibleTextEditors((editors) => this.paint(editors)),
      vscode.workspace.onDidChangeTextDocument((event) => this.follow(event)),
    ];
  }

  dispose(): void {
    for (const s of this.subscriptions) s.dispose();
    this.decoration.dispose();
  }

  /**
   * Highlights `spans` (document offsets) on the document at `uri`, in the editor showing it or
   * in `column`, and scrolls to excerpt `at`; without `at`, to the first, or when asked again for
   * the same excerpts to the next one (the excerpts of a long source are far apart). Returns the
   * excerpt shown (0-based).
   */
  async show(uri: string, spans: Span[], label: string, { column, at }: { column?: vscode.ViewColumn; at?: number } = {}): Promise<number> {
    const given = this.shown?.given;
    const same = this.shown?.uri === uri && given?.length === spans.length && spans.every((s, i) => s.start === given[i].start && s.end === given[i].end);
    const next = same && spans.length ? (this.shown!.at + 1) % spans.length : 0;
    const index = at !== undefined && at < spans.length ? at : next;
    // Spans already shown keep the offsets the edits since moved them to.
    this.shown = { uri, given: spans, spans: same ? this.shown!.spans : spans, label, at: index };
    void vscode.commands.executeCommand('setContext', 'sumlens.excerptsShown', true);
    const document = await documentFor(uri);
    const visible = vscode.window.visibleTextEditors.find((e) => e.document === document);
    const editor = await vscode.window.showTextDocument(document, { viewColumn: visible?.viewColumn ?? column, preserveFocus: false });
    this.paint(vscode.window.visibleTextEditors);
    const range = this.ranges(document)[index];
    if (range) {
      editor.revealRange(range, vscode.TextEditorRevealType.InCenterIfOutsideViewport);
      editor.selection = new vscode.Selection(range.start, range.start);
    }
    return index;
  }

  clear(): void {
    this.shown = undefined;
    void vscode.commands.executeCommand('setContext', 'sumlens.excerptsShown', false);
    for (const editor of vscode.window.visibleTextEditors) editor.setDecorations(this.decoration, []);
  }

  /** The highlighted ranges on `uri` (what the editor decorates; for tests, which cannot read decorations). */
  highlighted(uri: string): { start: number; end: number }[] {
    return this.shown?.uri === uri ? this.shown.spans.map((s) => ({ start: s.start, end: s.end })) : [];
  }

  private ranges(document: vscode.TextDocument): vscode.Range[] {
    return (this.shown?.spans ?? []).map((s) => new vscode.Range(document.positionAt(s.start), document.positionAt(s.end)));
  }

  private paint(editors: readonly vscode.TextEditor[]): void {
    const shown = this.shown;
    for (const editor of editors) {
      if (!shown || editor.document.uri.toString() !== shown.uri) continue;
      const count = shown.spans.length;
      const options = this.ranges(editor.document).map((range, i) => {
        const hover = new vscode.MarkdownString(
          `**SumLens** — excerpt ${i + 1} of ${count} the judge saw (${shown.label}); the text between excerpts was left out.`,
        );
        hover.isTrusted = false;
        return { range, hoverMessage: hover };
      });
      editor.setDecorations(this.decoration, options);
    }
  }

  private follow(event: vscode.TextDocumentChangeEvent): void {
    const shown = this.shown;
    if (!shown || event.document.uri.toString() !== shown.uri || !event.contentChanges.length) return;
    let spans = shown.spans;
    for (const change of event.contentChanges) spans = spans.flatMap((s) => shift(s, change) ?? []);
    // The editor moves its decorations itself; only a dropped excerpt needs them set again.
    const dropped = spans.length !== shown.spans.length;
    this.shown = { ...shown, spans };
    if (dropped) this.paint(vscode.window.visibleTextEditors);
  }
}
