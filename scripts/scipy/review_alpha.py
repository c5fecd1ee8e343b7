"""Reference values for a review's agreement (src/core/review/reviewAgreement.ts), written once
to test/fixtures/scipy/review-alpha.json.

A review of 4 raters and 24 items, each item rated by 2 raters (the six pairs in turn), scores
1-5 from a fixed seed: a true quality per item plus each rater's own noise. Krippendorff's
alpha (interval and ordinal) among the raters, and each rater against the mean of the others,
by the coincidence-matrix definition (Krippendorff 2011, "Computing Krippendorff's
Alpha-Reliability") written here in numpy, independently of the TypeScript. The `krippendorff`
pip package is not installed here, so it is not used.

Run: python3 scripts/scipy/review_alpha.py   (needs numpy; the tests themselves do not)
"""
import itertools
import json
import pathlib

import numpy as np


def alpha(data, level):
    """data: raters x units, nan where missing. Coincidence matrix o[c, d]; alpha = 1 - D_o / D_e."""
    data = np.asarray(data, dtype=float)
    values = np.unique(data[~np.isnan(data)])
    k = len(values)
    o = np.zeros((k, k))
    for unit in data.T:
        present = unit[~np.isnan(unit)]
        m = len(present)
        if m < 2:
            continue
        idx = np.searchsorted(values, present)
        counts = np.bincount(idx, minlength=k).astype(float)
        # Ordered pairs of distinct raters' values, each weighted 1 / (m - 1).
        o += (np.outer(counts, counts) - np.diag(counts)) / (m - 1)
    n_c = o.sum(axis=1)
    n = n_c.sum()
    if level == "interval":
        delta = np.subtract.outer(values, values) ** 2
    else:  # ordinal
        cum = np.concatenate([[0.0], np.cumsum(n_c)])
        lo = np.minimum.outer(np.arange(k), np.arange(k))
        hi = np.maximum.outer(np.arange(k), np.arange(k))
        delta = (cum[hi + 1] - cum[lo] - (n_c[lo] + n_c[hi]) / 2) ** 2
    observed = (o * delta).sum() / n
    expected = (np.outer(n_c, n_c) * delta).sum() / (n * (n - 1))
    return float(1 - observed / expected)


def main():
    rng = np.random.RandomState(20260140)
    raters, items = 4, 24
    pairs = list(itertools.combinations(range(raters), 2))
    truth = rng.randint(1, 6, size=items)
    table = np.full((raters, items), np.nan)
    for i in range(items):
        for r in pairs[i % len(pairs)]:
            table[r, i] = np.clip(truth[i] + rng.choice([-1, 0, 0, 0, 1]) + (1 if r == 3 and rng.rand() < 0.4 else 0), 1, 5)
    by_rater = []
    for r in range(raters):
        others = np.delete(table, r, axis=0)
        with np.errstate(all="ignore"):
            mean = np.nanmean(others, axis=0)
        by_rater.append(alpha(np.vstack([table[r], mean]), "interval"))
    out = {
        "raters": ["ann", "bob", "cy", "dee"],
        "items": [f"item-{i + 1}" for i in range(items)],
        "people": [[None if np.isnan(x) else float(x) for x in row] for row in table],
        "alphaInterval": alpha(table, "interval"),
        "alphaOrdinal": alpha(table, "ordinal"),
        "byRaterAlphaInterval": by_rater,
    }
    path = pathlib.Path(__file__).resolve().parents[2] / "test" / "fixtures" / "scipy" / "review-alpha.json"
    path.write_text(json.dumps(out, indent=2) + "\n")
    print(f"wrote {path}: alpha interval {out['alphaInterval']:.4f}, ordinal {out['alphaOrdinal']:.4f}")


if __name__ == "__main__":
    main()
