/**
 * The fast paths behind interactive intervals must compute exactly what the plain
 * definitions compute: a resample given as counts equals the expanded resample, and a
 * permuted pair of score sets read off one sort equals the sets built and sorted afresh.
 */
import * as assert from 'node:assert/strict';
import { correlations } from '../../../src/core/stats/correlation';
import { resampledCorrelations } from '../../../src/core/stats/resampledCorrelations';
import { resampleIndices, seededRandom } from '../../../src/core/stats/random';
import { swappedCorrelations } from '../../../src/core/stats/swappedCorrelations';

const close = (a: number, b: number, what: string): void => assert.ok((Number.isNaN(a) && Number.isNaN(b)) || Math.abs(a - b) < 1e-12, `${what}: ${a} ≠ ${b}`);

function tiedData(n: number, seed: number): { x: number[]; y: number[]; z: number[] } {
  const random = seededRandom(seed);
  const x = Array.from({ length: n }, () => Math.floor(random() * 5));
  const y = x.map((v) => Math.round((v + random() * 3) * 3) / 3);
  const z = x.map((v) => Math.floor(v / 2 + random() * 3));
  return { x, y, z };
}

describe('stats: resampled and swapped correlations equal the plain definitions', () => {
  for (const n of [2, 7, 60, 400]) {
    it(`bootstrap resamples given as counts, n = ${n}, heavy ties`, () => {
      const { x, y } = tiedData(n, n);
      const figures = resampledCorrelations(x, y);
      const random = seededRandom(99);
      for (let r = 0; r < 20; r++) {
        const picked = resampleIndices(random, n);
        const counts = new Int32Array(n);
        for (const p of picked) counts[p]++;
        const expected = correlations(
          picked.map((p) => x[p]),
          picked.map((p) => y[p]),
        );
        const actual = figures(counts);
        for (const c of ['pearson', 'spearman', 'kendall'] as const) close(actual[c], expected[c], c);
      }
    });

    it(`permutations that swap two score sets item by item, n = ${n}`, () => {
      const { x: a, y: human, z: b } = tiedData(n, n + 1);
      const figures = swappedCorrelations(a, b, human);
      const random = seededRandom(7);
      for (let r = 0; r < 20; r++) {
        const swapped = Array.from({ length: n }, () => random() < 0.5);
        const permutedA = a.map((v, i) => (swapped[i] ? b[i] : v));
        const permutedB = b.map((v, i) => (swapped[i] ? a[i] : v));
        const actual = figures(swapped);
        const expectedA = correlations(permutedA, human);
        const expectedB = correlations(permutedB, human);
        for (const c of ['pearson', 'spearman', 'kendall'] as const) {
          close(actual.a[c], expectedA[c], `A ${c}`);
          close(actual.b[c], expectedB[c], `B ${c}`);
        }
      }
    });
  }
});
