"""Reference values for src/core/stats/signFlipReach.ts (what a sign-flip test can tell on n pairs).

Run once: python3 scripts/scipy/signFlipReach.py   (needs scipy; the tests themselves do not)
Writes test/fixtures/scipy/signFlipReach.json:
- smallestP: scipy's exact two-sided permutation p-value (permutation_type='samples') of n
  differences all on one side and all distinct, the smallest the test can give on n pairs;
- pairsNeeded: the fewest pairs whose smallest p is below alpha / cells (Holm's first level),
  searched over those p-values;
- detectable: the half-width of the normal interval of a mean at a level,
  norm.ppf(1 - level / 2) * stdev(ddof=1) / sqrt(n).
"""
import json
import pathlib

import numpy as np
from scipy import stats


def mean_diff(d, axis=-1):
    return np.mean(d, axis=axis)


def smallest_p(n):
    d = np.arange(1, n + 1, dtype=float)
    return float(stats.permutation_test((d,), mean_diff, permutation_type="samples", alternative="two-sided", n_resamples=np.inf, vectorized=True).pvalue)


# scipy needs two differences or more; one difference gives p = 1 either way.
smallest = {1: 1.0, **{n: smallest_p(n) for n in range(2, 14)}}
needed = []
for alpha in [0.05, 0.01, 0.1]:
    for cells in [1, 4, 5, 16, 20, 24, 40]:
        level = alpha / cells
        n = next(n for n in range(1, 14) if smallest[n] < level)
        needed.append({"alpha": alpha, "cells": cells, "pairsNeeded": n})

rng = np.random.default_rng(20260101)
detectable = []
for n, level in [(10, 0.0025), (30, 0.0025), (30, 0.05), (6, 0.0125), (100, 0.002)]:
    d = rng.normal(-0.3, 0.5, size=n).round(3)
    half = stats.norm.ppf(1 - level / 2) * np.std(d, ddof=1) / np.sqrt(n)
    detectable.append({"differences": d.tolist(), "level": level, "halfWidth": float(half)})

out = pathlib.Path(__file__).resolve().parents[2] / "test/fixtures/scipy/signFlipReach.json"
out.write_text(json.dumps({"smallestP": [{"n": n, "p": p} for n, p in smallest.items()], "pairsNeeded": needed, "detectable": detectable}, indent=2) + "\n")
print(f"wrote {out}")
