/**
 * One probe of an endpoint and model, as `sumlens probe` and "SumLens: Check Judge" run it:
 * the probe's few requests, the route each method will take, what a run costs there and
 * whether the model is on the retirement list.
 */
import { OpenAiTransport } from '../llm/openaiTransport';
import { probeJudge, type JudgeProbe } from './probeJudge';
import { costsFor, routesFor, type CostEstimate, type RoutePlan } from './probePlan';
import { retirementOf, type Retirement } from './retirements';

export interface ProbeTarget {
  endpoint: string;
  model: string;
  apiKey?: string;
  timeoutMs: number;
}

export interface EndpointProbe {
  probe: JudgeProbe;
  routes: RoutePlan;
  costs: CostEstimate[];
  retirement?: Retirement;
}

export function hostOf(url: string): string {
  return new URL(url).hostname;
}

export async function probeEndpoint(target: ProbeTarget, signal?: AbortSignal): Promise<EndpointProbe> {
  const { endpoint, model, apiKey } = target;
  let attempts = 0;
  const transport = new OpenAiTransport(
    {
      baseURL: endpoint,
      apiKey: apiKey || 'no-key',
      model,
      timeoutMs: target.timeoutMs,
      // One retry for a passing hiccup; a refusal is what the probe is looking for, not something to retry.
      retry: { maxRetries: 1, baseDelayMs: 500, maxDelayMs: 2000 },
      headers: apiKey && hostOf(endpoint).endsWith('.azure.com') ? { 'api-key': apiKey } : undefined,
    },
    { onAttempt: () => attempts++, onRetry: () => undefined },
  );
  // Retries included: every request the server saw.
  const probe = { ...(await probeJudge(transport, endpoint, model, signal)), requests: attempts };
  const routes = routesFor(probe);
  const costs = probe.streamingOnly ? [] : await costsFor(probe);
  const retirement = retirementOf(model);
  return { probe, routes, costs, ...(retirement ? { retirement } : {}) };
}
