/**
 * How well each judge agrees with people, per aspect, in chance-corrected terms and with
 * intervals. Against each person who rated (pairwise, on the items both scored):
 * Krippendorff's alpha (interval and ordinal), quadratic-weighted Cohen's kappa on scores
 * rounded to the scale's whole numbers, Spearman's rho, and the mean absolute difference.
 * With several people: alpha over all of them and the judge (missing scores allowed), and
 * among the people alone (how far people agree: the judge's ceiling). Each figure has a
 * percentile bootstrap 95% interval over items (the same resamples for every statistic of a
 * row); a figure that is not defined carries why (one item, all scores equal). Fewer than 30
 * items is flagged by the callers: such intervals are wide.
 */
import { averageRanksOfResamples, pearson, spearman } from '../stats/correlation';
import { alphaOfResamples, krippendorffAlpha } from '../stats/krippendorffAlpha';
import { percentileInterval, type Interval } from '../stats/percentile';
import { resampleIndices, seededRandom } from '../stats/random';
import { weightedKappa } from '../stats/weightedKappa';
import type { RatedPair, RatedSet } from './ratedSets';

export const FEW_ITEMS = 30;
/** Fewer resamples give percentiles too coarse to be called a 95% interval. */
export const MIN_RESAMPLES = 100;

export interface Estimate {
  /** NaN (null in JSON) when not defined, with `reason`. */
  value: number;
  reason?: string;
  /** Low and high are NaN (null in JSON) when there is no interval, with `reason`. */
  interval: Interval & { reason?: string };
}

/** The judge against one person. */
export interface AgreementRow {
  aspect: string;
  judge: string;
  /** Who the judge is compared with: a ratings file's rater ("person" when unnamed) or a --human column. */
  rater: string;
  n: number;
  alphaInterval: Estimate;
  alphaOrdinal: Estimate;
  kappa: Estimate;
  spearman: Estimate;
  meanAbsoluteDifference: Estimate;
}

/** Several people and the judge, all together. */
export interface AllRatersRow {
  aspect: string;
  judge: string;
  raters: string[];
  /** Items with at least two scores (people or judge): the ones alpha pairs. */
  items: number;
  /** Alpha over the people and the judge as raters. */
  alphaInterval: Estimate;
  alphaOrdinal: Estimate;
  /** Alpha among the people alone. */
  peopleAlphaInterval: Estimate;
}

export interface Agreement {
  rows: AgreementRow[];
  /** One per aspect and judge rated by more than one person. */
  allRaters: AllRatersRow[];
}

export interface ResamplingOptions {
  scale: [number, number];
  /** 0: no intervals; otherwise at least MIN_RESAMPLES (the command checks). */
  resamples: number;
  seed: number;
}

const PAIRWISE = {
  alphaInterval: (p: number[], j: number[]) => krippendorffAlpha([p, j], 'interval'),
  alphaOrdinal: (p: number[], j: number[]) => krippendorffAlpha([p, j], 'ordinal'),
  kappa: (p: number[], j: number[], scale: [number, number]) => weightedKappa(p, j, scale[0], scale[1]),
  spearman: (p: number[], j: number[]) => spearman(p, j),
  meanAbsoluteDifference: (p: number[], j: number[]) => p.reduce((s, x, i) => s + Math.abs(x - j[i]), 0) / p.length,
};

type PairwiseName = keyof typeof PAIRWISE;

const allEqual = (xs: readonly number[]) => xs.every((x) => x === xs[0]);

/** Why a pairwise figure is not defined. */
function pairwiseReason(p: number[], j: number[], rater: string): string {
  if (p.length === 0) return 'no item';
  if (p.length === 1) return 'one item';
  if (allEqual(p) && allEqual(j)) return p[0] === j[0] ? 'all scores equal' : "each side's scores all equal";
  if (allEqual(p)) return `all of ${rater}'s scores equal`;
  if (allEqual(j)) return "all the judge's scores equal";
  return 'all scores in one category of the scale';
}

/** Resamples `count` items and collects each statistic's finite values; the row's own seed, so rows do not depend on each other. */
function bootstrap<N extends string>(count: number, statistics: Record<N, (picked: number[]) => number>, options: ResamplingOptions): Map<N, number[]> {
  const names = Object.keys(statistics) as N[];
  const values = new Map(names.map((name) => [name, [] as number[]]));
  const random = seededRandom(options.seed);
  for (let r = 0; r < options.resamples && count > 1; r++) {
    const picked = resampleIndices(random, count);
    for (const name of names) {
      const value = statistics[name](picked);
      if (Number.isFinite(value)) values.get(name)!.push(value);
    }
  }
  return values;
}

/** A figure over `items` items, and its interval from the resampled values. */
function estimate(
  value: number,
  valueReason: () => string,
  { resampled, items }: { resampled: number[]; items: number },
  options: ResamplingOptions,
): Estimate {
  const defined = Number.isFinite(value);
  const none = (reason: string) => ({ low: NaN, high: NaN, level: 0.95, reason });
  let interval: Estimate['interval'];
  if (!defined) interval = none(valueReason());
  else if (options.resamples === 0) interval = none('no resamples (--resamples 0)');
  else if (items < 2) interval = none('one item');
  else if (resampled.length < 2) interval = none(`defined in ${resampled.length} of ${options.resamples} resamples`);
  else interval = percentileInterval(resampled);
  return { value, ...(defined ? {} : { reason: valueReason() }), interval };
}

/**
 * PAIRWISE's statistics of a resample (picked indices), the same values as PAIRWISE on the
 * picked scores, computed faster: alpha from each item's coincidences found once, ranks by
 * counting, and the picked scores gathered once per resample rather than once per statistic.
 */
function resampledPairwise(person: number[], judge: number[], scale: [number, number]): Record<PairwiseName, (picked: number[]) => number> {
  const alpha = alphaOfResamples([person, judge]);
  const personRanks = averageRanksOfResamples(person);
  const judgeRanks = averageRanksOfResamples(judge);
  let last: number[] | undefined;
  let p: number[] = [];
  let j: number[] = [];
  const gathered = (picked: number[]) => {
    if (picked !== last) [p, j, last] = [picked.map((i) => person[i]), picked.map((i) => judge[i]), picked];
    return { p, j };
  };
  return {
    alphaInterval: (picked) => alpha(picked, 'interval'),
    alphaOrdinal: (picked) => alpha(picked, 'ordinal'),
    kappa: (picked) => PAIRWISE.kappa(gathered(picked).p, gathered(picked).j, scale),
    spearman: (picked) => pearson(personRanks(picked), judgeRanks(picked)),
    meanAbsoluteDifference: (picked) => PAIRWISE.meanAbsoluteDifference(gathered(picked).p, gathered(picked).j),
  };
}

function pairwiseRow(set: RatedSet, r: number, options: ResamplingOptions): AgreementRow {
  const both = set.scores.flatMap((score, i) => (Number.isNaN(score) || Number.isNaN(set.people[r][i]) ? [] : [i]));
  const person = both.map((i) => set.people[r][i]);
  const judge = both.map((i) => set.scores[i]);
  const rater = set.raters[r];
  const statistics = resampledPairwise(person, judge, options.scale);
  const resampled = bootstrap(both.length, statistics, options);
  const figure = (name: PairwiseName): Estimate => {
    // One item pairs nothing with anything: agreement and rank statistics are not defined for it.
    const value = both.length === 0 || (both.length < 2 && name !== 'meanAbsoluteDifference') ? NaN : PAIRWISE[name](person, judge, options.scale);
    return estimate(value, () => pairwiseReason(person, judge, rater), { resampled: resampled.get(name)!, items: both.length }, options);
  };
  return {
    aspect: set.aspect,
    judge: set.judge,
    rater,
    n: both.length,
    alphaInterval: figure('alphaInterval'),
    alphaOrdinal: figure('alphaOrdinal'),
    kappa: figure('kappa'),
    spearman: figure('spearman'),
    meanAbsoluteDifference: figure('meanAbsoluteDifference'),
  };
}

/** Why alpha over `ratings` (raters × items, NaN missing) is not defined. */
function alphaReason(ratings: number[][]): string {
  const pairable = ratings[0].map((_, i) => ratings.map((rater) => rater[i]).filter((x) => !Number.isNaN(x))).filter((unit) => unit.length >= 2);
  if (pairable.length === 0) return 'no item scored twice';
  if (allEqual(pairable.flat())) return 'all scores equal';
  return pairable.length === 1 ? 'one item' : 'not defined';
}

function allRatersRow(set: RatedSet, options: ResamplingOptions): AllRatersRow {
  const everyone = [...set.people, set.scores];
  const everyoneAlpha = alphaOfResamples(everyone);
  const peopleAlpha = alphaOfResamples(set.people);
  const resampled = bootstrap(
    set.scores.length,
    {
      alphaInterval: (picked) => everyoneAlpha(picked, 'interval'),
      alphaOrdinal: (picked) => everyoneAlpha(picked, 'ordinal'),
      peopleAlphaInterval: (picked) => peopleAlpha(picked, 'interval'),
    },
    options,
  );
  const figure = (name: 'alphaInterval' | 'alphaOrdinal' | 'peopleAlphaInterval'): Estimate => {
    const ratings = name === 'peopleAlphaInterval' ? set.people : everyone;
    const value = krippendorffAlpha(ratings, name === 'alphaOrdinal' ? 'ordinal' : 'interval');
    return estimate(value, () => alphaReason(ratings), { resampled: resampled.get(name)!, items: set.scores.length }, options);
  };
  return {
    aspect: set.aspect,
    judge: set.judge,
    raters: set.raters,
    items: set.scores.filter((_, i) => everyone.filter((rater) => !Number.isNaN(rater[i])).length >= 2).length,
    alphaInterval: figure('alphaInterval'),
    alphaOrdinal: figure('alphaOrdinal'),
    peopleAlphaInterval: figure('peopleAlphaInterval'),
  };
}

export function agreementOf(sets: RatedSet[], options: ResamplingOptions): Agreement {
  return {
    rows: sets.flatMap((set) => set.raters.map((_, r) => pairwiseRow(set, r, options))),
    allRaters: sets.filter((set) => set.raters.length > 1).map((set) => allRatersRow(set, options)),
  };
}

/** Pairs of one person and a judge (the editor's ratings): one row per aspect and judge. */
export function agreementRows(pairs: RatedPair[], options: ResamplingOptions): AgreementRow[] {
  const sets = new Map<string, RatedSet>();
  for (const pair of pairs) {
    const key = `${pair.aspect}\u0000${pair.judge}`;
    const set = sets.get(key) ?? { aspect: pair.aspect, judge: pair.judge, raters: ['person'], people: [[]], scores: [] };
    set.people[0].push(pair.person);
    set.scores.push(pair.score);
    sets.set(key, set);
  }
  return agreementOf([...sets.values()], options).rows;
}
