/**
 * One choice prompt → the aspects chosen and their scores. Where the endpoint gives
 * log-probabilities, one answer at temperature 0 and each chosen aspect's score read as
 * G-Eval reads it, Σ p(s)·s at that score's own token; else (or when asked) answers drawn
 * at temperature 1: an aspect is chosen when most readable answers chose it, and its score
 * is the mean of the scores they gave. A reply that cannot be read is asked again once with
 * the problem stated; a second one is an error (exit 9), never a guess.
 */
import { SumLensError, throwIfAborted } from '../errors';
import { answerOfTokens, readingAt } from '../geval/logprobScore';
import { DEFAULT_TOP_LOGPROBS, type RoutePreference } from '../geval/scoreRoutes';
import type { ChatMessage, ChatResult, LlmSession } from '../llm/types';
import { sortedDistribution, type ScoreScale } from '../prompts/scoreScale';
import { parseChoice, type ChosenLine, type ParsedChoice } from './choiceReply';

export const CHOICE_SCALE: ScoreScale = { min: 1, max: 5 };

export interface ChoiceReadOptions {
  route: RoutePreference;
  /** Sampling route: answers drawn. */
  samples: number;
  /** Room for the answer: a reason per aspect in the one-request form, scores only after a reason. */
  maxTokens: number;
  purpose: string;
  signal?: AbortSignal;
}

export interface ChosenReading {
  aspect: string;
  score: number;
  distribution: Record<string, number>;
  reason: string;
  /** Logprobs: probability on valid score tokens. Sampling: share of the readable answers that chose the aspect. */
  validMass: number;
  /** Sampling route: how many readable answers chose it. */
  chosenIn?: number;
  warning?: string;
}

export interface ChoiceReading {
  route: 'logprobs' | 'sampling';
  why: string;
  chosen: ChosenReading[];
  /** Sampling route: answers drawn, and how many could not be read. */
  samples?: number;
  unparsed?: number;
  answers: string[];
  fallbacks: string[];
}

export async function readChoice(session: LlmSession, prompt: string, catalogue: readonly string[], options: ChoiceReadOptions): Promise<ChoiceReading> {
  const messages: ChatMessage[] = [{ role: 'user', content: prompt }];
  if (options.route === 'sampling') return sampleChoice({ session, messages, catalogue, options }, "user's choice: route sampling", []);
  if (session.capabilities().logprobs === false) {
    if (options.route === 'logprobs')
      throw new SumLensError('bad-request', '--route logprobs, but this endpoint and model give no logprobs (learned earlier); use --route auto or sampling');
    return sampleChoice({ session, messages, catalogue, options }, 'no logprobs from this endpoint and model (learned earlier)', []);
  }
  const { result, parsed } = await askReadable({ session, messages, catalogue, options }, { temperature: 0, topLogprobs: DEFAULT_TOP_LOGPROBS });
  const choice = result.choices[0];
  const tokens = choice?.logprobs;
  const readings =
    tokens?.length && !result.logprobsUnavailable ? parsed.map((line) => ({ line, reading: readingAt(tokens, line.scoreAt, CHOICE_SCALE) })) : undefined;
  const unreadable = readings?.find((r) => !r.reading.ok);
  if (!readings || unreadable) {
    const why = !readings ? (result.choices.length === 0 ? 'server refused logprobs' : 'no logprobs returned') : 'unreadable score tokens';
    const detail = unreadable && !unreadable.reading.ok ? `${unreadable.line.aspect}: ${unreadable.reading.reason}` : undefined;
    if (options.route === 'logprobs')
      throw new SumLensError('bad-request', `--route logprobs, but ${why}${detail ? `: ${detail}` : ''}; use --route auto or sampling`);
    return sampleChoice({ session, messages, catalogue, options }, why, detail ? [`logprobs → sampling: ${detail}`] : []);
  }
  const chosen = readings.flatMap(({ line, reading }) =>
    reading.ok
      ? [
          {
            aspect: line.aspect,
            score: reading.score,
            distribution: reading.distribution,
            reason: line.reason,
            validMass: reading.validMass,
            ...(reading.warning ? { warning: reading.warning } : {}),
          },
        ]
      : [],
  );
  return {
    route: 'logprobs',
    why: options.route === 'logprobs' ? "user's choice: route logprobs" : 'server gave readable logprobs',
    chosen,
    answers: [choice.text],
    fallbacks: result.fallbacks ?? [],
  };
}

/** One choice to ask for: the judge, the prompt, the lines it chooses from, and how to read its answer. */
interface ChoiceAsk {
  session: LlmSession;
  messages: ChatMessage[];
  catalogue: readonly string[];
  options: ChoiceReadOptions;
}

/**
 * Asks until one answer can be read (twice at most). On the logprob route the lines are read
 * from the tokens' own text, so that each score's offset names its token.
 */
async function askReadable(ask: ChoiceAsk, params: { temperature: number; topLogprobs: number }): Promise<{ result: ChatResult; parsed: ChosenLine[] }> {
  const { session, messages, catalogue, options } = ask;
  const readOf = (reply: ChatResult): ParsedChoice => {
    const choice = reply.choices[0];
    if (!choice) return { ok: false, problem: 'the reply holds no answer' };
    return parseChoice(choice.logprobs?.length ? answerOfTokens(choice.logprobs) : choice.text, catalogue);
  };
  let conversation = messages;
  let problem = '';
  for (let attempt = 1; attempt <= 2; attempt++) {
    throwIfAborted(options.signal);
    const accept = (reply: ChatResult) => reply.choices.length === 0 || readOf(reply).ok;
    const result = await session.chat(
      {
        messages: conversation,
        temperature: params.temperature,
        topLogprobs: params.topLogprobs,
        maxTokens: options.maxTokens,
        purpose: options.purpose,
        accept,
      },
      options.signal,
    );
    if (result.choices.length === 0) return { result, parsed: [] }; // logprobs refused: the caller samples
    const read = readOf(result);
    if (read.ok) return { result, parsed: read.lines };
    problem = read.problem;
    conversation = [
      ...messages,
      { role: 'assistant', content: result.choices[0].text },
      { role: 'user', content: `Your answer could not be used: ${problem}\nAnswer again in the form asked, and nothing else.` },
    ];
  }
  throw new SumLensError('invalid-reply', `${options.purpose}: the judge's choice could not be read twice (${firstLineOf(problem)})`);
}

function firstLineOf(text: string): string {
  return (
    text
      .split('\n')
      .find((line) => line.trim() !== '')
      ?.replace(/^✖\s*/, '') ?? text
  );
}

/** Answers drawn at temperature 1; unreadable ones are counted and left out, and if none can be read, asked again once. */
async function sampleChoice(ask: ChoiceAsk, why: string, fallbacks: string[]): Promise<ChoiceReading> {
  const { session, messages, catalogue, options } = ask;
  let answers: string[] = [];
  let read: ChosenLine[][] = [];
  let problem = '';
  for (let draw = 0; draw < 2 && read.length === 0; draw++) {
    throwIfAborted(options.signal);
    const accept = (reply: ChatResult) => reply.choices.some((c) => parseChoice(c.text, catalogue).ok);
    const result = await session.chat(
      { messages, temperature: 1, maxTokens: options.maxTokens, n: options.samples, purpose: options.purpose, accept, ...(draw > 0 ? { draw } : {}) },
      options.signal,
    );
    fallbacks.push(...(result.fallbacks ?? []));
    answers = result.choices.map((c) => c.text);
    const parsed = answers.map((text) => parseChoice(text, catalogue));
    read = parsed.flatMap((p) => (p.ok ? [p.lines] : []));
    problem = parsed.find((p): p is Extract<ParsedChoice, { ok: false }> => !p.ok)?.problem ?? 'no answer';
  }
  if (read.length === 0)
    throw new SumLensError('invalid-reply', `${options.purpose}: none of the ${answers.length} sampled choices could be read, twice (${firstLineOf(problem)})`);
  return { route: 'sampling', why, chosen: majorityChoice(read), samples: answers.length, unparsed: answers.length - read.length, answers, fallbacks };
}

/** The aspects most readable answers chose, each with the mean and the spread of the scores given. */
function majorityChoice(read: readonly ChosenLine[][]): ChosenReading[] {
  const byAspect = new Map<string, ChosenLine[]>();
  for (const lines of read) for (const line of lines) byAspect.set(line.aspect, [...(byAspect.get(line.aspect) ?? []), line]);
  return [...byAspect]
    .filter(([, lines]) => lines.length * 2 > read.length)
    .map(([aspect, lines]) => {
      const counts = new Map<number, number>();
      for (const line of lines) counts.set(line.score, (counts.get(line.score) ?? 0) + 1);
      return {
        aspect,
        score: lines.reduce((sum, l) => sum + l.score, 0) / lines.length,
        distribution: sortedDistribution(new Map([...counts].map(([value, count]) => [value, count / lines.length]))),
        reason: lines[0].reason,
        validMass: lines.length / read.length,
        chosenIn: lines.length,
      };
    });
}
