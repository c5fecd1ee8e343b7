/**
 * What a probed judge means for a run: the route each method will take, and the calls and
 * tokens a 4-aspect evaluation and a fine-grained one will cost there. Costs come from
 * walking a real evaluate() over a stand-in session that answers like the probed server
 * (no logprobs where it gives none, one choice per request where it ignores n) and sends
 * nothing; sampled answers disagree in the stand-in, so sampling counts are the most the
 * adaptive rule can draw.
 */
import { evaluate, type EvaluationInput } from '../evaluate';
import { DEFAULT_BATCH_SIZE } from '../geval/adaptiveSampling';
import { DEFAULT_SAMPLES } from '../methodsAndTasks';
import type { ChatRequest, ChatResult, LlmSession, Usage } from '../llm/types';
import { DryRunSession } from '../run/dryRunSession';
import type { Method } from '../result';
import type { JudgeProbe } from './probeJudge';

export interface RoutePlan {
  /** geval and rationale scores. */
  scores: string;
  sampling: string;
  fine: string;
}

export interface CostEstimate {
  label: string;
  method: Method;
  /** exact; at most (sampling stops earlier when answers agree); at least (fine: judging adds calls per fact found). */
  bound: 'exact' | 'at most' | 'at least';
  calls: number;
  promptTokens: number;
  completionTokens: number;
}

/** Logprobs that the logprob route can read. */
export function logprobsUsable(probe: JudgeProbe): boolean {
  return (probe.logprobs.support === 'yes' || probe.logprobs.support === 'capped') && probe.logprobs.readableTokens !== false;
}

/** Answers one request can carry: n where honoured, its cap where capped, else 1. */
export function answersPerRequest(probe: JudgeProbe): number {
  if (probe.n.support === 'yes') return DEFAULT_BATCH_SIZE;
  if (probe.n.support === 'capped') return Math.min(DEFAULT_BATCH_SIZE, probe.n.cap ?? 1);
  return 1;
}

export function routesFor(probe: JudgeProbe): RoutePlan {
  if (probe.streamingOnly) {
    const unknown = 'not known: the server answers streamed requests only, which this probe does not send';
    return { scores: unknown, sampling: unknown, fine: unknown };
  }
  const perRequest = answersPerRequest(probe);
  const scores = logprobsUsable(probe)
    ? 'logprobs (server gives readable logprobs)'
    : `sampling (${probe.logprobs.support === 'ignored' ? 'no logprobs returned' : probe.logprobs.support === 'refused' ? 'server refused logprobs' : probe.logprobs.readableTokens === false ? 'unreadable tokens' : 'logprobs not probed'})`;
  const sampling =
    perRequest > 1
      ? `answers in batches of ${perRequest}, one request per batch, at most ${DEFAULT_SAMPLES} per aspect`
      : `one request per answer, at most ${DEFAULT_SAMPLES} per aspect`;
  const fine =
    probe.structuredOutput.mode === 'json_schema' || probe.structuredOutput.mode === 'json_object'
      ? `JSON answers by response_format ${probe.structuredOutput.mode}`
      : 'JSON asked for in the prompt alone (response_format refused)';
  return { scores, sampling, fine };
}

/** A typical input: an article of about 500 tokens (TYPICAL_SOURCE_TOKENS) and a 3-sentence summary. */
export const TYPICAL_SOURCE_TOKENS = 500;
const TYPICAL_INPUT: EvaluationInput = {
  task: 'summarization',
  source: Array.from(
    { length: 20 },
    (_, i) => `Sentence ${i + 1} of the article reports one more detail of the council's decision to close the old bridge for repairs.`,
  ).join(' '),
  summary: 'The council closed the old bridge for repairs. The work lasts six months. Traffic is diverted meanwhile.',
  reference: 'The old bridge closes for six months of repairs after a council vote.',
};

export async function costsFor(probe: JudgeProbe): Promise<CostEstimate[]> {
  const plans: { label: string; method: Method }[] = [
    { label: '4-aspect G-Eval', method: 'geval' },
    { label: 'fine-grained', method: 'fine' },
  ];
  const estimates: CostEstimate[] = [];
  for (const { label, method } of plans) {
    const session = new ProbedStandIn(probe);
    await evaluate(TYPICAL_INPUT, { method, session }, {});
    const usage = session.usage();
    const bound = method === 'fine' ? 'at least' : logprobsUsable(probe) ? 'exact' : 'at most';
    estimates.push({ label, method, bound, calls: usage.calls, promptTokens: usage.promptTokens, completionTokens: usage.completionTokens });
  }
  return estimates;
}

/** A DryRunSession shaped by the probe: no logprobs where unusable, n split where not honoured, disagreeing samples. */
class ProbedStandIn implements LlmSession {
  private readonly dry: DryRunSession;
  private sampled = 0;

  constructor(private readonly probe: JudgeProbe) {
    this.dry = new DryRunSession(probe.endpoint, probe.model);
  }

  get endpoint(): string {
    return this.probe.endpoint;
  }

  get model(): string {
    return this.probe.model;
  }

  async chat(request: ChatRequest): Promise<ChatResult> {
    const n = request.n ?? 1;
    const perRequest = this.probe.n.support === 'yes' ? n : this.probe.n.support === 'capped' ? (this.probe.n.cap ?? 1) : 1;
    const parts: ChatResult[] = [];
    for (let left = n; left > 0; left -= perRequest) parts.push(await this.dry.chat({ ...request, n: Math.min(perRequest, left) }));
    const choices = parts.flatMap((p) => p.choices);
    // Sampled answers alternate between two scores, so the adaptive rule draws its maximum.
    if (n > 1 || request.temperature === 1) for (const choice of choices) choice.text = this.sampled++ % 2 ? '1' : '3';
    return { ...parts[0], choices, promptTokens: sum(parts, 'promptTokens'), completionTokens: sum(parts, 'completionTokens') };
  }

  usage(): Usage {
    return this.dry.usage();
  }

  capabilities() {
    return { logprobs: logprobsUsable(this.probe) ? undefined : false, multipleChoices: answersPerRequest(this.probe) > 1 ? undefined : false };
  }
}

function sum(parts: ChatResult[], key: 'promptTokens' | 'completionTokens'): number {
  return parts.reduce((total, p) => total + p[key], 0);
}
