/**
 * What the evaluate tool will spend, said before anything is sent: the judge (endpoint host
 * and model, or each judge of the jury) and the dry run's estimate of the calls, tokens and
 * cost of this summary (core/run/dryRun.ts, priced by core/run/pricing.ts), with the settings
 * and templates a run would use: trust applies as for a run, and what Restricted Mode makes
 * SumLens ignore is named. Nothing is sent to the judge.
 */
import type * as vscode from 'vscode';
import { agentCallLimit } from '../../core/llm/spendLimit';
import type { Method } from '../../core/result';
import { costText, usageText } from '../datasets/evaluateDataset';
import type { PromptTemplates } from '../promptTemplates';
import { engineOptions } from '../run/engineRun';
import { judgedByJury } from '../run/jurors';
import { loadEngine } from '../run/loadEngine';
import { createSession } from '../run/session';
import type { ApiKeyStore } from '../secrets';
import { readSettings, type Settings } from '../settings';
import { resolveTrustedLocations } from '../trust';
import type { SummaryTarget } from './summaryTarget';

export interface EvaluationRequest {
  method?: Method;
  aspects?: string[];
  /** The call's spending limit in USD (callRequest), instead of sumlens.maxCost. */
  maxCost?: number;
  /** What the stop message tells the user to raise: sumlens.maxCost, or the call's maxCost when that is the lower. */
  maxCostName?: string;
}

/**
 * What an agent's call asks for, with its spending limit: the agent's maxCost, never above
 * the user's sumlens.maxCost (an agent may lower the user's limit, not raise it), else the
 * setting.
 */
export function callRequest(input: EvaluationRequest, scope: vscode.Uri): EvaluationRequest {
  const limit = agentCallLimit(readSettings(scope).maxCost, input.maxCost, 'sumlens.maxCost');
  return { method: input.method, aspects: input.aspects, maxCost: limit.usd, maxCostName: limit.raise };
}

export interface EvaluationEstimate {
  /** "`gpt-4o-mini` at api.openai.com", one line per judge of a jury. */
  judges: string[];
  method: Method;
  /** "12 calls · ~3,400 prompt tokens · ~$0.0012 (estimate from list prices)". */
  cost: string;
  /** "$0.5 (sumlens.maxCost)", "none (sumlens.maxCost is empty)" …, and whether the estimate is above it. */
  limit: string;
  /** What an untrusted workspace's run ignores ("the workspace setting sumlens.baseUrl" …). */
  ignored: string[];
}

export interface EstimateDeps {
  keys: ApiKeyStore;
  templates: PromptTemplates;
  globalStorage: vscode.Uri;
}

const host = (endpoint: string) => {
  try {
    return new URL(endpoint).host;
  } catch {
    return endpoint; // a VS Code language model names no URL
  }
};

export async function estimateEvaluation(target: SummaryTarget, request: EvaluationRequest, deps: EstimateDeps): Promise<EvaluationEstimate> {
  const engine = loadEngine();
  const configured = readSettings(target.scope);
  const settings = { ...configured, ...(request.aspects ? { aspects: request.aspects } : {}), maxCost: request.maxCost };
  const method = request.method ?? settings.method;
  const locations = resolveTrustedLocations(target.scope);
  const promptOverrideDir = deps.templates.stage(locations.promptOverrideDir);
  let session;
  try {
    session = await createSession(settings, locations.baseUrl, { keys: deps.keys, globalStorage: deps.globalStorage });
  } catch (error) {
    throw new Error(`SumLens: ${(error as Error).message}`, { cause: error });
  }
  const { context } = target;
  const estimate = await engine.estimateRun({
    items: () => [
      {
        key: 'summary',
        input: { source: context.source.text, summary: context.summary.text, reference: context.reference?.text, task: settings.task },
        fields: { index: 0 },
      },
    ],
    method,
    aspects: settings.aspects.length ? settings.aspects : undefined,
    out: '',
    evaluate: engine.evaluate,
    endpoint: session.endpoint,
    model: session.model,
    extra: engineOptions(settings, method, promptOverrideDir),
  });
  const times = (k: number) => ({
    ...estimate.usage,
    calls: k * estimate.usage.calls,
    promptTokens: k * estimate.usage.promptTokens,
    completionTokens: k * estimate.usage.completionTokens,
  });
  const ignored = locations.ignored;
  const limit = (usd: number | undefined) => limitText(settings, request.maxCost !== configured.maxCost, usd);
  if (judgedByJury(settings, method)) {
    // Each judge of the jury walks the same calls, priced at its own model.
    const usd = settings.judges.map((j) => engine.estimateCost(j.model, estimate.usage, false));
    const total = usd.some((x) => x === undefined) ? undefined : usd.reduce((sum: number, x) => sum + x!, 0);
    return {
      judges: settings.judges.map((j) => `${j.name}: \`${j.model}\` at ${host(j.baseUrl)}`),
      method,
      cost: `${usageText(times(settings.judges.length))} · ${total === undefined ? 'no price known for every judge' : engine.formatCost(total)}`,
      limit: limit(total),
      ignored,
    };
  }
  const judge = settings.provider === 'vscode-lm' ? `\`${session.model}\` (a VS Code language model)` : `\`${session.model}\` at ${host(session.endpoint)}`;
  const usage = times(settings.repeat);
  return {
    judges: [judge],
    method,
    cost: costText(engine, { usage }, session, settings),
    limit: limit(engine.estimateCost(session.model, usage, false)),
    ignored,
  };
}

/** The limit the run will stop at, where it comes from, and a word when the estimate is above it. */
function limitText(settings: Settings, fromCall: boolean, estimatedUsd: number | undefined): string {
  if (settings.provider === 'vscode-lm') return "none: VS Code's language models are billed by their provider";
  if (settings.maxCost === undefined) return 'none (sumlens.maxCost is empty)';
  const above =
    estimatedUsd !== undefined && estimatedUsd > settings.maxCost ? ', below the estimate: the run may stop before it ends (what finished is kept)' : '';
  return `$${settings.maxCost} (${fromCall ? "this call's maxCost" : 'sumlens.maxCost'})${above}`;
}
