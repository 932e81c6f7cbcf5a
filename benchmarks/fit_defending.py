"""The table behind :data:`solver.advice.defending.DEFENCE_WINS`: how often a seat that did not
declare sees another seat declare and lose, by its jacks and aces together.

    python benchmarks/fit_defending.py [FILE ...]   (default: the arena runs of seeds 2026 and 3001)

Reads ``benchmarks/bench_best.py`` output (one duplicate deal a line: the cards dealt and every
game's declarer and result) and prints, per count, the share with its 95% interval, and per seat.
"""

from __future__ import annotations

import json
import math
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from solver.advice.defending import DEFENCE_WINS, high_cards  # noqa: E402
from solver.games import SEATS  # noqa: E402
from solver.stats import Z95  # noqa: E402

RESULTS = ROOT / "benchmarks" / "results"
FILES = [RESULTS / "best_vs_pimc.jsonl", RESULTS / "best_vs_pimc_54.jsonl"]


def seat_games(paths: list[Path]):
    """(high cards capped at 4, seat, another seat declared and lost) per seat-game without a
    declaration of its own."""
    for path in paths:
        for line in path.read_text().splitlines():
            row = json.loads(line)
            for g in row["games"]:
                for s in range(3):
                    if g.get("declarer") == s:
                        continue
                    yield min(high_cards(row["dealt"][s]), 4), s, "declarer" in g and not g["won"]


def main() -> None:
    paths = [Path(p) for p in sys.argv[1:]] or FILES
    rows = list(seat_games(paths))
    print(f"{len(rows)} seat-games without a declaration of their own, from {', '.join(p.name for p in paths)}")
    print("jacks+aces   share   95% interval     n    (shipped)   by seat F / M / R")
    for k in range(5):
        ys = [y for h, _, y in rows if h == k]
        p = sum(ys) / len(ys)
        half = Z95 * math.sqrt(p * (1 - p) / len(ys))
        by_seat = [[y for h, s, y in rows if h == k and s == q] for q in range(3)]
        seats = " / ".join(f"{sum(b) / max(1, len(b)):.3f}" for b in by_seat)
        print(f"{k if k < 4 else '4+':>10}   {p:.3f}   {p - half:.3f} … {p + half:.3f}  {len(ys):5d}    "
              f"({DEFENCE_WINS[k]:.3f})    {seats}  ({'/'.join(SEATS)})")


if __name__ == "__main__":
    main()
