/**
 * G-Eval's probability-weighted score from token log-probabilities.
 *
 * The score is read at the same place in the answer where the text parser reads it
 * (parseScore's locateScore): "Score: 4" and "1. Coherence: 4" at the 4, never at a list
 * marker or at the scale echoed back ("(1-5)"). Token texts are decoded first (`Ġ4`, `▁4`,
 * `<0x34>`; see tokenText.ts). At that position the probabilities of the valid values among
 * the top alternatives are summed per value (" 4", "4" and "4\n" are one value; "Yes"/"yes"/
 * " YES" are one label), their total is the valid mass, and the renormalised distribution
 * gives score = Σ p·s. A server that returns fewer alternatives than asked (some merge
 * alternatives that decode alike) is read from what it returned, with that valid mass.
 *
 * Scales where one value's text is a prefix of another's (1–10: "1" and "10") are refused:
 * many tokenizers write "10" as "1" + "0", so the probability of the token "1" mixes the
 * values 1 and 10, and the alternatives at the next position only describe the path that
 * was actually generated. Such scales go by sampling instead.
 */
import { SumLensError } from '../errors';
import type { TokenAlternative, TokenLogprob } from '../llm/types';
import { locateScore, type ParseRule } from './parseScore';
import { describeScale, labelValue, scaleValues, sortedDistribution, type ScoreScale } from '../prompts/scoreScale';
import { decodeTokenText } from './tokenText';

/** Below this valid mass the reading is kept but flagged: most probability went elsewhere. */
export const LOW_VALID_MASS = 0.5;

export type LogprobReading =
  | {
      ok: true;
      score: number;
      distribution: Record<string, number>;
      validMass: number;
      /** Index of the output token the score was read at. */
      position: number;
      /** How many alternatives the server listed at that position. */
      alternatives: number;
      warning?: string;
    }
  | { ok: false; reason: string };

/** Why the logprob route cannot read this scale, or null when it can. */
export function logprobRouteProblem(scale: ScoreScale): string | null {
  if (scale.labels) return null;
  const texts = scaleValues(scale).map(String);
  for (const short of texts) {
    const longer = texts.find((text) => text !== short && text.startsWith(short));
    if (longer) {
      return `scale ${describeScale(scale)} cannot be read from token probabilities: "${short}" is the first token of "${longer}" in many tokenizers, so the two values cannot be told apart; use a scale whose values are single digits, or sampling`;
    }
  }
  return null;
}

/** The scale value a token's text stands for ("4", " 4", "4.", "Yes"), or null. */
export function tokenValue(text: string, scale: ScoreScale): number | null {
  const trimmed = text.trim();
  if (scale.labels) return labelValue(trimmed.replace(/[.,:;!]$/, ''), scale);
  const digits = /^(\d+)[.,:;)]?$/.exec(trimmed)?.[1];
  if (digits === undefined) return null;
  const value = Number(digits);
  return value >= scale.min && value <= scale.max ? value : null;
}

/** Stands in for a token whose text cannot be decoded, so positions in the text stay aligned. */
const UNDECODED = '\uFFFD';

/** The answer as the tokens spell it, so that a character offset in it names one token. */
export function answerOfTokens(tokens: readonly TokenLogprob[]): string {
  return tokens.map((t) => decodeTokenText(t.token) ?? UNDECODED).join('');
}

export function scoreFromLogprobs(tokens: readonly TokenLogprob[], scale: ScoreScale, rule: ParseRule = 'robust'): LogprobReading {
  const problem = logprobRouteProblem(scale);
  if (problem) throw new SumLensError('bad-request', problem);
  const texts = tokens.map((t) => decodeTokenText(t.token));
  if (tokens.length > 0 && texts.every((text) => text === null)) {
    return { ok: false, reason: `the server's token texts cannot be decoded (${JSON.stringify(tokens[0].token)}, …)` };
  }
  const answer = texts.map((text) => text ?? UNDECODED).join('');
  const at = locateScore(answer, scale, rule)?.index;
  if (at === undefined) {
    return {
      ok: false,
      reason: `no output token holds a valid ${describeScale(scale)} score where the answer states it (the model wrote ${JSON.stringify(answer)})`,
    };
  }
  return readingAt(tokens, at, scale);
}

/**
 * The distribution at the output token covering character `at` of the answer (the answer is
 * the tokens' decoded texts joined): the valid values among its alternatives, renormalised.
 * The aspect-choice method reads each chosen aspect's score this way, at its own place.
 */
export function readingAt(tokens: readonly TokenLogprob[], at: number, scale: ScoreScale): LogprobReading {
  const texts = tokens.map((t) => decodeTokenText(t.token));
  const answer = answerOfTokens(tokens);
  const position = positionOf(texts, at);
  if (position === undefined || tokenValue(texts[position] ?? '', scale) === null) {
    const what = position === undefined ? 'no output token holds' : `the token ${JSON.stringify(tokens[position].token)} does not hold`;
    return { ok: false, reason: `${what} a valid ${describeScale(scale)} score where the answer states it (the model wrote ${JSON.stringify(answer)})` };
  }

  const weights = new Map<number, number>();
  const alternatives = alternativesAt(tokens[position]);
  for (const alternative of alternatives) {
    const text = decodeTokenText(alternative.token);
    const value = text === null ? null : tokenValue(text, scale);
    if (value !== null) weights.set(value, (weights.get(value) ?? 0) + Math.exp(alternative.logprob));
  }
  const validMass = [...weights.values()].reduce((sum, p) => sum + p, 0);
  if (!(validMass > 0)) return { ok: false, reason: `the valid score tokens at output token ${position} have zero probability` };

  const normalised = new Map([...weights].map(([value, p]) => [value, p / validMass]));
  const score = [...normalised].reduce((sum, [value, p]) => sum + value * p, 0);
  const reading: LogprobReading = {
    ok: true,
    score,
    distribution: sortedDistribution(normalised),
    validMass,
    position,
    alternatives: tokens[position].top.length,
  };
  if (validMass < LOW_VALID_MASS) {
    reading.warning = `valid score tokens had only ${(validMass * 100).toFixed(1)}% of the probability at output token ${position}; the score rests on a small share of the model's belief`;
  }
  return reading;
}

/** The index of the token whose text covers character `index` of the joined answer. */
function positionOf(texts: readonly (string | null)[], index: number | undefined): number | undefined {
  if (index === undefined) return undefined;
  let end = 0;
  for (let i = 0; i < texts.length; i++) {
    end += (texts[i] ?? UNDECODED).length;
    if (index < end) return i;
  }
  return undefined;
}

/** The position's top alternatives, plus the generated token when the API left it out of them. */
function alternativesAt(position: TokenLogprob): TokenAlternative[] {
  const listed = position.top.some((alternative) => alternative.token === position.token);
  return listed ? position.top : [...position.top, { token: position.token, logprob: position.logprob }];
}
