"""How many sampled worlds the Offiziersskat players decide each card on, by trick.

    python benchmarks/bench_offiziers_worlds.py [--deals 10] [--seed 3]

Plays ``--deals`` deals of ``best`` (F) against ``pimc`` (R) and as many with the seats
swapped (deal k of seed S: ``deal_piles(default_rng([S, k]))``), one process, and prints per
trick the mean number of worlds each player solved for a card (``last_worlds``) and the mean
seconds a card took.  Both spend the same node budget a card
(:data:`solver.players.offiziers.MOVE_NODES`): ``pimc`` solves the card points of every card
in each world, ``best`` only which settlement each card leads to.  A card with one legal
choice is played without a search and not counted.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections import defaultdict
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from solver.offiziersskat import deal_piles  # noqa: E402
from solver.players.offiziers import make_offiziers_player, play_offiziers  # noqa: E402


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--deals", type=int, default=10)
    ap.add_argument("--seed", type=int, default=3)
    a = ap.parse_args()
    worlds: dict[str, dict[int, list[int]]] = {"best": defaultdict(list), "pimc": defaultdict(list)}
    seconds: dict[str, dict[int, list[float]]] = {"best": defaultdict(list), "pimc": defaultdict(list)}
    t0 = time.perf_counter()
    for k in range(a.deals):
        for order in (("best", "pimc"), ("pimc", "best")):
            players = [make_offiziers_player(name, seed=1000 * k + i) for i, name in enumerate(order)]
            for name, p in zip(order, players):
                play = p.play

                def counted(view, p=p, play=play, name=name):
                    p.last_worlds = 0
                    t = time.perf_counter()
                    card = play(view)
                    if p.last_worlds:            # (a single legal card: no search)
                        trick = len(view.state.history) // 2 + 1
                        worlds[name][trick].append(p.last_worlds)
                        seconds[name][trick].append(time.perf_counter() - t)
                    return card
                p.play = counted  # type: ignore[method-assign]  # (counting the worlds of each card)
            play_offiziers(players, deal_piles(np.random.default_rng([a.seed, k])))
    print(f"Offiziersskat: worlds a card is decided on, {a.deals} deals x 2 seatings (seed {a.seed}), "
          f"{time.perf_counter() - t0:.0f} s")
    print(f"{'trick':>5} {'best worlds':>12} {'pimc worlds':>12} {'best s':>7} {'pimc s':>7}")
    for trick in range(1, 17):
        wb, wp = worlds["best"].get(trick, []), worlds["pimc"].get(trick, [])
        if wb or wp:
            sb, sp = seconds["best"].get(trick, [0.0]), seconds["pimc"].get(trick, [0.0])
            print(f"{trick:5d} {np.mean(wb) if wb else 0:12.1f} {np.mean(wp) if wp else 0:12.1f} "
                  f"{np.mean(sb):7.2f} {np.mean(sp):7.2f}")


if __name__ == "__main__":
    main()
