/**
 * How much a candidate raises Krippendorff's alpha (interval) with people over the original,
 * with a paired percentile bootstrap 95% interval (the same resampled items for both). The
 * error test alone is not enough to adopt: pulling every score towards the people's mean lowers
 * the mean absolute difference of a judge that knows nothing (a calibration fitted on random
 * ratings does), while alpha, corrected for chance, stays where it was.
 */
import { krippendorffAlpha } from '../stats/krippendorffAlpha';
import { percentileInterval, type Interval } from '../stats/percentile';
import { resampleIndices, seededRandom } from '../stats/random';

export interface AlphaGain {
  value: number;
  /** NaN bounds when there are no resamples or too few items differ. */
  interval: Interval;
}

export function alphaGain(
  people: readonly number[],
  original: readonly number[],
  candidate: readonly number[],
  { resamples, seed }: { resamples: number; seed: number },
): AlphaGain {
  const gain = (idx: readonly number[]) => {
    const p = idx.map((i) => people[i]);
    return krippendorffAlpha([p, idx.map((i) => candidate[i])], 'interval') - krippendorffAlpha([p, idx.map((i) => original[i])], 'interval');
  };
  const all = people.map((_, i) => i);
  const value = gain(all);
  if (resamples === 0) return { value, interval: { low: NaN, high: NaN, level: 0.95 } };
  const random = seededRandom(seed);
  const gains: number[] = [];
  for (let r = 0; r < resamples; r++) {
    const g = gain(resampleIndices(random, people.length));
    if (Number.isFinite(g)) gains.push(g);
  }
  return { value, interval: gains.length > 0 ? percentileInterval(gains) : { low: NaN, high: NaN, level: 0.95 } };
}
