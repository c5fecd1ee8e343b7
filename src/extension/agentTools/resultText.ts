/**
 * An evaluation as the tools return it to the agent: the panel's Markdown export (scores,
 * fine-grained metrics, usage), its findings at their places in the documents, what the run
 * cost, and how many findings the user had ignored (left out, as in the Problems panel).
 */
import * as vscode from 'vscode';
import type { EvaluationResult } from '../../core/result';
import { resultToMarkdown } from '../exportResult';
import type { TrackedFinding } from '../findings';
import { loadEngine } from '../run/loadEngine';
import { plural } from '../webview/numberFormat';
import { findingLines } from './findingLines';

export async function resultText(result: EvaluationResult, title: string, findings: readonly TrackedFinding[], ignored: ReadonlySet<string>): Promise<string> {
  const shown = findings.filter((f) => !ignored.has(f.id));
  const engine = loadEngine();
  const lines = [
    resultToMarkdown(result, title, await findingLines(shown)).trimEnd(),
    `Cost: ${engine.formatCost(engine.estimateCost(result.model, result.usage))}.`,
  ];
  if (shown.length < findings.length)
    lines.push(`${plural(findings.length - shown.length, 'finding')} the user ignored ${findings.length - shown.length === 1 ? 'is' : 'are'} left out.`);
  return lines.join('\n\n') + '\n';
}

export const textResult = (text: string) => new vscode.LanguageModelToolResult([new vscode.LanguageModelTextPart(text)]);
