"""The arena: computer players against each other over duplicate deals.

Every deal is played once per seating rotation (three times), so each player
type holds every hand in every seat: luck of the cards cancels out.  Scores
are Seeger-Fabian tournament points (declarer: value + 50 if won, -2 x value -
50 if lost; each defender +40 when the declarer loses).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from collections.abc import Callable

import numpy as np

from ..stats import mean_ci
from ..games import SEATS
from ..house import HouseRules
from ..iss import format_line
from ..pool import map_processes
from . import PLAYERS, VARIANTS
from .best import BestPlayer
from .table import DealResult, TableOptions, play_deal, shuffle


@dataclass
class TypeStats:
    name: str
    points: list[int] = field(default_factory=list)     # SF points per game played
    declared: int = 0
    won: int = 0
    lost: int = 0

    def summary(self) -> dict:
        n = len(self.points)
        mean, low, high = mean_ci(self.points, digits=2) if n else (0.0, float("-inf"), float("inf"))
        return {"player": self.name, "games": n, "total": int(sum(self.points)), "points_per_game": mean,
                "ci95": [low, high], "declared": self.declared,
                "won": self.won, "lost": self.lost}


def make_player(name: str, seed: int, strength: dict | None = None, bid_seed: int | None = None,
                scoring: str = "seeger-fabian"):
    """A player by name (``PLAYERS``, or a ``best`` variant of ``VARIANTS``).  ``strength``:
    ``samples``/``bid_samples`` for ``pimc``; ``level`` (1-3) and ``samples`` for ``best``.
    ``bid_seed``: players of one deal given the same one evaluate a hand alike; ``scoring``:
    the table's, which ``best`` bids and plays for."""
    strength = dict(strength or {})
    if name == "best" or name in VARIANTS:
        return BestPlayer(strength=strength.get("level", 1), seed=seed, bid_seed=bid_seed,
                          samples=strength.get("samples"), bid_samples=strength.get("bid_samples", 32),
                          scoring=scoring, **VARIANTS.get(name, {}))
    if name not in PLAYERS:
        raise ValueError(f"unknown player {name!r} (expected {', '.join([*PLAYERS, *VARIANTS])})")
    cls = PLAYERS[name]
    if name == "pimc":
        strength.pop("level", None)
        return cls(seed=seed, bid_seed=bid_seed, **strength)
    if name == "random":
        return cls(seed=seed)
    return cls()


def _duplicate_deal(args) -> list[tuple[int, list[int], DealResult]]:
    """One deal in its three seating rotations: (rotation, seat of each player, result)."""
    types, seed, k, dealt, strength, house = args
    opts = TableOptions(scoring="seeger-fabian", house=house or HouseRules())
    out = []
    for rot in range(3):
        # fresh players, seeded by the deal and the player: a deal's games do not depend on the
        # deals before it, so any number of processes gives the same games
        players = [make_player(t, seed + 1000 * (k + 1) + i, strength, bid_seed=seed + 1000 * (k + 1))
                   for i, t in enumerate(types)]
        seat_of = [(i + rot) % 3 for i in range(3)]             # player i sits in seat seat_of[i]
        by_seat = [None, None, None]
        for i, s in enumerate(seat_of):
            by_seat[s] = players[i]
        out.append((rot, seat_of, play_deal(by_seat, dealt, opts)))
    return out


def run_arena(types: list[str], deals: int, seed: int = 0, strength: dict | None = None,
              on_game: Callable[[dict], None] | None = None,
              on_iss: Callable[[str], None] | None = None, workers: int = 1,
              house: HouseRules | None = None, target: int | None = None) -> dict:
    """Play ``deals`` duplicate deals (three rotations each) on ``workers`` processes; returns
    per-type statistics.  The same seed gives the same games whatever ``workers`` is.  A deal's
    three rotations are a round (each type deals once); ``target``: stop after the round in
    which a type's total reaches it (at most ``deals`` rounds).

    ``on_game`` gets every game as a deal record, ``on_iss`` as an ISS-style line, in deal order.
    """
    if len(types) != 3:
        raise ValueError("the arena needs three players, e.g. pimc,rules,rules")
    for t in types:
        make_player(t, 0, strength)                              # unknown names fail before any work
    rng = np.random.default_rng(seed)
    dealt = [shuffle(rng) for _ in range(deals)]
    stats = {t: TypeStats(t) for t in dict.fromkeys(types)}
    games = 0
    step = max(1, 2 * workers)
    played = 0
    for first in range(0, deals, step):
        if target is not None and any(sum(st.points) >= target for st in stats.values()):
            break
        jobs = [(types, seed, k, dealt[k], strength, house) for k in range(first, min(deals, first + step))]
        for (_, _, k, _, _, _), results in zip(jobs, map_processes(_duplicate_deal, jobs, workers)):
            if target is not None and any(sum(st.points) >= target for st in stats.values()):
                break                                             # (the rest of a batch is not counted)
            played += 1
            for rot, seat_of, r in results:
                games += 1
                for i, s in enumerate(seat_of):
                    st = stats[types[i]]
                    st.points.append(r.scores[s])
                    if not r.passed and r.deal.declarer == s:        # (a Ramsch has none)
                        st.declared += 1
                        st.won += bool(r.result["won"])
                        st.lost += not r.result["won"]
                gid = f"arena-{seed}-{k}-{rot}"
                if on_game:
                    rec = r.to_record()
                    rec["id"] = gid
                    rec["players"] = {SEATS[s]: types[i] for i, s in enumerate(seat_of)}
                    on_game(rec)
                if on_iss and not (r.deal is not None and r.deal.declaration.is_ramsch):  # ISS has no Ramsch
                    names = [""] * 3
                    for i, s in enumerate(seat_of):
                        names[s] = f"{types[i]}{i + 1}"
                    on_iss(format_line(r.dealt, r.auction, r.deal, gid, tuple(names)))
    return {"deals": played, "games": games, "seed": seed, "players": [s.summary() for s in stats.values()]}
