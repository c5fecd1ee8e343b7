/**
 * `sumlens eval --dry-run` for one summary: the calls, tokens and cost of scoring this summary
 * against this source, and whether its prompts fit the judge's context window; no chat request
 * is sent (the judge's window may be asked of the server's metadata, a GET). Walked twice when
 * the window is known: with the whole source, and as a run goes, fitted to the window.
 */
import type { EvaluateOptions, EvaluationInput } from '../core/evaluate';
import { evaluate } from '../core/evaluate';
import { SumLensError } from '../core/errors';
import type { ContextWindow, LlmSession } from '../core/llm/types';
import { estimateRun, type DryRunEstimate } from '../core/run/dryRun';
import { estimateCost, formatCost } from '../core/llm/pricing';
import type { EvalFlags } from './evalFlags';
import { sessionFrom } from './sessionOptions';
import { cliIo } from './io';

export interface SingleDryRun {
  dryRun: true;
  model: string;
  endpoint: string;
  context: ContextWindow | null;
  /** With the whole source in every prompt. */
  wholeSource: Figures;
  /** As a run goes: fitted to the context window (present when the window is known and the run would shorten). */
  fitted?: Figures;
  unknowns: string[];
}

interface Figures {
  calls: number;
  promptTokens: number;
  completionTokens: number;
  costUsd: number | null;
  /** The most one call holds, prompt and answer room, and whether that fits the window (null: window unknown). */
  largestCall: number;
  fits: boolean | null;
}

export async function runSingleDryRun(input: EvaluationInput, flags: EvalFlags, shared: Omit<EvaluateOptions, 'session'>): Promise<void> {
  if (flags.judges !== undefined || flags.repeat !== undefined)
    throw new SumLensError('usage', '--dry-run of one summary goes with neither --judges nor --repeat (use --data for a jury)');
  const session = sessionFrom(flags);
  const report = await estimateSingle(input, session, shared);
  cliIo().stdout.write(flags.json ? JSON.stringify(report, null, 2) + '\n' : formatSingleDryRun(report));
}

export async function estimateSingle(input: EvaluationInput, session: LlmSession, shared: Omit<EvaluateOptions, 'session'>): Promise<SingleDryRun> {
  const window = (await session.contextWindow?.()) ?? undefined;
  const countTokens = session.countTokens?.bind(session);
  const walk = (withWindow: boolean) =>
    estimateRun({
      items: () => [{ key: 'summary', input, fields: { index: 0 } }],
      method: shared.method ?? 'geval',
      aspects: shared.aspects,
      out: '',
      evaluate,
      endpoint: session.endpoint,
      model: session.model,
      extra: shared,
      judge: { countTokens, window: withWindow ? window : undefined },
    });
  const whole = await walk(false);
  const fitted = window ? await walk(true) : undefined;
  const figures = (estimate: DryRunEstimate): Figures => ({
    calls: estimate.usage.calls,
    promptTokens: estimate.usage.promptTokens,
    completionTokens: estimate.usage.completionTokens,
    costUsd: estimateCost(session.model, estimate.usage) ?? null,
    largestCall: estimate.largestCall,
    fits: window ? estimate.largestCall <= window.tokens : null,
  });
  const changed =
    fitted && (fitted.usage.promptTokens !== whole.usage.promptTokens || fitted.usage.calls !== whole.usage.calls || fitted.largestCall !== whole.largestCall);
  return {
    dryRun: true,
    model: session.model,
    endpoint: session.endpoint,
    context: window ?? null,
    wholeSource: figures(whole),
    ...(fitted && changed ? { fitted: figures(fitted) } : {}),
    unknowns: [...new Set([...whole.unknowns, ...(fitted?.unknowns ?? [])])],
  };
}

export function formatSingleDryRun(report: SingleDryRun): string {
  const line = (label: string, f: Figures) =>
    `  ${label.padEnd(20)} ${f.calls} calls, ~${f.promptTokens} prompt + at most ${f.completionTokens} completion tokens, ${formatCost(f.costUsd ?? undefined)}; ` +
    `largest call ${f.largestCall} tokens${f.fits === null ? '' : f.fits ? ': fits the window' : ': does NOT fit the window'}`;
  const context = report.context
    ? `${report.context.tokens} tokens · ${report.context.from}: ${report.context.detail}`
    : 'unknown (the server does not tell and the model is not in the table; give --context-tokens)';
  return (
    [
      `dry run: one summary for ${report.model} at ${report.endpoint}, nothing sent`,
      `  context window       ${context}`,
      line('whole source', report.wholeSource),
      ...(report.fitted ? [line('fitted to the window', report.fitted)] : []),
      'not known before running:',
      ...report.unknowns.map((u) => `  - ${u}`),
    ].join('\n') + '\n'
  );
}
