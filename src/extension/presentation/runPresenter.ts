/**
 * How runs are shown: the panel and the status bar follow the most recently started run
 * (its progress, partial and final result); a run in the background on another document, or
 * a re-check, leaves them alone until it is the one shown. The status bar's findings count
 * follows the FindingStore, so it agrees with the Problems panel after an ignore, an edit or
 * "Clear Findings". After an evaluation the panel opens beside the summary unless
 * `sumlens.openPanelAfterEvaluation` is off.
 */
import * as path from 'path';
import * as vscode from 'vscode';
import type { EvaluationResult } from '../../core/result';
import type { FindingStore } from '../findings';
import { sha256, type RatingsLog } from '../persistence/ratingsLog';
import type { RunContext } from '../run/runContext';
import type { SumLensPanel } from './panel';
import type { StatusBar } from './statusBar';

const label = (uri: string) => path.basename(vscode.Uri.parse(uri).path);

/** Where the evaluated notes stand and what they are called, for the panel; and the summary's identity for "Your score". */
function describeNotes(context: RunContext) {
  return {
    rated: { sourceSha256: sha256(context.source.text), summarySha256: sha256(context.summary.text) },
    notes: {
      summary: { uri: context.summary.uri, offset: context.summary.offset },
      source: { uri: context.source.uri, offset: context.source.offset, length: context.source.text.length },
      reference: context.reference ? { uri: context.reference.uri, offset: 0 } : undefined,
    },
    summaryName: label(context.summary.uri),
    sourceName: label(context.source.uri),
    referenceName: context.reference ? label(context.reference.uri) : undefined,
  };
}

export class RunPresenter implements vscode.Disposable {
  /** The summary whose run the panel and status bar describe. */
  private shownRun: string | undefined;
  private readonly subscription: vscode.Disposable;

  constructor(
    private readonly panel: SumLensPanel,
    private readonly statusBar: StatusBar,
    private readonly store: FindingStore,
    private readonly ratings: RatingsLog,
  ) {
    this.subscription = store.onDidChange(() => {
      if (this.shownRun) statusBar.setFindings(store.visibleCountForRun(this.shownRun));
    });
  }

  dispose(): void {
    this.subscription.dispose();
  }

  /** A run on `context` started; the panel now describes it. */
  started(context: RunContext): void {
    this.shownRun = context.summary.uri;
    this.panel.update({ view: 'summary', running: true, progress: undefined, error: undefined, result: null, ...describeNotes(context) });
    this.statusBar.running('…');
  }

  progress(context: RunContext, progress: { done: number; total: number; label: string }): void {
    if (!this.isShown(context)) return;
    this.panel.progress(progress);
    this.statusBar.running(`${progress.done}/${progress.total}`);
  }

  /** The aspects scored so far, shown while the run goes on. */
  partial(context: RunContext, result: EvaluationResult): void {
    if (this.isShown(context)) this.panel.update({ result });
  }

  /** A run ended (finished or cancelled) and its findings are in the store. */
  finished(context: RunContext, result: EvaluationResult): void {
    if (!this.isShown(context)) return;
    this.panel.update({ result, running: false, progress: undefined, yourScores: this.yourScores(context, result) });
    this.statusBar.show(result, this.store.visibleCountForRun(context.summary.uri));
    const open = vscode.workspace.getConfiguration('sumlens', vscode.Uri.parse(context.summary.uri)).get<boolean>('openPanelAfterEvaluation', true);
    if (open) this.panel.show(true);
  }

  /** A re-check ended: the panel keeps describing the main run, which is no longer running. */
  recheckFinished(): void {
    this.panel.update({ running: false, progress: undefined });
  }

  /** A saved run came back after a window reload: shown unless a run already is. */
  restored(context: RunContext, result: EvaluationResult): void {
    if (this.shownRun) return;
    this.shownRun = context.summary.uri;
    if (!this.panel.currentModel.result) this.panel.update({ result, running: false, ...describeNotes(context), yourScores: this.yourScores(context, result) });
    this.statusBar.show(result, this.store.visibleCountForRun(context.summary.uri));
  }

  /** The scores the person gave this summary before, for this judge. */
  private yourScores(context: RunContext, result: EvaluationResult): Record<string, number> {
    return this.ratings.scoresFor(describeNotes(context).rated, result.model);
  }

  failed(context: RunContext | undefined, message: string): void {
    if (context && !this.isShown(context)) return;
    this.panel.update({ running: false, progress: undefined, error: message });
    this.statusBar.failed(message);
  }

  private isShown(context: RunContext): boolean {
    return this.shownRun === context.summary.uri;
  }
}
