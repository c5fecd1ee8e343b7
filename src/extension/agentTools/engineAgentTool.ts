/**
 * An engine tool (src/core/tools/) as a VS Code language model tool: the same definition,
 * input check and result that `sumlens mcp` serves, with the editor's judge (settings, the key
 * in SecretStorage, the workspace's trusted endpoint and templates), the first workspace folder
 * as the folder every path must stay inside, and the call's cancellation. A tool that calls
 * the judge asks first, naming the judge and the spending limit; a failure is an error with
 * the line the CLI would print.
 */
import * as fs from 'fs';
import * as vscode from 'vscode';
import { agentCallLimit } from '../../core/llm/spendLimit';
import type { LlmSession } from '../../core/llm/types';
import type { SumLensTool, ToolContext } from '../../core/tools/tool';
import type { PromptTemplates } from '../promptTemplates';
import { loadEngine } from '../run/loadEngine';
import { createSession, spendLimitFor } from '../run/session';
import type { ApiKeyStore } from '../secrets';
import { readSettings } from '../settings';
import { resolveTrustedLocations, type TrustNotices } from '../trust';
import { agentToolName, type EngineToolInEditor } from './engineToolNames';

export interface EngineToolDeps {
  keys: ApiKeyStore;
  notices: TrustNotices;
  templates: PromptTemplates;
  globalStorage: vscode.Uri;
  log: vscode.LogOutputChannel;
}

function workspaceFolder(): vscode.WorkspaceFolder {
  const folder = vscode.workspace.workspaceFolders?.[0];
  if (!folder || folder.uri.scheme !== 'file') throw new Error('SumLens: open a folder first: these tools read and write files inside it.');
  return folder;
}

export class EngineAgentTool implements vscode.LanguageModelTool<object> {
  constructor(
    private readonly name: EngineToolInEditor,
    private readonly deps: EngineToolDeps,
  ) {}

  private tool(): SumLensTool {
    return loadEngine().sumlensTools.find((t) => t.name === this.name)!;
  }

  prepareInvocation(options: vscode.LanguageModelToolInvocationPrepareOptions<object>): vscode.PreparedToolInvocation {
    const tool = this.tool();
    const invocationMessage = vscode.l10n.t('SumLens: {0}', tool.title);
    if (!tool.callsJudge) return { invocationMessage };
    const scope = vscode.workspace.workspaceFolders?.[0]?.uri;
    const settings = readSettings(scope);
    const limit = agentCallLimit(settings.maxCost, (options.input as { maxCost?: number }).maxCost, 'sumlens.maxCost');
    const engine = loadEngine();
    const judge =
      settings.provider === 'vscode-lm'
        ? vscode.l10n.t("**Judge:** {0} (VS Code's language models)", settings.model || engine.defaultModel)
        : vscode.l10n.t('**Judge:** {0} at {1}', settings.model || engine.defaultModel, engine.endpointOf(resolveTrustedLocations(scope).baseUrl));
    const lines = [
      judge,
      vscode.l10n.t('**Calls the judge**: answers already cached cost nothing; sumlens_estimate_cost says what a run would cost first'),
      limit.usd === undefined
        ? vscode.l10n.t('**Spending limit:** none (sumlens.maxCost is empty)')
        : vscode.l10n.t('**Spending limit:** ${0} ({1})', limit.usd, limit.raise),
    ];
    return {
      invocationMessage,
      confirmationMessages: { title: vscode.l10n.t('{0} with SumLens?', tool.title), message: new vscode.MarkdownString(lines.join('  \n')) },
    };
  }

  async invoke(options: vscode.LanguageModelToolInvocationOptions<object>, token: vscode.CancellationToken): Promise<vscode.LanguageModelToolResult> {
    const engine = loadEngine();
    const tool = this.tool();
    const parsed = tool.input.safeParse(options.input);
    if (!parsed.success) {
      const problems = parsed.error.issues.map((i) => `${i.path.join('.') || 'input'}: ${i.message}`);
      throw new Error(`SumLens: ${agentToolName(tool.name)} got an input it cannot use (${problems.join('; ')}).`);
    }
    const controller = new AbortController();
    const subscription = token.onCancellationRequested(() => controller.abort());
    try {
      const context = await this.context(tool, parsed.data, controller.signal);
      const result = await tool.run(parsed.data, context);
      const structured = tool.output.parse(result.structured);
      return new vscode.LanguageModelToolResult([new vscode.LanguageModelTextPart(result.text), new vscode.LanguageModelTextPart(JSON.stringify(structured))]);
    } catch (error) {
      throw new Error(`SumLens: ${engine.failureText(error)}`, { cause: error });
    } finally {
      subscription.dispose();
    }
  }

  /** What the tool gets from the editor: never anything its arguments could set (keys, endpoints). */
  private async context(tool: SumLensTool, args: { maxCost?: number }, signal: AbortSignal): Promise<ToolContext> {
    const engine = loadEngine();
    const folder = workspaceFolder();
    const settings = readSettings(folder.uri);
    const locations = resolveTrustedLocations(folder.uri);
    this.deps.notices.notify(locations.ignored);
    let session: LlmSession | undefined;
    if (tool.callsJudge) {
      // The agent may lower the user's sumlens.maxCost for its call, never raise it.
      const limit = agentCallLimit(settings.maxCost, args.maxCost, 'sumlens.maxCost');
      const spendLimit = spendLimitFor({ ...settings, maxCost: limit.usd }, limit.raise);
      session = await createSession(settings, locations.baseUrl, this.deps, { spendLimit });
    }
    const datasetsFolder = vscode.workspace.getConfiguration('sumlens', folder.uri).get<string>('datasetsFolder', '').trim();
    return {
      workspace: fs.realpathSync(folder.uri.fsPath),
      judge: { baseUrl: locations.baseUrl, model: settings.model || undefined, concurrency: settings.concurrency },
      session: () => session!,
      datasetFolders: engine.datasetFolders(process.env, datasetsFolder || undefined),
      promptOverrideDir: this.deps.templates.stage(locations.promptOverrideDir),
      signal,
      onNotice: (line) => this.deps.log.info(line),
    };
  }
}
