/**
 * G-Eval's probability-weighted score from token log-probabilities.
 *
 * The score is read at the first output token whose trimmed text is a valid value of the
 * scale ("Score: 4" is read at " 4"), skipping one that opens a range ("(1-5)" echoed back). At that position the probabilities of the valid
 * values among the top alternatives are summed per value (" 4", "4" and "4\n" are one
 * value; "Yes"/"yes"/" YES" are one label), their total is the valid mass, and the
 * renormalised distribution gives score = Σ p·s.
 *
 * Scales where one value's text is a prefix of another's (1–10: "1" and "10") are refused:
 * many tokenizers write "10" as "1" + "0", so the probability of the token "1" mixes the
 * values 1 and 10, and the alternatives at the next position only describe the path that
 * was actually generated. Such scales go by sampling instead.
 */
import { SumLensError } from '../errors';
import type { TokenAlternative, TokenLogprob } from '../llm/types';
import { describeScale, labelValue, scaleValues, sortedDistribution, type ScoreScale } from './scale';

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

/** The scale value a token stands for, or null. */
export function tokenValue(token: string, scale: ScoreScale): number | null {
  const text = token.trim();
  if (scale.labels) return labelValue(text, scale);
  if (!/^\d+$/.test(text)) return null;
  const value = Number(text);
  return value >= scale.min && value <= scale.max ? value : null;
}

export function scoreFromLogprobs(tokens: readonly TokenLogprob[], scale: ScoreScale): LogprobReading {
  const problem = logprobRouteProblem(scale);
  if (problem) throw new SumLensError('bad-request', problem);
  const position = tokens.findIndex((t, i) => tokenValue(t.token, scale) !== null && !inRange(tokens, i));
  if (position < 0) {
    const seen = tokens.map((t) => t.token).join('');
    return { ok: false, reason: `no output token is a valid ${describeScale(scale)} score (the model wrote ${JSON.stringify(seen)})` };
  }

  const weights = new Map<number, number>();
  for (const alternative of alternativesAt(tokens[position])) {
    const value = tokenValue(alternative.token, scale);
    if (value !== null) weights.set(value, (weights.get(value) ?? 0) + Math.exp(alternative.logprob));
  }
  const validMass = [...weights.values()].reduce((sum, p) => sum + p, 0);
  if (!(validMass > 0)) return { ok: false, reason: `the valid score tokens at output token ${position} have zero probability` };

  const normalised = new Map([...weights].map(([value, p]) => [value, p / validMass]));
  const score = [...normalised].reduce((sum, [value, p]) => sum + value * p, 0);
  const reading: LogprobReading = { ok: true, score, distribution: sortedDistribution(normalised), validMass, position };
  if (validMass < LOW_VALID_MASS) {
    reading.warning = `valid score tokens had only ${(validMass * 100).toFixed(1)}% of the probability at output token ${position}; the score rests on a small share of the model's belief`;
  }
  return reading;
}

/**
 * True when the token at `index` is an end of a range such as the scale echoed back
 * ("(1-5): 4" is tokens "(", "1", "-", "5", ")", ":", " 4"): neither "1" nor "5" is the answer.
 */
function inRange(tokens: readonly TokenLogprob[], index: number): boolean {
  const text = (from: number, to: number) => tokens.slice(Math.max(0, from), to).map((t) => t.token).join('');
  const opensRange = /^\s*(?:-|–|—|to\b)\s*\d/.test(text(index + 1, index + 4));
  const closesRange = /\d\s*(?:-|–|—|to)\s*$/.test(text(index - 3, index));
  return opensRange || closesRange;
}

/** The position's top alternatives, plus the generated token when the API left it out of them. */
function alternativesAt(position: TokenLogprob): TokenAlternative[] {
  const listed = position.top.some((alternative) => alternative.token === position.token);
  return listed ? position.top : [...position.top, { token: position.token, logprob: position.logprob }];
}
