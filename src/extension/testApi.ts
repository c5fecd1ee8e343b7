/**
 * The small API activate() returns: what the integration tests and the benchmarks wait on and
 * drive (commands with their questions answered, the panel's model, the activation time).
 */
import * as vscode from 'vscode';
import { rankSystems, type RankOutcome } from './pairwise/rankSystems';
import type { RankRequest } from './pairwise/rankQuestions';
import { type AuditOutcome } from './audit/auditJudge';
import { rateShownSummary } from './commands/yourScore';
import type { DatasetRunOutcome } from './datasets/evaluateDataset';
import { type TrackedFinding } from './findings';
import { runMeasureCommand } from './measure/measureCommands';
import { runAlignCommand, type AlignOutcome, type AlignRequest } from './measure/alignCommand';
import { type Measurement } from './measure/measurementHistory';
import { type EvaluationOutcome } from './run/evaluator';
import { type StartReviewRequest } from './review/reviewCommands';
import type { RatingView } from './review/ratingView';
import type { ReviewStatusView } from './review/reviewStatusView';
import type { PanelModel } from './webview/panelModel';
import type { Method } from '../core/result';
import type { RunComparison } from '../core/run/compareRuns';
import type { Services } from './services';

export interface SumLensApi {
  /** Milliseconds from the bundle's first line to the end of activate() (`npm run bench`). */
  /**
   * From the bundle's first line to the end of activate(): in all, and SumLens's own parts
   * (evaluating the bundle, then activate() itself); the rest is what VS Code did between the two.
   */
  activationMs(): { total: number; loading: number; activate: number } | undefined;
  /** Resolves once the runs saved by the previous session are back (or forgotten). */
  restored(): Promise<void>;
  /** Resolves once .sumlens/feedback.jsonl has been (re)read. */
  feedbackLoaded(): Promise<void>;
  statusBarText(): string;
  /** The status bar item's hover: each aspect's score and how it was made. */
  statusBarTooltip(): string;
  /** Notices the engine gave (quirks learned, fallbacks), as shown in the SumLens output. */
  engineNotices(): readonly string[];
  /** What the commands take only from the user (quick pick, password box, save dialog), given directly. */
  pairWith(summary: vscode.Uri, source: vscode.Uri, reference?: vscode.Uri): Promise<void>;
  storeApiKey(key: string): Thenable<void>;
  /** "Measure against people" on an open template, without the cost question. */
  measureTemplate(uri: vscode.Uri): Promise<Measurement | undefined>;
  /** "Align Judge to My Scores" with its questions answered (data file, column, aspect, the cost, the choice). */
  alignJudge(request: AlignRequest): Promise<AlignOutcome | undefined>;
  exportResult(format: 'json' | 'markdown', target: vscode.Uri): Promise<void>;
  readonly onDidFinishEvaluation: vscode.Event<EvaluationOutcome>;
  lastOutcome(): EvaluationOutcome | undefined;
  /** Findings currently anchored in a document (ignored ones included). */
  findings(uri: vscode.Uri): TrackedFinding[];
  /** Resolves once the diagnostics reflect the latest change of the findings. */
  diagnosticsSettled(): Promise<void>;
  /** Notices given because the workspace is untrusted. */
  trustNotices(): readonly string[];
  panelModel(): PanelModel;
  readonly onDidReceivePanelMessage: vscode.Event<{ type: string }>;
  /** Every progress line of the panel, as it is given. */
  readonly onDidPanelProgress: vscode.Event<string>;
  /** Evaluate Dataset on `data` with `method` (no method and cost question). */
  evaluateDataset(data: vscode.Uri, method: Method): Promise<DatasetRunOutcome | undefined>;
  /** Compare Runs on two run files (or one with two systems); runs made differently only when allowed. */
  compareRuns(runs: vscode.Uri[], allowDifferent: boolean): Promise<RunComparison | undefined>;
  /** "Your score" on an aspect of the summary the panel shows, as its button does. */
  rateAspect(aspect: string, score: number): Promise<void>;
  /** The excerpts of a long source highlighted on `uri` ("Show the excerpts the judge saw"), as document offsets. */
  excerptHighlights(uri: vscode.Uri): { start: number; end: number }[];
  /** Resolves once .sumlens/ratings.jsonl has been (re)read. */
  ratingsLoaded(): Promise<void>;
  /** Audit Judge on a data file, without the cost question. */
  auditJudge(data: vscode.Uri): Promise<AuditOutcome | undefined>;
  /** What a click on a dataset item in the panel does; resolves to the opened summary. */
  openDatasetItem(key: string): Promise<vscode.Uri | undefined>;
  /** A language model tool's prepareInvocation (its confirmation), which invokeTool does not show in a test run. */
  prepareAgentTool(name: string, input: object): Promise<vscode.PreparedToolInvocation | null | undefined>;
  /** Start a Review with its answers given; the review's folder. */
  startReview(request: StartReviewRequest): Promise<string | undefined>;
  /** The rating view of a review for a rater (as Rate a Review opens it). */
  rateReview(folder: vscode.Uri, rater: string): Promise<RatingView | undefined>;
  /** Review Status on a review, with the judge's run of the same items when given. */
  reviewStatus(folder: vscode.Uri, run?: vscode.Uri): Promise<ReviewStatusView | undefined>;
  /** Rank Systems (Pairwise) with its questions answered (those left out are asked); a pairwise run file is shown as it stands. */
  rankSystems(request: RankRequest): Promise<RankOutcome | undefined>;
}

/** How long loading and activating took, when the bundle marked its first and last lines. */
export function activationTimes(activateStart: number): ReturnType<SumLensApi['activationMs']> {
  // Set by the bundle's first and last lines (scripts/build-extension.mjs); absent when run from tsc's output.
  const { __sumlensLoadStart: loadStart, __sumlensLoadEnd: loadEnd } = globalThis as { __sumlensLoadStart?: number; __sumlensLoadEnd?: number };
  const activateEnd = performance.now();
  const activationMs =
    loadStart === undefined || loadEnd === undefined
      ? undefined
      : {
          total: activateEnd - loadStart,
          loading: loadEnd - loadStart,
          activate: activateEnd - activateStart,
        };
  return activationMs;
}

export function apiOf(services: Services, activationMs: ReturnType<SumLensApi['activationMs']>): SumLensApi {
  return {
    activationMs: () => activationMs,
    restored: () => services.restored,
    feedbackLoaded: () => services.feedback.loaded(),
    statusBarText: () => services.statusBar.text,
    statusBarTooltip: () => services.statusBar.tooltip,
    engineNotices: () => services.engineNotices.log,
    pairWith: (summary, source, reference) => services.pairs.set(summary, { source: source.toString(), reference: reference?.toString() ?? null }),
    storeApiKey: (key) => services.keys.store(key),
    measureTemplate: (uri) => runMeasureCommand(uri.toString(), services.measureDeps, true),
    alignJudge: (request) => runAlignCommand(request, services.alignDeps),
    exportResult: async (format, target) => services.actions.exportResult(format, target),
    onDidFinishEvaluation: services.evaluator.onDidFinish,
    lastOutcome: () => services.evaluator.last,
    findings: (uri) => services.store.forUri(uri.toString()),
    diagnosticsSettled: () => services.diagnostics.settled(),
    trustNotices: () => services.notices.log,
    panelModel: () => services.panel.currentModel,
    onDidReceivePanelMessage: services.panel.onDidReceiveMessage,
    onDidPanelProgress: services.panel.onDidProgress,
    evaluateDataset: (data, method) => services.datasets.evaluate(data, method),
    compareRuns: (runs, allowDifferent) => services.datasets.compare(runs[0], runs, { allowDifferent }),
    auditJudge: (data) => services.audit.run(data, true),
    rateAspect: (aspect, score) => rateShownSummary(services.panel, services.ratings, aspect, score),
    excerptHighlights: (uri) => services.excerpts.highlighted(uri.toString()),
    ratingsLoaded: () => services.ratings.loaded(),
    openDatasetItem: (key) => services.datasets.openItem(key),
    prepareAgentTool: (name, input) => services.agentTools.prepare(name, input),
    startReview: (request) => services.reviews.start(request),
    rateReview: (folder, rater) => services.reviews.rate(folder, rater),
    reviewStatus: (folder, run) => services.reviews.showStatus(folder, run),
    rankSystems: (request) => rankSystems(services.rankDeps, request),
  };
}
