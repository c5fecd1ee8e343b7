/**
 * The language model tools (package.json `contributes.languageModelTools`) that Copilot's agent
 * mode, or any extension through vscode.lm.invokeTool, calls: the editor's own three (evaluate
 * a summary, read the findings SumLens holds for one, compare two runs: thin adapters over
 * what the commands do), and the engine's tools that `sumlens mcp` serves (a dataset run, its
 * cost, an audit, the human-scored sets), each from its one definition.
 */
import * as vscode from 'vscode';
import type { DatasetViews } from '../datasets/datasetCommands';
import type { FindingStore } from '../findings';
import type { PairMemory } from '../pairing';
import type { SavedRuns } from '../persistence/savedRuns';
import type { PromptTemplates } from '../promptTemplates';
import type { Evaluator } from '../run/evaluator';
import type { ApiKeyStore } from '../secrets';
import type { TrustNotices } from '../trust';
import { CompareRunsTool } from './compareRunsTool';
import { EngineAgentTool } from './engineAgentTool';
import { agentToolName, ENGINE_TOOLS_IN_EDITOR } from './engineToolNames';
import { EvaluateSummaryTool } from './evaluateSummaryTool';
import { SummaryFindingsTool } from './summaryFindingsTool';

export interface AgentToolDeps {
  evaluator: Evaluator;
  pairs: PairMemory;
  store: FindingStore;
  saved: SavedRuns;
  datasets: DatasetViews;
  keys: ApiKeyStore;
  notices: TrustNotices;
  templates: PromptTemplates;
  globalStorage: vscode.Uri;
  log: vscode.LogOutputChannel;
}

export interface AgentTools {
  disposables: vscode.Disposable[];
  /**
   * A tool's prepareInvocation, run as VS Code runs it before invoke (the confirmation a chat
   * shows). For the integration tests: vscode.lm.invokeTool outside a chat confirms without
   * showing anything in a test run, so they read the confirmation here.
   */
  prepare(name: string, input: object): Promise<vscode.PreparedToolInvocation | null | undefined>;
}

export function registerAgentTools(deps: AgentToolDeps): AgentTools {
  const tools: Record<string, vscode.LanguageModelTool<object>> = {
    [EvaluateSummaryTool.toolName]: new EvaluateSummaryTool(deps),
    [SummaryFindingsTool.toolName]: new SummaryFindingsTool(deps),
    [CompareRunsTool.toolName]: new CompareRunsTool(deps.datasets),
    ...Object.fromEntries(ENGINE_TOOLS_IN_EDITOR.map((name) => [agentToolName(name), new EngineAgentTool(name, deps)])),
  };
  return {
    disposables: Object.entries(tools).map(([name, tool]) => vscode.lm.registerTool(name, tool)),
    async prepare(name, input) {
      const tool = tools[name];
      if (!tool) throw new Error(`SumLens has no language model tool ${name}`);
      return tool.prepareInvocation?.({ input }, new vscode.CancellationTokenSource().token);
    },
  };
}
