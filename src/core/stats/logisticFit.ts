/**
 * A logistic regression of a share (0, ½ or 1: a preference with ties as half) on one
 * predictor with an intercept, by maximum likelihood (Newton's method on the concave
 * log-likelihood Σ y·log σ(η) + (1 − y)·log(1 − σ(η)), η = intercept + slope·x; a fractional
 * response takes the same likelihood). Checked against scipy.optimize in
 * test/fixtures/scipy/pairwise-stats.json.
 */
export interface LogisticFit {
  intercept: number;
  slope: number;
  /** False when the data separate perfectly (no finite maximum): the figures are then the last step's. */
  converged: boolean;
}

export function sigmoid(eta: number): number {
  return eta >= 0 ? 1 / (1 + Math.exp(-eta)) : Math.exp(eta) / (1 + Math.exp(eta));
}

export function logisticFit(x: ArrayLike<number>, y: ArrayLike<number>, maxSteps = 100): LogisticFit {
  let [b0, b1] = [0, 0];
  for (let step = 0; step < maxSteps; step++) {
    // Gradient g and the negative Hessian [[h00, h01], [h01, h11]].
    let [g0, g1, h00, h01, h11] = [0, 0, 0, 0, 0];
    for (let i = 0; i < x.length; i++) {
      const p = sigmoid(b0 + b1 * x[i]);
      const w = p * (1 - p);
      g0 += y[i] - p;
      g1 += (y[i] - p) * x[i];
      h00 += w;
      h01 += w * x[i];
      h11 += w * x[i] * x[i];
    }
    const det = h00 * h11 - h01 * h01;
    if (!(det > 0)) return { intercept: b0, slope: b1, converged: false };
    const d0 = (h11 * g0 - h01 * g1) / det;
    const d1 = (h00 * g1 - h01 * g0) / det;
    b0 += d0;
    b1 += d1;
    if (Math.abs(d0) < 1e-12 * (1 + Math.abs(b0)) && Math.abs(d1) < 1e-12 * (1 + Math.abs(b1))) return { intercept: b0, slope: b1, converged: true };
  }
  return { intercept: b0, slope: b1, converged: false };
}
