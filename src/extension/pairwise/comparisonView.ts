/**
 * The comparison view: a webview that shows two summaries of one source judged pairwise (its
 * script is media/dist/comparison.js, its message comparisonProtocol.ts). Strict CSP with a
 * nonce, the view's own files only; it only shows what it is sent.
 */
import * as vscode from 'vscode';
import { createViewPanel } from '../presentation/webviewHtml';
import { fromComparisonViewSchema, toComparisonViewSchema, type ToComparisonView } from '../webview/comparisonProtocol';

export const comparisonViewType = 'sumlens.comparison';

export class ComparisonPanel implements vscode.Disposable {
  private readonly panel: vscode.WebviewPanel;
  private readonly sent = new vscode.EventEmitter<ToComparisonView>();
  /** Every message posted to the view (tests read what it was given). */
  readonly onDidPostMessage = this.sent.event;

  /** The latest message: posted again when the view's script says it is ready (one posted before would be lost). */
  private latest: ToComparisonView | undefined;

  constructor(extensionUri: vscode.Uri, title: string) {
    this.panel = createViewPanel(extensionUri, comparisonViewType, title, {
      title: 'SumLens comparison',
      styles: ['comparison.css'],
      script: 'dist/comparison.js',
    });
    this.panel.webview.onDidReceiveMessage((raw) => {
      if (fromComparisonViewSchema.safeParse(raw).success && this.latest) void this.panel.webview.postMessage(this.latest);
    });
    this.panel.onDidDispose(() => this.sent.dispose());
  }

  /** The latest message posted (what the view shows once its script runs). */
  get lastMessage(): ToComparisonView | undefined {
    return this.latest;
  }

  post(message: ToComparisonView): void {
    const checked = toComparisonViewSchema.parse(message);
    this.latest = checked;
    this.sent.fire(checked);
    void this.panel.webview.postMessage(checked);
  }

  dispose(): void {
    this.panel.dispose();
  }
}
