"""Reliability of the played-out numbers per answer class, on held-out hands, the ends as their own rows.

    python benchmarks/bench_reliability.py [--model MODEL] [--out benchmarks/results/reliability.txt]

The held-out hands are never fitted on: the designed sample's seed
(:data:`solver.calibration.DESIGNED_HOLDOUT_SEED`, ``benchmarks/designed_playout.py``: forced
declarations across the whole range of double-dummy rates, the ends too, evaluated as the advice
evaluates them, played out by ``best`` in all three seats) and self-play's
(:data:`solver.calibration.HOLDOUT_SEED`, the declarations a player chose).  Each row's
played-out P(win) is the model's for its features (as :func:`solver.advice.results.calibrate` prices
it: the double-dummy rate smoothed over the row's worlds), the double-dummy rate where the model
does not cover the declaration.

Per answer class (suit, Grand, Null, Null Ouvert; Hand and pick-up; declared after the pick-up;
and P(Schneider): won with Schneider, predicted as P(win) x P(Schneider | won)) a reliability
table: the predicted deciles, then the declarations lost and won in every sampled world as rows of
their own, each with its count, mean prediction, played-out rate and the rate's 95% (Wilson)
interval; and calibration in the large (mean predicted minus played-out rate, 95% interval), which
the issue asks within +-0.03 for a class of 200 hands or more.  The double-dummy rate's own
calibration in the large is printed beside it.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from solver.calibration import (DESIGNED_HOLDOUT_SEED, HOLDOUT_SEED, PlayModel, after_pickup_row,  # noqa: E402
                                row_class, row_features, row_schneider_share, row_worlds)
from solver.games import Declaration  # noqa: E402
from solver.stats import mean_ci, wilson  # noqa: E402

DATA = ROOT / "data" / "selfplay"


def _read(path: Path) -> list[dict]:
    return [json.loads(x) for x in path.read_text().splitlines() if x.strip()] if path.exists() else []


def held_out_rows() -> list[dict]:
    """The held-out played rows (designed and self-play), with the rows of the games declared
    after the pick-up (``after_pickup``), each marked with its ``source``.  A self-play row is
    taken at the rate ``skat bid`` computes for its declaration at the advice's precision
    (``precise.jsonl``, :func:`selfplay_stats.at_precise_rate`) where it was re-evaluated: the
    sixteen worlds that chose the declaration overstate it (the best of many looks better than
    it is), the designed rows are evaluated as the advice evaluates them already."""
    from benchmarks.selfplay_stats import at_precise_rate
    precise = {(p["seed"], p["k"]): p for p in _read(DATA / "precise.jsonl") if "error" not in p}
    out = []
    for name, seed in (("designed.jsonl", DESIGNED_HOLDOUT_SEED), ("hands.jsonl", HOLDOUT_SEED)):
        for r in _read(DATA / name):
            if r.get("seed") != seed or not r.get("played") or "error" in r:
                continue
            p = precise.get((r["seed"], r["k"])) if name == "hands.jsonl" else None
            if p is not None and p["declaration"] == r["declaration"]:
                r = at_precise_rate(r, p)
            out.append(dict(r, source=name))
            if r["played"].get("declare"):
                out.append(dict(after_pickup_row(r), source=name))
    return out


def predict(model: PlayModel, r: dict) -> float:
    """The row's played-out P(win) as the advice gives it (the double-dummy rate where the model
    does not cover the declaration)."""
    decl = Declaration.from_name(r["declaration"])
    got = model.p_win(row_features(r), row_class(r), bool(r.get("after_pickup"))) if model.covers(decl) else None
    return got[0] if got else r["p_win_dd"]


def predict_schneider(model: PlayModel, r: dict) -> float:
    """P(won with Schneider) as the advice gives it: P(win) x the model's P(Schneider | won)
    (the won worlds' share where no world was won: none)."""
    p = predict(model, r)
    share = row_schneider_share(r)
    if share is None:
        return 0.0
    won = round(r["p_win_dd"] * row_worlds(r))
    got = model.p_schneider(row_features(r), share, won)
    return p * (got[0] if got else share)


def table(name: str, p: np.ndarray, y: np.ndarray, dd: np.ndarray) -> list[str]:
    """One class's reliability table (see the module docs)."""
    if len(p) == 0:
        return []
    m, lo, hi = mean_ci(p - y, digits=None) if len(p) > 1 else (float(p[0] - y[0]), float("nan"), float("nan"))
    mdd, lodd, hidd = mean_ci(dd - y, digits=None) if len(p) > 1 else (float("nan"),) * 3
    flag = "" if len(p) < 200 else ("  (within +-0.03)" if abs(m) <= 0.03 else "  (OUTSIDE +-0.03)")
    lines = [f"{name}: {len(p)} hands, predicted {p.mean():.3f}, played out {y.mean():.3f}; "
             f"calibration in the large {m:+.3f} (95% {lo:+.3f} ... {hi:+.3f}){flag}; "
             f"double-dummy rate {mdd:+.3f} (95% {lodd:+.3f} ... {hidd:+.3f})",
             f"  {'row':22} {'n':>5} {'predicted':>9} {'played':>7}  95% interval"]
    rows = [("dd rate 0 (lost in every world)", dd == 0), ("dd rate 1 (won in every world)", dd == 1)]
    mid = (dd > 0) & (dd < 1)
    for b in range(10):
        sel = mid & (p >= b / 10) & ((p < (b + 1) / 10) if b < 9 else (p <= 1))
        rows.insert(b, (f"predicted {b / 10:.1f}-{(b + 1) / 10:.1f}", sel))
    for label, sel in rows:
        n = int(sel.sum())
        if not n:
            continue
        k = int(y[sel].sum())
        wl, wh = wilson(k, n)
        lines.append(f"  {label:22} {n:5d} {p[sel].mean():9.3f} {k / n:7.3f}  {wl:.3f} ... {wh:.3f}")
    return lines


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--model", default=str(ROOT / "solver" / "data" / "bid_model.json"))
    ap.add_argument("--out", default=None, help="also write the tables to this file")
    a = ap.parse_args()
    t0 = time.perf_counter()
    model = PlayModel.load(a.model)
    rows = held_out_rows()
    lines = [f"# python benchmarks/bench_reliability.py (model {Path(a.model).name}, fitted on "
             f"{model.about.get('data')} seeds {model.about.get('seeds')}); held out: designed seed "
             f"{DESIGNED_HOLDOUT_SEED}, self-play seed {HOLDOUT_SEED}: {len(rows)} rows"]
    groups = {
        "suit": lambda r: row_class(r) == "suit" and not r.get("after_pickup"),
        "grand": lambda r: row_class(r) == "grand" and not r.get("after_pickup"),
        "null": lambda r: row_class(r) == "null" and not r.get("after_pickup"),
        "null ouvert": lambda r: row_class(r) == "null ouvert" and not r.get("after_pickup"),
        "Hand games": lambda r: "hand" in r["declaration"] and not r.get("after_pickup"),
        "pick-up games (priced before the pick-up)": lambda r: "hand" not in r["declaration"]
        and not r.get("after_pickup"),
        "declared after the pick-up (skat declare)": lambda r: bool(r.get("after_pickup")),
        "designed sample only (forced declarations)": lambda r: r["source"] == "designed.jsonl"
        and not r.get("after_pickup"),
        "self-play only (chosen declarations)": lambda r: r["source"] == "hands.jsonl" and not r.get("after_pickup"),
    }
    for name, keep in groups.items():
        sel = [r for r in rows if keep(r)]
        p = np.array([predict(model, r) for r in sel])
        y = np.array([bool(r["won"]) for r in sel], dtype=float)
        dd = np.array([r["p_win_dd"] for r in sel])
        lines += table(name, p, y, dd) + [""]
    trump = [r for r in rows if row_class(r) in ("suit", "grand") and not r.get("after_pickup")
             and PlayModel.covers(Declaration.from_name(r["declaration"]))]
    p = np.array([predict_schneider(model, r) for r in trump])
    y = np.array([bool(r["won"]) and bool(r["played"]["schneider"]) for r in trump], dtype=float)
    dd = np.array([r["p_win_dd"] for r in trump])
    lines += table("P(Schneider) (won with Schneider; suit and Grand)", p, y, dd)
    lines.append(f"ran {time.perf_counter() - t0:.1f} s")
    text = "\n".join(lines)
    print(text)
    if a.out:
        Path(a.out).write_text(text + "\n")


if __name__ == "__main__":
    main()
