/**
 * sumlens_summary_findings: what SumLens already holds for a summary (the latest run on it,
 * kept across reloads: its scores, and its findings where they now stand after edits),
 * without calling the judge. A summary SumLens holds nothing for is said so, as a result.
 */
import * as path from 'path';
import * as vscode from 'vscode';
import type { FindingStore } from '../findings';
import type { SavedRuns } from '../persistence/savedRuns';
import { findingLines } from './findingLines';
import { resultText, textResult } from './resultText';
import { parseToolInput, type SummaryFindingsInput } from './toolInputs';
import { workspaceFile } from './workspaceFile';

export class SummaryFindingsTool implements vscode.LanguageModelTool<SummaryFindingsInput> {
  static readonly toolName = 'sumlens_summary_findings';

  constructor(private readonly deps: { store: FindingStore; saved: SavedRuns }) {}

  prepareInvocation(options: vscode.LanguageModelToolInvocationPrepareOptions<SummaryFindingsInput>): vscode.PreparedToolInvocation {
    const { summaryPath } = parseToolInput(SummaryFindingsTool.toolName, options.input);
    return { invocationMessage: `Reading SumLens's findings on ${summaryPath ?? 'the open summary'}` };
  }

  async invoke(options: vscode.LanguageModelToolInvocationOptions<SummaryFindingsInput>): Promise<vscode.LanguageModelToolResult> {
    const { summaryPath } = parseToolInput(SummaryFindingsTool.toolName, options.input);
    const uri = summaryPath ? workspaceFile(summaryPath) : vscode.window.activeTextEditor?.document.uri;
    if (!uri) throw new Error('SumLens: open the summary in an editor first (or name its file in summaryPath).');
    const name = path.basename(uri.path);
    const runKey = uri.toString();
    const result = this.deps.saved.result(runKey);
    const findings = this.deps.store.forRun(runKey);
    const ignored = this.deps.store.ignoredIds();
    if (result) return textResult(await resultText(result, `${name} (latest evaluation)`, findings, ignored));
    // Findings with no result kept: the run's notes were edited since; the findings still stand where they moved to.
    const shown = findings.filter((f) => !ignored.has(f.id));
    if (shown.length) return textResult([`# SumLens: findings on ${name}`, '', ...(await findingLines(shown)), ''].join('\n'));
    return textResult(
      `SumLens holds no evaluation of ${name} (none yet, or the summary was edited since): evaluate it with sumlens_evaluate_summary (this calls the judge).\n`,
    );
  }
}
