"""The arena: computer players against each other over duplicate deals.

Every deal is played once per seating rotation (three times), so each player
type holds every hand in every seat: luck of the cards cancels out.  Scores
are Seeger-Fabian tournament points (declarer: value + 50 if won, -2 x value -
50 if lost; each defender +40 when the declarer loses).
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Callable

import numpy as np

from ..games import SEATS
from ..iss import format_line
from . import PLAYERS
from .table import DealResult, TableOptions, play_deal, shuffle


@dataclass
class TypeStats:
    name: str
    points: list[int] = field(default_factory=list)     # SF points per game played
    declared: int = 0
    won: int = 0
    lost: int = 0

    def summary(self) -> dict:
        a = np.array(self.points, dtype=float)
        n = a.size
        mean = float(a.mean()) if n else 0.0
        half = 1.96 * float(a.std(ddof=1)) / math.sqrt(n) if n > 1 else float("inf")
        return {"player": self.name, "games": n, "points_per_game": round(mean, 2),
                "ci95": [round(mean - half, 2), round(mean + half, 2)], "declared": self.declared,
                "won": self.won, "lost": self.lost}


def make_player(name: str, seed: int, strength: dict | None = None):
    if name not in PLAYERS:
        raise ValueError(f"unknown player {name!r} (expected {', '.join(PLAYERS)})")
    cls = PLAYERS[name]
    if name == "pimc":
        return cls(seed=seed, **(strength or {}))
    if name == "random":
        return cls(seed=seed)
    return cls()


def run_arena(types: list[str], deals: int, seed: int = 0, strength: dict | None = None,
              on_game: Callable[[dict], None] | None = None,
              on_iss: Callable[[str], None] | None = None) -> dict:
    """Play ``deals`` duplicate deals (three rotations each); returns per-type statistics.

    ``on_game`` gets every game as a deal record, ``on_iss`` as an ISS-style line.
    """
    if len(types) != 3:
        raise ValueError("the arena needs three players, e.g. pimc,rules,rules")
    rng = np.random.default_rng(seed)
    opts = TableOptions(scoring="seeger-fabian")
    stats = {t: TypeStats(t) for t in dict.fromkeys(types)}
    players = [make_player(t, seed + i, strength) for i, t in enumerate(types)]
    games = 0
    for k in range(deals):
        dealt = shuffle(rng)
        for rot in range(3):
            seat_of = [(i + rot) % 3 for i in range(3)]             # player i sits in seat seat_of[i]
            by_seat = [None, None, None]
            for i, s in enumerate(seat_of):
                by_seat[s] = players[i]
            r: DealResult = play_deal(by_seat, dealt, opts)
            games += 1
            for i, s in enumerate(seat_of):
                st = stats[types[i]]
                st.points.append(r.scores[s])
                if not r.passed and r.deal.declarer == s:
                    st.declared += 1
                    st.won += bool(r.result["won"])
                    st.lost += not r.result["won"]
            gid = f"arena-{seed}-{k}-{rot}"
            if on_game:
                rec = r.to_record()
                rec["id"] = gid
                rec["players"] = {SEATS[s]: types[i] for i, s in enumerate(seat_of)}
                on_game(rec)
            if on_iss:
                names = [""] * 3
                for i, s in enumerate(seat_of):
                    names[s] = f"{types[i]}{i + 1}"
                on_iss(format_line(r.dealt, r.auction, r.deal, gid, tuple(names)))
    return {"deals": deals, "games": games, "seed": seed, "players": [s.summary() for s in stats.values()]}
