"""Reference values for src/core/stats/pairedCorrelation.ts (the exact paired permutation
p-value and the Spearman correlations), written once to test/fixtures/scipy/pairedCorrelation.json.

Run: python3 scripts/scipy/pairedCorrelation.py   (needs scipy; the tests themselves do not)
"""
import json
import pathlib

import numpy as np
from scipy.stats import permutation_test, spearmanr

cases = [
    {"human": [1, 2, 3, 4, 5, 2, 4, 3], "candidate": [1.2, 2.5, 2.9, 4.1, 4.8, 2.2, 3.1, 3.3], "baseline": [3, 1, 2, 5, 3, 4, 2, 1]},
    {"human": [5, 3, 4, 1, 2, 3, 4, 2, 1, 5], "candidate": [4, 3, 4, 2, 2, 3, 3, 2, 1, 5], "baseline": [4.5, 3.2, 3.9, 1.5, 2.1, 2.8, 4.2, 2.4, 1.2, 4.7]},
]
out_cases = []
for case in cases:
    h, a, b = (np.array(case[k], dtype=float) for k in ("human", "candidate", "baseline"))

    def statistic(x, y):
        return spearmanr(h, x).statistic - spearmanr(h, y).statistic

    res = permutation_test((a, b), statistic, permutation_type="samples", n_resamples=np.inf, alternative="two-sided")
    out_cases.append({**case, "candidateRho": float(spearmanr(h, a).statistic), "baselineRho": float(spearmanr(h, b).statistic), "pValue": float(res.pvalue)})

out = pathlib.Path(__file__).resolve().parents[2] / "test/fixtures/scipy/pairedCorrelation.json"
out.write_text(json.dumps({"cases": out_cases}, indent=2) + "\n")
print(f"wrote {out}")
