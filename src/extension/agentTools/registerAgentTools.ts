/**
 * The language model tools (package.json `contributes.languageModelTools`) that Copilot's agent
 * mode, or any extension through vscode.lm.invokeTool, calls: evaluate a summary, read the
 * findings SumLens holds for one, compare two runs. Each is a thin adapter over what the
 * commands already do.
 */
import * as vscode from 'vscode';
import type { DatasetViews } from '../datasets/datasetCommands';
import type { FindingStore } from '../findings';
import type { PairMemory } from '../pairing';
import type { SavedRuns } from '../persistence/savedRuns';
import type { PromptTemplates } from '../promptTemplates';
import type { Evaluator } from '../run/evaluator';
import type { ApiKeyStore } from '../secrets';
import { CompareRunsTool } from './compareRunsTool';
import { EvaluateSummaryTool } from './evaluateSummaryTool';
import { SummaryFindingsTool } from './summaryFindingsTool';

export interface AgentToolDeps {
  evaluator: Evaluator;
  pairs: PairMemory;
  store: FindingStore;
  saved: SavedRuns;
  datasets: DatasetViews;
  keys: ApiKeyStore;
  templates: PromptTemplates;
  globalStorage: vscode.Uri;
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
