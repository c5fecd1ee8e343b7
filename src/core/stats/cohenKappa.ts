/**
 * Agreement of two raters on unordered categories (a judge's A/B/tie against people's):
 * the share of items they agree on, and Cohen's unweighted kappa, κ = (pₒ − pₑ) / (1 − pₑ)
 * with pₑ from the two raters' marginal shares. Checked against numpy in
 * test/fixtures/scipy/pairwise-stats.json.
 */
export interface CategoryAgreement {
  items: number;
  accuracy: number;
  kappa: number;
}

export function categoryAgreement<C>(a: readonly C[], b: readonly C[]): CategoryAgreement {
  const n = Math.min(a.length, b.length);
  if (n === 0) return { items: 0, accuracy: NaN, kappa: NaN };
  const shareA = new Map<C, number>();
  const shareB = new Map<C, number>();
  let agreed = 0;
  for (let i = 0; i < n; i++) {
    if (a[i] === b[i]) agreed++;
    shareA.set(a[i], (shareA.get(a[i]) ?? 0) + 1 / n);
    shareB.set(b[i], (shareB.get(b[i]) ?? 0) + 1 / n);
  }
  let chance = 0;
  for (const [category, share] of shareA) chance += share * (shareB.get(category) ?? 0);
  const accuracy = agreed / n;
  return { items: n, accuracy, kappa: chance === 1 ? NaN : (accuracy - chance) / (1 - chance) };
}
