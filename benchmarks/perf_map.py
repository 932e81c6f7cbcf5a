"""Where the search's time goes, by compiled function: a symbol map for Linux ``perf``.

    perf record -e cpu-clock -F 2000 -o /tmp/perf.data python benchmarks/perf_map.py [--deals 100]
    perf report -i /tmp/perf.data --no-children --sort sym

numba's compiled code has no symbols ``perf`` can read, so this script compiles the search
into an empty numba cache (a cached library keeps no module to name its functions from),
writes ``/tmp/perf-PID.map`` (the addresses and names of every function linked into the
search: what ``perf report`` reads for code it cannot otherwise name), and then solves the
exact values of the suit and Grand deals of ``bench_deals.jsonl``.  The compile shows in the
report as Python and LLVM frames; the kernel's own lines are the ``_ZN6solver6search...``
ones (the compiled helpers a caller inlines show as part of it).
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
os.environ["NUMBA_CACHE_DIR"] = tempfile.mkdtemp(prefix="skat-perf-")   # before numba is imported

from benchmarks.bench_solver import load, strip  # noqa: E402
from solver.search.api import Solver, position  # noqa: E402


def write_map(dispatcher) -> int:
    """``/tmp/perf-PID.map`` for the functions of ``dispatcher``'s compiled library; returns
    how many it names (each function runs to the next one's address)."""
    syms = []
    for cres in dispatcher.overloads.values():
        lib = cres.library
        for f in lib._final_module.functions:          # (numba keeps the linked module until it is cached)
            if not f.is_declaration:
                addr = lib.get_pointer_to_function(f.name)
                if addr:
                    syms.append((addr, f.name))
    syms.sort()
    with open(f"/tmp/perf-{os.getpid()}.map", "w") as fh:
        for i, (addr, name) in enumerate(syms):
            size = syms[i + 1][0] - addr if i + 1 < len(syms) else 4096
            fh.write(f"{addr:x} {size:x} {name}\n")
    return len(syms)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--deals", type=int, default=100, help="suit and Grand deals each")
    args = ap.parse_args()
    groups = load(args.deals)
    positions = [position(strip(r)) for kind in ("suit", "grand") for r in groups[kind]]
    solver = Solver()
    solver.points_many(positions[:1])                   # compiles the search
    from solver.search import kernel
    print(f"{write_map(kernel.solve_batch)} functions named in /tmp/perf-{os.getpid()}.map", file=sys.stderr)
    nodes = 0
    for p in positions:
        solver.points_many([p])
        nodes += solver.last_nodes
    print(f"{len(positions)} exact values, {nodes} nodes", file=sys.stderr)


if __name__ == "__main__":
    main()
