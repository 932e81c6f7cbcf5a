"""How many of the Offiziersskat search's nodes better move ordering could save: a refutation oracle.

    python benchmarks/bench_refutation_oracle.py [--deals 102] [--seed 1]

The deals of ``bench_offiziers.py`` (deal k of seed S: ``default_rng([S, k])``'s permutation of
the 32 cards, the game cycling through the four suits, Grand and Ramsch), F's exact points from
the first card, each solve in an empty table.  Each deal is solved, then:

* **recorded**: solved again as the product solves it (the same nodes: the script checks),
  recording at every cut node of its zero-window probes the move that cut off there, under the
  exact position (both hands, the leader, the card led) and the probe's window;
* **replayed**: solved again, each recorded move tried first wherever the same position meets
  the same window (a move that refutes at that window: the best a move order could have done
  there), in the parts of the search each row names.

The recording and the replay are not in the product: this script copies the checkout's
``solver`` package to a scratch directory, applies ``benchmarks/patches/refutation_oracle.patch``
to its kernel (a few lines around the move loop; the patched kernel compiles into its own cache)
and runs there.  If the kernel has changed so that the patch no longer applies, it says so.

The weaker oracle of ``bench_node_limits.py`` (the table's best leads of a finished solve, one
per trick start, whatever the window) saves almost nothing; this one, which knows what refutes at
each window, shows how far the order is from the best
(``benchmarks/results/session_refutation_oracle.txt``).
"""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
PATCH = ROOT / "benchmarks" / "patches" / "refutation_oracle.patch"
ALL_PROBES = (1 << 62) - 1

#: (name, the search's levels (1: trick starts, 2: replies), from how many cards in play, which
#: probes of the bisection (bit k: the k-th))
SETTINGS = (
    ("everywhere", 3, 0, ALL_PROBES),
    ("at trick starts only", 1, 0, ALL_PROBES),
    ("at replies only", 2, 0, ALL_PROBES),
    ("first five tricks (24+ cards) only", 3, 24, ALL_PROBES),
    ("first two tricks (30+ cards) only", 3, 30, ALL_PROBES),
    ("in the first probe only", 3, 0, 1 << 1),
    ("in the later probes only", 3, 0, ALL_PROBES & ~(1 << 1)),
)


def patched_tree(into: Path) -> Path:
    """The checkout's solver package with the oracle patch applied, under ``into``."""
    shutil.copytree(ROOT / "solver", into / "solver", ignore=shutil.ignore_patterns("__pycache__"))
    r = subprocess.run(["git", "apply", str(PATCH)], cwd=into, capture_output=True, text=True)
    if r.returncode != 0:
        raise SystemExit(f"{PATCH.name} no longer applies to solver/search/kernel.py "
                         f"(the kernel changed; bring the patch up to date):\n{r.stderr}")
    return into


def solve(s, row: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """One solve in an empty table under the first stamp, so that every solve of a deal starts
    alike (the stamp is part of the table key, and so of where entries collide)."""
    s.tt[:] = 0
    s.stamp = 1
    return s.run(row.copy())


def measure(deals: int, seed: int) -> None:
    """(Runs in the patched tree, which ``SKAT_SOLVER_TREE`` names to ``bench_offiziers``.)"""
    sys.path.append(str(ROOT))                      # (benchmarks.*, after the patched solver)
    from benchmarks.bench_offiziers import benchmark_deal
    from solver.search import layout as K
    from solver.search.api import Solver, compile_kernel
    from solver.search.offiziers import kernel_row

    s = Solver()
    table_entries = 1 << 21                         # the product's 64 MB table ...
    oracle_entries = 1 << 22                        # ... and the oracle's, three fields an entry
    work = K.new_work(256)
    assert len(work) >= K.TT_BASE + 4 * table_entries + 3 * oracle_entries
    work[K.T_TTMASK] = table_entries - 1
    s.work, s.tt = work, K.table_of(work)[:4 * table_entries]
    orc = K.T_MS + K.MS_KILLERS * K.MS_COLS + 64
    base = K.TT_BASE + 4 * table_entries
    oracle = work[base:base + 3 * oracle_entries]
    work[orc + 1], work[orc + 2] = base, oracle_entries - 1
    compile_kernel()
    names = ["as solved", *(n for n, *_ in SETTINGS)]
    nodes: dict[str, list[int]] = {n: [] for n in names}
    t0 = time.perf_counter()
    for k in range(deals):
        deal = benchmark_deal(seed, k)
        row = kernel_row(deal.start_state(), K.JOB_POINTS)[None, :]
        work[orc] = 0
        v, n = solve(s, row)
        nodes["as solved"].append(int(n[0]))
        oracle[:] = 0
        work[orc] = 1
        w, n = solve(s, row)
        if (w[0], n[0]) != (v[0], nodes["as solved"][-1]):
            raise SystemExit(f"deal {k}: recording changed the search: {w[0]} in {n[0]} nodes, "
                             f"not {v[0]} in {nodes['as solved'][-1]}")
        for name, levels, cards, probes in SETTINGS:
            work[orc], work[orc + 3], work[orc + 4], work[orc + 5] = 2, levels, cards, probes
            w, n = solve(s, row)
            if w[0] != v[0]:
                raise SystemExit(f"deal {k}: {name}: the value {v[0]} came out as {w[0]}")
            nodes[name].append(int(n[0]))
    work[orc] = 0
    print(f"Offiziersskat, exact value from the start, {deals} deals (seed {seed}); the best move tried "
          f"first where it is known; {time.perf_counter() - t0:.0f} s after compiling")
    print_node_table(nodes)


def print_node_table(nodes: dict[str, list[int]]) -> None:
    """Each row's nodes per deal summed, their ratio to the first row's, the median and the worst
    deal (also ``bench_node_limits.py``'s table)."""
    width = max(len(name) for name in nodes) + 2
    base = sum(next(iter(nodes.values())))
    print(f"{'':{width}} {'nodes':>12} {'ratio':>6} {'median':>10} {'worst':>10}")
    for name, per_deal in nodes.items():
        x = np.array(per_deal)
        print(f"{name:{width}} {x.sum():12,d} {x.sum() / base:6.3f} {int(np.median(x)):10,d} {x.max():10,d}")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--deals", type=int, default=102)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--patched", help=argparse.SUPPRESS)     # (the run inside the patched tree)
    a = ap.parse_args()
    if a.patched:
        sys.path.insert(0, a.patched)
        measure(a.deals, a.seed)
        return
    with tempfile.TemporaryDirectory(prefix="refutation-oracle-") as tmp:
        tree = patched_tree(Path(tmp))
        env = dict(os.environ, NUMBA_CACHE_DIR=str(tree / "numba-cache"), PYTHONPATH=str(tree),
                   SKAT_SOLVER_TREE=str(tree))
        cmd = [sys.executable, __file__, "--deals", str(a.deals), "--seed", str(a.seed), "--patched", str(tree)]
        sys.exit(subprocess.run(cmd, env=env).returncode)


if __name__ == "__main__":
    main()
