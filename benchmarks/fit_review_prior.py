"""Fit the review's empirical-Bayes priors (:mod:`solver.shrinkage`) on deals of their own.

    python benchmarks/fit_review_prior.py [--deals 400] [--seed 2031] [--samples 8] [--workers 2]
    python benchmarks/fit_review_prior.py --refit      # only fit again from the saved cards

Deal k (seed S, as :mod:`bench_info_review` deals and plays them: ``best``, ``pimc``, ``rules``
and ``random``, three at a table) is reviewed by what each player knew with the shrinkage off
(``--samples`` worlds a card, the first ones too, more for an unsettled card as the review
draws them).  Every card judged over a sample of worlds (not the exact ones, not a Ramsch)
gives its sampled cost and drop and their standard errors; those with a standard error above
zero fit the prior of the true cost and of the true drop by maximum marginal likelihood
(:func:`solver.shrinkage.fit_prior`).  The cards go to
``benchmarks/results/review_prior_cards.jsonl``, the priors to ``solver/data/review_prior.json``.

The fitting deals are not the ones the review is measured on (``bench_info_review.py`` uses
seed 2027, the tests the ISS games and the shipped deals).
"""

from __future__ import annotations

import argparse
import datetime
import json
import sys
import time
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "benchmarks"))

from bench_info_review import played_deal  # noqa: E402

from solver.analysis import LIMITS, Judging, info_review  # noqa: E402
from solver.pool import imap_unordered  # noqa: E402
from solver.shrinkage import PRIORS, fit_prior  # noqa: E402

CARDS = ROOT / "benchmarks" / "results" / "review_prior_cards.jsonl"
#: The grids the true values are spread on: the winning chance given up in steps of 0.005; the
#: expected score given up from 0 to 600, finer near 0 (where the classes' limits are).
GRIDS = {"drop": np.linspace(0.0, 1.0, 201), "cost": np.linspace(0.0, 1.0, 241) ** 2 * 600.0}


def sampled_cards(args) -> list[dict]:
    k, seed, samples = args
    played = played_deal(k, seed)
    if played is None:
        return []
    out = []
    judged = info_review(played[0].deal, seed=k,
                         judging=Judging(samples=samples, first=samples, points=False, shrink=False))
    for i, j in enumerate(judged):
        if j.get("sampled"):
            out.append({"k": k, "i": i, "worlds": j["worlds"], **j["sampled"]})
    return out


def fit(rows: list[dict]) -> dict:
    priors = {}
    for name in ("cost", "drop"):
        use = [r for r in rows if (r[f"{name}_se"] or 0) > 0]
        x = np.array([r[name] for r in use])
        s = np.array([r[f"{name}_se"] for r in use])
        p = fit_prior(x, s, GRIDS[name])
        priors[name] = p.to_json()
        at0 = float(p.weights[0])
        mean = float(p.weights @ p.grid)
        print(f"{name}: {len(use)} cards with a standard error (of {len(rows)}); prior: {at0:.3f} at 0, "
              f"mean {mean:.4f}")
        # the prior's weight between the review's class limits (solver.analysis.LIMITS)
        edges = [0.0] + [lim[0 if name == "cost" else 1] for lim in LIMITS.values()] + [np.inf]
        bands = [f"0: {p.weights[p.grid == 0].sum():.3f}"] + [
            f"{lo:g}-{hi:g}: {p.weights[(p.grid > lo) & (p.grid <= hi)].sum():.3f}" for lo, hi in zip(edges, edges[1:])]
        print(f"  weight by the classes' limits: {', '.join(bands)}")
    return priors


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--deals", type=int, default=400)
    ap.add_argument("--seed", type=int, default=2031)
    ap.add_argument("--samples", type=int, default=8)
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--refit", action="store_true")
    a = ap.parse_args()
    t0 = time.perf_counter()
    if a.refit:                             # (the cards' account of where they came from is kept)
        rows = [json.loads(x) for x in open(CARDS)]
        kept = json.loads(PRIORS.read_text())["about"]
        a.deals, a.seed, a.samples = kept["deals"], kept["seed"], kept["samples"]
    else:
        rows = []
        jobs = [(k, a.seed, a.samples) for k in range(a.deals)]
        for n, (_, res) in enumerate(imap_unordered(sampled_cards, jobs, a.workers), 1):
            rows += res
            if n % 25 == 0:
                print(f"  {n}/{a.deals} deals, {len(rows)} cards, {time.perf_counter() - t0:.0f} s", file=sys.stderr)
        rows.sort(key=lambda r: (r["k"], r["i"]))
        with open(CARDS, "w") as f:
            for r in rows:
                f.write(json.dumps(r) + "\n")
    priors = fit(rows)
    command = f"python benchmarks/fit_review_prior.py --deals {a.deals} --samples {a.samples} --seed {a.seed}"
    about = {"command": command,
             "deals": a.deals, "seed": a.seed, "samples": a.samples, "cards": len(rows),
             "date": datetime.date.today().isoformat()}
    PRIORS.write_text(json.dumps({"about": about, "priors": priors}) + "\n")
    print(f"wrote {PRIORS.relative_to(ROOT)} ({time.perf_counter() - t0:.0f} s)")


if __name__ == "__main__":
    main()
