/**
 * The dataset commands and their place in the panel: "Evaluate Dataset" (explorer menu on a
 * JSONL / JSON / CSV / TSV file, or the palette) shows the run's table of items × aspects;
 * "Compare Runs" (two run files selected, or picked) shows the comparison; a click on an item
 * of the table opens it side by side with its findings. Every failure ends as one error
 * notification and a line in the panel; a cancelled run keeps what finished.
 */
import * as path from 'path';
import * as vscode from 'vscode';
import type { RunComparison } from '../../core/run/compareRuns';
import type { SumLensPanel } from '../presentation/panel';
import { loadEngine } from '../run/loadEngine';
import { formatCount } from '../webview/numberFormat';
import { compareRunFiles, pickRuns } from './compareRunsCommand';
import { comparisonModel, datasetModel } from './datasetModel';
import { confirmRestart, pickDataFile, prepareDatasetRun, type DatasetRunDeps, type DatasetRunOutcome } from './evaluateDataset';
import type { Method } from '../../core/result';
import type { ItemDocuments } from './itemDocuments';

export class DatasetViews implements vscode.Disposable {
  private readonly running = new Set<AbortController>();

  constructor(
    private readonly panel: SumLensPanel,
    private readonly documents: ItemDocuments,
    private readonly deps: DatasetRunDeps,
  ) {}

  dispose(): void {
    this.cancel();
  }

  /** Cancels the dataset runs in progress (what finished is kept in their run files). */
  cancel(): boolean {
    for (const controller of this.running) controller.abort();
    return this.running.size > 0;
  }

  /** Evaluate Dataset; `method` given skips the question (tests, API). */
  async evaluate(argument: unknown, method?: Method): Promise<DatasetRunOutcome | undefined> {
    const data = await pickDataFile(argument);
    if (!data) return undefined;
    const controller = new AbortController();
    this.running.add(controller);
    const name = path.basename(data.path);
    try {
      const prepared = await prepareDatasetRun(data, method, this.deps);
      if (!prepared) return undefined;
      this.panel.update({ view: 'dataset', error: undefined });
      const start = (restart: boolean) =>
        vscode.window.withProgress(
          { location: vscode.ProgressLocation.Notification, title: vscode.l10n.t('SumLens: {0}', name), cancellable: true },
          (progress, token) => {
            const subscription = token.onCancellationRequested(() => controller.abort());
            return prepared
              .start(restart, controller.signal, (message) => {
                progress.report({ message });
                this.panel.progress({ done: 0, total: 0, label: message });
              })
              .finally(() => void subscription.dispose());
          },
        );
      let summary;
      try {
        summary = await start(false);
      } catch (error) {
        if (!(error instanceof loadEngine().RunSettingsChangedError)) throw error;
        // Declined: the run file stays as it is, said in the editor's words (the engine's error names the CLI's --restart).
        if (!(await confirmRestart(prepared.runFile, error.differences))) return this.keptAsItIs(prepared.runFile);
        summary = await start(true);
      }
      const outcome = { runFile: prepared.runFile, summary };
      this.documents.forget(outcome.runFile);
      await this.show(outcome);
      this.announce(name, outcome);
      return outcome;
    } catch (error) {
      this.fail(error);
      return undefined;
    } finally {
      this.running.delete(controller);
    }
  }

  /**
   * Compare Runs with the explorer's selection (or what the user picks). Runs made
   * differently are compared after a question, or as `allowDifferent` says when given.
   */
  async compare(clicked: unknown, selected: unknown, options: { allowDifferent?: boolean } = {}): Promise<RunComparison | undefined> {
    try {
      const uris = await pickRuns(clicked, selected);
      if (!uris?.length) return undefined;
      return await this.showComparison(uris, options);
    } catch (error) {
      this.fail(error);
      return undefined;
    }
  }

  /** Compares the run files and shows the comparison in the panel; a failure is thrown to the caller. */
  async showComparison(uris: vscode.Uri[], options: { allowDifferent?: boolean }): Promise<RunComparison | undefined> {
    const comparison = await compareRunFiles(uris, options);
    if (!comparison) return undefined;
    this.panel.update({ view: 'comparison', comparison: comparisonModel(comparison), error: undefined, running: false, progress: undefined });
    this.panel.show(true);
    return comparison;
  }

  /** An item of the dataset table clicked in the panel. */
  async openItem(key: string): Promise<vscode.Uri | undefined> {
    const dataset = this.panel.currentModel.dataset;
    if (!dataset) return undefined;
    // The panel's model (kept across reloads) names the run; its records give the item's line.
    const overview = await loadEngine().runOverview(dataset.runPath);
    const item = overview.items.find((i) => i.key === key);
    if (!item) return undefined;
    return this.documents.open(dataset.runPath, item.lineNo, item.id, this.panel.viewColumn);
  }

  private async show(outcome: DatasetRunOutcome): Promise<void> {
    const overview = await loadEngine().runOverview(outcome.runFile);
    const dataset = datasetModel(overview, outcome.summary);
    await this.panel.checkDataset(dataset);
    this.panel.update({
      view: 'dataset',
      dataset,
      running: false,
      progress: undefined,
      error: outcome.summary.fatal?.message,
    });
    this.panel.show(true);
  }

  /** One notification for how the run ended; the figures are in the panel. */
  private announce(name: string, { summary }: DatasetRunOutcome): void {
    const kept = summary.written + summary.alreadyDone;
    if (summary.fatal)
      void vscode.window.showErrorMessage(vscode.l10n.t('SumLens: {0} stopped: {1}. Summaries kept: {2}.', name, summary.fatal.message, formatCount(kept)));
    else if (summary.cancelled)
      void vscode.window.showInformationMessage(
        vscode.l10n.t('SumLens: {0} cancelled; finished summaries kept: {1}. Evaluate it again to go on.', name, formatCount(kept)),
      );
    else if (summary.failed)
      void vscode.window.showWarningMessage(
        vscode.l10n.t(
          'SumLens: summaries of {0} failed: {1} ({2}). Evaluate it again to retry them.',
          name,
          formatCount(summary.failed),
          summary.errors[0] ?? vscode.l10n.t('see the SumLens output'),
        ),
      );
  }

  private keptAsItIs(runFile: string): undefined {
    const message = vscode.l10n.t(
      '{0} was made with other settings and is kept as it is; nothing was evaluated. Evaluate Dataset again and choose Start Over to replace it.',
      path.basename(runFile),
    );
    this.panel.update({ running: false, progress: undefined, error: message });
    void vscode.window.showInformationMessage(`SumLens: ${message}`);
    return undefined;
  }

  private fail(error: unknown): void {
    const message = error instanceof Error ? error.message : String(error);
    this.deps.log.error(message);
    this.panel.update({ running: false, progress: undefined, error: message });
    void vscode.window.showErrorMessage(`SumLens: ${message}`);
  }
}

export function registerDatasetCommands(views: DatasetViews): vscode.Disposable[] {
  return [
    vscode.commands.registerCommand('sumlens.evaluateDataset', (uri: unknown) => views.evaluate(uri)),
    vscode.commands.registerCommand('sumlens.compareRuns', (clicked: unknown, selected: unknown) => views.compare(clicked, selected)),
  ];
}
