/**
 * "SumLens: Check Judge" (the `sumlens probe` engine against the configured endpoint and model,
 * with the stored key, under a cancellable progress notification) and "SumLens: Show / Reset
 * Judge Capabilities" (the quirks learned from refusals). Reports open as read-only markdown
 * documents; each command also returns its text (for tests).
 */
import * as vscode from 'vscode';
import { capabilitiesMarkdown, probeMarkdown } from '../presentation/judgeReport';
import { loadEngine } from '../run/loadEngine';
import { cacheDir } from '../run/session';
import type { ApiKeyStore } from '../secrets';
import { readSettings } from '../settings';
import { resolveTrustedLocations, type TrustNotices } from '../trust';

const scheme = 'sumlens-report';
const defaultEndpoint = 'https://api.openai.com/v1';
/** Per-request timeout of the probe (each request is a one-token answer). */
const probeTimeoutMs = 60_000;

export interface JudgeCommandDeps {
  keys: ApiKeyStore;
  notices: TrustNotices;
  log: vscode.LogOutputChannel;
  globalStorage: vscode.Uri;
}

/** The reports' text by document path: a read-only virtual document, never an unsaved file. */
class Reports implements vscode.TextDocumentContentProvider {
  private readonly texts = new Map<string, string>();
  private readonly changed = new vscode.EventEmitter<vscode.Uri>();
  readonly onDidChange = this.changed.event;

  provideTextDocumentContent(uri: vscode.Uri): string {
    return this.texts.get(uri.path) ?? '';
  }

  async show(name: string, text: string): Promise<void> {
    const uri = vscode.Uri.from({ scheme, path: `/${name}.md` });
    this.texts.set(uri.path, text);
    this.changed.fire(uri);
    await vscode.window.showTextDocument(await vscode.workspace.openTextDocument(uri), { preview: true });
  }
}

export function registerJudgeCommands(deps: JudgeCommandDeps): vscode.Disposable[] {
  const reports = new Reports();
  return [
    vscode.workspace.registerTextDocumentContentProvider(scheme, reports),
    vscode.commands.registerCommand('sumlens.checkJudge', () => checkJudge(deps, reports)),
    vscode.commands.registerCommand('sumlens.showCapabilities', () => showCapabilities(deps, reports)),
    vscode.commands.registerCommand('sumlens.resetCapabilities', () => resetCapabilities(deps)),
  ];
}

async function checkJudge(deps: JudgeCommandDeps, reports: Reports): Promise<string | undefined> {
  const settings = readSettings();
  if (settings.provider === 'vscode-lm') {
    void vscode.window.showInformationMessage(
      vscode.l10n.t('SumLens: Check Judge probes an OpenAI-compatible endpoint; the provider is VS Code language models.'),
    );
    return undefined;
  }
  const locations = resolveTrustedLocations();
  deps.notices.notify(locations.ignored);
  const endpoint = (locations.baseUrl || defaultEndpoint).replace(/\/+$/, '');
  try {
    new URL(endpoint);
  } catch {
    void vscode.window.showErrorMessage(vscode.l10n.t('SumLens: the endpoint "{0}" (sumlens.baseUrl) is not a URL.', endpoint));
    return undefined;
  }
  const engine = loadEngine();
  const model = settings.model || engine.defaultModel;
  const apiKey = await deps.keys.get();
  const controller = new AbortController();
  try {
    const found = await vscode.window.withProgress(
      { location: vscode.ProgressLocation.Notification, title: vscode.l10n.t('SumLens: checking {0} at {1}', model, endpoint), cancellable: true },
      (_progress, token) => {
        const subscription = token.onCancellationRequested(() => controller.abort());
        return engine.probeEndpoint({ endpoint, model, apiKey, timeoutMs: probeTimeoutMs }, controller.signal).finally(() => void subscription.dispose());
      },
    );
    const text = probeMarkdown(found);
    deps.log.info(`checked ${model} at ${endpoint}: ${found.probe.requests} requests; ${found.routes.scores}`);
    await reports.show('Check Judge', text);
    return text;
  } catch (error) {
    if (controller.signal.aborted || engine.isCancellation(error)) {
      void vscode.window.showInformationMessage(vscode.l10n.t('SumLens: Check Judge cancelled.'));
      return undefined;
    }
    const message = error instanceof Error ? error.message : String(error);
    deps.log.error(`Check Judge: ${message}`);
    void vscode.window.showErrorMessage(vscode.l10n.t('SumLens: Check Judge failed: {0}', message));
    return undefined;
  }
}

/** Where learned quirks are kept, or undefined (with a message) when the cache is off. */
function capabilityDir(deps: JudgeCommandDeps): string | undefined {
  const dir = cacheDir(deps.globalStorage);
  if (!dir)
    void vscode.window.showInformationMessage(vscode.l10n.t('SumLens: the answer cache is off (SUMLENS_CACHE_DIR=off): no judge capabilities are remembered.'));
  return dir ?? undefined;
}

async function showCapabilities(deps: JudgeCommandDeps, reports: Reports): Promise<string | undefined> {
  const dir = capabilityDir(deps);
  if (!dir) return undefined;
  const engine = loadEngine();
  const text = capabilitiesMarkdown(engine.listCapabilities(dir), (name, value) =>
    engine.describeQuirk(name as Parameters<typeof engine.describeQuirk>[0], value),
  );
  await reports.show('Judge Capabilities', text);
  return text;
}

function resetCapabilities(deps: JudgeCommandDeps): number | undefined {
  const dir = capabilityDir(deps);
  if (!dir) return undefined;
  const forgotten = loadEngine().resetCapabilities(dir);
  const message = `SumLens: forgot what was learned about ${forgotten} endpoint/model pair${forgotten === 1 ? '' : 's'}.`;
  deps.log.info(message);
  void vscode.window.showInformationMessage(message);
  return forgotten;
}
