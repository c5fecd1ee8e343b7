#!/usr/bin/env python3
"""Reference values for `sumlens meta` intervals and `meta --compare` p-values, from scipy.

Run once (python3 scripts/scipy/meta_uncertainty.py) to write
test/fixtures/scipy/meta-uncertainty.json; the mocha test
test/unit/stats/metaUncertaintyScipy.test.ts reads that file and needs no Python.

Fixed inputs (numpy seed 2026, written into the JSON too): a summary-level case (documents
resampled), a sample-level case and a system-level case (items resampled), each with two score
sets A and B against the same human scores. For each case:
  - the correlations of A and B (scipy pearsonr, spearmanr, kendalltau = tau-b);
  - 95% percentile bootstrap intervals of A's correlations and of A - B, from
    scipy.stats.bootstrap(method='percentile', paired=True) with REFERENCE_RESAMPLES resamples;
  - the Monte-Carlo standard deviation of each interval end for a 1000-resample bootstrap (what
    sumlens computes by default): the spread of that end over the reference resamples cut into
    batches of 1000; and the step to the neighbouring value of a lumpy bootstrap distribution;
  - the two-sided paired permutation p-value of A - B from scipy.stats.permutation_test
    (permutation_type='samples': A and B swap within each unit) with REFERENCE_RESAMPLES
    permutations.
Summary level: a unit is a document; its correlations are computed once, a document whose
human or predicted scores are all equal contributes NaN (skipped), and the figure is the
nan-mean over the resampled documents, as G-Eval's meta_eval_summeval.py averages documents.
"""
import json
import os

import numpy as np
import scipy
from scipy import stats

REFERENCE_RESAMPLES = 20000
BATCH = 1000
COEFFICIENTS = ("pearson", "spearman", "kendall")
OUT = os.path.join(os.path.dirname(__file__), "..", "..", "test", "fixtures", "scipy", "meta-uncertainty.json")


def corr(name, x, y):
    x = np.asarray(x, dtype=float)
    y = np.asarray(y, dtype=float)
    if len(x) < 2 or np.all(x == x[0]) or np.all(y == y[0]):
        return float("nan")
    if name == "pearson":
        return float(stats.pearsonr(x, y).statistic)
    if name == "spearman":
        return float(stats.spearmanr(x, y).statistic)
    return float(stats.kendalltau(x, y).statistic)


def make_summary_case(rng):
    docs, systems = 40, 8
    items = []
    for d in range(docs):
        quality = rng.normal(0, 1, systems)
        for s in range(systems):
            if d == 0:
                human = 3.0  # a document with constant human scores: skipped at the summary level
            else:
                human = float(np.clip(np.round((3 + quality[s] + rng.normal(0, 0.6)) * 3) / 3, 1, 5))
            a = float(np.clip(np.round(3 + quality[s] + rng.normal(0, 0.9)), 1, 5))
            b = float(np.clip(np.round((3 + quality[s] + rng.normal(0, 1.1)) * 2) / 2, 1, 5))
            items.append({"group": f"d{d}", "system": f"S{s}", "human": human, "a": a, "b": b})
    return items


def make_sample_case(rng):
    items = []
    for i in range(150):
        quality = rng.normal(0, 1)
        human = float(np.clip(np.round((2 + 0.6 * quality + rng.normal(0, 0.4)) * 3) / 3, 1, 3))
        a = float(np.clip(np.round(2 + 0.6 * quality + rng.normal(0, 0.6)), 1, 3))
        b = float(np.round(2 + 0.6 * quality + rng.normal(0, 1.2), 2))
        items.append({"group": f"g{i // 6}", "system": f"S{i % 6}", "human": human, "a": a, "b": b})
    return items


def make_system_case(rng):
    items = []
    system_quality = rng.normal(0, 1, 10)
    for d in range(12):
        for s in range(10):
            q = system_quality[s] + rng.normal(0, 1)
            human = float(np.clip(np.round((3 + q) * 3) / 3, 1, 5))
            a = float(np.clip(np.round(3 + q + rng.normal(0, 1.5)), 1, 5))
            b = float(np.clip(np.round(3 + q + rng.normal(0, 2.0)), 1, 5))
            items.append({"group": f"d{d}", "system": f"S{s}", "human": human, "a": a, "b": b})
    return items


def documents(items, side):
    """Per-document correlations of one score set (NaN for a skipped document), documents in order."""
    groups = {}
    for item in items:
        groups.setdefault(item["group"], []).append(item)
    return {
        c: np.array([corr(c, [i[side] for i in doc], [i["human"] for i in doc]) for doc in groups.values()])
        for c in COEFFICIENTS
    }


def system_figure(c, pred, human, system):
    names = sorted(set(system))
    system = np.asarray(system)
    mp = [np.mean(pred[system == n]) for n in names]
    mh = [np.mean(human[system == n]) for n in names]
    return corr(c, mp, mh)


def nanmean(x, axis=-1):
    with np.errstate(all="ignore"):
        return np.nanmean(x, axis=axis)


def atom(values, end):
    """The larger gap between `end` and the nearest distinct bootstrap values on either side.

    A figure over few units (10 systems) takes few values, so its bootstrap distribution is
    lumpy and a 1000-resample quantile can land on the neighbouring value: a step of this size
    that the batch sd below does not see. For figures over many units it is ~0.
    """
    below = values[values < end]
    above = values[values > end]
    gaps = [end - below.max() if below.size else 0.0, above.min() - end if above.size else 0.0]
    return float(max(gaps))


def interval_and_spread(res):
    """The reference interval, and the MC sd of each end for a 1000-resample percentile interval."""
    dist = np.asarray(res.bootstrap_distribution)
    batches = dist[: len(dist) // BATCH * BATCH].reshape(-1, BATCH)
    lows = np.nanpercentile(batches, 2.5, axis=1)
    highs = np.nanpercentile(batches, 97.5, axis=1)
    finite = dist[np.isfinite(dist)]
    low, high = float(res.confidence_interval.low), float(res.confidence_interval.high)
    return {
        "low": low,
        "high": high,
        "sdLow": float(np.std(lows, ddof=1)),
        "sdHigh": float(np.std(highs, ddof=1)),
        "atomLow": atom(finite, low),
        "atomHigh": atom(finite, high),
    }


def bootstrap(data, statistic, vectorized, seed):
    return stats.bootstrap(
        data,
        statistic,
        paired=True,
        vectorized=vectorized,
        n_resamples=REFERENCE_RESAMPLES,
        method="percentile",
        confidence_level=0.95,
        random_state=np.random.default_rng(seed),
    )


def permutation(data, statistic, vectorized, seed):
    res = stats.permutation_test(
        data,
        statistic,
        permutation_type="samples",
        vectorized=vectorized,
        n_resamples=REFERENCE_RESAMPLES,
        alternative="two-sided",
        random_state=np.random.default_rng(seed),
    )
    return float(res.pvalue)


def summary_case(items, seed):
    da, db = documents(items, "a"), documents(items, "b")
    out = {"a": {}, "b": {}, "intervalA": {}, "intervalDifference": {}, "pValue": {}}
    for k, c in enumerate(COEFFICIENTS):
        out["a"][c] = float(nanmean(da[c]))
        out["b"][c] = float(nanmean(db[c]))
        out["intervalA"][c] = interval_and_spread(bootstrap((da[c],), nanmean, True, seed + k))
        diff = lambda x, y, axis=-1: nanmean(x, axis) - nanmean(y, axis)
        out["intervalDifference"][c] = interval_and_spread(bootstrap((da[c], db[c]), diff, True, seed + 10 + k))
        out["pValue"][c] = permutation((da[c], db[c]), diff, True, seed + 20 + k)
    return out


def item_case(items, level, seed):
    human = np.array([i["human"] for i in items])
    a = np.array([i["a"] for i in items])
    b = np.array([i["b"] for i in items])
    # Systems as numbers: scipy's paired resampling wants one numeric dtype across the samples.
    system = np.array([float(i["system"][1:]) for i in items])
    out = {"a": {}, "b": {}, "intervalA": {}, "intervalDifference": {}, "pValue": {}}
    for k, c in enumerate(COEFFICIENTS):
        if level == "system":
            figure = lambda p, h, s, c=c: system_figure(c, p, h, s)
            out["a"][c] = figure(a, human, system)
            out["b"][c] = figure(b, human, system)
            out["intervalA"][c] = interval_and_spread(bootstrap((a, human, system), figure, False, seed + k))
            diff = lambda x, y, h, s, figure=figure: figure(x, h, s) - figure(y, h, s)
            out["intervalDifference"][c] = interval_and_spread(bootstrap((a, b, human, system), diff, False, seed + 10 + k))
            # permutation_type='samples' swaps the two samples' elements at each index, so the
            # human scores and systems (fixed, indexed alike) stay with their items.
            perm = lambda x, y, figure=figure: figure(x, human, system) - figure(y, human, system)
        else:
            figure = lambda p, h, c=c: corr(c, p, h)
            out["a"][c] = figure(a, human)
            out["b"][c] = figure(b, human)
            out["intervalA"][c] = interval_and_spread(bootstrap((a, human), figure, False, seed + k))
            diff = lambda x, y, h, figure=figure: figure(x, h) - figure(y, h)
            out["intervalDifference"][c] = interval_and_spread(bootstrap((a, b, human), diff, False, seed + 10 + k))
            perm = lambda x, y, figure=figure: figure(x, human) - figure(y, human)
        out["pValue"][c] = permutation((a, b), perm, False, seed + 20 + k)
    return out


def main():
    rng = np.random.default_rng(2026)
    cases = []
    for name, level, make in (
        ("summary level, 40 documents x 8 systems", "summary", make_summary_case),
        ("sample level, 150 items", "sample", make_sample_case),
        ("system level, 10 systems x 12 documents", "system", make_system_case),
    ):
        items = make(rng)
        figures = summary_case(items, 100) if level == "summary" else item_case(items, level, 200)
        cases.append({"name": name, "level": level, "items": items, **figures})
        print(name, "done")
    result = {
        "generator": "scripts/scipy/meta_uncertainty.py",
        "scipy": scipy.__version__,
        "numpy": np.__version__,
        "referenceResamples": REFERENCE_RESAMPLES,
        "mcBatch": BATCH,
        "cases": cases,
    }
    with open(OUT, "w", encoding="utf-8") as f:
        json.dump(result, f, indent=1)
        f.write("\n")


if __name__ == "__main__":
    main()
