"""Solver benchmark: prints a table per contract type.

    python benchmarks/bench_solver.py [--deals N] [--ablation N] [--no-compile] [--workers 2]

Measures, on ``bench_deals.jsonl`` (tests/reference, or the copy in data/):
the exact value (suit/Grand), the 61-point query, the Null outcome (median,
mean, p95, max, nodes per second), the effect of switching each kernel
technique off (on the first ``--ablation`` deals of each type), the cold
compile time and the cached start (fresh processes), batch throughput on 1
and 2 worker processes, and peak memory.  Times are wall-clock on one core
after a warm-up solve, so numba compilation is never inside a figure.
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
# SKAT_SOLVER_TREE: measure another checkout's solver with this script (before/after comparisons)
sys.path.insert(0, os.environ.get("SKAT_SOLVER_TREE", str(ROOT)))

try:                                                   # the kernel's switches without compiling it
    from solver.search import layout as K  # noqa: E402
except ImportError:                                    # an older checkout (SKAT_SOLVER_TREE)
    from solver.search import kernel as K  # type: ignore[no-redef]  # noqa: E402
from solver.search.api import Solver, position, solve_many  # noqa: E402


def bench_file() -> Path:
    for p in (ROOT / "tests" / "reference" / "bench_deals.jsonl", ROOT / "data" / "bench_deals.jsonl"):
        if p.exists():
            return p
    raise SystemExit("bench_deals.jsonl not found (expected tests/reference or data/)")


def load(n: int | None = None) -> dict[str, list[dict]]:
    groups: dict[str, list[dict]] = {"suit": [], "grand": [], "null": []}
    for line in bench_file().read_text().splitlines():
        r = json.loads(line)
        kind = "null" if r["game"] == "null" else "grand" if r["game"] == "grand" else "suit"
        groups[kind].append(r)
    if n:
        groups = {k: v[:n] for k, v in groups.items()}
    return groups


def strip(r: dict) -> dict:
    return {k: v for k, v in r.items() if not k.startswith("dd_") and k != "oracle_micros"}


def stats(ts: list[float]) -> dict[str, float]:
    a = np.array(ts) * 1000
    return {"median": float(np.median(a)), "mean": float(a.mean()), "p95": float(np.percentile(a, 95)),
            "max": float(a.max())}


def time_job(solver: Solver, recs: list[dict], job: str) -> tuple[list[float], int]:
    """Per-deal times of one job, checked against the reference values."""
    ts, nodes = [], 0
    for r in recs:
        p = position(strip(r))
        t = time.perf_counter()
        if job == "exact":
            v = solver.points_many([p])[0]
            ok = v == r["dd_points"]
        elif job == "61":
            v = solver.reach_many([p], [61])[0]
            ok = v == (r["dd_points"] >= 61)
        else:
            v = solver.null_many([p])[0]
            ok = v == r["dd_declarer_wins"]
        ts.append(time.perf_counter() - t)
        nodes += solver.last_nodes
        if not ok:
            raise SystemExit(f"{r['id']}: {job} gave {v}, reference {r.get('dd_points', r['dd_declarer_wins'])}")
    return ts, nodes


TECHNIQUES = [("transposition table", "OPT_TT"), ("payoff-similar hits", "OPT_SIMILAR"),
              ("equivalent cards", "OPT_EQUIV"), ("move ordering", "OPT_ORDER"),
              ("sure-trick bounds", "OPT_QUICK"), ("all bounds", "OPT_BOUNDS OPT_QUICK")]


def technique_bits(names: str) -> int:
    """The kernel's option bits by name (0 for a technique an older kernel lacks)."""
    return sum(getattr(K, n, 0) for n in names.split())


def startup_times() -> tuple[float, float]:
    """(cold compile, cached start) of a fresh process solving one deal."""
    code = ("import time,json;t=time.perf_counter();from solver.search.api import solve;"
            f"r=json.loads(open({str(bench_file())!r}).readline());"
            "r={k:v for k,v in r.items() if not k.startswith('dd_')};solve(r);"
            "print(time.perf_counter()-t)")
    with tempfile.TemporaryDirectory() as cache:
        env = dict(os.environ, NUMBA_CACHE_DIR=cache, PYTHONPATH=os.environ.get("SKAT_SOLVER_TREE", str(ROOT)))
        cold = float(subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True,
                                    check=True).stdout.split()[-1])
        warm = float(subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True,
                                    check=True).stdout.split()[-1])
    return cold, warm


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--deals", type=int, default=None, help="deals per contract type (default: all 100)")
    ap.add_argument("--ablation", type=int, default=10, help="deals per type for the technique table (0: skip)")
    ap.add_argument("--no-compile", action="store_true", help="skip the cold/cached start measurement")
    ap.add_argument("--workers", type=int, default=2, help="processes for the batch throughput line")
    args = ap.parse_args()
    groups = load(args.deals)
    solver = Solver()
    solver.points_many([position(strip(groups["suit"][0]))])          # warm-up: compile or load
    rows = []
    for kind, recs in groups.items():
        jobs = ["null"] if kind == "null" else ["exact", "61"]
        for job in jobs:
            ts, nodes = time_job(solver, recs, job)
            st = stats(ts)
            rows.append((kind, job, len(recs), st, nodes / max(sum(ts), 1e-9), nodes))
    print(f"\nskat-solver benchmark on {bench_file().name}, one core, after warm-up\n")
    print(f"{'contract':8} {'query':6} {'deals':>5} {'median ms':>10} {'mean ms':>9} {'p95 ms':>8} "
          f"{'max ms':>8} {'knodes/s':>9} {'nodes':>11}")
    for kind, job, n, st, nps, nodes in rows:
        print(f"{kind:8} {job:6} {n:5d} {st['median']:10.2f} {st['mean']:9.2f} {st['p95']:8.2f} "
              f"{st['max']:8.1f} {nps / 1000:9.0f} {nodes:11d}")
    if args.ablation:
        print(f"\ntechnique switched off (exact value / Null outcome, median ms on {args.ablation} deals a type)")
        print(f"{'technique':22} {'suit':>9} {'grand':>9} {'null':>9}")
        for name, bits in [("(none: all on)", "")] + TECHNIQUES:
            s = Solver(opts=K.OPT_ALL & ~technique_bits(bits))
            cells = []
            for kind in ("suit", "grand", "null"):
                recs = groups[kind][:args.ablation]
                ts, _ = time_job(s, recs, "null" if kind == "null" else "exact")
                cells.append(f"{np.median(ts) * 1000:9.2f}")
            print(f"{name:22} " + " ".join(cells))
    recs = [strip(r) for kind in ("suit", "grand") for r in groups[kind][:40]]
    t = time.perf_counter()
    solve_many(recs, workers=1)
    one = time.perf_counter() - t
    t = time.perf_counter()
    solve_many(recs, workers=args.workers)
    many = time.perf_counter() - t
    print(f"\nbatch of {len(recs)} suit/Grand deals: 1 process {len(recs) / one:.1f} deals/s, "
          f"{args.workers} processes {len(recs) / many:.1f} deals/s ({one / many:.2f}x)")
    if not args.no_compile:
        cold, warm = startup_times()
        print(f"first solve in a fresh process: cold compile {cold:.1f} s, cached start {warm:.2f} s")
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    print(f"peak memory of this process: {peak:.0f} MB (transposition table 64 MB)")


if __name__ == "__main__":
    main()
