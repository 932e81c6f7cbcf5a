"""Speed of the Offiziersskat solver: exact value from the start of a deal, one core.

    python benchmarks/bench_offiziers.py [--deals 100] [--seed 1] [--question exact|bands]

Deal k (seed S) is ``default_rng([S, k])``'s permutation of the 32 cards laid
in piles; its game cycles through diamonds, hearts, spades, clubs, Grand and
Ramsch.  Each deal is solved once after a warm-up solve (numba compilation is
not timed); prints the median, 95th percentile and worst milliseconds and
node counts (and the nodes of all the deals), overall and per game.

``--question bands`` asks instead what the ``best`` player asks of a world: which settlement
band F's points fall in (won or lost, Schneider: threshold queries that bisect the game's
cuts, :func:`solver.search.offiziers.points_bands`).  An older checkout without it is asked
the same threshold queries one by one in one shared table.
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from pathlib import Path

import numpy as np

# SKAT_SOLVER_TREE: measure another checkout's solver with this script (before/after comparisons)
sys.path.insert(0, os.environ.get("SKAT_SOLVER_TREE", str(Path(__file__).resolve().parents[1])))

from solver.offiziersskat import deal_from_cards  # noqa: E402
from solver.search.api import Solver  # noqa: E402

try:
    from solver.search.offiziers import solve_points  # noqa: E402
except ImportError:                                    # an older checkout (SKAT_SOLVER_TREE)
    from solver.offiziersskat import solve_points  # type: ignore[attr-defined,no-redef]  # noqa: E402

try:
    from solver.players.offiziers import settlement_cuts  # noqa: E402
    from solver.search.offiziers import points_bands  # noqa: E402
except ImportError:                                    # an older checkout: the same queries one by one
    from solver.games import RAMSCH  # noqa: E402
    from solver.offiziersskat import reach_points  # type: ignore[attr-defined]  # noqa: E402

    def settlement_cuts(game) -> list[int]:  # type: ignore[misc,no-redef]
        return [31, 60, 90] if game == RAMSCH else [31, 61, 90]     # (the rule sheet's cuts, as the new one)

    def points_bands(states, cuts, solver=None):  # type: ignore[no-redef,misc]
        (st,) = states
        lo, hi, nodes = 0, len(cuts), 0
        with solver.shared_table():
            while lo < hi:
                mid = (lo + hi + 1) // 2
                ok = reach_points(st, cuts[mid - 1], solver)
                nodes += solver.last_nodes
                lo, hi = (mid, hi) if ok else (lo, mid - 1)
        return [lo], nodes

GAMES = ("diamonds", "hearts", "spades", "clubs", "grand", "ramsch")


def benchmark_deal(seed: int, k: int):
    """Deal k of seed S (also the deals of ``bench_node_limits.py`` and ``bench_refutation_oracle.py``):
    ``default_rng([S, k])``'s permutation of the 32 cards laid in piles, its game the k-th of
    :data:`GAMES`, cycling."""
    return deal_from_cards([int(c) for c in np.random.default_rng([seed, k]).permutation(32)], GAMES[k % len(GAMES)])


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--deals", type=int, default=100)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--question", choices=("exact", "bands"), default="exact",
                    help="F's exact card points, or the settlement band they fall in")
    a = ap.parse_args()
    solver = Solver()
    solve_points([deal_from_cards(list(range(32)), "grand").start_state()], solver)      # warm-up
    rows = []
    t0 = time.perf_counter()
    for k in range(a.deals):
        game = GAMES[k % len(GAMES)]
        deal = benchmark_deal(a.seed, k)
        t = time.process_time()
        if a.question == "exact":
            v = solve_points([deal.start_state()], solver)[0]
            nodes = solver.last_nodes
        else:
            (v,), nodes = points_bands([deal.start_state()], settlement_cuts(deal.game), solver)
        rows.append((game, (time.process_time() - t) * 1000, nodes, v))
    what = "exact value" if a.question == "exact" else "settlement band"
    print(f"Offiziersskat, {what} from the start, {a.deals} deals (seed {a.seed}), one core, CPU time; "
          f"{time.perf_counter() - t0:.1f} s in all")
    print(f"{'game':10} {'deals':>5} {'median ms':>10} {'95% ms':>8} {'worst ms':>9} {'median nodes':>13} "
          f"{'worst nodes':>12} {'all nodes':>12}")
    for g in (*GAMES, "all"):
        sel = [r for r in rows if g == "all" or r[0] == g]
        if not sel:
            continue                    # (fewer deals than games)
        ms = np.array([r[1] for r in sel])
        counts = np.array([r[2] for r in sel])
        print(f"{g:10} {len(sel):5d} {np.median(ms):10.1f} {np.percentile(ms, 95):8.1f} {ms.max():9.1f} "
              f"{int(np.median(counts)):13d} {int(counts.max()):12d} {int(counts.sum()):12d}")


if __name__ == "__main__":
    main()
