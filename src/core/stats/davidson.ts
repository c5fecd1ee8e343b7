/**
 * Davidson's extension of the Bradley–Terry model to ties (Davidson, "On Extending the
 * Bradley-Terry Model to Accommodate Ties in Paired Comparison Experiments", JASA 1970):
 * with πᵢ = exp θᵢ, P(i beats j) = πᵢ / D, P(tie) = ν√(πᵢπⱼ) / D, D = πᵢ + πⱼ + ν√(πᵢπⱼ).
 * A tie is its own outcome (not half a win), and ν = exp δ says how often the judge ties
 * systems of equal strength. Fitted by maximum likelihood: Newton's method on (θ₁..θₖ₋₁, δ),
 * θ₀ held at 0, the Hessian from central differences of the exact gradient, the step halved
 * when the likelihood would not rise. Strengths centred to mean 0. Checked against
 * scipy.optimize in test/fixtures/scipy/pairwise-stats.json. Without a single tie ν → 0 and
 * the fit does not converge (use half wins then).
 */
import { solve } from './bradleyTerry';

/** wins[i][j]: games i won against j; ties[i][j] = ties[j][i]: their ties. */
export interface TieResults {
  systems: number;
  wins: Float64Array[];
  ties: Float64Array[];
}

export interface DavidsonFit {
  strengths: number[];
  /** ν: the tie parameter. */
  tieParameter: number;
  converged: boolean;
}

export function emptyTieResults(systems: number): TieResults {
  const square = () => Array.from({ length: systems }, () => new Float64Array(systems));
  return { systems, wins: square(), ties: square() };
}

/** One game of i against j: `outcome` 1 (i won), 0 (j won) or ½ (a tie). */
export function addTieGame(results: TieResults, i: number, j: number, outcome: number): void {
  if (outcome === 0.5) {
    results.ties[i][j] += 1;
    results.ties[j][i] += 1;
  } else if (outcome === 1) results.wins[i][j] += 1;
  else results.wins[j][i] += 1;
}

/** Each pair's outcome probabilities at (θ, δ): win of i, win of j, tie. */
function probabilities(ti: number, tj: number, delta: number): [number, number, number] {
  const d = (ti - tj) / 2;
  const top = Math.max(d, -d, delta);
  const [a, b, c] = [Math.exp(d - top), Math.exp(-d - top), Math.exp(delta - top)];
  const sum = a + b + c;
  return [a / sum, b / sum, c / sum];
}

/** Parameters: x[0..k-2] = θ₁..θₖ₋₁, x[k-1] = δ. */
function logLikelihood(r: TieResults, x: Float64Array): number {
  const theta = (i: number) => (i === 0 ? 0 : x[i - 1]);
  let sum = 0;
  for (let i = 0; i < r.systems; i++)
    for (let j = i + 1; j < r.systems; j++) {
      if (r.wins[i][j] + r.wins[j][i] + r.ties[i][j] === 0) continue;
      const [pi, pj, pt] = probabilities(theta(i), theta(j), x[r.systems - 1]);
      sum += r.wins[i][j] * Math.log(pi) + r.wins[j][i] * Math.log(pj) + r.ties[i][j] * Math.log(pt);
    }
  return sum;
}

function gradient(r: TieResults, x: Float64Array): Float64Array {
  const k = r.systems;
  const theta = (i: number) => (i === 0 ? 0 : x[i - 1]);
  const g = new Float64Array(k);
  const add = (i: number, v: number) => {
    if (i > 0) g[i - 1] += v;
  };
  for (let i = 0; i < k; i++)
    for (let j = i + 1; j < k; j++) {
      const [wi, wj, t] = [r.wins[i][j], r.wins[j][i], r.ties[i][j]];
      const n = wi + wj + t;
      if (n === 0) continue;
      const [pi, pj, pt] = probabilities(theta(i), theta(j), x[k - 1]);
      add(i, wi + t / 2 - n * (pi + pt / 2));
      add(j, wj + t / 2 - n * (pj + pt / 2));
      g[k - 1] += t - n * pt;
    }
  return g;
}

/** −Hessian by central differences of the gradient, symmetrised. */
function information(r: TieResults, x: Float64Array): Float64Array[] {
  const k = x.length;
  const h = 1e-5;
  const m = Array.from({ length: k }, () => new Float64Array(k));
  for (let c = 0; c < k; c++) {
    const [up, down] = [Float64Array.from(x), Float64Array.from(x)];
    up[c] += h;
    down[c] -= h;
    const [gu, gd] = [gradient(r, up), gradient(r, down)];
    for (let row = 0; row < k; row++) m[row][c] = -(gu[row] - gd[row]) / (2 * h);
  }
  for (let a = 0; a < k; a++) for (let b = a + 1; b < k; b++) m[a][b] = m[b][a] = (m[a][b] + m[b][a]) / 2;
  return m;
}

export function davidson(r: TieResults, maxSteps = 200): DavidsonFit {
  const k = r.systems;
  const x = new Float64Array(k); // θ₁..θₖ₋₁ = 0, δ = 0 (ν = 1)
  let converged = k < 2;
  let current = logLikelihood(r, x);
  for (let s = 0; s < maxSteps && !converged && k >= 2; s++) {
    const step = solve(information(r, x), gradient(r, x));
    if (!step.every(Number.isFinite)) break;
    let size = 1;
    let next = x;
    for (let halvings = 0; halvings < 30; halvings++, size /= 2) {
      next = x.map((v, i) => v + size * step[i]);
      if (logLikelihood(r, next) >= current - 1e-12 * Math.abs(current)) break;
    }
    const largest = Math.max(...step.map((d) => Math.abs(d * size)));
    x.set(next);
    current = logLikelihood(r, x);
    converged = largest < 1e-10;
  }
  const theta = [0, ...x.subarray(0, k - 1)];
  const mean = theta.reduce((a, b) => a + b, 0) / k;
  return { strengths: theta.map((t) => t - mean), tieParameter: Math.exp(x[k - 1]), converged };
}
