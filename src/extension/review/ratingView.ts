/**
 * The rating view: a webview in which one rater rates their queue of a review (the script is
 * media/dist/rating.js, its messages ratingProtocol.ts). Strict CSP with a nonce, the view's
 * own files only. A submit is answered with the next item only once the ratings are on disk.
 */
import * as vscode from 'vscode';
import { fromRatingViewSchema, toRatingViewSchema, type FromRatingView, type ToRatingView } from '../webview/ratingProtocol';
import { createViewPanel } from '../presentation/webviewHtml';
import type { RatingQueue } from './ratingSession';

export const ratingViewType = 'sumlens.rating';

export class RatingView implements vscode.Disposable {
  private readonly panel: vscode.WebviewPanel;
  private readonly received = new vscode.EventEmitter<FromRatingView>();
  private readonly sent = new vscode.EventEmitter<ToRatingView>();
  /** Every valid message from the view, once handled (tests wait on them). */
  readonly onDidHandleMessage = this.received.event;
  /** Every message posted to the view (tests read what the view was given, and was not). */
  readonly onDidPostMessage = this.sent.event;
  private readonly disposables: vscode.Disposable[] = [];

  constructor(
    extensionUri: vscode.Uri,
    private readonly session: RatingQueue,
    private readonly reviewName: string,
  ) {
    this.panel = createViewPanel(extensionUri, ratingViewType, vscode.l10n.t('Rate: {0} ({1})', reviewName, session.rater), {
      title: vscode.l10n.t('SumLens rating'),
      styles: ['rating.css'],
      script: 'dist/rating.js',
      after: '<p id="status" class="rating-status" role="status" aria-live="polite"></p>',
    });
    this.disposables.push(
      this.received,
      this.sent,
      this.panel.webview.onDidReceiveMessage((raw) => void this.onMessage(raw)),
      this.panel.onDidDispose(() => this.dispose()),
    );
  }

  get visible(): boolean {
    return this.panel.visible;
  }

  dispose(): void {
    for (const d of this.disposables.splice(0)) d.dispose();
    this.panel.dispose();
  }

  /** Plays key presses in the view as if the rater typed them (the editor tests' keyboard). */
  pressKeys(keys: string[]): void {
    this.post({ type: 'keys', keys });
  }

  /** What a message from the view does; the view's own messages come here, and so may a test's. */
  async handle(message: FromRatingView): Promise<void> {
    try {
      if (message.type === 'submit') await this.session.submit(message.item, message.given, message.comment);
      else if (message.type === 'back') this.session.back();
      this.show();
    } catch (error) {
      // Nothing moves on: the item stays on screen with what the rater gave it.
      const text = `SumLens could not save the ratings: ${(error as Error).message}`;
      this.post({ type: 'error', message: text.slice(0, 2000) });
      void vscode.window.showErrorMessage(text);
    }
    this.received.fire(message);
  }

  private async onMessage(raw: unknown): Promise<void> {
    const parsed = fromRatingViewSchema.safeParse(raw);
    if (parsed.success) await this.handle(parsed.data); // a message we do not know is dropped, never acted on
  }

  private show(): void {
    const screen = this.session.screen();
    this.post(screen ? { type: 'screen', screen } : { type: 'finished', reviewName: this.reviewName, rater: this.session.rater, total: this.session.total });
  }

  private post(message: ToRatingView): void {
    const checked = toRatingViewSchema.parse(message);
    this.sent.fire(checked);
    void this.panel.webview.postMessage(checked);
  }
}
