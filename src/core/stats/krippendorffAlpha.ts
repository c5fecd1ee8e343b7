/**
 * Krippendorff's alpha, by its coincidence-matrix definition (Krippendorff 2011, "Computing
 * Krippendorff's Alpha-Reliability"): α = 1 − D_o / D_e, where D_o is the disagreement
 * observed within units and D_e the disagreement expected by chance over all pairable
 * values. Any number of raters, any missing values (NaN); a unit with fewer than two values
 * is not pairable and drops out. Interval: δ² = (c − k)²; ordinal: δ² = (Σ_{g=c..k} n_g −
 * (n_c + n_k)/2)² over the sorted distinct values; nominal: 0 or 1. Checked against the
 * worked example and numpy in test/fixtures/scipy/agreement.json.
 */
export type AlphaLevel = 'interval' | 'ordinal' | 'nominal';

/** `ratings[rater][unit]`, NaN where a rater did not rate a unit. NaN when no unit is pairable or there is no variation. */
export function krippendorffAlpha(ratings: readonly ArrayLike<number>[], level: AlphaLevel): number {
  const unitCount = ratings.length ? ratings[0].length : 0;
  // Every value given; one only in units that are not pairable has no coincidences, so it adds
  // nothing to any sum below (its row and column are 0).
  const given = new Set<number>();
  for (const rater of ratings) for (let u = 0; u < unitCount; u++) if (Number.isFinite(rater[u])) given.add(rater[u]);
  const distinct = [...given].sort((a, b) => a - b);
  const index = new Map(distinct.map((v, i) => [v, i]));
  const k = distinct.length;
  // Coincidences: each ordered pair of values within a unit, weighted 1 / (m_u − 1). No array
  // per unit: a bootstrap calls this thousands of times on a thousand units.
  const o = Array.from({ length: k }, () => new Float64Array(k));
  const inUnit = new Int32Array(ratings.length);
  for (let u = 0; u < unitCount; u++) {
    let m = 0;
    for (const rater of ratings) if (Number.isFinite(rater[u])) inUnit[m++] = index.get(rater[u])!;
    if (m < 2) continue;
    const weight = 1 / (m - 1);
    for (let a = 0; a < m; a++) {
      for (let b = 0; b < m; b++) if (a !== b) o[inUnit[a]][inUnit[b]] += weight;
    }
  }
  return alphaFromCoincidences(o, distinct, level);
}

/** Alpha from the coincidence matrix `o` of the sorted distinct values (rows of values never paired are all 0 and change nothing). */
function alphaFromCoincidences(o: readonly Float64Array[], distinct: readonly number[], level: AlphaLevel): number {
  const k = distinct.length;
  const nc = o.map((row) => row.reduce((s, x) => s + x, 0));
  const n = nc.reduce((s, x) => s + x, 0);
  const cumulative = [0];
  for (const count of nc) cumulative.push(cumulative[cumulative.length - 1] + count);
  const delta = (c: number, d: number): number => {
    if (level === 'nominal') return c === d ? 0 : 1;
    if (level === 'interval') return (distinct[c] - distinct[d]) ** 2;
    const [lo, hi] = c < d ? [c, d] : [d, c];
    return (cumulative[hi + 1] - cumulative[lo] - (nc[lo] + nc[hi]) / 2) ** 2;
  };
  let observed = 0;
  let expected = 0;
  for (let c = 0; c < k; c++) {
    for (let d = 0; d < k; d++) {
      const w = delta(c, d);
      observed += o[c][d] * w;
      expected += nc[c] * nc[d] * w;
    }
  }
  if (n < 2 || expected === 0) return NaN;
  return 1 - observed / n / (expected / (n * (n - 1)));
}

/**
 * Alpha over resamples of the units (a bootstrap), each resample O(units): every unit's
 * coincidences are found once, and a resample sums those of the units it picked, in the
 * order picked, then takes alpha from the matrix. The same sums in the same order as
 * krippendorffAlpha on the picked units, so the same values to the last bit (values absent
 * from a resample only add zero rows). `picked` holds unit indices; the matrix of the last
 * `picked` array is kept, so its interval and ordinal alphas sum once.
 */
export function alphaOfResamples(ratings: readonly ArrayLike<number>[]): (picked: readonly number[], level: AlphaLevel) => number {
  const unitCount = ratings.length ? ratings[0].length : 0;
  const given = new Set<number>();
  for (const rater of ratings) for (let u = 0; u < unitCount; u++) if (Number.isFinite(rater[u])) given.add(rater[u]);
  const distinct = [...given].sort((a, b) => a - b);
  const index = new Map(distinct.map((v, i) => [v, i]));
  // Unit u's ordered pairs are from[p], to[p] with weight[p] for p in start[u] .. start[u + 1].
  const start = new Int32Array(unitCount + 1);
  const from: number[] = [];
  const to: number[] = [];
  const weights: number[] = [];
  const inUnit = new Int32Array(ratings.length);
  for (let u = 0; u < unitCount; u++) {
    let m = 0;
    for (const rater of ratings) if (Number.isFinite(rater[u])) inUnit[m++] = index.get(rater[u])!;
    for (let a = 0; m >= 2 && a < m; a++) {
      for (let b = 0; b < m; b++) {
        if (a === b) continue;
        from.push(inUnit[a]);
        to.push(inUnit[b]);
        weights.push(1 / (m - 1));
      }
    }
    start[u + 1] = from.length;
  }
  const o = distinct.map(() => new Float64Array(distinct.length));
  let summed: readonly number[] | undefined;
  return (picked, level) => {
    if (picked !== summed) {
      for (const row of o) row.fill(0);
      for (const u of picked) for (let p = start[u]; p < start[u + 1]; p++) o[from[p]][to[p]] += weights[p];
      summed = picked;
    }
    return alphaFromCoincidences(o, distinct, level);
  };
}
