"""Reference values for src/core/stats/balancedAccuracy.ts and src/core/stats/auroc.ts (JaFaithSum in
`sumlens meta`), written once to test/fixtures/scipy/sentence-verdicts.json.

Balanced accuracy: (sensitivity + specificity) / 2, its interval the Wilson intervals of both shares
(scipy's binomtest) combined by MOVER (Zou and Donner 2008). AUROC: Mann-Whitney U / (n1 n0) from
scipy.stats.mannwhitneyu; its interval DeLong's (DeLong, DeLong and Clarke-Pearson 1988) with numpy.

Run: python3 scripts/scipy/sentence_verdicts.py   (needs numpy and scipy; the tests themselves do not)
"""
import json
import math
import pathlib

import numpy as np
from scipy.stats import binomtest, mannwhitneyu, norm


def wilson(k, n, level):
    ci = binomtest(k, n).proportion_ci(confidence_level=level, method="wilson")
    return k / n, ci.low, ci.high


def balanced(tp, fp, fn, tn, level):
    p1, l1, u1 = wilson(tp, tp + fn, level)
    p2, l2, u2 = wilson(tn, tn + fp, level)
    value = (p1 + p2) / 2
    low = value - math.hypot(p1 - l1, p2 - l2) / 2
    high = value + math.hypot(u1 - p1, u2 - p2) / 2
    return {"confusion": {"truePositive": tp, "falsePositive": fp, "falseNegative": fn, "trueNegative": tn}, "level": level,
            "value": value, "sensitivity": p1, "specificity": p2, "low": low, "high": high}


def delong(pos, neg, level):
    pos, neg = np.asarray(pos, float), np.asarray(neg, float)
    u = mannwhitneyu(pos, neg, alternative="two-sided").statistic
    value = u / (len(pos) * len(neg))
    psi = (pos[:, None] > neg[None, :]) + 0.5 * (pos[:, None] == neg[None, :])
    s10 = np.var(psi.mean(axis=1), ddof=1)
    s01 = np.var(psi.mean(axis=0), ddof=1)
    half = norm.ppf(1 - (1 - level) / 2) * math.sqrt(s10 / len(pos) + s01 / len(neg))
    return {"positives": pos.tolist(), "negatives": neg.tolist(), "level": level, "value": float(value),
            "low": max(0.0, float(value - half)), "high": min(1.0, float(value + half))}


rng = np.random.default_rng(42)
balanced_cases = [balanced(*c) for c in [(30, 40, 20, 200, 0.95), (5, 0, 0, 12, 0.95), (0, 3, 9, 50, 0.95), (148, 210, 41, 954, 0.95), (7, 7, 7, 7, 0.9)]]
auroc_cases = [
    delong([0.9, 0.8, 0.8, 0.7, 1.0], [0.2, 0.8, 0.5, 0.4], 0.95),
    delong([1, 1, 1, 0.5, 1, 0.75], [1, 0.5, 0.75, 0.25, 1, 1, 0.5], 0.95),
    delong(np.round(rng.uniform(0.3, 1, 60), 2), np.round(rng.uniform(0, 0.8, 45), 2), 0.95),
    delong(rng.integers(0, 5, 40) / 4, rng.integers(0, 5, 33) / 4, 0.9),
]
out = pathlib.Path(__file__).resolve().parents[2] / "test/fixtures/scipy/sentence-verdicts.json"
out.write_text(json.dumps({"balancedAccuracy": balanced_cases, "auroc": auroc_cases}, indent=2) + "\n")
print(f"wrote {out}")
