/**
 * How a jury's judges agree over a dataset, per aspect, on the items every judge scored:
 * - Krippendorff's alpha (interval level) among the judges, with a bootstrap 95% interval over items;
 * - Spearman's rho between every two judges;
 * - the effective number of independent judges, n / (1 + (n − 1) r̄), where r̄ is the mean
 *   correlation between the judges' errors: judges who share their errors count as fewer (the
 *   design effect of correlated measurements; six RAGTruth judges behave like 1.9). With
 *   human scores the errors are the differences from people. Without, errors against the
 *   jury's own pool would correlate negatively by construction (each judge is part of it), so
 *   the shared signal is estimated instead: the median covariance between two judges is taken
 *   as the variance of what they all measure, and what a pair shares beyond it is their shared
 *   error (this assumes most pairs of judges err independently; the output says which was used);
 * - the judge that disagrees most: the lowest mean Spearman with the others.
 * With human scores: each judge's and the jury's Spearman with people.
 * A figure the scores leave undefined (a judge giving one score on every item has no Spearman;
 * judges who all give one score leave nothing to agree on; two judges without people cannot
 * tell their shared signal from their shared error) stays NaN, and `notComputable` says which
 * and why, in words for the output: never a made-up value, never a crash.
 */
import { pearson, spearman } from '../stats/correlation';
import { krippendorffAlpha } from '../stats/krippendorffAlpha';
import { percentileInterval, type Interval } from '../stats/percentile';
import { resampleIndices, seededRandom } from '../stats/random';
import type { PoolRule } from '../methodsAndTasks';
import { pool } from './pool';

/** Judge name → item key → score of one aspect. */
export type JudgeScores = Map<string, Map<string, number>>;

export interface JuryAgreement {
  aspect: string;
  judges: string[];
  items: number;
  alpha: number;
  alphaInterval: Interval;
  pairwiseSpearman: { a: string; b: string; rho: number }[];
  errorCorrelation: number;
  /** What the errors were measured against. */
  errorsAgainst: 'people' | 'shared signal (estimated)';
  effectiveJudges: number;
  /** Undefined when no judge disagrees more (two judges, or no pairwise Spearman defined). */
  mostDisagreeing?: string;
  /** Each figure left undefined, and why ("alpha among judges: not computable because …"). */
  notComputable: string[];
  /** With human scores: each judge's and the jury's Spearman with people. */
  withPeople?: { judge: string; rho: number }[];
}

const mean = (xs: number[]) => xs.reduce((s, x) => s + x, 0) / xs.length;

function covariance(x: number[], y: number[]): number {
  const [mx, my] = [mean(x), mean(y)];
  return x.reduce((s, xi, i) => s + (xi - mx) * (y[i] - my), 0) / (x.length - 1);
}

/** Pairwise correlations of the judges' differences from people. */
function errorCorrelationsAgainst(matrix: number[][], people: number[]): number[] {
  const errors = matrix.map((row) => row.map((x, i) => x - people[i]));
  const out: number[] = [];
  for (let a = 0; a < errors.length; a++) for (let b = a + 1; b < errors.length; b++) out.push(pearson(errors[a], errors[b]));
  return out;
}

/** Pairwise error correlations beyond the shared signal, whose variance is the median pairwise covariance. */
function sharedErrorCorrelations(matrix: number[][]): number[] {
  const pairs: [number, number, number][] = [];
  for (let a = 0; a < matrix.length; a++) for (let b = a + 1; b < matrix.length; b++) pairs.push([a, b, covariance(matrix[a], matrix[b])]);
  const sorted = pairs.map((p) => p[2]).sort((x, y) => x - y);
  const signal = sorted.length % 2 ? sorted[(sorted.length - 1) / 2] : (sorted[sorted.length / 2 - 1] + sorted[sorted.length / 2]) / 2;
  const errorVariance = matrix.map((row) => covariance(row, row) - signal);
  return pairs.map(([a, b, c]) => (errorVariance[a] > 0 && errorVariance[b] > 0 ? (c - signal) / Math.sqrt(errorVariance[a] * errorVariance[b]) : NaN));
}

export function juryAgreement(
  aspect: string,
  scores: JudgeScores,
  options: { pool: PoolRule; resamples: number; seed: number; people?: Map<string, number> },
): JuryAgreement | undefined {
  const judges = [...scores.keys()];
  const keys = [...scores.get(judges[0])!.keys()].filter((key) => judges.every((j) => scores.get(j)!.has(key)) && (!options.people || options.people.has(key)));
  if (judges.length < 2 || keys.length < 3) return undefined;
  const matrix = judges.map((j) => keys.map((key) => scores.get(j)!.get(key)!));
  const pooled = keys.map(
    (_, i) =>
      pool(
        matrix.map((row) => row[i]),
        options.pool,
      )!.score,
  );
  const random = seededRandom(options.seed);
  const resampled: number[] = [];
  for (let r = 0; r < options.resamples; r++) {
    const picked = resampleIndices(random, keys.length);
    const value = krippendorffAlpha(
      matrix.map((row) => picked.map((i) => row[i])),
      'interval',
    );
    if (Number.isFinite(value)) resampled.push(value);
  }
  const pairwise: JuryAgreement['pairwiseSpearman'] = [];
  for (let a = 0; a < judges.length; a++)
    for (let b = a + 1; b < judges.length; b++) pairwise.push({ a: judges[a], b: judges[b], rho: spearman(matrix[a], matrix[b]) });
  const people = options.people ? keys.map((key) => options.people!.get(key)!) : undefined;
  const r = mean((people ? errorCorrelationsAgainst(matrix, people) : sharedErrorCorrelations(matrix)).filter(Number.isFinite));
  const n = judges.length;
  const withOthers = judges.map((j) => mean(pairwise.filter((p) => (p.a === j || p.b === j) && Number.isFinite(p.rho)).map((p) => p.rho)));
  const alpha = krippendorffAlpha(matrix, 'interval');
  const twoWithoutPeople = n === 2 && !people;
  const notComputable = undefinedFigures({ judges, matrix, alpha, resampled: resampled.length, pairwise, r, twoWithoutPeople, withOthers });
  const disagreeing = n > 2 && withOthers.some(Number.isFinite) ? judges[withOthers.indexOf(Math.min(...withOthers.filter(Number.isFinite)))] : undefined;
  return {
    aspect,
    judges,
    items: keys.length,
    alpha,
    alphaInterval: resampled.length > 1 ? percentileInterval(resampled) : { low: NaN, high: NaN, level: 0.95 },
    pairwiseSpearman: pairwise,
    errorCorrelation: twoWithoutPeople ? NaN : r,
    errorsAgainst: people ? 'people' : 'shared signal (estimated)',
    // Errors more alike than independent ones (r > 0) count as fewer judges; never more than n.
    effectiveJudges: twoWithoutPeople || !Number.isFinite(r) ? NaN : 1 + (n - 1) * r <= 1 ? n : n / (1 + (n - 1) * r),
    ...(disagreeing !== undefined ? { mostDisagreeing: disagreeing } : {}),
    notComputable,
    ...(people
      ? { withPeople: [...judges.map((judge, i) => ({ judge, rho: spearman(matrix[i], people) })), { judge: 'jury', rho: spearman(pooled, people) }] }
      : {}),
  };
}

/** The figures of one aspect's agreement that its scores leave undefined, each with why. */
function undefinedFigures(f: {
  judges: string[];
  matrix: number[][];
  alpha: number;
  resampled: number;
  pairwise: JuryAgreement['pairwiseSpearman'];
  r: number;
  twoWithoutPeople: boolean;
  withOthers: number[];
}): string[] {
  const constant = f.judges.filter((_, i) => new Set(f.matrix[i]).size === 1);
  const oneScore = (names: string[]) => `${names.join(', ')} gave one score on every item`;
  const lines: string[] = [];
  if (!Number.isFinite(f.alpha)) {
    lines.push(
      `alpha among judges: not computable because ${constant.length === f.judges.length && new Set(f.matrix.flat()).size === 1 ? 'every judge gave the same score on every item (nothing varies to agree on)' : 'the scores do not vary'}`,
    );
  } else if (f.resampled <= 1) {
    lines.push('alpha interval: not computable because fewer than two bootstrap resamples had a defined alpha');
  }
  for (const p of f.pairwise.filter((p) => !Number.isFinite(p.rho))) {
    const flat = [p.a, p.b].filter((j) => constant.includes(j));
    lines.push(`Spearman ${p.a}–${p.b}: not computable because ${flat.length ? oneScore(flat) : 'their ranks do not vary'}`);
  }
  if (f.twoWithoutPeople)
    lines.push('effective judges: not computable because with two judges and no human scores their shared signal cannot be told apart from their shared error');
  else if (!Number.isFinite(f.r))
    lines.push(`effective judges: not computable because no two judges' errors have a defined correlation${constant.length ? ` (${oneScore(constant)})` : ''}`);
  if (f.judges.length === 2) lines.push('disagrees most: not computable because with two judges neither disagrees more than the other');
  else if (!f.withOthers.some(Number.isFinite)) lines.push('disagrees most: not computable because no pairwise Spearman is defined');
  return lines;
}
