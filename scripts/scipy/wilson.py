"""Reference values for src/core/stats/wilson.ts, written once to test/fixtures/scipy/wilson.json.

Run: python3 scripts/scipy/wilson.py   (needs scipy; the tests themselves do not)
"""
import json
import pathlib

from scipy.stats import binomtest, norm

cases = []
for successes, trials, level in [(7, 10, 0.95), (0, 5, 0.95), (5, 5, 0.95), (1, 1, 0.95), (13, 40, 0.95), (120, 150, 0.9), (3, 7, 0.99), (50, 100, 0.95)]:
    ci = binomtest(successes, trials).proportion_ci(confidence_level=level, method="wilson")
    cases.append({"successes": successes, "trials": trials, "level": level, "low": float(ci.low), "high": float(ci.high)})
quantiles = [{"p": p, "z": float(norm.ppf(p))} for p in [0.975, 0.95, 0.995, 0.5, 0.001, 0.02, 0.9999]]

out = pathlib.Path(__file__).resolve().parents[2] / "test/fixtures/scipy/wilson.json"
out.write_text(json.dumps({"wilson": cases, "normalQuantile": quantiles}, indent=2) + "\n")
print(f"wrote {out}")
