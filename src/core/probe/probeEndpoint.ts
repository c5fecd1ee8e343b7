/**
 * One probe of an endpoint and model, as `sumlens probe` and "SumLens: Check Judge" run it:
 * the probe's few requests, the route each method will take, what a run costs there and
 * whether the model is on the retirement list; and its context window, decided as a run decides it.
 */
import { CapabilityStore } from '../llm/capabilityStore';
import { decideContextWindow } from '../llm/contextWindow';
import { OpenAiTransport } from '../llm/openaiTransport';
import { fetchServerContext } from '../llm/serverContext';
import type { ContextWindow } from '../llm/types';
import { probeJudge, type JudgeProbe } from './probeJudge';
import { costsFor, routesFor, type CostEstimate, type RoutePlan } from './probePlan';
import { retirementOf, type Retirement } from './retirements';

export interface ProbeTarget {
  endpoint: string;
  model: string;
  apiKey?: string;
  timeoutMs: number;
  /** The window the user set (--context-tokens), which comes first as in a run. */
  userContext?: { tokens: number; detail: string };
  /** Where a run remembers what it learned (a window from a too-long error or a cut); none = not looked at. */
  cacheDir?: string;
}

export interface EndpointProbe {
  probe: JudgeProbe;
  routes: RoutePlan;
  costs: CostEstimate[];
  retirement?: Retirement;
  /** The context window a run would use, and where it comes from; absent when nothing tells. */
  context?: ContextWindow;
}

export function hostOf(url: string): string {
  return new URL(url).hostname;
}

export async function probeEndpoint(target: ProbeTarget, signal?: AbortSignal): Promise<EndpointProbe> {
  const { endpoint, model, apiKey } = target;
  let attempts = 0;
  const azureKey = apiKey && hostOf(endpoint).endsWith('.azure.com') ? { 'api-key': apiKey } : undefined;
  const headers = { ...(apiKey ? { authorization: `Bearer ${apiKey}` } : {}), ...azureKey };
  const transport = new OpenAiTransport(
    {
      baseURL: endpoint,
      apiKey: apiKey || 'no-key',
      model,
      timeoutMs: target.timeoutMs,
      // One retry for a passing hiccup; a refusal is what the probe is looking for, not something to retry.
      retry: { maxRetries: 1, baseDelayMs: 500, maxDelayMs: 2000 },
      headers: azureKey,
    },
    { onAttempt: () => attempts++, onRetry: () => undefined },
  );
  // Retries included: every request the server saw.
  const probe = { ...(await probeJudge(transport, endpoint, model, signal)), requests: attempts };
  const routes = routesFor(probe);
  const costs = probe.streamingOnly ? [] : await costsFor(probe);
  const retirement = retirementOf(model);
  const context = await decideContextWindow({
    model,
    user: target.userContext,
    learned: target.cacheDir ? new CapabilityStore(target.cacheDir).get(endpoint, model).contextWindow : undefined,
    server: () => fetchServerContext({ baseURL: endpoint, model, headers }, signal),
  });
  return { probe, routes, costs, ...(retirement ? { retirement } : {}), ...(context ? { context } : {}) };
}
