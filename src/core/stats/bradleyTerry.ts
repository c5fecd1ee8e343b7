/**
 * The Bradley–Terry model of paired comparisons, P(i beats j) = σ(θᵢ − θⱼ), fitted by maximum
 * likelihood (Newton's method on the concave log-likelihood, step halved when it would not
 * rise). A tie counts as half a win to each side (Davidson's tie model is davidson.ts; Rao
 * and Kupper's is not used). Strengths are on the log-odds scale, centred to mean 0. Checked
 * against scipy.optimize in test/fixtures/scipy/pairwise-stats.json.
 *
 * The maximum is finite only when every split of the systems into two groups has each group
 * scoring something against the other (Ford's condition); otherwise `converged` is false and
 * the strengths are the last step's, far apart.
 */

/** Results between k systems: scored[i][j] the points i took from j (a win 1, a tie ½), played[i][j] = played[j][i] their games. */
export interface PairResults {
  systems: number;
  scored: Float64Array[];
  played: Float64Array[];
}

export interface BradleyTerryFit {
  strengths: number[];
  converged: boolean;
}

export function emptyResults(systems: number): PairResults {
  const square = () => Array.from({ length: systems }, () => new Float64Array(systems));
  return { systems, scored: square(), played: square() };
}

/** Adds one game of i against j in which i took `score` (1, ½ or 0). */
export function addGame(results: PairResults, i: number, j: number, score: number): void {
  results.scored[i][j] += score;
  results.scored[j][i] += 1 - score;
  results.played[i][j] += 1;
  results.played[j][i] += 1;
}

function logLikelihood(results: PairResults, theta: Float64Array): number {
  let sum = 0;
  for (let i = 0; i < results.systems; i++)
    for (let j = 0; j < results.systems; j++) if (results.scored[i][j] > 0) sum -= results.scored[i][j] * Math.log1p(Math.exp(theta[j] - theta[i]));
  return sum;
}

/** Solves m·x = v in place (m symmetric positive definite, by Gaussian elimination); returns x. */
export function solve(m: Float64Array[], v: Float64Array): Float64Array {
  const n = v.length;
  for (let c = 0; c < n; c++) {
    for (let r = c + 1; r < n; r++) {
      const f = m[r][c] / m[c][c];
      for (let k = c; k < n; k++) m[r][k] -= f * m[c][k];
      v[r] -= f * v[c];
    }
  }
  const x = new Float64Array(n);
  for (let r = n - 1; r >= 0; r--) {
    let s = v[r];
    for (let k = r + 1; k < n; k++) s -= m[r][k] * x[k];
    x[r] = s / m[r][r];
  }
  return x;
}

/** The Newton step for θ₁..θₖ₋₁ (θ₀ held at 0), or undefined when the information matrix is singular (a system never played). */
function newtonStep(results: PairResults, theta: Float64Array): Float64Array | undefined {
  const k = results.systems;
  const gradient = new Float64Array(k - 1);
  const information = Array.from({ length: k - 1 }, () => new Float64Array(k - 1));
  for (let i = 0; i < k; i++) {
    for (let j = i + 1; j < k; j++) {
      const n = results.played[i][j];
      if (n === 0) continue;
      const p = 1 / (1 + Math.exp(theta[j] - theta[i]));
      const g = results.scored[i][j] - n * p;
      const w = n * p * (1 - p);
      if (i > 0) [gradient[i - 1], information[i - 1][i - 1]] = [gradient[i - 1] + g, information[i - 1][i - 1] + w];
      gradient[j - 1] -= g;
      information[j - 1][j - 1] += w;
      if (i > 0) [information[i - 1][j - 1], information[j - 1][i - 1]] = [information[i - 1][j - 1] - w, information[j - 1][i - 1] - w];
    }
  }
  const step = solve(information, gradient);
  return step.every(Number.isFinite) ? step : undefined;
}

export function bradleyTerry(results: PairResults, maxSteps = 100): BradleyTerryFit {
  const k = results.systems;
  const theta = new Float64Array(k);
  let converged = k < 2;
  let current = logLikelihood(results, theta);
  for (let s = 0; s < maxSteps && !converged; s++) {
    const step = newtonStep(results, theta);
    if (!step) break;
    let size = 1;
    let next = theta;
    for (let halvings = 0; halvings < 30; halvings++, size /= 2) {
      next = theta.map((t, i) => (i === 0 ? t : t + size * step[i - 1]));
      if (logLikelihood(results, next) >= current - 1e-12 * Math.abs(current)) break;
    }
    const largest = Math.max(...step.map((d) => Math.abs(d * size)));
    theta.set(next);
    current = logLikelihood(results, theta);
    converged = largest < 1e-10;
  }
  const mean = theta.reduce((a, b) => a + b, 0) / k;
  return { strengths: Array.from(theta, (t) => t - mean), converged };
}
