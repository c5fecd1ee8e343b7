/**
 * Turning one scoring prompt into a score: the logprob route (G-Eval's probability
 * weighting) where the endpoint gives token log-probabilities, else the sampling route
 * (n answers at temperature 1, parsed and averaged, as the paper did with GPT-4).
 */
import { SumLensError } from '../errors';
import type { ChatRequest, LlmSession } from '../llm/types';
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
  /** Sampling route: the answers as the judge wrote them (kept for `sumlens rescore`). */
  answers?: string[];
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
      { messages, temperature: 0, maxTokens: SCORE_MAX_TOKENS, topLogprobs: options.topLogprobs ?? DEFAULT_TOP_LOGPROBS, purpose },
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
  const result = await session.chat({ messages, temperature: 1, maxTokens: SCORE_MAX_TOKENS, n: samples, purpose }, options.signal);
  const answers = result.choices.map((choice) => choice.text);
  const estimate = estimateFromSamples(answers, scale, options.parseRule ?? 'robust');
  return {
    method: 'sampling',
    score: estimate.score,
    distribution: estimate.distribution,
    validMass: 1,
    samples: estimate.samples,
    unparsed: estimate.unparsed,
    answers,
    ...(estimate.score === null ? { failure: `none of the ${estimate.samples} sampled answers could be read as a score` } : {}),
    warnings,
  };
}
