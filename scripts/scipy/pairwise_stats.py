"""Reference values for the pairwise statistics (src/core/stats/bradleyTerry.ts, binomialTest.ts,
logisticFit.ts, cohenKappa.ts and src/core/pairwise/stats/), written once to
test/fixtures/scipy/pairwise-stats.json.

The data are drawn here once (numpy, seeded) and written beside the figures, so the tests read
the same comparisons. Bradley-Terry (ties as half wins) and the logistic fit are maximum
likelihood by scipy.optimize (trust-exact with the exact gradient and Hessian); the bootstrap
intervals resample documents with numpy's generator, 4,000 times, so the tests compare them
within Monte-Carlo error; Kendall's tau-b and the binomial test are scipy's; Cohen's kappa is
its definition in numpy. Davidson's tie model (src/core/stats/davidson.ts) is fitted to the same
comparisons by scipy.optimize (BFGS on its exact gradient; no random draw, so the figures
above are unchanged by it).

Run: python3 scripts/scipy/pairwise_stats.py   (needs numpy and scipy; the tests themselves do not)
"""
import json
import pathlib

import numpy as np
from scipy.optimize import minimize
from scipy.special import expit
from scipy.stats import binomtest, kendalltau

rng = np.random.default_rng(41)
SYSTEMS = ["s0", "s1", "s2", "s3", "s4", "s5"]
TRUE = np.array([0.0, 0.3, -0.4, 0.8, 0.1, -0.9])
RESAMPLES = 4000


def draw_comparisons(docs):
    rows = []
    for d in range(docs):
        for i in range(len(SYSTEMS)):
            for j in range(i + 1, len(SYSTEMS)):
                p_b = expit(TRUE[j] - TRUE[i])
                u = rng.random()
                verdict = "tie" if u < 0.15 else ("B" if rng.random() < p_b else "A")
                rows.append({"doc": f"d{d}", "a": SYSTEMS[i], "b": SYSTEMS[j], "verdict": verdict})
    return rows


def score_b(v):
    return {"A": 0.0, "B": 1.0, "tie": 0.5}[v]


def bt_fit(rows):
    k = len(SYSTEMS)
    index = {s: i for i, s in enumerate(SYSTEMS)}
    ia = np.array([index[r["a"]] for r in rows])
    ib = np.array([index[r["b"]] for r in rows])
    y = np.array([score_b(r["verdict"]) for r in rows])

    def full(free):
        return np.concatenate([[0.0], free])

    def nll(free):
        t = full(free)
        eta = t[ib] - t[ia]
        return -np.sum(y * eta - np.logaddexp(0, eta))

    def grad(free):
        t = full(free)
        r = y - expit(t[ib] - t[ia])
        g = np.zeros(k)
        np.add.at(g, ib, r)
        np.add.at(g, ia, -r)
        return -g[1:]

    def hess(free):
        t = full(free)
        p = expit(t[ib] - t[ia])
        w = p * (1 - p)
        h = np.zeros((k, k))
        np.add.at(h, (ib, ib), w)
        np.add.at(h, (ia, ia), w)
        np.add.at(h, (ia, ib), -w)
        np.add.at(h, (ib, ia), -w)
        return h[1:, 1:]

    res = minimize(nll, np.zeros(k - 1), jac=grad, hess=hess, method="trust-exact", options={"gtol": 1e-13})
    t = full(res.x)
    return t - t.mean()


def logistic_fit(x, y):
    x = np.asarray(x)
    y = np.asarray(y)
    X = np.column_stack([np.ones_like(x), x])

    def nll(b):
        eta = X @ b
        return -np.sum(y * eta - np.logaddexp(0, eta))

    def grad(b):
        return -X.T @ (y - expit(X @ b))

    def hess(b):
        p = expit(X @ b)
        return X.T @ (X * (p * (1 - p))[:, None])

    res = minimize(nll, np.zeros(2), jac=grad, hess=hess, method="trust-exact", options={"gtol": 1e-13})
    return res.x


def kappa(a, b):
    cats = sorted(set(a) | set(b))
    a = np.array(a)
    b = np.array(b)
    po = np.mean(a == b)
    pe = sum(np.mean(a == c) * np.mean(b == c) for c in cats)
    return float(po), float((po - pe) / (1 - pe))


rows = draw_comparisons(30)
docs = sorted({r["doc"] for r in rows}, key=lambda d: int(d[1:]))
by_doc = {d: [r for r in rows if r["doc"] == d] for d in docs}
human = {d: {s: float(TRUE[i] + rng.normal(0, 1)) for i, s in enumerate(SYSTEMS)} for d in docs}


def human_means(picked):
    return [np.mean([human[d][s] for d in picked]) for s in SYSTEMS]


strengths = bt_fit(rows)
boot = []
boot_tau = []
for _ in range(RESAMPLES):
    picked = rng.choice(docs, size=len(docs), replace=True)
    fit = bt_fit([r for d in picked for r in by_doc[d]])
    boot.append(fit)
    boot_tau.append(kendalltau(fit, human_means(picked)).statistic)
boot = np.array(boot)
bradley_terry = {
    "systems": SYSTEMS,
    "comparisons": rows,
    "human": human,
    "strengths": strengths.tolist(),
    "intervals": [[float(np.quantile(boot[:, i], 0.025)), float(np.quantile(boot[:, i], 0.975))] for i in range(len(SYSTEMS))],
    "bootstrapSd": boot.std(axis=0).tolist(),
    "humanTau": float(kendalltau(strengths, human_means(docs)).statistic),
    "humanTauInterval": [float(np.quantile(boot_tau, 0.025)), float(np.quantile(boot_tau, 0.975))],
}

# Two systems: B's win rate (ties as half) with its bootstrap over documents.
pair_rows = [r for r in rows if r["a"] == "s0" and r["b"] == "s3"]
scores = np.array([score_b(r["verdict"]) for r in pair_rows])
wr_boot = [np.mean(rng.choice(scores, size=len(scores), replace=True)) for _ in range(RESAMPLES)]
win_rate = {
    "verdicts": [r["verdict"] for r in pair_rows],
    "value": float(scores.mean()),
    "interval": [float(np.quantile(wr_boot, 0.025)), float(np.quantile(wr_boot, 0.975))],
    "bootstrapSd": float(np.std(wr_boot)),
    "signTestP": float(binomtest(int(np.sum(scores == 1)), int(np.sum(scores != 0.5))).pvalue),
}

x = rng.normal(0, 1.5, 200)
y = np.where(rng.random(200) < 0.1, 0.5, (rng.random(200) < expit(0.4 + 0.9 * x)).astype(float))
intercept, slope = logistic_fit(x, y)
logistic = {"x": x.tolist(), "y": y.tolist(), "intercept": float(intercept), "slope": float(slope)}

binomial = [{"k": k, "n": n, "p": float(binomtest(k, n).pvalue)} for k, n in [(7, 10), (0, 5), (60, 100), (35, 100), (13, 40), (500, 1000), (530, 1000), (1, 1)]]

labels = ["A", "B", "tie"]
judge = rng.choice(labels, size=80, p=[0.45, 0.4, 0.15]).tolist()
people = [j if rng.random() < 0.7 else rng.choice(labels) for j in judge]
accuracy, k = kappa(judge, people)
kappa_case = {"judge": judge, "people": [str(p) for p in people], "accuracy": accuracy, "kappa": k}



def davidson_fit(rows):
    """Davidson (1970): P(i beats j) = pi_i / D, P(tie) = nu sqrt(pi_i pi_j) / D; x = (theta_1..theta_k-1, log nu)."""
    k = len(SYSTEMS)
    index = {s: i for i, s in enumerate(SYSTEMS)}
    ia = np.array([index[r["a"]] for r in rows])
    ib = np.array([index[r["b"]] for r in rows])
    va = np.array([r["verdict"] == "A" for r in rows], dtype=float)
    vb = np.array([r["verdict"] == "B" for r in rows], dtype=float)
    vt = np.array([r["verdict"] == "tie" for r in rows], dtype=float)

    def parts(x):
        t = np.concatenate([[0.0], x[:-1]])
        d = (t[ia] - t[ib]) / 2
        logs = np.stack([d, -d, np.full_like(d, x[-1])])
        return logs - np.logaddexp.reduce(logs, axis=0)

    def nll(x):
        la, lb, lt = parts(x)
        return -np.sum(va * la + vb * lb + vt * lt)

    def grad(x):
        pa, pb, pt = np.exp(parts(x))
        ga = va + vt / 2 - (pa + pt / 2)
        gb = vb + vt / 2 - (pb + pt / 2)
        g = np.zeros(k + 1)
        np.add.at(g, ia, ga)
        np.add.at(g, ib, gb)
        g[k] = np.sum(vt - pt)
        return -np.concatenate([g[1:k], [g[k]]])

    res = minimize(nll, np.zeros(k), jac=grad, method="BFGS", options={"gtol": 1e-12, "maxiter": 10000})
    t = np.concatenate([[0.0], res.x[:-1]])
    return {"strengths": (t - t.mean()).tolist(), "tieParameter": float(np.exp(res.x[-1])), "gradientNorm": float(np.abs(grad(res.x)).max())}


bradley_terry["davidson"] = davidson_fit(rows)

out = pathlib.Path(__file__).resolve().parents[2] / "test/fixtures/scipy/pairwise-stats.json"
out.write_text(
    json.dumps({"bradleyTerry": bradley_terry, "winRate": win_rate, "logistic": logistic, "binomial": binomial, "kappa": kappa_case}, indent=1) + "\n"
)
print(f"wrote {out}")
