/**
 * What the extension registers with VS Code: the services with the listeners that keep the
 * panel and the findings up to date, then every command, provider and agent tool.
 */
import * as path from 'path';
import * as vscode from 'vscode';
import { compareSummaries } from './pairwise/compareSummaries';
import { rankSystems } from './pairwise/rankSystems';
import { registerApiKeyCommands } from './commands/apiKey';
import { registerJudgeCommands } from './commands/judge';
import { registerCustomizePromptCommand } from './commands/customizePrompt';
import { registerDatasetCommands } from './datasets/datasetCommands';
import { registerAuditJudge } from './audit/auditJudge';
import { registerEvaluateCommands } from './commands/evaluate';
import { registerExcerptCommands } from './commands/excerpts';
import { registerFindingCommands } from './commands/findings';
import { registerPairingCommands } from './commands/pairing';
import { registerPanelCommands } from './commands/panel';
import { registerSampleCommands } from './commands/sample';
import { registerMeasure } from './measure/measureCommands';
import { alignCommand, runAlignCommand } from './measure/alignCommand';
import { FindingCodeActions } from './presentation/codeActions';
import { FindingHoverProvider } from './presentation/hover';
import { registerPromptPreview } from './templates/promptPreview';
import { TemplateCompletions, TemplateHovers } from './templates/templateAssist';
import { templateSelector } from './templates/templateFiles';
import { resolveTrustedLocations } from './trust';
import type { Services } from './services';

/** What is disposed with the extension: the services and their listeners, then every command and provider registered. */
export function registrationsOf(context: vscode.ExtensionContext, services: Services): vscode.Disposable[] {
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
