/**
 * sumlens_compare_runs: "SumLens: Compare Runs" on two run files (or one run holding two
 * systems) named by the agent: per aspect B − A with its paired bootstrap interval, the
 * Holm-adjusted permutation p-value and wins / ties / losses, shown in the panel and returned
 * as text with the panel's figures. Reads the run files only: nothing is sent to a judge.
 */
import * as path from 'path';
import * as vscode from 'vscode';
import { comparisonModel } from '../datasets/datasetModel';
import type { DatasetViews } from '../datasets/datasetCommands';
import type { PanelComparison } from '../webview/datasetSchemas';
import { formatEstimate, formatPValue, formatScore, plural } from '../webview/numberFormat';
import { textResult } from './resultText';
import { parseToolInput, type CompareRunsInput } from './toolInputs';
import { workspaceFile } from './workspaceFile';

export function comparisonText(c: PanelComparison): string {
  const lines = [
    `# SumLens: B = ${c.b.label} against A = ${c.a.label}`,
    '',
    `${plural(c.paired, 'item')} paired (A ${c.a.items}, B ${c.b.items}).` +
      (c.onlyA.length ? ` Only in A: ${c.onlyA.join(', ')}.` : '') +
      (c.onlyB.length ? ` Only in B: ${c.onlyB.join(', ')}.` : ''),
  ];
  if (c.differences.length) lines.push(`Compared although the runs were made differently: ${c.differences.join('; ')}.`);
  lines.push('', '| Aspect | n | A | B | B − A [95% interval] | p (Holm) | wins / ties / losses |', '|---|---|---|---|---|---|---|');
  for (const r of c.aspects) {
    lines.push(
      `| ${r.aspect} | ${r.n} | ${formatScore(r.meanA)} | ${formatScore(r.meanB)} | ${formatEstimate(r.difference, r.low, r.high)} | ${formatPValue(r.pValue)} (${formatPValue(r.pHolm)}) | ${r.wins} / ${r.ties} / ${r.losses} |`,
    );
  }
  lines.push('', 'The interval is a paired bootstrap over items; p is a paired permutation test, Holm-adjusted across the aspects.');
  return lines.join('\n') + '\n';
}

export class CompareRunsTool implements vscode.LanguageModelTool<CompareRunsInput> {
  static readonly toolName = 'sumlens_compare_runs';

  constructor(private readonly datasets: DatasetViews) {}

  prepareInvocation(options: vscode.LanguageModelToolInvocationPrepareOptions<CompareRunsInput>): vscode.PreparedToolInvocation {
    const { runA, runB } = parseToolInput(CompareRunsTool.toolName, options.input);
    return { invocationMessage: runB ? `Comparing ${path.basename(runB)} with ${path.basename(runA)}` : `Comparing the two systems of ${path.basename(runA)}` };
  }

  async invoke(options: vscode.LanguageModelToolInvocationOptions<CompareRunsInput>): Promise<vscode.LanguageModelToolResult> {
    const input = parseToolInput(CompareRunsTool.toolName, options.input);
    const runs = [input.runA, ...(input.runB ? [input.runB] : [])].map(workspaceFile);
    let comparison;
    try {
      // allowDifferent given (false by default): no modal question; runs made differently are an error the agent reads.
      comparison = await this.datasets.showComparison(runs, { allowDifferent: input.allowDifferent ?? false });
    } catch (error) {
      throw new Error(`SumLens: ${(error as Error).message}`, { cause: error });
    }
    if (!comparison) throw new Error('SumLens: the runs could not be compared.');
    return textResult(comparisonText(comparisonModel(comparison)));
  }
}
