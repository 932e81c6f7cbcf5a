"""Seconds per move of the ``best`` player, by trick, on one process of an otherwise idle machine;
and the seconds of a seat's bid advice at a table.

    python benchmarks/bench_best_speed.py --games 20 [--seed 5]
    python benchmarks/bench_best_speed.py --bid best,best-bid-64 --hands 30 [--seed 5]

Deals seeded hands (declarer F, M, R in turn; game and discard by the point
count, so no solving goes into the setup), then lets three ``best`` players
(default strength) play them out; every card
choice with more than one legal card is timed.  Prints the median, 95th
percentile and maximum per trick and overall (the first move of the run is
left out: it loads the compiled kernel).

``--bid``: each named form of ``best`` (``solver.players.registry``) as a table seats it (32
bid worlds unless the form names its own) gives its highest bid for ``--hands`` seeded hands,
seat F, M, R in turn, each player fresh; the seconds of each (after one warm-up hand).
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from solver.cards import card_codes  # noqa: E402
from solver.games import GAME_NAMES, SEATS  # noqa: E402
from solver.heuristics import best_stegen_game, choose_discard  # noqa: E402
from solver.players.arena import make_skat_player  # noqa: E402
from solver.players.best import BestPlayer  # noqa: E402
from solver.players.playout import playout  # noqa: E402
from solver.players.table import shuffle  # noqa: E402

#: The bid worlds a table gives ``best`` (:func:`solver.players.arena.make_skat_player`).
TABLE_BID_WORLDS = 32


def bid_seconds(forms: list[str], hands: int, seed: int) -> str:
    """The seconds of each form's bid advice (``max_bid``) on ``hands`` seeded hands."""
    rng = np.random.default_rng(seed)
    deals = [shuffle(rng) for _ in range(hands + 1)]
    out = [f"{hands} hands of seed {seed}, seat F, M, R in turn; seconds of a seat's bid advice "
           f"(after one warm-up hand)", f"{'form':<16} {'median':>8} {'mean':>8} {'95th':>8} {'max':>8}"]
    for form in forms:
        t = []
        for k, dealt in enumerate(deals):
            seat = k % 3
            p = make_skat_player(form, seed + k, {"bid_samples": TABLE_BID_WORLDS}, bid_seed=seed + k)
            t0 = time.perf_counter()
            p.max_bid(dealt[seat], seat)
            if k:
                t.append(time.perf_counter() - t0)
        a = np.array(t)
        out.append(f"{form:<16} {np.median(a):8.2f} {a.mean():8.2f} {np.percentile(a, 95):8.2f} {a.max():8.2f}")
    return "\n".join(out)

def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--games", type=int, default=20)
    ap.add_argument("--seed", type=int, default=5)
    ap.add_argument("--bid", help="forms of best (comma-separated): time their bid advice instead")
    ap.add_argument("--hands", type=int, default=30, help="hands for --bid")
    args = ap.parse_args()
    if args.bid:
        print(bid_seconds(args.bid.split(","), args.hands, args.seed))
        return
    rng = np.random.default_rng(args.seed)
    times: list[tuple[int, float]] = []
    orig = BestPlayer.play

    def timed(self, view):
        t = time.perf_counter()
        c = orig(self, view)
        if view.legal() & (view.legal() - 1):                   # more than one legal card
            times.append((len(view.history) // 3 + 1, time.perf_counter() - t))
        return c
    BestPlayer.play = timed  # type: ignore[method-assign]  # (timing each card)
    t0 = time.perf_counter()
    for k in range(args.games):
        dealt = shuffle(rng)
        d = k % 3
        twelve = dealt[d] | dealt[3]
        g = best_stegen_game(twelve)
        skat = choose_discard(twelve, g)
        hands = list(dealt[:3])
        hands[d] = twelve & ~skat
        rec = {"hands": {SEATS[p]: card_codes(hands[p]) for p in range(3)}, "skat": card_codes(skat),
               "declarer": SEATS[d], "game": GAME_NAMES[g]}
        playout(rec, ["best", "best", "best"], seed=args.seed * 1000 + k)
    wall = time.perf_counter() - t0
    t = np.array([x for _, x in times[1:]])
    print(f"{args.games} games, {t.size} timed moves, {wall:.0f} s")
    print(f"{'trick':>5} {'moves':>6} {'median':>8} {'95th':>8} {'max':>8}")
    for trick in range(1, 11):
        a = np.array([x for tr, x in times[1:] if tr == trick])
        if a.size:
            print(f"{trick:5d} {a.size:6d} {np.median(a):8.3f} {np.percentile(a, 95):8.3f} {a.max():8.3f}")
    print(f"{'all':>5} {t.size:6d} {np.median(t):8.3f} {np.percentile(t, 95):8.3f} {t.max():8.3f}")


if __name__ == "__main__":
    main()
