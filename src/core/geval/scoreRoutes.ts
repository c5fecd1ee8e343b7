/**
 * Turning one scoring prompt into a score: the logprob route (G-Eval's probability
 * weighting) where the endpoint gives readable token log-probabilities, else the sampling
 * route (answers drawn at temperature 1, parsed and averaged, as the paper did with GPT-4),
 * drawn in batches until the standard error is small enough (adaptiveSampling.ts).
 * `route` forces one of them. Every reading says in its provenance which route made it,
 * why, and every fallback taken on the way.
 */
import { SumLensError } from '../errors';
import type { ChatMessage, ChatRequest, ChatResult, LlmSession } from '../llm/types';
import type { ScoreProvenance } from '../result';
import { nextBatch, stopRule } from './adaptiveSampling';
import { logprobRouteProblem, scoreFromLogprobs } from './logprobScore';
import type { ParseRule } from './parseScore';
import { estimateFromSamples } from './samplingEstimate';
import type { ScoreScale } from '../prompts/scoreScale';

export const DEFAULT_TOP_LOGPROBS = 20;
/** Room for "- Coherence: 4" in a few tokens; the score is read where the answer states it. */
export const SCORE_MAX_TOKENS = 8;

/** `auto` takes log-probabilities where the server gives readable ones, else samples. */
export type RoutePreference = 'auto' | 'logprobs' | 'sampling';
export const ROUTES: readonly RoutePreference[] = ['auto', 'logprobs', 'sampling'];

/** How answers are drawn on the sampling route (a preset may change them). */
export interface SamplingParams {
  temperature: number;
  maxTokens: number;
  topP?: number;
}

export interface RouteOptions {
  route?: RoutePreference;
  /** Sampling route: at most this many answers (default 20). */
  samples?: number;
  /** Sampling route: stop drawing once the standard error of the mean is below this (0: draw all). */
  maxStandardError?: number;
  topLogprobs?: number;
  parseRule?: ParseRule;
  sampling?: SamplingParams;
  /** The role the scoring prompt is sent as (G-Eval's script sends it as the system message). */
  promptRole?: ChatMessage['role'];
  /** Named in the provenance of every score when a preset chose the settings. */
  preset?: string;
  signal?: AbortSignal;
}

export interface ScoreReading {
  method: 'logprobs' | 'sampling';
  score: number | null;
  distribution: Record<string, number>;
  /** Logprobs: probability on valid score tokens; sampling: share of answers read. */
  validMass: number;
  samples?: number;
  unparsed?: number;
  /** Sampling route: the answers as the judge wrote them (kept for `sumlens rescore`). */
  answers?: string[];
  /** Why no score could be read (score is null). */
  failure?: string;
  warnings: string[];
  provenance: ScoreProvenance;
}

const DEFAULT_SAMPLING: SamplingParams = { temperature: 1, maxTokens: SCORE_MAX_TOKENS };

/** Why the logprob route gave no score: said in the provenance of the sampled one. */
interface NoLogprobs {
  why: string;
  /** The fallback taken, when logprobs were tried (absent when they were known to be unavailable). */
  fallback?: string;
}

/** One score to read: the judge, the prompt, the scale its answer is on, and the calls' purpose. */
interface ScoreAsk {
  session: LlmSession;
  messages: ChatMessage[];
  scale: ScoreScale;
  purpose: string;
}

export async function scorePromptText(
  session: LlmSession,
  prompt: string,
  { scale, purpose }: { scale: ScoreScale; purpose: string },
  options: RouteOptions,
): Promise<ScoreReading> {
  const messages: ChatMessage[] = [{ role: options.promptRole ?? 'user', content: prompt }];
  const ask: ScoreAsk = { session, messages, scale, purpose };
  const route = options.route ?? 'auto';
  const asked = (name: RoutePreference) => (options.preset ? `preset ${options.preset}` : `user's choice: route ${name}`);
  if (route === 'sampling') return sample(ask, options, { why: asked('sampling') });

  const attempt = await readLogprobs(ask, options);
  if ('reading' in attempt) {
    if (route === 'logprobs') attempt.reading.provenance.why = asked('logprobs');
    return attempt.reading;
  }
  if (route === 'logprobs') {
    throw new SumLensError(
      'bad-request',
      `--route logprobs, but ${attempt.why}${attempt.fallback ? `: ${attempt.fallback}` : ''}; use --route auto or sampling`,
    );
  }
  return sample(ask, options, attempt);
}

async function readLogprobs(ask: ScoreAsk, options: RouteOptions): Promise<{ reading: ScoreReading } | NoLogprobs> {
  const { session, messages, scale, purpose } = ask;
  const scaleProblem = logprobRouteProblem(scale);
  if (scaleProblem) return { why: 'scale unreadable from token probabilities', fallback: scaleProblem };
  if (session.capabilities().logprobs === false) return { why: 'no logprobs from this endpoint and model (learned earlier)' };
  const asked = options.topLogprobs ?? DEFAULT_TOP_LOGPROBS;
  const parseRule = options.parseRule ?? 'robust';
  const accept = (reply: ChatResult) => logprobsReadable(reply, scale, parseRule);
  const result = await session.chat({ messages, temperature: 0, maxTokens: SCORE_MAX_TOKENS, topLogprobs: asked, purpose, accept }, options.signal);
  const tokens = result.choices[0]?.logprobs;
  if (result.logprobsUnavailable || !tokens?.length) {
    return result.choices.length === 0 ? { why: 'server refused logprobs' } : { why: 'no logprobs returned' };
  }
  const reading = scoreFromLogprobs(tokens, scale, parseRule);
  if (!reading.ok) return { why: 'unreadable tokens', fallback: reading.reason };
  const fallbacks = reading.alternatives < asked ? [`${reading.alternatives} of ${asked} alternatives returned, read as they came`] : [];
  return {
    reading: {
      method: 'logprobs',
      score: reading.score,
      distribution: reading.distribution,
      validMass: reading.validMass,
      warnings: reading.warning ? [reading.warning] : [],
      provenance: {
        route: 'logprobs',
        why: 'server gave readable logprobs',
        validMass: reading.validMass,
        ...(fallbacks.length ? { fallbacks } : {}),
      },
    },
  };
}

/** A reply worth caching on the logprob route: a score can be read from it, or it says there are no log-probabilities. */
function logprobsReadable(reply: ChatResult, scale: ScoreScale, parseRule: ParseRule): boolean {
  const tokens = reply.choices[0]?.logprobs;
  if (reply.logprobsUnavailable || !tokens?.length) return true;
  return scoreFromLogprobs(tokens, scale, parseRule).ok;
}

/** Draws answers in batches until the stop rule is met, then estimates from all of them. */
async function sample(ask: ScoreAsk, options: RouteOptions, because: NoLogprobs): Promise<ScoreReading> {
  const { session, messages, scale, purpose } = ask;
  const max = options.samples;
  if (max !== undefined && (!Number.isInteger(max) || max < 1)) throw new SumLensError('usage', `samples must be a positive integer (got ${max})`);
  const bound = options.maxStandardError;
  if (bound !== undefined && !(bound >= 0)) throw new SumLensError('usage', `the standard error bound must be 0 or more (got ${bound})`);
  const rule = stopRule({ maxSamples: max, maxStandardError: bound });
  const params = options.sampling ?? DEFAULT_SAMPLING;
  const parseRule = options.parseRule ?? 'robust';

  // A batch is cached only when at least one of its answers holds a score.
  const accept = (reply: ChatResult) =>
    estimateFromSamples(
      reply.choices.map((choice) => choice.text),
      scale,
      parseRule,
    ).score !== null;
  const answers: string[] = [];
  let estimate = estimateFromSamples(answers, scale, parseRule);
  for (let draw = 0, n = nextBatch(rule, [], 0, scale); n > 0; draw++, n = nextBatch(rule, estimate.values, answers.length, scale)) {
    const request: ChatRequest = { messages, temperature: params.temperature, maxTokens: params.maxTokens, topP: params.topP, n, purpose, accept };
    const result = await session.chat(draw === 0 ? request : { ...request, draw }, options.signal);
    if (result.choices.length === 0) throw new SumLensError('invalid-reply', `${session.endpoint} returned no answer for ${purpose}`);
    answers.push(...result.choices.map((choice) => choice.text));
    estimate = estimateFromSamples(answers, scale, parseRule);
  }

  const fallbacks = because.fallback ? [`logprobs → sampling: ${because.fallback}`] : [];
  return {
    method: 'sampling',
    score: estimate.score,
    distribution: estimate.distribution,
    validMass: estimate.readShare,
    samples: estimate.samples,
    unparsed: estimate.unparsed,
    answers,
    ...(estimate.score === null ? { failure: `none of the ${estimate.samples} sampled answers could be read as a score` } : {}),
    warnings: [],
    provenance: {
      route: 'sampling',
      why: because.why,
      samples: estimate.samples,
      ...(estimate.standardError !== null ? { standardError: estimate.standardError } : {}),
      validMass: estimate.readShare,
      ...(fallbacks.length ? { fallbacks } : {}),
    },
  };
}
