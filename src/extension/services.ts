/**
 * Everything the extension is made of, created in the order each needs the others, and the
 * runs of the previous session brought back after activation.
 */
import * as path from 'path';
import * as vscode from 'vscode';
import { registerAgentTools } from './agentTools/registerAgentTools';
import { DatasetViews } from './datasets/datasetCommands';
import { AuditJudge } from './audit/auditJudge';
import { RatingsLog } from './persistence/ratingsLog';
import { rateShownSummary, ratingAgreementModel } from './commands/yourScore';
import { ItemDocuments } from './datasets/itemDocuments';
import { showSourceExcerpts } from './commands/excerpts';
import { panelActions } from './commands/panel';
import { FindingStore } from './findings';
import { PairMemory } from './pairing';
import { AlignedTemplates } from './measure/alignedTemplates';
import { MeasurementHistory } from './measure/measurementHistory';
import { FeedbackLog } from './persistence/feedbackLog';
import { SavedRuns } from './persistence/savedRuns';
import { DiagnosticsPublisher } from './presentation/diagnostics';
import { ExcerptHighlight } from './presentation/excerptHighlight';
import { SumLensPanel } from './presentation/panel';
import { RunPresenter } from './presentation/runPresenter';
import { StatusBar } from './presentation/statusBar';
import { PromptTemplates } from './promptTemplates';
import { Evaluator } from './run/evaluator';
import { EngineNotices } from './run/engineNotices';
import { ApiKeyStore } from './secrets';
import { TemplateDiagnostics } from './templates/templateDiagnostics';
import { TrustNotices } from './trust';
import { ReviewCommands } from './review/reviewCommands';

/** Everything the extension is made of, created in the order each needs the others; the runs of the previous session start coming back. */
export function createServices(context: vscode.ExtensionContext) {
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
  const agentTools = registerAgentTools({ evaluator, pairs, store, saved, datasets, keys, notices, templates, globalStorage: context.globalStorageUri, log });
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

export type Services = ReturnType<typeof createServices>;

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
