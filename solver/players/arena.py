"""The arena: computer players against each other over duplicate deals, in every variant.

Every deal is played once per seating (classic Skat: three rotations; Offiziersskat: each type
once as F and once as R), so each player type holds every hand in every seat: luck of the
cards cancels out.  Classic scores are Seeger-Fabian tournament points (declarer: value + 50
if won, -2 x value - 50 if lost; each defender +40 when the declarer loses); Offiziersskat's
are the winner's value (the loser scores 0).  With two player types the paired difference per
deal is reported too.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from collections.abc import Callable

import numpy as np

from ..stats import mean_ci
from ..house import HouseRules
from ..iss import format_line
from ..pool import map_processes
from .best import BestPlayer
from .registry import BEST_FORMS, PLAYER_MAKERS, PLAYERS
from ..variants import find_variant
from .table import DealResult, TableOptions, make_player, play_deal


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


def make_skat_player(name: str, seed: int, strength: dict | None = None, bid_seed: int | None = None,
                     scoring: str = "seeger-fabian"):
    """A classic Skat player by name (``PLAYERS``, or one of ``best``'s ``BEST_FORMS``: its
    ablations and frozen baselines).  ``strength``:
    ``samples``/``bid_samples`` for ``pimc``; ``level`` (1-3) and ``samples`` for ``best``.
    ``bid_seed``: players of one deal given the same one evaluate a hand alike; ``scoring``:
    the table's, which ``best`` bids and plays for."""
    strength = dict(strength or {})
    if name == "best" or name in BEST_FORMS:
        # a form that names its own worlds (a move's, the bid's, the declaration's) keeps them
        # whatever the strength says
        form = {"bid_samples": strength.get("bid_samples", 32), "samples": strength.get("samples"),
                **BEST_FORMS.get(name, {})}
        return BestPlayer(strength=strength.get("level", 1), seed=seed, bid_seed=bid_seed, scoring=scoring, **form)
    if name not in PLAYERS:
        raise ValueError(f"unknown player {name!r} (expected {', '.join([*PLAYERS, *BEST_FORMS])})")
    cls = PLAYERS[name]
    if name == "pimc":
        strength.pop("level", None)
        return cls(seed=seed, bid_seed=bid_seed, **strength)
    if name == "random":
        return cls(seed=seed)
    return cls()


def _duplicate_deal(args) -> list[tuple[int, list[int], DealResult]]:
    """One deal in each of its seatings: (seating, seat of each player type, result)."""
    variant, types, seed, k, dealt, strength, house = args
    v = find_variant(variant)
    opts = TableOptions(scoring="seeger-fabian", house=house or HouseRules())
    out = []
    for rot, seat_of in enumerate(v.seatings(len(types))):
        # fresh players, seeded by the deal and the player: a deal's games do not depend on the
        # deals before it, so any number of processes gives the same games
        players = [make_player(t, seed + 1000 * (k + 1) + i, strength, bid_seed=seed + 1000 * (k + 1),
                               variant=v.name) for i, t in enumerate(types)]
        by_seat: list = [None] * len(v.seats)
        for i, s in enumerate(seat_of):
            by_seat[s] = players[i]
        out.append((rot, seat_of, play_deal(by_seat, dealt, opts, variant=v.name)))
    return out


def run_arena(types: list[str], deals: int, *, seed: int = 0, strength: dict | None = None,
              on_game: Callable[[dict], None] | None = None,
              on_iss: Callable[[str], None] | None = None, workers: int = 1,
              house: HouseRules | None = None, target: int | None = None, variant: str = "skat") -> dict:
    """Play ``deals`` duplicate deals of ``variant`` (each in every seating) on ``workers``
    processes; returns per-type statistics, and with two player types the mean difference per
    game of a deal (paired: the deal's luck cancels) with its 95% interval.  The same seed gives
    the same games whatever ``workers`` is.  A deal's seatings are a round (each type deals
    once); ``target``: stop after the round in which a type's total reaches it (at most
    ``deals`` rounds).

    ``on_game`` gets every game as a deal record, ``on_iss`` (classic Skat) as an ISS-style
    line, in deal order.
    """
    v = find_variant(variant)
    if len(types) != len(v.seats):
        example = "pimc,rules,rules" if len(v.seats) == 3 else "best,pimc"
        raise ValueError(f"the {v.name} arena needs {len(v.seats)} players, e.g. {example}")
    for t in types:
        make_player(t, 0, strength, variant=v.name)              # unknown names fail before any work
    rng = np.random.default_rng(seed)
    dealt = [v.shuffle(rng) for _ in range(deals)]
    stats = {t: TypeStats(t) for t in dict.fromkeys(types)}
    pair = list(stats) if len(stats) == 2 else None
    diffs: list[float] = []
    games = 0
    step = max(1, 2 * workers)
    played = 0
    for first in range(0, deals, step):
        if target is not None and any(sum(st.points) >= target for st in stats.values()):
            break
        jobs = [(v.name, types, seed, k, dealt[k], strength, house) for k in range(first, min(deals, first + step))]
        for job, results in zip(jobs, map_processes(_duplicate_deal, jobs, workers)):
            k = job[3]
            if target is not None and any(sum(st.points) >= target for st in stats.values()):
                break                                             # (the rest of a batch is not counted)
            played += 1
            diff = 0.0
            for rot, seat_of, r in results:
                games += 1
                for i, s in enumerate(seat_of):
                    st = stats[types[i]]
                    st.points.append(r.scores[s])
                    if not r.passed and r.deal.declarer == s:        # (a classic Ramsch has none)
                        st.declared += 1
                        st.won += bool(r.result["won"])
                        st.lost += not r.result["won"]
                if pair:
                    mean = {t: float(np.mean([r.scores[s] for i, s in enumerate(seat_of) if types[i] == t]))
                            for t in pair}
                    diff += mean[pair[0]] - mean[pair[1]]
                gid = f"arena-{seed}-{k}-{rot}" if v.name == "skat" else f"{v.name}-{seed}-{k}-{rot}"
                if on_game:
                    rec = r.to_record()
                    rec["id"] = gid
                    rec["players"] = {v.seats[s]: types[i] for i, s in enumerate(seat_of)}
                    on_game(rec)
                if on_iss and v.name == "skat" and not r.is_ramsch:    # ISS has no Ramsch
                    names = [""] * 3
                    for i, s in enumerate(seat_of):
                        names[s] = f"{types[i]}{i + 1}"
                    on_iss(format_line(r.dealt, r.auction, r.deal, gid, (names[0], names[1], names[2])))
            diffs.append(diff / len(results))
    out = {"deals": played, "games": games, "seed": seed, "players": [s.summary() for s in stats.values()]}
    if v.name != "skat":
        out = {"variant": v.name, **out}
    if pair and diffs:
        m, low, high = mean_ci(diffs, digits=2)
        out["difference"] = {"of": f"{pair[0]} - {pair[1]}", "per_game": m, "ci95": [low, high]}
    return out


PLAYER_MAKERS["skat"] = make_skat_player           # the table finds classic Skat's players here
