"""Offiziersskat playing strength: ``best`` against ``pimc`` over duplicate deals, in chunks.

    python benchmarks/bench_offiziers_arena.py --deals 500 [--chunk 100] [--seed 2026] [--workers 2]

Chunk j plays ``--chunk`` duplicate deals of seed ``--seed + j`` (each deal twice, each type
once as the declaring first player: ``skat arena --offiziersskat``) and appends every game to
``--out`` (JSONL, one deal record a game); a chunk already there is not played again, so an
interrupted run goes on where it stopped.  Prints the paired difference per game of a deal
(best - pimc, the deal's luck cancels) with its 95% interval over every deal in ``--out``, and
how long the chunks played took.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections import defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from solver.players.arena import run_arena  # noqa: E402
from solver.stats import mean_ci  # noqa: E402

TYPES = ("best", "pimc")


def deal_differences(records: list[dict]) -> dict[tuple[int, int], float]:
    """Per duplicate deal (seed, number): the mean over its games of best's score minus pimc's."""
    games: dict[tuple[int, int], list[float]] = defaultdict(list)
    for r in records:
        _, seed, k, _ = r["id"].rsplit("-", 3)
        by_type = {t: r["result"]["scores"][seat] for seat, t in r["players"].items()}
        games[int(seed), int(k)].append(by_type[TYPES[0]] - by_type[TYPES[1]])
    return {key: sum(v) / len(v) for key, v in games.items()}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--deals", type=int, default=500)
    ap.add_argument("--chunk", type=int, default=100)
    ap.add_argument("--seed", type=int, default=2026)
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--out", default=str(ROOT / "benchmarks" / "results" / "offiziers_best_vs_pimc_chunks.jsonl"))
    a = ap.parse_args()
    out = Path(a.out)
    records = [json.loads(x) for x in out.read_text().splitlines()] if out.exists() else []
    done = {int(r["id"].rsplit("-", 3)[1]) for r in records}
    spent = 0.0
    for j in range(-(-a.deals // a.chunk)):
        seed = a.seed + j
        if seed in done:
            continue
        chunk: list[dict] = []
        t = time.perf_counter()
        run_arena(list(TYPES), min(a.chunk, a.deals - j * a.chunk), seed=seed, on_game=chunk.append,
                  workers=a.workers, variant="offiziersskat")
        spent += time.perf_counter() - t
        with out.open("a") as f:                    # a whole chunk or nothing: a rerun plays it again
            f.write("".join(json.dumps(r) + "\n" for r in chunk))
        records += chunk
        d = list(deal_differences(records).values())
        m, lo, hi = mean_ci(d, digits=2)
        print(f"seed {seed}: {len(d)} deals so far, best - pimc {m:+.2f} a game (95% {lo:+.2f} ... {hi:+.2f}); "
              f"{spent / 60:.1f} min played in this run", flush=True)
    d = list(deal_differences(records).values())
    m, lo, hi = mean_ci(d, digits=2)
    print(json.dumps({"variant": "offiziersskat", "deals": len(d), "games": len(records),
                      "difference": {"of": "best - pimc", "per_game": m, "ci95": [lo, hi]},
                      "minutes_this_run": round(spent / 60, 1)}))


if __name__ == "__main__":
    main()
