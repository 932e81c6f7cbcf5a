"""Fit the learned model of card play (:mod:`solver.policy`) and score it on held-out games.

    python benchmarks/fit_policy.py              (fit on all seeds but --holdout; writes solver/data/policy_model.json)
    python benchmarks/fit_policy.py --no-write   (score only)

Reads the self-play games of ``benchmarks/policy_games.py`` (``data/policy/games_*.jsonl``), takes
every card chosen among two or more legal cards, fits the conditional logit per role on the
games of every seed but ``--holdout`` and reports on the held-out seed's games, per role:
the mean log probability of the chosen card against a uniform choice among the legal cards
(and its gain per card with a 95% interval), and how often the model's most likely card is
the one chosen.
"""

from __future__ import annotations

import argparse
import datetime
import json
import math
import sys
import time
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from solver.deal import load_deal  # noqa: E402
from solver.policy import FEATURES, POLICY_RESOURCE, ROLES, Decision, PolicyModel, decisions_of  # noqa: E402
from solver.stats import mean_ci  # noqa: E402

DATA = ROOT / "data" / "policy"
HOLDOUT = 7199


def read_decisions(paths: list[Path]) -> dict[int, list[Decision]]:
    """Decisions per seed, from deal records."""
    out: dict[int, list[Decision]] = {}
    for path in paths:
        for line in path.read_text().splitlines():
            rec = json.loads(line)
            out.setdefault(int(rec["seed"]), []).extend(decisions_of(load_deal(rec)))
    return out


def report(model: PolicyModel, held: list[Decision]) -> list[str]:
    lines = [f"{'role':14} {'cards':>6}  {'log p, model':>12} {'uniform':>8}  {'gain a card (95%)':>22}  "
             f"{'top-1 model':>11} {'top-1 uniform':>13}"]
    for role in ROLES + ("all",):
        ds = [d for d in held if role in ("all", d.role)]
        if not ds:
            continue
        lm = np.array([math.log(max(1e-12, model.probability(d.role, d.features, d.chosen))) for d in ds])
        lu = np.array([-math.log(len(d.features)) for d in ds])
        m, lo, hi = mean_ci(lm - lu)
        top = np.mean([max(p := model.probabilities(d.role, d.features), key=p.__getitem__) == d.chosen for d in ds])
        uni = np.mean([1.0 / len(d.features) for d in ds])
        lines.append(f"{role:14} {len(ds):6d}  {lm.mean():12.3f} {lu.mean():8.3f}  {m:+.3f} ({lo:+.3f} … {hi:+.3f})  "
                     f"{top:11.3f} {uni:13.3f}")
    return lines


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--holdout", type=int, default=HOLDOUT)
    ap.add_argument("--l2", type=float, default=1.0)
    ap.add_argument("--no-write", action="store_true")
    ap.add_argument("--model", type=Path, default=ROOT / "solver" / "data" / POLICY_RESOURCE)
    args = ap.parse_args()
    t0 = time.time()
    paths = sorted(DATA.glob("games_*.jsonl"))
    by_seed = read_decisions(paths)
    train = [d for s, ds in by_seed.items() if s != args.holdout for d in ds]
    held = by_seed.get(args.holdout, [])
    model = PolicyModel.fit(train, l2=args.l2, about={
        "seeds": sorted(s for s in by_seed if s != args.holdout), "holdout": args.holdout,
        "data": [str(p.relative_to(ROOT)) for p in paths], "date": datetime.date.today().isoformat(),
        "command": "python benchmarks/fit_policy.py", "l2": args.l2})
    print(f"fitted on {len(train)} choices (seeds {model.about['seeds']}), {time.time() - t0:.0f} s")
    for role, w in model.weights.items():
        print(f"  {role:14} " + ", ".join(f"{f} {x:+.2f}" for f, x in zip(FEATURES, w)))
    if held:
        print(f"held out: seed {args.holdout}, {len(held)} choices")
        print("\n".join(report(model, held)))
    if not args.no_write:
        args.model.write_text(model.to_json() + "\n")
        print(f"wrote {args.model}")


if __name__ == "__main__":
    main()
