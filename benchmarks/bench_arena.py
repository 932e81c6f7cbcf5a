"""Playing strength: PIMC against the rule-based player over duplicate deals.

    python benchmarks/bench_arena.py --deals 300 --workers 2 [--samples 6]

Every deal is played three times (each player type in every seat); the report
gives Seeger-Fabian tournament points per game with a 95% interval for each
type, games declared/won/lost, and seconds per PIMC move.
"""

from __future__ import annotations

import argparse
import json
import math
import sys
import time
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from solver.players import base as player_base  # noqa: E402
from solver.stats import Z95  # noqa: E402
from solver.players.arena import run_arena  # noqa: E402
from solver.pool import map_processes  # noqa: E402


def _part(args) -> tuple[list[dict], float, int]:
    types, deals, seed, strength = args
    games: list[dict] = []
    spent: list = [0.0, 0]
    orig = player_base.PimcPlayer.play

    def timed(self, view):
        t = time.perf_counter()
        card = orig(self, view)
        spent[0] += time.perf_counter() - t
        spent[1] += 1
        return card
    player_base.PimcPlayer.play = timed  # type: ignore[method-assign]  # (timing each card)
    run_arena(types, deals, seed=seed, strength=strength, on_game=games.append)
    return games, spent[0], spent[1]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--players", default="pimc,rules,rules")
    ap.add_argument("--deals", type=int, default=300)
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--samples", type=int, default=6)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--out", help="write every game (JSONL)")
    args = ap.parse_args()
    types = args.players.split(",")
    strength = {"samples": args.samples, "bid_samples": max(8, 2 * args.samples)}
    per = [args.deals // args.workers + (1 if i < args.deals % args.workers else 0) for i in range(args.workers)]
    t0 = time.perf_counter()
    parts = map_processes(_part, [(types, n, args.seed * 1000 + i, strength) for i, n in enumerate(per)], args.workers)
    games = [g for p in parts for g in p[0]]
    move_s = sum(p[1] for p in parts) / max(1, sum(p[2] for p in parts))
    if args.out:
        Path(args.out).write_text("".join(json.dumps(g) + "\n" for g in games))
    pts: dict[str, list[int]] = {t: [] for t in dict.fromkeys(types)}
    decl: dict[str, list[int]] = {t: [0, 0, 0] for t in dict.fromkeys(types)}
    for g in games:
        for seat, t in g["players"].items():
            pts[t].append(g["result"]["scores"][seat] if not g.get("passed") else 0)
            if not g.get("passed") and g["declarer"] == seat:
                decl[t][0] += 1
                decl[t][1 if g["result"]["won"] else 2] += 1
    print(f"{args.deals} duplicate deals, {len(games)} games, PIMC {args.samples} samples a move, "
          f"{time.perf_counter() - t0:.0f} s on {args.workers} processes")
    print(f"{'player':8} {'games':>6} {'SF points/game':>15} {'95% interval':>18} {'declared':>9} "
          f"{'won':>5} {'lost':>5}")
    for t, v in pts.items():
        a = np.array(v, dtype=float)
        half = Z95 * a.std(ddof=1) / math.sqrt(a.size)
        print(f"{t:8} {a.size:6d} {a.mean():15.2f} {a.mean() - half:8.2f} … {a.mean() + half:7.2f} "
              f"{decl[t][0]:9d} {decl[t][1]:5d} {decl[t][2]:5d}")
    print(f"seconds per PIMC move: {move_s:.3f}")


if __name__ == "__main__":
    main()
