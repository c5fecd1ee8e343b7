/**
 * Quadratic-weighted Cohen's kappa of two raters on whole-number categories low..high (scores
 * are rounded, then clamped): κ = 1 − Σ w·O / Σ w·E with w = (i − j)², O the observed share of
 * each pair of categories, E the product of the two raters' marginal shares. 1 is perfect
 * agreement, 0 what chance gives. Checked against numpy in test/fixtures/scipy/agreement.json.
 */
export function weightedKappa(a: ArrayLike<number>, b: ArrayLike<number>, low: number, high: number): number {
  const k = high - low + 1;
  const n = a.length;
  if (n === 0 || k < 2) return NaN;
  const category = (x: number) => Math.min(high, Math.max(low, Math.round(x))) - low;
  const observed = Array.from({ length: k }, () => new Float64Array(k));
  const rowShare = new Float64Array(k);
  const columnShare = new Float64Array(k);
  for (let i = 0; i < n; i++) {
    const [x, y] = [category(a[i]), category(b[i])];
    observed[x][y] += 1 / n;
    rowShare[x] += 1 / n;
    columnShare[y] += 1 / n;
  }
  let disagreement = 0;
  let chance = 0;
  for (let i = 0; i < k; i++) {
    for (let j = 0; j < k; j++) {
      const w = (i - j) ** 2;
      disagreement += w * observed[i][j];
      chance += w * rowShare[i] * columnShare[j];
    }
  }
  return chance === 0 ? NaN : 1 - disagreement / chance;
}
