"""Reference values for the agreement statistics (src/core/stats/krippendorffAlpha.ts,
weightedKappa.ts, isotonic.ts), written once to test/fixtures/scipy/agreement.json.

Krippendorff's alpha by its published coincidence-matrix definition (Krippendorff 2011,
"Computing Krippendorff's Alpha-Reliability"), checked here on his own worked example with
missing values (4 coders x 12 units: nominal 0.743, ordinal 0.815, interval 0.849);
quadratic-weighted Cohen's kappa by its definition in numpy; isotonic regression by scipy.

Run: python3 scripts/scipy/agreement.py   (needs numpy and scipy; the tests themselves do not)
"""
import json
import pathlib

import numpy as np
from scipy.optimize import isotonic_regression
from scipy.stats import spearmanr


def alpha(data, level):
    """data: coders x units, nan for missing."""
    data = np.asarray(data, dtype=float)
    units = [col[~np.isnan(col)] for col in data.T]
    units = [u for u in units if len(u) >= 2]
    values = np.unique(np.concatenate(units))
    index = {v: i for i, v in enumerate(values)}
    k = len(values)
    o = np.zeros((k, k))
    for u in units:
        m = len(u)
        for a in range(m):
            for b in range(m):
                if a != b:
                    o[index[u[a]], index[u[b]]] += 1.0 / (m - 1)
    n_c = o.sum(axis=1)
    n = n_c.sum()
    delta = np.zeros((k, k))
    for c in range(k):
        for d in range(k):
            if level == "nominal":
                delta[c, d] = 0.0 if c == d else 1.0
            elif level == "interval":
                delta[c, d] = (values[c] - values[d]) ** 2
            elif level == "ordinal":
                lo, hi = min(c, d), max(c, d)
                delta[c, d] = (n_c[lo : hi + 1].sum() - (n_c[lo] + n_c[hi]) / 2.0) ** 2
    d_o = (o * delta).sum() / n
    d_e = (np.outer(n_c, n_c) * delta).sum() / (n * (n - 1))
    return float(1.0 - d_o / d_e)


nan = float("nan")
# Krippendorff (2011), section C: four observers, twelve units, missing values.
worked = [
    [1, 2, 3, 3, 2, 1, 4, 1, 2, nan, nan, nan],
    [1, 2, 3, 3, 2, 2, 4, 1, 2, 5, nan, 3],
    [nan, 3, 3, 3, 2, 3, 4, 2, 2, 5, 1, nan],
    [1, 2, 3, 3, 2, 4, 4, 1, 2, 5, 1, nan],
]
assert round(alpha(worked, "nominal"), 3) == 0.743, alpha(worked, "nominal")
assert round(alpha(worked, "ordinal"), 3) == 0.815, alpha(worked, "ordinal")
assert round(alpha(worked, "interval"), 3) == 0.849, alpha(worked, "interval")


def weighted_kappa(a, b, low, high):
    a = np.clip(np.rint(a), low, high).astype(int) - low
    b = np.clip(np.rint(b), low, high).astype(int) - low
    k = high - low + 1
    observed = np.zeros((k, k))
    for x, y in zip(a, b):
        observed[x, y] += 1
    observed /= observed.sum()
    expected = np.outer(observed.sum(axis=1), observed.sum(axis=0))
    i, j = np.indices((k, k))
    w = (i - j) ** 2
    return float(1.0 - (w * observed).sum() / (w * expected).sum())


rng = np.random.default_rng(20261125)
alpha_cases = [{"name": "Krippendorff 2011 worked example", "data": worked}]
for name, coders, units, missing in [("3 judges, 40 items, scores", 3, 40, 0.0), ("2 raters, 25 items, 10% missing", 2, 25, 0.1), ("5 raters, 12 items, 30% missing", 5, 12, 0.3)]:
    truth = rng.uniform(1, 5, units)
    data = np.clip(truth + rng.normal(0, 0.8, (coders, units)), 1, 5).round(2)
    data[rng.random((coders, units)) < missing] = nan
    alpha_cases.append({"name": name, "data": [[None if np.isnan(v) else float(v) for v in row] for row in data]})
for case in alpha_cases:
    data = [[nan if v is None else v for v in row] for row in case["data"]]
    case["data"] = [[None if (isinstance(v, float) and np.isnan(v)) else v for v in row] for row in case["data"]]
    case["interval"] = alpha(data, "interval")
    case["ordinal"] = alpha(data, "ordinal")
    case["nominal"] = alpha(data, "nominal")

kappa_cases = []
for name, n, noise in [("close", 50, 0.4), ("loose", 30, 1.2), ("small", 8, 0.7)]:
    truth = rng.uniform(1, 5, n)
    a = np.clip(truth + rng.normal(0, noise, n), 1, 5).round(2)
    b = np.clip(truth + rng.normal(0, noise, n), 1, 5).round(2)
    kappa_cases.append({"name": name, "a": a.tolist(), "b": b.tolist(), "low": 1, "high": 5, "kappa": weighted_kappa(a, b, 1, 5)})

iso_cases = []
for name, n in [("noisy rising", 30), ("ties in x", 12)]:
    x = np.sort(rng.uniform(1, 5, n)).round(1 if name == "ties in x" else 3)
    y = np.clip(x * 0.8 + rng.normal(0, 0.7, n), 1, 5)
    w = np.ones(n)
    # Ties in x share one fitted value: pool them first (their mean, weighted by count), as isotonic fits do.
    ux, inverse, counts = np.unique(x, return_inverse=True, return_counts=True)
    uy = np.bincount(inverse, weights=y) / counts
    fit = isotonic_regression(uy, weights=counts.astype(float), increasing=True).x
    iso_cases.append({"name": name, "x": x.tolist(), "y": y.tolist(), "fittedX": ux.tolist(), "fittedY": fit.tolist()})

# Several people and a judge (sumlens agreement --human x=h1,x=h2,...): the last coder of a case
# is the judge, the others are people. Alpha over all of them with missing values is the case's
# own; beside it, the judge against each person on the items both scored, and among the people.
def judge_against_people(case):
    data = np.array([[nan if v is None else v for v in row] for row in case["data"]], dtype=float)
    people, judge = data[:-1], data[-1]
    pairwise = []
    for person in people:
        both = ~np.isnan(person) & ~np.isnan(judge)
        p, j = person[both], judge[both]
        pairwise.append({
            "n": int(both.sum()),
            "interval": alpha([p, j], "interval"),
            "ordinal": alpha([p, j], "ordinal"),
            "spearman": float(spearmanr(p, j).statistic),
            "meanAbsoluteDifference": float(np.abs(p - j).mean()),
        })
    return {"name": case["name"], "data": case["data"], "all": {"interval": case["interval"], "ordinal": case["ordinal"]}, "people": alpha(people, "interval"), "pairwise": pairwise}


raters_cases = [judge_against_people(alpha_cases[0]), judge_against_people(alpha_cases[3])]

out = pathlib.Path(__file__).resolve().parents[2] / "test/fixtures/scipy/agreement.json"
out.write_text(json.dumps({"alpha": alpha_cases, "weightedKappa": kappa_cases, "isotonic": iso_cases, "raters": raters_cases}, indent=2) + "\n")
print(f"wrote {out}")
