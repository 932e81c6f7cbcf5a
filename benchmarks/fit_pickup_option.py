"""Fit and check what the pick-up is worth when the game is chosen after the skat is seen.

    python benchmarks/fit_pickup_option.py \\
        --fit benchmarks/results/best_declare_17001.jsonl benchmarks/results/best_late_worlds_20001.jsonl \\
        --check benchmarks/results/best_vs_frozen_29001.jsonl \\
        --rows benchmarks/results/pickup_option.jsonl          (resumable; then the report)

For every pick-up game of an arena run (``benchmarks/bench_best.py``) whose declarer is of type
``--player``, his bid advice on his ten cards is asked again as he asked it (the deal's bid seed,
the arena's bid worlds; every declaration solved on every world) and read at the bid he held:

- **committed**: the expected score of its best pick-up declaration (the price the advice gives);
- **gap**: in each world, the best pick-up declaration's score there less the committed one's,
  averaged (:meth:`~solver.advice.pickup.PickupOption.gap`): what a declarer choosing in sight
  of every card would add;
- **played**: the declarer's mean score over the arena games that played that declaration.

The share of the gap a declarer gets, per game class of the committed declaration, is fitted on
the ``--fit`` runs (the sum of played less committed over the sum of the gaps: the price that is
right on average; none for a class whose committed price is not below the score played beyond
its 95% interval), and checked on the ``--check`` runs, which it was not fitted on: the report
gives, per class, the mean of price less played with its 95% interval over the declarations,
for the committed price and for the option's.  The shares go into
:data:`solver.advice.pickup.OPTION_SHARE`.
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

from benchmarks.bench_arena_calibration import declarations, seated  # noqa: E402
from solver.advice.pickup import PickupOption  # noqa: E402
from solver.calibration import GAME_CLASSES, game_class  # noqa: E402
from solver.stats import mean_ci  # noqa: E402


def priced(arena_row: dict, player: str, key: tuple) -> dict:
    """One pick-up declaration's bid-time prices at the bid held: the committed declaration, its
    game class and expected score, and the option's gap."""
    d, bid = key[0], key[1]
    p, dealt = seated(arena_row, player, d)
    option = PickupOption(p.bid_advice(dealt[d], d).declarations)
    best = option.committed(bid)
    assert best is not None
    return {"committed_game": best.declaration.name, "class": game_class(best.declaration),
            "committed": best.expected_score(bid), "gap": option.gap(bid),
            "shared_worlds": int(option.shared_worlds().size)}


def run(arenas: list[Path], player: str, out: Path) -> None:
    done = set()
    if out.exists():
        done = {(r["seed"], r["deal"]) for r in map(json.loads, filter(str.strip, out.read_text().splitlines()))}
    todo = [r for a in arenas for r in map(json.loads, filter(str.strip, a.read_text().splitlines()))
            if "games" in r and (r["seed"], r["deal"]) not in done]
    t0 = time.perf_counter()
    with out.open("a") as f:
        for i, row in enumerate(todo):
            for key, v in declarations(row, player).items():
                if v["hand"]:
                    continue
                d, bid, game, discard = key
                f.write(json.dumps({"seed": row["seed"], "deal": row["deal"], "player": player, "declarer": d,
                                    "bid": bid, "game": game, "discard": discard, "score": v["score"],
                                    **priced(row, player, key)}) + "\n")
            f.flush()
            if (i + 1) % 50 == 0:
                print(f"{i + 1}/{len(todo)} deals, {time.perf_counter() - t0:.0f} s", file=sys.stderr)


def fit(rows: list[dict]) -> dict[str, float]:
    """Per game class of the committed declaration: the share of the gap that makes the price
    right on average over ``rows``, where the committed price falls short of the score played
    beyond its 95% interval; elsewhere none (the committed price is not shown to be low there,
    and a share fitted to noise moves bids on nothing)."""
    out = {}
    for cls in GAME_CLASSES:
        rs = [r for r in rows if r["class"] == cls]
        gap = sum(r["gap"] for r in rs)
        short = np.array([float(np.mean(r["score"])) - r["committed"] for r in rs])
        low = len(rs) >= 2 and mean_ci(short)[1] > 0
        out[cls] = round(max(0.0, float(short.sum()) / gap), 2) if low and gap > 0 else 0.0
    return out


def line(name: str, rows: list[dict], shares: dict[str, float]) -> str:
    if len(rows) < 2:
        return f"  {name:<26} {len(rows):>5}"
    played = np.array([float(np.mean(r["score"])) for r in rows])
    committed = np.array([r["committed"] for r in rows])
    option = committed + np.array([shares[r["class"]] * r["gap"] for r in rows])
    c, clo, chi = mean_ci(committed - played)
    o, olo, ohi = mean_ci(option - played)
    return (f"  {name:<26} {len(rows):>5}  {played.mean():7.1f}   {c:+6.1f} ({clo:+6.1f} ... {chi:+6.1f})"
            f"   {o:+6.1f} ({olo:+6.1f} ... {ohi:+6.1f})")


def report(rows: list[dict], fit_seeds: set[int], shares: dict[str, float] | None = None) -> str:
    fitted = [r for r in rows if r["seed"] in fit_seeds]
    checked = [r for r in rows if r["seed"] not in fit_seeds]
    shares = shares if shares is not None else fit(fitted)
    out = [f"shares of the gap, by the committed declaration's class (fitted on seeds "
           f"{', '.join(map(str, sorted(fit_seeds)))}: {len(fitted)} pick-up declarations): "
           + ", ".join(f"{k} {v:.2f}" for k, v in shares.items())]
    blocks = [("fitted on", fitted), ("checked on (not fitted)", checked)]
    seeds = sorted({r["seed"] for r in checked})
    if len(seeds) > 1:
        blocks += [("checked on (not fitted)", [r for r in checked if r["seed"] == s]) for s in seeds]
    for name, rs in blocks:
        seeds = sorted({r["seed"] for r in rs})
        out.append(f"{name} seeds {', '.join(map(str, seeds)) or '-'}: {len(rs)} declarations, "
                   f"{sum(len(r['score']) for r in rs)} games")
        out.append(f"  {'committed class':<26} {'decl.':>5}  {'played':>7}   committed - played (95%)"
                   f"        option - played (95%)")
        for cls in GAME_CLASSES:
            out.append(line(cls, [r for r in rs if r["class"] == cls], shares))
        out.append(line("bid 18 ... 23", [r for r in rs if r["bid"] <= 23], shares))
        out.append(line("bid 24 and more", [r for r in rs if r["bid"] >= 24], shares))
        out.append(line("all", rs, shares))
    return "\n".join(out)


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--fit", type=Path, nargs="+", required=True, help="arena runs to fit the shares on")
    ap.add_argument("--check", type=Path, nargs="*", default=[], help="arena runs to check them on")
    ap.add_argument("--player", default="best")
    ap.add_argument("--rows", type=Path, required=True, help="the priced declarations (resumable)")
    ap.add_argument("--report", action="store_true", help="only the report from --rows")
    a = ap.parse_args(argv)
    if not a.report:
        run(a.fit + a.check, a.player, a.rows)
    rows = [json.loads(x) for x in a.rows.read_text().splitlines() if x.strip()]
    fit_seeds = {json.loads(next(x for x in p.read_text().splitlines() if x.strip()))["seed"] for p in a.fit}
    print(report(rows, fit_seeds))


if __name__ == "__main__":
    main()
