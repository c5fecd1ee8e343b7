"""Reference values for src/core/stats/meanStandardError.ts, written once to
test/fixtures/scipy/mean-standard-error.json (run: python3 scripts/scipy/meanStandardError.py).

weight 0 is scipy.stats.sem (ddof=1). With a prior of `weight` pseudo-observations of
variance `variance`, the pooled variance is (Σ(x−x̄)² + weight·variance) / (n−1+weight),
computed here with numpy from scipy's own pieces (tvar·(n−1) is Σ(x−x̄)²)."""
import json
import pathlib

import numpy as np
from scipy import stats

cases = [
    ([4, 4, 3, 5, 4], 0, 0),
    ([1, 2, 3, 3, 2, 1, 3], 0, 0),
    ([0.5, 1.5], 0, 0),
    ([3, 3, 3, 3, 3], 0.25, 1.0),
    ([2, 3, 3, 2, 3], 0.25, 1.0),
    ([1, 1, 0, 1], 0.5, 0.25),
    ([5], 1, 4.0),
]
out = []
for values, weight, variance in cases:
    x = np.array(values, dtype=float)
    n = len(x)
    if weight == 0:
        se = float(stats.sem(x, ddof=1))
    else:
        squares = float(stats.tvar(x) * (n - 1)) if n > 1 else 0.0
        se = float(np.sqrt((squares + weight * variance) / (n - 1 + weight) / n))
    out.append({"values": values, "weight": weight, "variance": variance, "standardError": se})

path = pathlib.Path(__file__).resolve().parents[2] / "test/fixtures/scipy/mean-standard-error.json"
path.write_text(json.dumps(out, indent=2) + "\n")
print(f"wrote {len(out)} cases to {path}")
