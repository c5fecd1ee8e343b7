/**
 * sumlens_evaluate_summary: scores a summary against its source with the judge of the
 * SumLens settings, as "Evaluate Selected Summary" does (same settings, trust, panel,
 * diagnostics), and returns the result as text. Before anything is sent, the confirmation
 * names the judge and the dry run's estimate of what the call costs.
 */
import * as vscode from 'vscode';
import { methodLabels } from '../datasets/evaluateDataset';
import type { FindingStore } from '../findings';
import type { PairMemory } from '../pairing';
import type { Evaluator } from '../run/evaluator';
import { callRequest, estimateEvaluation, type EstimateDeps } from './evaluationEstimate';
import { resultText, textResult } from './resultText';
import { resolveSummaryTarget } from './summaryTarget';
import { parseToolInput, type EvaluateSummaryInput } from './toolInputs';

export interface EvaluateToolDeps extends EstimateDeps {
  evaluator: Evaluator;
  pairs: PairMemory;
  store: FindingStore;
}

export class EvaluateSummaryTool implements vscode.LanguageModelTool<EvaluateSummaryInput> {
  static readonly toolName = 'sumlens_evaluate_summary';

  constructor(private readonly deps: EvaluateToolDeps) {}

  async prepareInvocation(options: vscode.LanguageModelToolInvocationPrepareOptions<EvaluateSummaryInput>): Promise<vscode.PreparedToolInvocation> {
    const input = parseToolInput(EvaluateSummaryTool.toolName, options.input);
    const target = await resolveSummaryTarget(input, this.deps.pairs);
    const estimate = await estimateEvaluation(target, callRequest(input, target.scope), this.deps);
    const against = `${target.sourceLabel}${target.referenceLabel ? ` (reference: ${target.referenceLabel})` : ''}`;
    const judges = estimate.judges.length === 1 ? `**Judge:** ${estimate.judges[0]}` : `**Jury:** ${estimate.judges.join('; ')}`;
    const lines = [
      judges,
      `**Sends:** ${target.label} and ${against}`,
      `**Method:** ${methodLabels[estimate.method]}${input.aspects ? ` · aspects ${input.aspects.join(', ')}` : ''}`,
      `**Estimated cost:** ${estimate.cost}; answers already cached cost nothing`,
      `**Spending limit:** ${estimate.limit}`,
    ];
    if (estimate.ignored.length) lines.push(`**Restricted Mode:** SumLens ignores ${estimate.ignored.join(', ')}`);
    return {
      invocationMessage: `Evaluating ${target.label} with SumLens`,
      confirmationMessages: { title: `Evaluate ${target.label} with SumLens?`, message: new vscode.MarkdownString(lines.join('  \n')) },
    };
  }

  async invoke(
    options: vscode.LanguageModelToolInvocationOptions<EvaluateSummaryInput>,
    token: vscode.CancellationToken,
  ): Promise<vscode.LanguageModelToolResult> {
    const input = parseToolInput(EvaluateSummaryTool.toolName, options.input);
    const target = await resolveSummaryTarget(input, this.deps.pairs);
    const controller = new AbortController();
    const subscription = token.onCancellationRequested(() => controller.abort());
    try {
      const outcome = await this.deps.evaluator.evaluateNotes(target.context, target.scope, { ...callRequest(input, target.scope), signal: controller.signal });
      return textResult(await resultText(outcome.result, `${target.label} against ${target.sourceLabel}`, outcome.findings, this.deps.store.ignoredIds()));
    } finally {
      subscription.dispose();
    }
  }
}
