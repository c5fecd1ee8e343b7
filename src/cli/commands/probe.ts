/** `sumlens probe`: what this endpoint and model do with the parameters SumLens relies on, and what a run will cost there. */
import { Command } from 'commander';
import { defaultModel } from '../../core/llm/openaiSession';
import { hostOf as parseHost, probeEndpoint } from '../../core/probe/probeEndpoint';
import type { Capability, JudgeProbe } from '../../core/probe/probeJudge';
import { TYPICAL_SOURCE_TOKENS, type CostEstimate, type RoutePlan } from '../../core/probe/probePlan';
import type { Retirement } from '../../core/probe/retirements';
import { SumLensError } from '../../core/errors';
import { addSessionOptions, contextTokensOf, type SessionFlags } from '../sessionOptions';
import { defaultCacheDir } from '../../core/paths';
import type { ContextWindow } from '../../core/llm/types';
import { judgeKey } from '../../core/jury/judgeKey';
import { readJudgesFile } from '../../core/jury/judgesFile';
import { cancelOnInterrupt } from '../terminal';
import { cliIo } from '../io';

interface ProbeFlags extends SessionFlags {
  json?: boolean;
  judges?: string;
}

export function registerProbe(program: Command): void {
  const command = program
    .command('probe')
    .description(
      'send a few one-token requests and report what the endpoint and model do: logprobs, n, temperature, structured output, streaming, reasoning; the route each method takes and what a run costs',
    )
    .option('--json', 'print the report as JSON')
    .option('--judges <file>', 'probe every judge of a jury (YAML or JSON: name, baseUrl, model, apiKeyEnv), one report each');
  addSessionOptions(command).action(runProbe);
}

async function runProbe(flags: ProbeFlags): Promise<void> {
  // A jury: each judge probed on its own endpoint, model and key, one report after the other.
  const targets =
    flags.judges !== undefined
      ? readJudgesFile(flags.judges).map((j) => ({ name: j.name, endpoint: j.baseUrl.replace(/\/+$/, ''), model: j.model, apiKey: judgeKey(j, cliIo().env) }))
      : [
          {
            name: undefined,
            endpoint: (flags.baseUrl || 'https://api.openai.com/v1').replace(/\/+$/, ''),
            model: flags.model || defaultModel,
            apiKey: cliIo().env.OPENAI_API_KEY,
          },
        ];
  for (const { endpoint, apiKey } of targets) {
    if (!apiKey && /(^|\.)openai\.com$|\.azure\.com$/i.test(hostOf(endpoint))) {
      throw new SumLensError('no-api-key', `No API key for ${endpoint}: set OPENAI_API_KEY${flags.judges !== undefined ? " (or the judge's apiKeyEnv)" : ''}.`);
    }
  }
  const cancellation = cancelOnInterrupt();
  const reports: unknown[] = [];
  try {
    for (const { name, endpoint, model, apiKey } of targets) {
      const cacheDir = flags.cache ? (flags.cacheDir ?? defaultCacheDir(cliIo().env)) : undefined;
      const target = { endpoint, model, apiKey, timeoutMs: flags.timeout * 1000, userContext: contextTokensOf(flags), cacheDir };
      const { probe, routes, costs, retirement, context } = await probeEndpoint(target, cancellation.signal);
      if (flags.json)
        reports.push({ ...(name ? { judge: name } : {}), ...probe, routes, costs, ...(retirement ? { retirement } : {}), ...(context ? { context } : {}) });
      else cliIo().stdout.write(`${name ? `judge ${name}:\n` : ''}${formatProbe(probe, routes, costs, { retirement, context })}${name ? '\n' : ''}`);
      if (retirement) cliIo().stderr.write(`sumlens: warning: ${name ? `judge ${name}: ` : ''}${retirementWarning(model, retirement)}\n`);
    }
    if (flags.json) cliIo().stdout.write(JSON.stringify(flags.judges !== undefined ? reports : reports[0], null, 2) + '\n');
  } finally {
    cancellation.dispose();
  }
}

function hostOf(url: string): string {
  try {
    return parseHost(url);
  } catch {
    throw new SumLensError('usage', `"${url}" is not a URL; give the endpoint as e.g. http://localhost:8000/v1.`);
  }
}

function retirementWarning(model: string, retirement: Retirement): string {
  return `${model} is announced to retire on ${retirement.date} (${retirement.source}); scores from it cannot be reproduced after that date`;
}

/** `known`: the model's announced retirement and its context window, when known. */
function formatProbe(
  probe: JudgeProbe,
  routes: RoutePlan,
  costs: CostEstimate[],
  { retirement, context }: { retirement: Retirement | undefined; context: ContextWindow | undefined },
): string {
  const capability = (c: Capability) => `${c.support}${c.cap !== undefined ? ` (cap ${c.cap})` : ''} · ${c.detail}`;
  const lines = [
    `SumLens probe · ${probe.model} at ${probe.endpoint} · ${probe.requests} requests`,
    '',
    `  logprobs           ${capability(probe.logprobs)}`,
    `  n                  ${capability(probe.n)}`,
    `  temperature        ${capability(probe.temperature)}`,
    `  structured output  ${probe.structuredOutput.mode} · ${probe.structuredOutput.detail}`,
    `  streaming only     ${probe.streamingOnly ? `yes · ${probe.streamingDetail}` : 'no'}`,
    `  reasoning          ${probe.reasoning.detected ? 'yes' : 'no'} · ${probe.reasoning.detail}`,
    `  context window     ${context ? `${context.tokens} tokens · ${context.from}: ${context.detail}` : 'unknown · the server does not tell and the model is not in the table; give --context-tokens'}`,
    '',
    'routes',
    `  geval, rationale   ${routes.scores}`,
    `  sampling           ${routes.sampling}`,
    `  fine               ${routes.fine}`,
  ];
  if (costs.length) {
    lines.push('', `cost of one summary (an article of about ${TYPICAL_SOURCE_TOKENS} tokens)`);
    for (const c of costs) {
      lines.push(
        `  ${c.label.padEnd(17)}  ${c.bound === 'exact' ? '' : `${c.bound} `}${c.calls} calls, ${c.promptTokens} prompt + ${c.completionTokens} completion tokens`,
      );
    }
  }
  if (retirement) lines.push('', `warning: ${retirementWarning(probe.model, retirement)}`);
  return lines.join('\n') + '\n';
}
