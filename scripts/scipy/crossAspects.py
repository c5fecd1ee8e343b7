"""Reference values for src/core/meta/crossAspects.ts (meta --cross), written once to
test/fixtures/scipy/crossAspects.json: scipy.stats.spearmanr for every judge × human cell (pooled
at the sample level; per document, then averaged over the documents whose scores are not
constant, at the summary level), and on explicit resample index lists written into the fixture,
numpy's percentile intervals of each cell and of each difference ρ(judge a, human b) −
ρ(judge a, human a), the two-sided bootstrap p-value 2·min(share ≤ 0, share ≥ 0) and its Holm
adjustment.

Run: python3 scripts/scipy/crossAspects.py   (needs scipy; the tests themselves do not)
"""
import json
import pathlib

import numpy as np
from scipy.stats import spearmanr

rng = np.random.default_rng(7)
RESAMPLES = 200


def rho(x, y):
    x, y = np.asarray(x, dtype=float), np.asarray(y, dtype=float)
    if np.all(x == x[0]) or np.all(y == y[0]):
        return float("nan")
    return float(spearmanr(x, y).statistic)


def documents(groups):
    """Item positions per document, in order of first appearance."""
    order = list(dict.fromkeys(groups))
    return [[i for i, g in enumerate(groups) if g == d] for d in order]


def cell(level, groups, x, y, resamples):
    """The cell's value and its value on each resample of units (documents or items)."""
    x, y = np.asarray(x, dtype=float), np.asarray(y, dtype=float)
    if level == "summary":
        per_doc = np.array([rho(x[d], y[d]) for d in documents(groups)])
        mean = lambda values: float(np.nanmean(values)) if np.any(~np.isnan(values)) else float("nan")
        return mean(per_doc), [mean(per_doc[r]) for r in resamples]
    return rho(x, y), [rho(x[r], y[r]) for r in resamples]


def holm(p):
    order = np.argsort(p, kind="stable")
    adjusted = np.empty(len(p))
    running = 0.0
    for k, i in enumerate(order):
        running = max(running, min(1.0, (len(p) - k) * p[i]))
        adjusted[i] = running
    return adjusted.tolist()


def case(level, groups, judge, human):
    units = len(dict.fromkeys(groups)) if level == "summary" else len(groups)
    resamples = rng.integers(0, units, size=(RESAMPLES, units))
    cells, resampled = [], {}
    for a, x in judge.items():
        for b, y in human.items():
            value, boot = cell(level, groups, x, y, resamples)
            resampled[(a, b)] = np.array(boot)
            low, high = np.nanpercentile(boot, [2.5, 97.5])
            cells.append({"judge": a, "human": b, "spearman": value, "low": float(low), "high": float(high)})
    tests = []
    for a in judge:
        if a not in human:
            continue
        for b in human:
            if b == a:
                continue
            d = resampled[(a, b)] - resampled[(a, a)]
            d = d[~np.isnan(d)]
            low, high = np.percentile(d, [2.5, 97.5])
            p = min(1.0, 2 * min(np.mean(d <= 0), np.mean(d >= 0)))
            own = next(c["spearman"] for c in cells if c["judge"] == a and c["human"] == a)
            other = next(c["spearman"] for c in cells if c["judge"] == a and c["human"] == b)
            tests.append({"judge": a, "other": b, "difference": other - own, "low": float(low), "high": float(high), "pValue": float(p)})
    for t, adjusted in zip(tests, holm([t["pValue"] for t in tests])):
        t["pHolm"] = adjusted
    return {"level": level, "groups": groups, "judge": judge, "human": human, "resamples": resamples.tolist(), "cells": cells, "tests": tests}


# Sample level: 12 items, human "fluency" follows the judge's "coherence" more than human coherence does.
sample = case(
    "sample",
    [f"d{i // 3}" for i in range(12)],
    {"coherence": [3, 4, 2, 5, 1, 4, 3, 2, 5, 4, 1, 3], "fluency": [2, 2, 3, 4, 1, 5, 3, 3, 4, 5, 2, 1]},
    {
        "coherence": [2, 5, 3, 4, 2, 3, 4, 1, 5, 3, 2, 4],
        "fluency": [3, 4, 2, 5, 1, 4, 3, 2, 4, 4, 2, 3],
        "relevance": [1, 3, 4, 2, 5, 3, 2, 4, 1, 3, 5, 2],
    },
)
# Summary level: 5 documents of 4 items; document d2 has constant human relevance (left out of that column's cells).
summary = case(
    "summary",
    [f"d{i // 4}" for i in range(20)],
    {"coherence": [1, 3, 2, 4, 2, 2, 5, 3, 4, 1, 3, 2, 3, 5, 4, 1, 2, 4, 3, 5]},
    {
        "coherence": [2, 3, 1, 4, 1, 3, 4, 2, 4, 2, 3, 1, 2, 4, 5, 1, 1, 3, 3, 4],
        "relevance": [4, 2, 3, 1, 2, 2, 4, 3, 3, 3, 3, 3, 5, 4, 3, 2, 2, 5, 1, 4],
    },
)

out = pathlib.Path(__file__).resolve().parents[2] / "test/fixtures/scipy/crossAspects.json"
out.write_text(json.dumps({"cases": [sample, summary]}, indent=1) + "\n")
print(f"wrote {out}")
