"""Speed of the Offiziersskat solver: exact value from the start of a deal, one core.

    python benchmarks/bench_offiziers.py [--deals 100] [--seed 1]

Deal k (seed S) is ``default_rng([S, k])``'s permutation of the 32 cards laid
in piles; its game cycles through diamonds, hearts, spades, clubs, Grand and
Ramsch.  Each deal is solved once after a warm-up solve (numba compilation is
not timed); prints the median, 95th percentile and worst milliseconds and
node counts, overall and per game.
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

GAMES = ("diamonds", "hearts", "spades", "clubs", "grand", "ramsch")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--deals", type=int, default=100)
    ap.add_argument("--seed", type=int, default=1)
    a = ap.parse_args()
    solver = Solver()
    solve_points([deal_from_cards(list(range(32)), "grand").start_state()], solver)      # warm-up
    rows = []
    t0 = time.perf_counter()
    for k in range(a.deals):
        game = GAMES[k % len(GAMES)]
        deal = deal_from_cards([int(c) for c in np.random.default_rng([a.seed, k]).permutation(32)], game)
        t = time.process_time()
        v = solve_points([deal.start_state()], solver)[0]
        rows.append((game, (time.process_time() - t) * 1000, solver.last_nodes, v))
    print(f"Offiziersskat, exact value from the start, {a.deals} deals (seed {a.seed}), one core, CPU time; "
          f"{time.perf_counter() - t0:.1f} s in all")
    print(f"{'game':10} {'deals':>5} {'median ms':>10} {'95% ms':>8} {'worst ms':>9} {'median nodes':>13} {'worst nodes':>12}")
    for g in (*GAMES, "all"):
        sel = [r for r in rows if g == "all" or r[0] == g]
        ms = np.array([r[1] for r in sel])
        nodes = np.array([r[2] for r in sel])
        print(f"{g:10} {len(sel):5d} {np.median(ms):10.1f} {np.percentile(ms, 95):8.1f} {ms.max():9.1f} "
              f"{int(np.median(nodes)):13d} {int(nodes.max()):12d}")


if __name__ == "__main__":
    main()
