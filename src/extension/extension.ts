/**
 * SumLens in VS Code: a thin adapter over the engine (src/core). Wires the stores, the
 * providers and the commands; activation happens on a command (or when VS Code restores the
 * panel after a reload). Returns a small API that the integration tests wait on.
 */
import * as path from 'path';
import * as vscode from 'vscode';

import { registerAgentTools } from './agentTools/registerAgentTools';
import { compareSummaries } from './pairwise/compareSummaries';
import { rankSystems, type RankOutcome } from './pairwise/rankSystems';
import type { RankRequest } from './pairwise/rankQuestions';
import { registerApiKeyCommands } from './commands/apiKey';
import { registerJudgeCommands } from './commands/judge';
import { registerCustomizePromptCommand } from './commands/customizePrompt';
import { DatasetViews, registerDatasetCommands } from './datasets/datasetCommands';
import { AuditJudge, registerAuditJudge, type AuditOutcome } from './audit/auditJudge';
import { RatingsLog } from './persistence/ratingsLog';
import { rateShownSummary, ratingAgreementModel } from './commands/yourScore';
import type { DatasetRunOutcome } from './datasets/evaluateDataset';
import { ItemDocuments } from './datasets/itemDocuments';
import { registerEvaluateCommands } from './commands/evaluate';
import { registerExcerptCommands, showSourceExcerpts } from './commands/excerpts';
import { registerFindingCommands } from './commands/findings';
import { registerPairingCommands } from './commands/pairing';
import { panelActions, registerPanelCommands } from './commands/panel';
import { registerSampleCommands } from './commands/sample';
import { FindingStore, type TrackedFinding } from './findings';
import { PairMemory } from './pairing';
import { registerMeasure, runMeasureCommand } from './measure/measureCommands';
import { alignCommand, runAlignCommand, type AlignOutcome, type AlignRequest } from './measure/alignCommand';
import { AlignedTemplates } from './measure/alignedTemplates';
import { MeasurementHistory, type Measurement } from './measure/measurementHistory';
import { FeedbackLog } from './persistence/feedbackLog';
import { SavedRuns } from './persistence/savedRuns';
import { FindingCodeActions } from './presentation/codeActions';
import { DiagnosticsPublisher } from './presentation/diagnostics';
import { ExcerptHighlight } from './presentation/excerptHighlight';
import { FindingHoverProvider } from './presentation/hover';
import { SumLensPanel } from './presentation/panel';
import { RunPresenter } from './presentation/runPresenter';
import { StatusBar } from './presentation/statusBar';
import { PromptTemplates } from './promptTemplates';
import { Evaluator, type EvaluationOutcome } from './run/evaluator';
import { EngineNotices } from './run/engineNotices';
import { ApiKeyStore } from './secrets';
import { registerPromptPreview } from './templates/promptPreview';
import { TemplateCompletions, TemplateHovers } from './templates/templateAssist';
import { TemplateDiagnostics } from './templates/templateDiagnostics';
import { templateSelector } from './templates/templateFiles';
import { resolveTrustedLocations, TrustNotices } from './trust';
import { ReviewCommands, type StartReviewRequest } from './review/reviewCommands';
import type { RatingView } from './review/ratingView';
import type { ReviewStatusView } from './review/reviewStatusView';
import type { PanelModel } from './webview/panelModel';
import type { Method } from '../core/result';
import type { RunComparison } from '../core/run/compareRuns';

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

export function activate(context: vscode.ExtensionContext): SumLensApi {
  const activateStart = performance.now();
  const services = createServices(context);
  context.subscriptions.push(...subscriptionsOf(context, services));
  return apiOf(services, activationTimes(activateStart));
}

/** Everything the extension is made of, created in the order each needs the others; the runs of the previous session start coming back. */
function createServices(context: vscode.ExtensionContext) {
  const log = vscode.window.createOutputChannel('SumLens', { log: true });
  const store = new FindingStore(context.workspaceState);
  const keys = new ApiKeyStore(context.secrets);
  const pairs = new PairMemory(context.workspaceState);
  const notices = new TrustNotices();
  const templateScratch = path.join(context.globalStorageUri.fsPath, 'template-check');
  const templateDiagnostics = new TemplateDiagnostics(templateScratch);
  const templates = new PromptTemplates(vscode.Uri.joinPath(context.globalStorageUri, 'prompt-overrides'), (file, problem) =>
    templateDiagnostics.onDisk(file, problem),
  );
  const statusBar = new StatusBar();
  const diagnostics = new DiagnosticsPublisher(store, vscode.Uri.joinPath(context.extensionUri, 'media', 'aspects.md'));
  const excerpts = new ExcerptHighlight();

  // The panel's actions need the evaluator, which needs the panel: the actions are looked up when called.
  const panel = new SumLensPanel(context.extensionUri, {
    revealEntity: (id) => actions.revealEntity(id),
    exportResult: (format, target) => actions.exportResult(format, target),
    openItem: async (key): Promise<void> => void (await datasets.openItem(key)),
    rate: (aspect, score): Promise<void> => rateShownSummary(panel, ratings, aspect, score),
    showExcerpts: (aspect, at): Promise<boolean> => showSourceExcerpts(panel, excerpts, aspect, at),
    clearExcerpts: () => excerpts.clear(),
  });
  const ratings = new RatingsLog(vscode.workspace.workspaceFolders?.[0]?.uri, log);
  const presenter = new RunPresenter(panel, statusBar, store, ratings);
  const measurements = new MeasurementHistory(context.workspaceState);
  const measureDeps = { keys, notices, history: measurements, storage: context.globalStorageUri, panel, scratchDir: templateScratch };
  // Ratings made under a template "Use this template" put in place are the aligned judge's: a row of their own.
  const alignedTemplates = new AlignedTemplates(context.workspaceState);
  const alignDeps = { keys, notices, storage: context.globalStorageUri, aligned: alignedTemplates };
  const showRatingAgreement = () =>
    panel.update({ ratingAgreement: ratingAgreementModel(ratings.agreement((r) => alignedTemplates.judgeLabel(r.judgeName, r.templateSha256))) });
  const saved = new SavedRuns(context.workspaceState, store);
  const feedback = new FeedbackLog(vscode.workspace.workspaceFolders?.[0]?.uri, log);
  const engineNotices = new EngineNotices(log);
  const evaluator = new Evaluator({ store, pairs, keys, notices, templates, presenter, saved, log, globalStorage: context.globalStorageUri, engineNotices });
  const actions = panelActions(evaluator, panel);
  const itemDocuments = new ItemDocuments(store);
  const datasets = new DatasetViews(panel, itemDocuments, { keys, notices, templates, globalStorage: context.globalStorageUri, log });
  const audit = new AuditJudge(panel, { keys, notices, templates, globalStorage: context.globalStorageUri, log });
  const reviews = new ReviewCommands(context.extensionUri, context.globalState);
  const rankDeps = { extensionUri: context.extensionUri, keys, notices, templates, globalStorage: context.globalStorageUri, log };
  const agentTools = registerAgentTools({ evaluator, pairs, store, saved, datasets, keys, templates, globalStorage: context.globalStorageUri });
  // The runs of the previous session come back after activation, not during it.
  const restored = restoreRuns(saved, { store, evaluator, presenter, log });
  return {
    log,
    store,
    keys,
    pairs,
    notices,
    templateScratch,
    templateDiagnostics,
    templates,
    statusBar,
    diagnostics,
    excerpts,
    panel,
    ratings,
    presenter,
    measurements,
    measureDeps,
    alignedTemplates,
    alignDeps,
    showRatingAgreement,
    saved,
    feedback,
    engineNotices,
    evaluator,
    actions,
    itemDocuments,
    datasets,
    audit,
    reviews,
    rankDeps,
    agentTools,
    restored,
  };
}

type Services = ReturnType<typeof createServices>;

/** What is disposed with the extension: the services and their listeners, then every command and provider registered. */
function subscriptionsOf(context: vscode.ExtensionContext, services: Services): vscode.Disposable[] {
  return [...servicesAndListeners(services), ...registrations(context, services)];
}

/** The services, with the listeners that keep the panel and the findings up to date. */
function servicesAndListeners(services: Services): vscode.Disposable[] {
  const {
    log,
    store,
    templates,
    statusBar,
    diagnostics,
    excerpts,
    panel,
    ratings,
    presenter,
    alignedTemplates,
    showRatingAgreement,
    saved,
    feedback,
    evaluator,
  } = services;
  return [
    log,
    store,
    statusBar,
    diagnostics,
    excerpts,
    panel,
    presenter,
    saved,
    feedback,
    feedback.onDidChange(() => panel.update({ agreement: feedback.agreement() })),
    ratings,
    ratings.onDidChange(showRatingAgreement),
    alignedTemplates,
    alignedTemplates.onDidChange(showRatingAgreement),
    evaluator,
    vscode.workspace.onDidChangeTextDocument((event) => store.applyEdit(event)),
    // A saved template is checked at once, so a broken line is flagged before the next run.
    vscode.workspace.onDidSaveTextDocument((document) => {
      const dir = resolveTrustedLocations(document.uri).promptOverrideDir;
      if (dir && document.uri.scheme === 'file' && document.uri.fsPath.startsWith(dir + path.sep)) templates.stage(dir);
    }),
    vscode.languages.registerHoverProvider({ scheme: '*' }, new FindingHoverProvider(store)),
    vscode.languages.registerCodeActionsProvider({ scheme: '*' }, new FindingCodeActions(store, feedback), {
      providedCodeActionKinds: FindingCodeActions.providedCodeActionKinds,
    }),
  ];
}

/** The commands, providers and agent tools, in the order they were always registered. */
function registrations(context: vscode.ExtensionContext, services: Services): vscode.Disposable[] {
  const {
    log,
    store,
    keys,
    pairs,
    notices,
    templateScratch,
    templateDiagnostics,
    excerpts,
    panel,
    measurements,
    measureDeps,
    alignDeps,
    feedback,
    evaluator,
    itemDocuments,
    datasets,
    audit,
    reviews,
    rankDeps,
    agentTools,
  } = services;
  return [
    ...registerEvaluateCommands(evaluator, datasets),
    itemDocuments,
    datasets,
    ...registerDatasetCommands(datasets),
    { dispose: () => audit.cancel() },
    ...registerAuditJudge(audit),
    ...registerPairingCommands(pairs),
    ...registerApiKeyCommands(keys),
    ...registerJudgeCommands({ keys, notices, log, globalStorage: context.globalStorageUri }),
    ...registerFindingCommands(store, evaluator, feedback),
    ...registerPanelCommands(panel),
    ...registerExcerptCommands(panel, excerpts),
    registerCustomizePromptCommand(),
    ...registerSampleCommands(context.extensionUri, context.globalStorageUri, pairs, evaluator),
    // Prompt templates: live checks, completion and hover, and the rendered-prompt preview.
    templateDiagnostics,
    measurements,
    vscode.languages.registerCompletionItemProvider(templateSelector, new TemplateCompletions(), ...TemplateCompletions.triggerCharacters),
    vscode.languages.registerHoverProvider(templateSelector, new TemplateHovers()),
    ...registerPromptPreview(context.extensionUri, templateScratch, () => evaluator.last?.context),
    ...registerMeasure(measureDeps),
    vscode.commands.registerCommand(alignCommand, () => runAlignCommand({}, alignDeps)),
    ...agentTools.disposables,
    reviews,
    ...reviews.register(),
    vscode.commands.registerCommand('sumlens.compareSummaries', (clicked?: vscode.Uri, selected?: vscode.Uri[]) =>
      compareSummaries(
        { extensionUri: context.extensionUri, pairs, keys, notices, templates: services.templates, globalStorage: context.globalStorageUri },
        clicked,
        selected,
      ),
    ),
    vscode.commands.registerCommand('sumlens.rankSystems', (data?: vscode.Uri) =>
      rankSystems(rankDeps, { data }).catch((error: Error) => {
        void vscode.window.showErrorMessage(vscode.l10n.t('SumLens could not rank the systems: {0}', error.message));
        return undefined;
      }),
    ),
  ];
}

/** How long loading and activating took, when the bundle marked its first and last lines. */
function activationTimes(activateStart: number): ReturnType<SumLensApi['activationMs']> {
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

function apiOf(services: Services, activationMs: ReturnType<SumLensApi['activationMs']>): SumLensApi {
  const {
    store,
    keys,
    pairs,
    notices,
    statusBar,
    diagnostics,
    excerpts,
    panel,
    ratings,
    measureDeps,
    alignDeps,
    feedback,
    engineNotices,
    evaluator,
    actions,
    datasets,
    audit,
    reviews,
    rankDeps,
    agentTools,
    restored,
  } = services;
  return {
    activationMs: () => activationMs,
    restored: () => restored,
    feedbackLoaded: () => feedback.loaded(),
    statusBarText: () => statusBar.text,
    statusBarTooltip: () => statusBar.tooltip,
    engineNotices: () => engineNotices.log,
    pairWith: (summary, source, reference) => pairs.set(summary, { source: source.toString(), reference: reference?.toString() ?? null }),
    storeApiKey: (key) => keys.store(key),
    measureTemplate: (uri) => runMeasureCommand(uri.toString(), measureDeps, true),
    alignJudge: (request) => runAlignCommand(request, alignDeps),
    exportResult: async (format, target) => actions.exportResult(format, target),
    onDidFinishEvaluation: evaluator.onDidFinish,
    lastOutcome: () => evaluator.last,
    findings: (uri) => store.forUri(uri.toString()),
    diagnosticsSettled: () => diagnostics.settled(),
    trustNotices: () => notices.log,
    panelModel: () => panel.currentModel,
    onDidReceivePanelMessage: panel.onDidReceiveMessage,
    onDidPanelProgress: panel.onDidProgress,
    evaluateDataset: (data, method) => datasets.evaluate(data, method),
    compareRuns: (runs, allowDifferent) => datasets.compare(runs[0], runs, { allowDifferent }),
    auditJudge: (data) => audit.run(data, true),
    rateAspect: (aspect, score) => rateShownSummary(panel, ratings, aspect, score),
    excerptHighlights: (uri) => excerpts.highlighted(uri.toString()),
    ratingsLoaded: () => ratings.loaded(),
    openDatasetItem: (key) => datasets.openItem(key),
    prepareAgentTool: (name, input) => agentTools.prepare(name, input),
    startReview: (request) => reviews.start(request),
    rateReview: (folder, rater) => reviews.rate(folder, rater),
    reviewStatus: (folder, run) => reviews.showStatus(folder, run),
    rankSystems: (request) => rankSystems(rankDeps, request),
  };
}

async function restoreRuns(
  saved: SavedRuns,
  to: { store: FindingStore; evaluator: Evaluator; presenter: RunPresenter; log: vscode.LogOutputChannel },
): Promise<void> {
  const { store, evaluator, presenter, log } = to;
  await new Promise((resolve) => setImmediate(resolve));
  try {
    for (const run of await saved.restore()) {
      store.replaceRun(run.context.summary.uri, run.findings);
      evaluator.adoptRestored(run);
      presenter.restored(run.context, run.result);
    }
  } catch (error) {
    log.error(`could not restore the previous session's results: ${(error as Error).message}`);
  }
}

export function deactivate(): void {
  // Everything is disposed through context.subscriptions.
}
