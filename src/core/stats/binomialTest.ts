/**
 * The exact two-sided binomial test of k successes in n trials against a share p, as
 * scipy.stats.binomtest(k, n, p).pvalue: the probability of every outcome no likelier than
 * the one observed (scipy's relative tolerance 1 + 1e-7 when comparing them). Used for the
 * first-position win rate against 0.5 and the sign test of a win rate.
 */

/** log(i!) for i = 0..n. */
function logFactorials(n: number): Float64Array {
  const table = new Float64Array(n + 1);
  for (let i = 2; i <= n; i++) table[i] = table[i - 1] + Math.log(i);
  return table;
}

export function binomialTest(successes: number, trials: number, share = 0.5): number {
  if (trials === 0) return 1;
  const logFactorial = logFactorials(trials);
  const logChoose = (k: number) => logFactorial[trials] - logFactorial[k] - logFactorial[trials - k];
  const logPmf = (k: number) => logChoose(k) + (k === 0 ? 0 : k * Math.log(share)) + (k === trials ? 0 : (trials - k) * Math.log(1 - share));
  const observed = logPmf(successes);
  const bound = observed + Math.log(1 + 1e-7);
  let p = 0;
  for (let k = 0; k <= trials; k++) {
    const logP = logPmf(k);
    if (logP <= bound) p += Math.exp(logP);
  }
  return Math.min(1, p);
}
