"""Reference values for `sumlens compare` (src/core/stats/{bootstrapMean,signFlipTest,holm}.ts).

Run once: python3 scripts/scipy/compare.py > test/fixtures/scipy/compare.json
The tests read the JSON; they need no Python. Data are generated here from a fixed seed and
stored in the JSON beside the figures, so the tests use exactly these numbers.
"""
import json

import numpy as np
import scipy
from scipy import stats


def mean_diff(d, axis=-1):
    return np.mean(d, axis=axis)


def case(name, a, b):
    a = np.asarray(a, dtype=float)
    b = np.asarray(b, dtype=float)
    d = b - a
    exact = 2 ** len(d) <= 9999
    perm = stats.permutation_test(
        (d,), mean_diff, permutation_type="samples", alternative="two-sided",
        n_resamples=np.inf if exact else 400_000, vectorized=True, random_state=np.random.default_rng(1),
    )
    boot = stats.bootstrap(
        (d,), np.mean, method="percentile", n_resamples=400_000, confidence_level=0.95,
        random_state=np.random.default_rng(2),
    )
    return {
        "name": name,
        "a": a.tolist(),
        "b": b.tolist(),
        "meanDifference": float(np.mean(d)),
        "pValue": float(perm.pvalue),
        "exact": bool(exact),
        "interval": [float(boot.confidence_interval.low), float(boot.confidence_interval.high)],
        "wins": int(np.sum(d > 0)),
        "ties": int(np.sum(d == 0)),
        "losses": int(np.sum(d < 0)),
    }


def holm(p):
    """Holm's step-down adjustment, written out (scipy has none): the reference the TypeScript is checked against."""
    p = np.asarray(p, dtype=float)
    order = np.argsort(p)
    m = len(p)
    adjusted = np.empty(m)
    running = 0.0
    for k, i in enumerate(order):
        running = max(running, min(1.0, (m - k) * p[i]))
        adjusted[i] = running
    return adjusted.tolist()


rng = np.random.default_rng(20260101)
small_a = rng.integers(1, 6, size=10).astype(float)
small_b = np.clip(small_a + rng.normal(0.4, 0.8, size=10), 1, 5).round(2)
large_a = rng.uniform(1, 5, size=60).round(3)
large_b = np.clip(large_a + rng.normal(0.15, 0.6, size=60), 1, 5).round(3)
null_a = rng.uniform(1, 5, size=40).round(3)
null_b = np.clip(null_a + rng.normal(0.0, 0.5, size=40), 1, 5).round(3)
p_values = [0.004, 0.03, 0.02, 0.6]

print(json.dumps({
    "generator": f"scripts/scipy/compare.py (scipy {scipy.__version__}, numpy {np.__version__})",
    "cases": [case("small, exact", small_a, small_b), case("60 pairs", large_a, large_b), case("40 pairs, no effect", null_a, null_b)],
    "holm": {"pValues": p_values, "adjusted": holm(p_values)},
}, indent=2))
