"""How often the look-ahead past strategy fusion changes the declarer's card, and what it costs.

    python benchmarks/bench_fusion.py --deals 40 --seed 9201 --workers 2 --out benchmarks/results/fusion_lookahead.txt

Plays seeded deals as the arena does (``benchmarks/bench_best.py``: ``best-fusion`` against
``best-2026-12`` in the six mixed seatings) and records every look-ahead of a ``best-fusion``
declarer (:class:`solver.players.best.FusionRecord`): whether it plays another card than PIMC
would (with a 95% Wilson interval), per trick; its seconds; and the information sets it reached
(how many worlds each holds: a set of one world leaves nothing to guess).  The strength in the
arena is ``bench_best.py --player best-fusion --baseline best-2026-12``.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections import Counter
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "benchmarks"))

from bench_best import dealt_of, mixed_games  # noqa: E402
from solver.games import Game  # noqa: E402
from solver.pool import map_processes  # noqa: E402
from solver.stats import wilson  # noqa: E402

PLAYER, BASELINE = "best-fusion", "best-2026-12"


def _deal(args: tuple[int, int]) -> list[dict]:
    seed, k = args
    dealt, bid_seed = dealt_of(seed, k)
    log: list = []

    def seated(kind: str, player) -> None:
        if kind == PLAYER:
            player.fusion_log = log
    for _ in mixed_games(PLAYER, BASELINE, dealt, bid_seed, seated=seated):
        pass
    return [{"deal": k, "cards": r.cards_played, "game": r.game, "worlds": r.worlds,
             "changed": r.card != r.pimc_card, "seconds": r.seconds, "sets": r.set_sizes} for r in log]


def report(rows: list[dict], deals: int, seed: int, wall: float) -> str:
    n = len(rows)
    changed = sum(r["changed"] for r in rows)
    lo, hi = wilson(changed, n) if n else (0.0, 0.0)
    out = [f"{PLAYER} against {BASELINE}: {deals} deals of seed {seed} in the six mixed seatings, {wall:.0f} s",
           f"look-ahead decisions of a {PLAYER} declarer: {n}",
           f"  another card than PIMC's: {changed} ({changed / max(n, 1):.4f}, 95% {lo:.4f} ... {hi:.4f})"]
    for t in range(4):
        at = [r for r in rows if r["cards"] // 3 == t]
        if at:
            k = sum(r["changed"] for r in at)
            worlds = np.mean([r["worlds"] for r in at])
            out.append(f"    trick {t + 1}: {len(at)} decisions, {k} changed, worlds {worlds:.1f}")
    games = Counter(Game(r["game"]).name.lower() for r in rows)
    out.append("  by game: " + ", ".join(f"{g} {c}" for g, c in sorted(games.items())))
    sec = np.array([r["seconds"] for r in rows]) if rows else np.zeros(1)
    out.append(f"seconds a look-ahead: median {np.median(sec):.3f}, mean {sec.mean():.3f}, "
               f"95th pct {np.percentile(sec, 95):.3f}, max {sec.max():.3f}")
    sizes = np.array([s for r in rows for s in r["sets"]], dtype=int)
    if sizes.size:
        hist = np.bincount(sizes)
        out.append(f"information sets reached: {sizes.size}, worlds a set mean {sizes.mean():.2f}; "
                   f"of one world {hist[1] / sizes.size:.3f}, two {hist[2] / sizes.size if len(hist) > 2 else 0:.3f}, "
                   f"three or more {(sizes >= 3).mean():.3f}")
    return "\n".join(out) + "\n"


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--deals", type=int, default=40)
    ap.add_argument("--seed", type=int, default=9201)
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--out", type=Path, help="write the report here too")
    args = ap.parse_args()
    start = time.time()
    rows = [r for part in map_processes(_deal, [(args.seed, k) for k in range(args.deals)], args.workers)
            for r in part]
    text = (f"python benchmarks/bench_fusion.py --deals {args.deals} --seed {args.seed} --workers {args.workers}\n"
            + report(rows, args.deals, args.seed, time.time() - start))
    print(text, end="")
    if args.out:
        args.out.write_text(text)


if __name__ == "__main__":
    main()
