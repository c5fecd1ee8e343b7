/**
 * How well each judge agrees with the person, per aspect, in chance-corrected terms and with
 * intervals: Krippendorff's alpha (interval and ordinal), quadratic-weighted Cohen's kappa on
 * scores rounded to the scale's whole numbers, Spearman's rho, and the mean absolute
 * difference; each with a percentile bootstrap 95% interval over items (the same resamples
 * for every statistic of a row). Fewer than 30 items is flagged: such intervals are wide.
 */
import { spearman } from '../stats/correlation';
import { krippendorffAlpha } from '../stats/krippendorffAlpha';
import { percentileInterval, type Interval } from '../stats/percentile';
import { resampleIndices, seededRandom } from '../stats/random';
import { weightedKappa } from '../stats/weightedKappa';
import type { RatedPair } from './ratedPairs';

export const FEW_ITEMS = 30;

export interface Estimate {
  value: number;
  interval: Interval;
}

export interface AgreementRow {
  aspect: string;
  judge: string;
  n: number;
  alphaInterval: Estimate;
  alphaOrdinal: Estimate;
  kappa: Estimate;
  spearman: Estimate;
  meanAbsoluteDifference: Estimate;
}

const STATISTICS = {
  alphaInterval: (p: number[], j: number[]) => krippendorffAlpha([p, j], 'interval'),
  alphaOrdinal: (p: number[], j: number[]) => krippendorffAlpha([p, j], 'ordinal'),
  kappa: (p: number[], j: number[], scale: [number, number]) => weightedKappa(p, j, scale[0], scale[1]),
  spearman: (p: number[], j: number[]) => spearman(p, j),
  meanAbsoluteDifference: (p: number[], j: number[]) => p.reduce((s, x, i) => s + Math.abs(x - j[i]), 0) / p.length,
};

type StatisticName = keyof typeof STATISTICS;

export function agreementRows(pairs: RatedPair[], options: { scale: [number, number]; resamples: number; seed: number }): AgreementRow[] {
  const groups = new Map<string, RatedPair[]>();
  for (const pair of pairs) {
    const key = `${pair.aspect}\u0000${pair.judge}`;
    groups.set(key, [...(groups.get(key) ?? []), pair]);
  }
  return [...groups.values()].map((group) => {
    const person = group.map((p) => p.person);
    const judge = group.map((p) => p.score);
    const names = Object.keys(STATISTICS) as StatisticName[];
    const resampled = new Map(names.map((name) => [name, [] as number[]]));
    const random = seededRandom(options.seed);
    for (let r = 0; r < options.resamples && group.length > 1; r++) {
      const picked = resampleIndices(random, group.length);
      const p = picked.map((i) => person[i]);
      const j = picked.map((i) => judge[i]);
      for (const name of names) {
        const value = STATISTICS[name](p, j, options.scale);
        if (Number.isFinite(value)) resampled.get(name)!.push(value);
      }
    }
    const estimate = (name: StatisticName): Estimate => {
      const values = resampled.get(name)!;
      // One item pairs nothing with anything: agreement and rank statistics are not defined for it.
      const value = group.length < 2 && name !== 'meanAbsoluteDifference' ? NaN : STATISTICS[name](person, judge, options.scale);
      return { value, interval: values.length > 1 ? percentileInterval(values) : { low: NaN, high: NaN, level: 0.95 } };
    };
    return {
      aspect: group[0].aspect,
      judge: group[0].judge,
      n: group.length,
      alphaInterval: estimate('alphaInterval'),
      alphaOrdinal: estimate('alphaOrdinal'),
      kappa: estimate('kappa'),
      spearman: estimate('spearman'),
      meanAbsoluteDifference: estimate('meanAbsoluteDifference'),
    };
  });
}
