"""Deal analysis speed: a full 30-card review of played suit and Grand games.

    python benchmarks/bench_analyse.py [--games 10]

Plays the bench deals out with the rule-based player (so the games have
ordinary mistakes), then times ``review`` per game after a warm-up.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from benchmarks.bench_solver import load, strip  # noqa: E402
from solver.analysis import review  # noqa: E402
from solver.deal import load_deal, replay  # noqa: E402
from solver.players import RulePlayer  # noqa: E402
from solver.players.table import view_of  # noqa: E402


def played_out(rec: dict):
    deal = load_deal(strip(rec))
    player = RulePlayer()
    while True:
        st = replay(deal)
        if st.over or st.ended_by_trick:
            return deal
        deal.played.append(player.play(view_of(st, st.to_move, deal)))


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--games", type=int, default=10)
    args = ap.parse_args()
    groups = load(args.games)
    review(played_out(groups["suit"][0]), declaration=False)            # warm-up
    for kind in ("suit", "grand"):
        deals = [played_out(r) for r in groups[kind]]
        ts, ts_decl = [], []
        for d in deals:
            t = time.perf_counter()
            review(d, declaration=False)
            ts.append(time.perf_counter() - t)
            t = time.perf_counter()
            review(d, declaration=True)
            ts_decl.append(time.perf_counter() - t)
        print(f"{kind:6} {len(deals)} games, 30 cards: review median {np.median(ts):.2f} s (max {max(ts):.2f}); "
              f"with the declaration check median {np.median(ts_decl):.2f} s (max {max(ts_decl):.2f})")


if __name__ == "__main__":
    main()
