/**
 * Holm's step-down correction of p-values for testing several hypotheses at once (one per
 * aspect): the k-th smallest p is multiplied by (m − k + 1), and adjusted values are kept
 * non-decreasing in that order, capped at 1. NaN p-values are left out and stay NaN.
 */
export function holmAdjust(pValues: readonly number[]): number[] {
  const order = pValues
    .map((p, i) => ({ p, i }))
    .filter((e) => !Number.isNaN(e.p))
    .sort((a, b) => a.p - b.p);
  const adjusted = pValues.map(() => NaN);
  let running = 0;
  order.forEach((entry, k) => {
    running = Math.max(running, Math.min(1, (order.length - k) * entry.p));
    adjusted[entry.i] = running;
  });
  return adjusted;
}
