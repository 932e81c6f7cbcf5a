"""The analysis board's speed: a position's values (:func:`solver.analysis.position_values`).

    python benchmarks/bench_position.py [--positions 100] [--seed 2026] [--samples 32]

Middle-game positions (before card 10 to 21, the trick and the turn as they come) of deals
dealt from ``default_rng([seed, k])`` and played by the ``rules`` player; at each, timed
apart after a warm-up: the double-dummy values of every legal card (what the board shows at
once), the best line too, and the values by what the mover knew on ``--samples`` worlds (the
board's default, the same worlds for every card).  Prints the median, 90th percentile and
worst of each, in one process (the board asks one position at a time).
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from solver.analysis import POSITION_SAMPLES, position_values  # noqa: E402
from solver.players.arena import make_player  # noqa: E402
from solver.players.table import TableOptions, play_deal, shuffle  # noqa: E402


def positions(n: int, seed: int) -> list:
    """``n`` middle-game positions (deal, cards played before) of rules-played deals."""
    out: list = []
    k = 0
    rng = np.random.default_rng(seed)
    while len(out) < n:
        players = [make_player("rules", seed + 1000 * k + i, scoring="simple") for i in range(3)]
        r = play_deal(players, shuffle(np.random.default_rng([seed, k])), TableOptions())
        k += 1
        if r.passed or r.is_ramsch or len(r.deal.played) < 21:
            continue
        out.append((r.deal, int(rng.integers(9, 21))))
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--positions", type=int, default=100)
    ap.add_argument("--seed", type=int, default=2026)
    ap.add_argument("--samples", type=int, default=POSITION_SAMPLES)
    a = ap.parse_args()
    t0 = time.perf_counter()
    todo = positions(a.positions, a.seed)
    deal, at = todo[0]
    position_values(deal, at, samples=4)                                # (compiled, warm)
    dd, line, info = [], [], []
    for deal, at in todo:
        t = time.perf_counter()
        position_values(deal, at, samples=0, line=False)
        dd.append(time.perf_counter() - t)
        t = time.perf_counter()
        position_values(deal, at, samples=0, line=True)
        line.append(time.perf_counter() - t)
        t = time.perf_counter()
        position_values(deal, at, samples=a.samples, line=False)
        info.append(time.perf_counter() - t)
    print(f"{len(todo)} middle-game positions (before card 10 to 21) of rules-played deals, seed {a.seed}; "
          f"one process; ran {time.perf_counter() - t0:.0f} s")
    print(f"{'what':44} {'median ms':>10} {'90% ms':>8} {'worst ms':>9}")
    for name, xs in (("double-dummy, every legal card", dd), ("... and the best line", line),
                     (f"by what the mover knew, {a.samples} worlds", info)):
        ms = np.array(xs) * 1000
        print(f"{name:44} {np.median(ms):10.1f} {np.percentile(ms, 90):8.1f} {ms.max():9.1f}")


if __name__ == "__main__":
    main()
