"""Reference values for a review's pairwise items (src/core/review/pairAgreement.ts), written once
to test/fixtures/scipy/review-pairwise.json.

A review of 3 raters and 30 pairs, each pair answered by 2 raters (the three pairs of raters in
turn), each answer A, B or tie from a fixed seed: a true preference per pair, which each rater
gives with probability 0.85, else another answer. Krippendorff's alpha at the nominal level
among the raters (missing answers allowed), by the coincidence-matrix definition (Krippendorff
2011, "Computing Krippendorff's Alpha-Reliability"), and Cohen's kappa of each two raters on
the pairs both answered, both written here in numpy, independently of the TypeScript.

Run: python3 scripts/scipy/review_pairwise.py   (needs numpy; the tests themselves do not)
"""
import itertools
import json
import pathlib

import numpy as np

CATEGORIES = ["A", "B", "tie"]


def nominal_alpha(data):
    """data: raters x units of category indices, -1 where missing."""
    k = len(CATEGORIES)
    o = np.zeros((k, k))
    for unit in data.T:
        present = unit[unit >= 0]
        m = len(present)
        if m < 2:
            continue
        counts = np.bincount(present, minlength=k).astype(float)
        o += (np.outer(counts, counts) - np.diag(counts)) / (m - 1)
    n_c = o.sum(axis=1)
    n = n_c.sum()
    delta = 1.0 - np.eye(k)
    observed = (o * delta).sum() / n
    expected = (np.outer(n_c, n_c) * delta).sum() / (n * (n - 1))
    return float(1 - observed / expected)


def cohen_kappa(x, y):
    k = len(CATEGORIES)
    table = np.zeros((k, k))
    for a, b in zip(x, y):
        table[a, b] += 1
    table /= table.sum()
    p_o = np.trace(table)
    p_e = float(table.sum(axis=1) @ table.sum(axis=0))
    return float(p_o), float((p_o - p_e) / (1 - p_e))


def main():
    rng = np.random.RandomState(20260403)
    raters, pairs = 3, 30
    rater_pairs = list(itertools.combinations(range(raters), 2))
    truth = rng.randint(0, 3, size=pairs)
    table = np.full((raters, pairs), -1, dtype=int)
    for i in range(pairs):
        for r in rater_pairs[i % len(rater_pairs)]:
            table[r, i] = truth[i] if rng.rand() < 0.85 else (truth[i] + rng.randint(1, 3)) % 3
    kappas = []
    for x, y in rater_pairs:
        both = (table[x] >= 0) & (table[y] >= 0)
        agreement, kappa = cohen_kappa(table[x][both], table[y][both])
        kappas.append({"raters": [f"r{x}", f"r{y}"], "n": int(both.sum()), "agreement": agreement, "kappa": kappa})
    out = {
        "raters": [f"r{r}" for r in range(raters)],
        "docs": [f"doc{i}" for i in range(pairs)],
        "answers": [[CATEGORIES[v] if v >= 0 else None for v in row] for row in table],
        "alphaNominal": nominal_alpha(table),
        "kappas": kappas,
    }
    path = pathlib.Path(__file__).resolve().parents[2] / "test" / "fixtures" / "scipy" / "review-pairwise.json"
    path.write_text(json.dumps(out, indent=1) + "\n")
    print(f"wrote {path}: alpha {out['alphaNominal']:.4f}, kappas {[round(k['kappa'], 4) for k in kappas]}")


if __name__ == "__main__":
    main()
