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
  return [
    services.log,
    services.store,
    services.statusBar,
    services.diagnostics,
    services.excerpts,
    services.panel,
    services.presenter,
    services.saved,
    services.feedback,
    services.feedback.onDidChange(() => services.panel.update({ agreement: services.feedback.agreement() })),
    services.ratings,
    services.ratings.onDidChange(services.showRatingAgreement),
    services.alignedTemplates,
    services.alignedTemplates.onDidChange(services.showRatingAgreement),
    services.evaluator,
    vscode.workspace.onDidChangeTextDocument((event) => services.store.applyEdit(event)),
    // A saved template is checked at once, so a broken line is flagged before the next run.
    vscode.workspace.onDidSaveTextDocument((document) => {
      const dir = resolveTrustedLocations(document.uri).promptOverrideDir;
      if (dir && document.uri.scheme === 'file' && document.uri.fsPath.startsWith(dir + path.sep)) services.templates.stage(dir);
    }),
    vscode.languages.registerHoverProvider({ scheme: '*' }, new FindingHoverProvider(services.store)),
    vscode.languages.registerCodeActionsProvider({ scheme: '*' }, new FindingCodeActions(services.store, services.feedback), {
      providedCodeActionKinds: FindingCodeActions.providedCodeActionKinds,
    }),
  ];
}

/** The commands, providers and agent tools, in the order they were always registered. */
function registrations(context: vscode.ExtensionContext, services: Services): vscode.Disposable[] {
  return [
    ...registerEvaluateCommands(services.evaluator, services.datasets),
    services.itemDocuments,
    services.datasets,
    ...registerDatasetCommands(services.datasets),
    { dispose: () => services.audit.cancel() },
    ...registerAuditJudge(services.audit),
    ...registerPairingCommands(services.pairs),
    ...registerApiKeyCommands(services.keys),
    ...registerJudgeCommands({ keys: services.keys, notices: services.notices, log: services.log, globalStorage: context.globalStorageUri }),
    ...registerFindingCommands(services.store, services.evaluator, services.feedback),
    ...registerPanelCommands(services.panel),
    ...registerExcerptCommands(services.panel, services.excerpts),
    registerCustomizePromptCommand(),
    ...registerSampleCommands(context.extensionUri, context.globalStorageUri, services.pairs, services.evaluator),
    // Prompt templates: live checks, completion and hover, and the rendered-prompt preview.
    services.templateDiagnostics,
    services.measurements,
    vscode.languages.registerCompletionItemProvider(templateSelector, new TemplateCompletions(), ...TemplateCompletions.triggerCharacters),
    vscode.languages.registerHoverProvider(templateSelector, new TemplateHovers()),
    ...registerPromptPreview(context.extensionUri, services.templateScratch, () => services.evaluator.last?.context),
    ...registerMeasure(services.measureDeps),
    vscode.commands.registerCommand(alignCommand, () => runAlignCommand({}, services.alignDeps)),
    ...services.agentTools.disposables,
    services.reviews,
    ...services.reviews.register(),
    vscode.commands.registerCommand('sumlens.compareSummaries', (clicked?: vscode.Uri, selected?: vscode.Uri[]) =>
      compareSummaries(
        {
          extensionUri: context.extensionUri,
          pairs: services.pairs,
          keys: services.keys,
          notices: services.notices,
          templates: services.templates,
          globalStorage: context.globalStorageUri,
        },
        clicked,
        selected,
      ),
    ),
    vscode.commands.registerCommand('sumlens.rankSystems', (data?: vscode.Uri) =>
      rankSystems(services.rankDeps, { data }).catch((error: Error) => {
        void vscode.window.showErrorMessage(vscode.l10n.t('SumLens could not rank the systems: {0}', error.message));
        return undefined;
      }),
    ),
  ];
}
