"""Before/after comparison of the solver on a noisy machine: CPU time, best of N, per deal.

    python benchmarks/bench_compare.py [--tree PATH] [--deals 60] [--repeat 3]

Solves the exact value of the first ``--deals`` suit and Grand deals of
``bench_deals.jsonl`` ``--repeat`` times each (one core, after a warm-up) and
prints the median and the total of each deal's best CPU time.  ``--tree``
measures another checkout (for example ``git worktree add /tmp/before HEAD~3``):
run it for both trees in one sitting, alternating, and compare.  CPU time and
best-of-N keep out the time other processes on the machine take, which wall
clock medians (bench_solver.py) do not.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
import warnings
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[1]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--tree", default=str(ROOT), help="the checkout to measure (default: this one)")
    ap.add_argument("--deals", type=int, default=60)
    ap.add_argument("--repeat", type=int, default=3)
    args = ap.parse_args()
    sys.path.insert(0, args.tree)
    warnings.filterwarnings("ignore")
    from solver.search.api import Solver, position
    bench = ROOT / "tests" / "reference" / "bench_deals.jsonl"
    recs = [json.loads(line) for line in bench.read_text().splitlines()]
    recs = [{k: v for k, v in r.items() if not k.startswith("dd_") and k != "oracle_micros"}
            for r in recs if r["game"] != "null"][:args.deals]
    solver = Solver()
    solver.points_many([position(recs[0])])                       # warm-up: compile or load
    best = []
    for p in [position(r) for r in recs]:
        ts = []
        for _ in range(args.repeat):
            t = time.process_time()
            solver.points_many([p])
            ts.append(time.process_time() - t)
        best.append(min(ts))
    print(f"{args.tree}: {len(recs)} suit/Grand deals, exact value, CPU best of {args.repeat}: "
          f"median {np.median(best) * 1000:.2f} ms, total {sum(best) * 1000:.0f} ms")


if __name__ == "__main__":
    main()
