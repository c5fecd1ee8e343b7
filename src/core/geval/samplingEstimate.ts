/**
 * The sampling route's estimate (G-Eval's GPT-4 route): n answers drawn at temperature 1,
 * each parsed, the distribution taken from the parsed values.
 *
 * Rule 'robust': an unreadable answer is left out of the distribution and the mean, and
 * counted in `unparsed`. Rule 'geval' reproduces the paper: the script reads an unreadable
 * answer as 0 and that 0 is part of the distribution and the mean (`unparsed` still counts
 * those answers, so the reader can see how many zeros are really failures).
 */
import { meanStandardError } from '../stats/meanStandardError';
import { DEFAULT_PRIOR_WEIGHT, spreadPrior } from './adaptiveSampling';
import { GEVAL_UNREADABLE, readScore, type ParseRule } from './parseScore';
import { sortedDistribution, type ScoreScale } from '../prompts/scoreScale';

export interface SamplingEstimate {
  /** Value → share of the answers that entered the estimate. */
  distribution: Record<string, number>;
  /** Mean of the values that entered the estimate; null when none did. */
  score: number | null;
  samples: number;
  unparsed: number;
  /** The values that entered the estimate, in the order drawn. */
  values: number[];
  /** Standard error of the mean, with the adaptive rule's prior on the spread (null when no value was read). */
  standardError: number | null;
  /** Share of the answers that could be read (the sampling route's valid mass). */
  readShare: number;
}

export function estimateFromSamples(answers: readonly string[], scale: ScoreScale, rule: ParseRule): SamplingEstimate {
  const values: number[] = [];
  let unparsed = 0;
  for (const answer of answers) {
    const value = readScore(answer, scale, rule);
    if (value !== null) values.push(value);
    else {
      unparsed++;
      if (rule === 'geval') values.push(GEVAL_UNREADABLE);
    }
  }
  const counts = new Map<number, number>();
  for (const value of values) counts.set(value, (counts.get(value) ?? 0) + 1);
  const shares = new Map([...counts].map(([value, count]) => [value, count / values.length]));
  const score = values.length > 0 ? values.reduce((sum, v) => sum + v, 0) / values.length : null;
  return {
    distribution: sortedDistribution(shares),
    score,
    samples: answers.length,
    unparsed,
    values,
    standardError: values.length > 0 ? meanStandardError(values, spreadPrior(scale, DEFAULT_PRIOR_WEIGHT)) : null,
    readShare: answers.length > 0 ? (answers.length - unparsed) / answers.length : 0,
  };
}
