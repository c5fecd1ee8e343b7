/**
 * **SumLens: Review Status**: agreement while a review fills (each aspect's alpha among the
 * raters with its bootstrap interval, each rater against the others, the judge against the
 * people once a run of the same items is picked) and the disagreements, each to open and to
 * settle with an adjudicated score: a line of its own kind in the user's ratings file, beside
 * the raters' scores, never replacing them. The user's own unrated items stay blind: their
 * disagreements are not sent to the view.
 */
import * as vscode from 'vscode';
import { createViewPanel } from '../presentation/webviewHtml';
import { loadEngine } from '../run/loadEngine';
import type { PairDisagreement, ReviewStatus } from '../../core/review';
import { statusOffThread, type StatusResult } from './statusOffThread';
import { fromStatusViewSchema, toStatusViewSchema, type FromStatusView, type ReviewStatusModel, type ToStatusView } from '../webview/reviewStatusProtocol';

export const reviewStatusViewType = 'sumlens.reviewStatus';
/** Intervals a view can wait for: `review status` takes 1,000; 200 keeps a large review's view under a few seconds. */
const VIEW_RESAMPLES = 200;

export class ReviewStatusView implements vscode.Disposable {
  private readonly panel: vscode.WebviewPanel;
  private readonly posted = new vscode.EventEmitter<ToStatusView>();
  /** Every message posted to the view (tests read what it was given). */
  readonly onDidPostMessage = this.posted.event;
  private judgeFile: string | undefined;
  private readonly disposables: vscode.Disposable[] = [];

  constructor(
    extensionUri: vscode.Uri,
    private readonly dir: string,
    private readonly user: string,
  ) {
    this.panel = createViewPanel(extensionUri, reviewStatusViewType, vscode.l10n.t('Review status'), {
      title: vscode.l10n.t('SumLens review status'),
      styles: ['panel.css', 'review-status.css'],
      script: 'dist/review-status.js',
    });
    this.disposables.push(
      this.posted,
      this.panel.webview.onDidReceiveMessage((raw) => {
        const parsed = fromStatusViewSchema.safeParse(raw);
        if (parsed.success) void this.handle(parsed.data);
      }),
      this.panel.onDidDispose(() => this.dispose()),
    );
  }

  dispose(): void {
    for (const d of this.disposables.splice(0)) d.dispose();
    this.panel.dispose();
  }

  /** Compares the judge's run of the same items (a run file of `eval --data`). */
  async useRun(file: string): Promise<void> {
    await loadEngine().readJudgeRun(file); // a file that is not a run is said here, before the worker reads it
    this.judgeFile = file;
  }

  /** What a message from the view does; a test sends the view's own messages here. */
  async handle(message: FromStatusView): Promise<void> {
    try {
      const engine = loadEngine();
      if (message.type === 'adjudicate') {
        const review = await engine.readReview(this.dir);
        const line = engine.ratingLine(
          this.user,
          { kind: 'adjudication', item: message.item, aspect: message.aspect, score: message.score, ...(message.comment ? { comment: message.comment } : {}) },
          review,
        );
        await engine.appendLines(engine.ratingsFile(this.dir, this.user), [line]);
      } else if (message.type === 'adjudicatePair') {
        const review = await engine.readReview(this.dir);
        const { pair: item, question: aspect, preference, comment } = message;
        const line = engine.ratingLine(this.user, { kind: 'adjudication', item, aspect, preference, ...(comment ? { comment } : {}) }, review);
        await engine.appendLines(engine.ratingsFile(this.dir, this.user), [line]);
      } else if (message.type === 'openItem') {
        await this.openItem(message.item);
        return;
      } else if (message.type === 'pickRun') {
        const picked = await vscode.window.showOpenDialog({
          title: vscode.l10n.t('SumLens: the judge’s run of the same items'),
          filters: { 'Run files': ['jsonl'] },
          canSelectMany: false,
        });
        if (!picked?.[0]) return;
        await this.useRun(picked[0].fsPath);
      }
      await this.refresh();
    } catch (error) {
      this.post({ type: 'error', message: `SumLens: ${(error as Error).message}`.slice(0, 2000) });
    }
  }

  /** Reads the review again (off the extension host's thread) and shows it. */
  async refresh(): Promise<void> {
    this.post({ type: 'status', status: this.model(await statusOffThread(this.dir, this.judgeFile, VIEW_RESAMPLES)) });
  }

  private model({ status, found, foundPairs, facts }: StatusResult): ReviewStatusModel {
    const estimate = (e: { value: number; interval: { low: number; high: number } } | undefined) =>
      e === undefined ? null : { value: finite(e.value), low: finite(e.interval.low), high: finite(e.interval.high) };
    // Blind: a disagreement on an item the user was dealt and has not rated yet is not sent.
    const rated = new Set(facts.rated[this.user] ?? []);
    const dealt = (item: string) => facts.dealt[item]?.includes(this.user) ?? false;
    const visible = found.filter((d) => !dealt(d.item) || rated.has(`${d.item}\u0000${d.aspect}`));
    const visiblePairs = foundPairs.filter((d) => !dealt(d.pair) || rated.has(`${d.pair}\u0000${d.question}`));
    return {
      name: status.name,
      // A pair is an item of the review too.
      items: status.items + (status.pairs?.count ?? 0),
      resamples: VIEW_RESAMPLES,
      raters: status.raters.map((r) => ({ rater: r.rater, done: r.done, assigned: r.assigned })),
      agreement: status.agreement.map((a) => ({
        aspect: a.aspect,
        pairedItems: a.pairedItems,
        alphaInterval: estimate(a.alphaInterval),
        alphaOrdinal: estimate(a.alphaOrdinal),
        byRater: a.byRater.map((r) => ({ rater: r.rater, n: r.n, alpha: estimate(r.alphaInterval)! })),
        judge: a.judge
          ? { n: a.judge.mean.n, alpha: estimate(a.judge.mean.alphaInterval)!, meanAbsoluteDifference: estimate(a.judge.mean.meanAbsoluteDifference)! }
          : null,
      })),
      judgeRun: this.judgeFile ? vscode.workspace.asRelativePath(this.judgeFile) : null,
      disagreements: visible.map((d) => {
        const { scale } = facts.definition.aspects.find((a) => a.name === d.aspect)!;
        return {
          item: d.item,
          aspect: d.aspect,
          reasons: d.reasons,
          scores: d.scores,
          mean: d.mean,
          judge: d.judge ?? null,
          adjudicated: d.adjudicated ? { score: d.adjudicated.score, by: d.adjudicated.by } : null,
          scale: { min: scale.min, max: scale.max },
        };
      }),
      ...(status.pairs ? { pairs: pairsModel(status.pairs, visiblePairs, estimate) } : {}),
      hidden: found.length - visible.length + foundPairs.length - visiblePairs.length,
      changed: status.changed.length,
    };
  }

  private async openItem(id: string): Promise<void> {
    const review = await loadEngine().readReview(this.dir);
    const item = review.byId.get(id);
    if (!item) return;
    const source = await vscode.workspace.openTextDocument({ content: item.source, language: 'plaintext' });
    const summary = await vscode.workspace.openTextDocument({ content: item.summary, language: 'plaintext' });
    await vscode.window.showTextDocument(source, { viewColumn: vscode.ViewColumn.Beside, preview: true });
    await vscode.window.showTextDocument(summary, { viewColumn: vscode.ViewColumn.Beside, preview: true });
  }

  private post(message: ToStatusView): void {
    const checked = toStatusViewSchema.parse(message);
    this.posted.fire(checked);
    void this.panel.webview.postMessage(checked);
  }
}

const finite = (x: number) => (Number.isFinite(x) ? x : null);
type PairsModel = NonNullable<ReviewStatusModel['pairs']>;
type Estimate = (e: { value: number; interval: { low: number; high: number } }) => PairsModel['questions'][number]['alpha'] | null;

/** A review's pairs: progress, agreement per question, and the pairs the raters split on (those the user may see). */
function pairsModel(pairs: NonNullable<ReviewStatus['pairs']>, found: readonly PairDisagreement[], estimate: Estimate): PairsModel {
  return {
    raters: pairs.raters.map((r) => ({ rater: r.rater, done: r.done, assigned: r.assigned })),
    questions: pairs.agreement.map((q) => ({
      question: q.question,
      pairedItems: q.pairedItems,
      counts: q.counts,
      alpha: estimate(q.alphaNominal)!,
      kappas: q.byRaters.map((k) => ({ raters: k.raters.join(' and '), n: k.n, kappa: finite(k.kappa) })),
    })),
    disagreements: found.map((d) => ({
      ...{ pair: d.pair, question: d.question, a: d.a, b: d.b, answers: d.answers },
      adjudicated: d.adjudicated ? { preference: d.adjudicated.preference, by: d.adjudicated.by } : null,
    })),
  };
}
