"""How far the Offiziersskat search's nodes could fall by a finished solve's leads or by a guess of the value.

    python benchmarks/bench_node_limits.py [--deals 102] [--seed 1] [--errors 5,10]

The deals of ``bench_offiziers.py`` (deal k of seed S: ``default_rng([S, k])``'s permutation of
the 32 cards, the game cycling through the four suits, Grand and Ramsch), F's exact points from
the first card, each asked of a fresh table and counted in nodes:

* **as solved**: the product's exact value (zero-window probes that bisect the points, one table);
* **table moves of a finished solve**: the same solve again, every trick start's entry of the first
  solve kept with its best lead but its bounds taken away, so that the search tries first, at every
  trick start it met before, the lead the whole solve ended on (what remembering a finished
  solve's leads could save: almost nothing.  It is not the limit of the move order: the lead that
  refutes depends on the probe's window, one lead per trick start cannot know it, and an oracle
  that knows it halves the nodes: ``bench_refutation_oracle.py``);
* **the value guessed exactly**: the two threshold probes that prove it (V >= v, not V >= v + 1) in
  one table: what any guess of the value could save;
* **the value guessed within +-E**: a guess off by a random error of at most E points, then
  threshold probes galloping away from it (1, 2, 4, ... points) until they bracket the value and
  bisecting the bracket, all in one table.

Prints the nodes in all, their ratio to the solve as it is, and the median and worst deal.
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
from benchmarks.bench_refutation_oracle import print_node_table  # noqa: E402  (this checkout's, before ...)

sys.path.insert(0, os.environ.get("SKAT_SOLVER_TREE", str(ROOT)))  # (... the solver measured comes first)

from benchmarks.bench_offiziers import benchmark_deal  # noqa: E402
from solver.search import layout as K  # noqa: E402
from solver.search.api import Solver  # noqa: E402
from solver.search.offiziers import kernel_row  # noqa: E402
from solver.scoring import TOTAL_POINTS  # noqa: E402

STAMP_SHIFT = getattr(K, "KEY_STAMP_SHIFT", 46)    # (where an older checkout had it)


def exact(solver: Solver, row: np.ndarray) -> tuple[int, int]:
    v, nodes = solver.run(row[None, :].copy())
    return int(v[0]), int(nodes[0])


def with_moves_of_last_solve(solver: Solver, row: np.ndarray) -> tuple[int, int]:
    """Solve again with the last solve's entries (its stamp is the one before the solver's next)
    moved to the next stamp, their bounds widened to nothing: only their best leads remain."""
    tt = solver.tt.reshape(-1, K.TT_FIELDS)
    last = solver.stamp - 1
    mine = (tt[:, 1] >> STAMP_SHIFT) == last
    tt[mine, 1] = (tt[mine, 1] & ((1 << STAMP_SHIFT) - 1)) | ((last + 1) << STAMP_SHIFT)
    tt[mine, 2] = (tt[mine, 2] & ~0xFFFFFFFF) | (0xFFFF << 16)      # bounds 0 .. 65535: none
    return exact(solver, row)


def from_guess(solver: Solver, row: np.ndarray, guess: int) -> tuple[int, int]:
    """The exact value by threshold probes (V >= t?) from ``guess``, in one table: galloping away
    from the guess until the value is bracketed, then bisecting."""
    lo, hi, step, nodes = 0, TOTAL_POINTS, 1, 0       # lo <= V <= hi
    t = min(max(guess, 1), hi)
    up = down = False
    with solver.shared_table():
        while lo < hi:
            probe = row.copy()
            probe[K.P_JOB] = K.JOB_AT_LEAST
            probe[K.P_TARGET] = t
            ok, n = exact(solver, probe)
            nodes += n
            if ok:
                lo, up = t, True
            else:
                hi, down = t - 1, True
            if up and down:
                t = (lo + hi + 1) // 2
            else:
                t = min(lo + step, hi) if up else max(hi - step + 1, lo + 1)
                step *= 2
    return lo, nodes


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--deals", type=int, default=102)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--errors", default="5,10", help="the guesses' largest errors, in points")
    a = ap.parse_args()
    errors = [int(e) for e in a.errors.split(",") if e]
    t0 = time.perf_counter()
    names = ["as solved", "table moves of a finished solve", "the value guessed exactly",
             *(f"the value guessed within +-{e}" for e in errors)]
    nodes: dict[str, list[int]] = {n: [] for n in names}
    rng = np.random.default_rng([a.seed, 1 << 20])
    for k in range(a.deals):
        deal = benchmark_deal(a.seed, k)
        row = kernel_row(deal.start_state(), K.JOB_POINTS)
        s = Solver()
        v, n = exact(s, row)
        nodes["as solved"].append(n)
        w, n = with_moves_of_last_solve(s, row)
        nodes["table moves of a finished solve"].append(n)
        results = [w]
        w, n = from_guess(Solver(), row, v)
        nodes["the value guessed exactly"].append(n)
        results.append(w)
        for e in errors:
            w, n = from_guess(Solver(), row, v + int(rng.integers(-e, e + 1)))
            nodes[f"the value guessed within +-{e}"].append(n)
            results.append(w)
        if any(x != v for x in results):
            raise SystemExit(f"deal {k}: the value {v} came out as {results}")
    print(f"Offiziersskat, exact value from the start, {a.deals} deals (seed {a.seed}); "
          f"{time.perf_counter() - t0:.0f} s in all")
    print_node_table(nodes)


if __name__ == "__main__":
    main()
