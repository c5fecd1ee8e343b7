/**
 * `meta` intervals and `meta --compare` p-values against scipy. The reference values were
 * computed once by scripts/scipy/meta_uncertainty.py (scipy.stats.bootstrap, percentile
 * method, and scipy.stats.permutation_test, 20,000 resamples each) and committed in
 * test/fixtures/scipy/meta-uncertainty.json with the fixed inputs they were computed on.
 *
 * Tolerance: ours and scipy's use different random streams, so the figures agree only up to
 * Monte-Carlo error. We check at 4 standard deviations of that error:
 * - an interval end from our 1,000 resamples against scipy's from 20,000: the sd of a
 *   1,000-resample end (measured by the script over batches of scipy's resamples), combined
 *   with the reference's own sd (sd / √20); plus, where the figure takes few values (10
 *   systems) and its bootstrap distribution is lumpy, one step to the neighbouring value
 *   (a 1,000-resample quantile can land there; the script measures that step too);
 * - a p-value from our 1,000 permutations: the binomial sd √(p(1 − p)/R) for both R = 1,000
 *   and 20,000, plus 2/1001 for the (k + 1)/(R + 1) convention at R = 1,000.
 * Point correlations must agree to 1e-9. The seed is fixed, so the test is deterministic.
 */
import * as assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Level } from '../../../src/core/datasets/dataset';
import { compareMeta } from '../../../src/core/meta/metaCompare';
import type { ScoredItem } from '../../../src/core/meta/metaEvaluate';
import { COEFFICIENTS, metaEvaluateWithIntervals } from '../../../src/core/meta/metaIntervals';
import { packageRoot } from '../../../src/core/paths';
import type { Interval } from '../../../src/core/stats/percentile';
import { DEFAULT_SEED } from '../../../src/core/stats/random';

interface Reference {
  low: number;
  high: number;
  sdLow: number;
  sdHigh: number;
  atomLow: number;
  atomHigh: number;
}
type PerCoefficient<T> = Record<'pearson' | 'spearman' | 'kendall', T>;
interface Case {
  name: string;
  level: Level;
  items: { group: string; system: string; human: number; a: number; b: number }[];
  a: PerCoefficient<number>;
  b: PerCoefficient<number>;
  intervalA: PerCoefficient<Reference>;
  intervalDifference: PerCoefficient<Reference>;
  pValue: PerCoefficient<number>;
}

const fixture = JSON.parse(readFileSync(join(packageRoot(), 'test', 'fixtures', 'scipy', 'meta-uncertainty.json'), 'utf8')) as {
  referenceResamples: number;
  cases: Case[];
};

const RESAMPLES = 1000;
const SIGMAS = 4;

function assertInterval(ours: Interval, reference: Reference, what: string): void {
  const shrink = Math.sqrt(1 + RESAMPLES / fixture.referenceResamples);
  const ends = [
    ['low', reference.sdLow, reference.atomLow],
    ['high', reference.sdHigh, reference.atomHigh],
  ] as const;
  for (const [end, sd, atom] of ends) {
    const tolerance = SIGMAS * sd * shrink + atom;
    const gap = Math.abs(ours[end] - reference[end]);
    assert.ok(gap <= tolerance, `${what} ${end}: ours ${ours[end]} vs scipy ${reference[end]} (gap ${gap.toFixed(4)} > ${tolerance.toFixed(4)})`);
  }
}

function assertPValue(ours: number, reference: number, what: string): void {
  const variance = reference * (1 - reference) * (1 / RESAMPLES + 1 / fixture.referenceResamples);
  const tolerance = SIGMAS * Math.sqrt(variance) + 2 / (RESAMPLES + 1);
  const gap = Math.abs(ours - reference);
  assert.ok(gap <= tolerance, `${what}: ours ${ours} vs scipy ${reference} (gap ${gap.toFixed(4)} > ${tolerance.toFixed(4)})`);
}

const near = (a: number, b: number, what: string): void => assert.ok(Math.abs(a - b) < 1e-9, `${what}: ${a} ≠ ${b}`);

describe('stats: meta intervals and compare p-values against scipy (Monte-Carlo tolerance)', () => {
  for (const c of fixture.cases) {
    const side = (which: 'a' | 'b'): ScoredItem[] => c.items.map((i) => ({ group: i.group, system: i.system, human: i.human, predicted: i[which] }));
    const options = { resamples: RESAMPLES, seed: DEFAULT_SEED };

    it(`${c.name}: correlations and their 95% bootstrap intervals`, () => {
      const result = metaEvaluateWithIntervals('x', c.level, side('a'), options);
      assert.equal(result.bootstrap?.unit, c.level === 'summary' ? 'documents' : 'items');
      for (const coefficient of COEFFICIENTS) {
        near(result[coefficient], c.a[coefficient], coefficient);
        assertInterval(result.intervals![coefficient], c.intervalA[coefficient], coefficient);
      }
    });

    it(`${c.name}: compare A − B, its interval and the paired permutation p-value`, () => {
      const result = compareMeta('x', c.level, { labels: { a: 'A', b: 'B' }, a: side('a'), b: side('b') }, options);
      for (const coefficient of COEFFICIENTS) {
        near(result.a[coefficient], c.a[coefficient], `A ${coefficient}`);
        near(result.b[coefficient], c.b[coefficient], `B ${coefficient}`);
        assertInterval(result.intervals[coefficient], c.intervalDifference[coefficient], `A − B ${coefficient}`);
        assertPValue(result.pValues[coefficient], c.pValue[coefficient], `p ${coefficient}`);
      }
    });
  }
});
