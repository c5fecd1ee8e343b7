/**
 * Tool `evaluate_summary`: one summary against its source, as `sumlens eval --json` scores it:
 * each aspect's score with how it was made, and with the fine-grained method every finding
 * with its character span. A run that failed as a whole is an error; one where some parts
 * failed is a result that says so (outcome, as the CLI's exit 14).
 */
import * as z from 'zod';
import { SumLensError, exitCodeOf } from '../errors';
import type { EvaluationInput } from '../evaluate';
import { evaluateSummary } from '../operations/evaluateSummary';
import { failedParts, failuresByCause } from '../outcome';
import type { EvaluationResult } from '../result';
import { resultJson } from '../resultJson';
import { readTextFile } from '../textInput';
import { failureOutput, maxCostArgument, runSpecOf, scoringArguments, usageOutput, usageWithCost } from './scoringArguments';
import { asJson, defineTool, type ToolContext } from './tool';
import { workspacePath } from './workspacePath';

const input = z.object({
  source: z.string().optional().describe('the source document as text (or give sourcePath)'),
  sourcePath: z.string().optional().describe('the source document: a file inside the folder the server was started in'),
  summary: z.string().optional().describe('the summary to judge as text (or give summaryPath)'),
  summaryPath: z.string().optional().describe('the summary: a file inside the folder the server was started in'),
  reference: z.string().optional().describe('a reference summary (fine-grained completeness), as text'),
  referencePath: z.string().optional().describe('a reference summary: a file inside the folder the server was started in'),
  ...scoringArguments,
  maxCost: maxCostArgument,
});

const aspectOutput = z.looseObject({
  name: z.string(),
  score: z.number().nullable().optional().describe('Σ p(s)·s over the score values; absent when the aspect failed (see error)'),
  scale: z.tuple([z.number(), z.number()]),
  distribution: z.record(z.string(), z.number()).optional(),
  method: z.enum(['logprobs', 'sampling']).describe('the route the score was read on'),
  reason: z.string().optional().describe('rationale-first: the reason the score is conditioned on'),
  provenance: z.looseObject({}).optional().describe('how the score was made: route, why, samples, standard error'),
  warnings: z.array(z.string()).optional(),
  error: failureOutput.optional(),
});

const findingOutput = z.looseObject({
  kind: z.string(),
  note: z.enum(['target', 'reference', 'source']).describe('the text the span is in: target is the summary'),
  start: z.number().describe('character offset (UTF-16) where the span starts'),
  end: z.number().describe('character offset where it ends (exclusive)'),
  message: z.string(),
  quote: z.string().optional(),
  located: z.boolean().optional().describe('false: the quote was not found and start/end mean nothing'),
});

const output = z.looseObject({
  model: z.string(),
  endpoint: z.string(),
  method: z.string(),
  task: z.string(),
  aspects: z.array(aspectOutput),
  fine: z
    .looseObject({ findings: z.array(findingOutput) })
    .optional()
    .describe('fine-grained: completeness, correctness, alignment, readability (a 0-1 ratio and a 1-5 score each, or an error), the facts and the findings'),
  warnings: z.array(z.string()).optional(),
  provenance: z.array(z.string()).optional().describe('every fallback taken (a parameter dropped, a context halved, a source shortened)'),
  usage: usageOutput,
  outcome: z
    .object({ code: z.literal('partial'), exitCode: z.number(), message: z.string() })
    .optional()
    .describe('present when some parts failed (the CLI exits 14): the others are scored'),
});

/** The text argument, or the file a path argument names; exactly one of the two. */
function textOf(text: string | undefined, file: string | undefined, name: string, context: ToolContext): string | undefined {
  if (text !== undefined && file !== undefined) throw new SumLensError('usage', `give ${name} or ${name}Path, not both`);
  return file === undefined ? text : readTextFile(workspacePath(context.workspace, file, `${name}Path`), `${name}Path ${file}`);
}

function required(text: string | undefined, name: string): string {
  if (text === undefined) throw new SumLensError('usage', `give ${name} (the text) or ${name}Path (a file)`);
  return text;
}

/** What failed, as the CLI's stderr lines say it. */
function failureLines(result: EvaluationResult): string {
  return failuresByCause(failedParts(result))
    .map(({ parts, failure }) => `${parts.join(', ')} failed: ${failure.message}`)
    .join('; ');
}

function textReport(result: EvaluationResult): string {
  const lines = result.aspects.map((a) =>
    a.score === null || a.error
      ? `${a.name}: failed (${a.error ?? 'no score'})`
      : `${a.name}: ${a.score.toFixed(2)} on ${a.scale[0]}-${a.scale[1]} (${a.method})`,
  );
  if (result.fine) {
    const metrics = (['completeness', 'correctness', 'alignment', 'readability'] as const).map((m) => `${m} ${result.fine?.[m]?.score.toFixed(2) ?? '—'}`);
    lines.push(`fine-grained: ${metrics.join(', ')}; ${result.fine.findings.length} finding(s)`);
  }
  return lines.join('\n');
}

export const evaluateSummaryTool = defineTool({
  name: 'evaluate_summary',
  title: 'Evaluate a summary',
  description:
    'Score one summary against its source with the LLM judge the server is configured with, aspect by aspect (coherence, consistency, fluency, relevance for summarization). ' +
    'Returns each score with its scale, distribution and provenance; with method "fine" (or "all") also the wrong, unsupported and missing facts, each with its character span in the summary or the source. ' +
    'Texts are given inline or as paths inside the workspace. Costs judge calls (see estimate_cost).',
  input,
  output,
  callsJudge: true,
  readOnly: true,
  async run(args, context) {
    const evaluation: EvaluationInput = {
      source: required(textOf(args.source, args.sourcePath, 'source', context), 'source'),
      summary: required(textOf(args.summary, args.summaryPath, 'summary', context), 'summary'),
      reference: textOf(args.reference, args.referencePath, 'reference', context),
      task: args.task,
    };
    const { result, code } = await evaluateSummary(runSpecOf(args, context), evaluation, {
      session: context.session(),
      signal: context.signal,
      onProgress: (p) => context.onProgress?.({ done: p.done, total: p.total, message: p.label }),
    });
    if (code !== undefined && code !== 'partial') throw new SumLensError(code, result.cancelled ? 'Cancelled.' : failureLines(result));
    const outcome = code === 'partial' ? { code, exitCode: exitCodeOf(code), message: failureLines(result) } : undefined;
    const structured = asJson<z.infer<typeof output>>({
      ...(resultJson(result) as object),
      usage: usageWithCost(result.model, result.usage),
      ...(outcome ? { outcome } : {}),
    });
    return { structured, text: (outcome ? `partial (exit ${outcome.exitCode}): ${outcome.message}\n` : '') + textReport(result) };
  },
});
