/**
 * Turning one scoring prompt into a score: the logprob route (G-Eval's probability
 * weighting) where the endpoint gives token log-probabilities, else the sampling route
 * (n answers at temperature 1, parsed and averaged, as the paper did with GPT-4).
 */
import { SumLensError } from '../errors';
import type { ChatRequest, ChatResult, LlmSession } from '../llm/types';
import { logprobRouteProblem, scoreFromLogprobs } from './logprobScore';
import type { ParseRule } from './parseScore';
import { estimateFromSamples } from './samplingEstimate';
import type { ScoreScale } from './scale';

export const DEFAULT_SAMPLES = 20;
export const DEFAULT_TOP_LOGPROBS = 20;
/** Room for "- Coherence: 4" in a few tokens; the score is read at its first valid token. */
export const SCORE_MAX_TOKENS = 8;

export interface RouteOptions {
  samples?: number;
  topLogprobs?: number;
  parseRule?: ParseRule;
  signal?: AbortSignal;
}

export interface ScoreReading {
  method: 'logprobs' | 'sampling';
  score: number | null;
  distribution: Record<string, number>;
  validMass: number;
  samples?: number;
  unparsed?: number;
  /** Why no score could be read (score is null). */
  failure?: string;
  warnings: string[];
}

export async function scorePromptText(
  session: LlmSession,
  prompt: string,
  scale: ScoreScale,
  purpose: string,
  options: RouteOptions,
): Promise<ScoreReading> {
  const messages: ChatRequest['messages'] = [{ role: 'user', content: prompt }];
  const warnings: string[] = [];
  const scaleProblem = logprobRouteProblem(scale);
  if (scaleProblem) warnings.push(scaleProblem);
  else if (session.capabilities().logprobs !== false) {
    const result = await session.chat(
      { messages, temperature: 0, maxTokens: SCORE_MAX_TOKENS, topLogprobs: options.topLogprobs ?? DEFAULT_TOP_LOGPROBS, purpose, accept: (reply) => logprobsReadable(reply, scale) },
      options.signal,
    );
    const tokens = result.choices[0]?.logprobs;
    if (!result.logprobsUnavailable && tokens && tokens.length > 0) {
      const reading = scoreFromLogprobs(tokens, scale);
      if (!reading.ok) return { method: 'logprobs', score: null, distribution: {}, validMass: 0, failure: reading.reason, warnings };
      if (reading.warning) warnings.push(reading.warning);
      return { method: 'logprobs', score: reading.score, distribution: reading.distribution, validMass: reading.validMass, warnings };
    }
  }
  return sample(session, messages, scale, purpose, options, warnings);
}

/** A reply worth caching on the logprob route: a score can be read from it, or it says there are no log-probabilities. */
function logprobsReadable(reply: ChatResult, scale: ScoreScale): boolean {
  const tokens = reply.choices[0]?.logprobs;
  if (reply.logprobsUnavailable || !tokens?.length) return true;
  return scoreFromLogprobs(tokens, scale).ok;
}

async function sample(
  session: LlmSession,
  messages: ChatRequest['messages'],
  scale: ScoreScale,
  purpose: string,
  options: RouteOptions,
  warnings: string[],
): Promise<ScoreReading> {
  const samples = options.samples ?? DEFAULT_SAMPLES;
  if (!Number.isInteger(samples) || samples < 1) throw new SumLensError('usage', `samples must be a positive integer (got ${samples})`);
  const parseRule = options.parseRule ?? 'robust';
  const estimateOf = (reply: ChatResult) => estimateFromSamples(reply.choices.map((choice) => choice.text), scale, parseRule);
  const accept = (reply: ChatResult) => estimateOf(reply).score !== null;
  const result = await session.chat({ messages, temperature: 1, maxTokens: SCORE_MAX_TOKENS, n: samples, purpose, accept }, options.signal);
  const estimate = estimateOf(result);
  return {
    method: 'sampling',
    score: estimate.score,
    distribution: estimate.distribution,
    validMass: 1,
    samples: estimate.samples,
    unparsed: estimate.unparsed,
    ...(estimate.score === null ? { failure: `none of the ${estimate.samples} sampled answers could be read as a score` } : {}),
    warnings,
  };
}
