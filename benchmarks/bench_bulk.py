"""Bulk throughput: ``dd`` on bench_deals.jsonl with 1 and 2 local workers and on a local Dask cluster.

    python benchmarks/bench_bulk.py [--deals 100]
"""

from __future__ import annotations

import argparse
import json
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from benchmarks.bench_solver import bench_file, strip  # noqa: E402
from solver.bulk.runner import run_bulk  # noqa: E402


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--deals", type=int, default=100)
    args = ap.parse_args()
    recs = [json.loads(x) for x in bench_file().read_text().splitlines()]
    recs = [r for r in recs if r["game"] != "null"][:args.deals]
    with tempfile.TemporaryDirectory() as d:
        src = Path(d) / "in.jsonl"
        src.write_text("".join(json.dumps(strip(r)) + "\n" for r in recs))
        run_bulk("dd", str(src), str(Path(d) / "warm.parquet"), workers=1, chunk_size=4)   # compile / load cache
        rates = {}
        for w in (1, 2):
            t = time.perf_counter()
            run_bulk("dd", str(src), str(Path(d) / f"w{w}.parquet"), workers=w, chunk_size=4)
            rates[f"local, {w} worker{'s' if w > 1 else ''}"] = len(recs) / (time.perf_counter() - t)
        from distributed import LocalCluster
        with LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None) as c:
            run_bulk("dd", str(src), str(Path(d) / "dwarm.parquet"), scheduler=c.scheduler_address, workers=2,
                     chunk_size=4)
            t = time.perf_counter()
            run_bulk("dd", str(src), str(Path(d) / "dask.parquet"), scheduler=c.scheduler_address, workers=2,
                     chunk_size=4)
            rates["Dask local cluster, 2 workers"] = len(recs) / (time.perf_counter() - t)
    print(f"dd on {len(recs)} suit/Grand deals of {bench_file().name}")
    for k, v in rates.items():
        print(f"  {k:32} {v:7.2f} rows/s")
    one = rates["local, 1 worker"]
    print(f"  scaling 2/1 workers: {rates['local, 2 workers'] / one:.2f}x; "
          f"Dask vs local (2 workers): {rates['Dask local cluster, 2 workers'] / rates['local, 2 workers']:.2f}x")


if __name__ == "__main__":
    main()
