"""The players' registries: the computer players by name, and each variant's table parts by the
variant's name -- how it plays a deal at the table, makes a computer player, and shows a seat
what it may see.

A variant (:mod:`solver.variants`) holds its rules and its state only; the table, the arena
and the players find the rest here.  Each player module registers its variant's parts when it is
imported (classic Skat: :mod:`solver.players.table` and :mod:`solver.players.arena`;
Offiziersskat: :mod:`solver.players.offiziers`), and importing :mod:`solver.players` imports
them all, so the dependencies point one way: players -> variants -> rules.

>>> from solver.players import registry
>>> sorted(registry.DEAL_PLAYERS), sorted(registry.PLAYER_MAKERS), sorted(registry.VIEWS)
(['offiziersskat', 'skat'], ['offiziersskat', 'skat'], ['offiziersskat', 'skat'])
>>> registry.part(registry.VIEWS, "doppelkopf", "view")
Traceback (most recent call last):
...
ValueError: no view for the variant 'doppelkopf' (known: offiziersskat, skat)
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from .base import PimcPlayer, RandomPlayer, RulePlayer
from .best import BestPlayer

#: The players by name: ``best`` the strongest, ``pimc`` plain PIMC (the baseline), ``rules`` a
#: rule-of-thumb player, ``random`` legal cards at random.
PLAYERS = {"best": BestPlayer, "pimc": PimcPlayer, "rules": RulePlayer, "random": RandomPlayer}

#: ``best`` with parts switched off (its ablations; game variants are :mod:`solver.variants`), for
#: the ablation benchmark: its bidding alone (plain PIMC's card play), with the inference, with the
#: stakes search and exact endgame; and ``best`` whose Null defence draws only its usual worlds.
BEST_ABLATIONS: dict[str, dict] = {"best-bidding": {"inference": (), "search": False},
                                   "best-inference": {"search": False},
                                   "best-search": {"inference": ()},
                                   "best-plain-null": {"null_defence": 1}}

#: variant name -> ``play(players, dealt, options, on_event, bock)``: one deal at the table
DEAL_PLAYERS: dict[str, Callable[..., Any]] = {}
#: variant name -> ``make(name, seed, strength, bid_seed, scoring)``: a computer player
PLAYER_MAKERS: dict[str, Callable[..., Any]] = {}
#: variant name -> ``view(deal, state, seat)``: what the seat sees, nothing hidden
VIEWS: dict[str, Callable[..., Any]] = {}


def part(registry: dict[str, Callable[..., Any]], variant: str, what: str) -> Callable[..., Any]:
    """The registered ``what`` of ``variant``; an unknown variant is a ValueError naming the known."""
    try:
        return registry[variant]
    except KeyError:
        raise ValueError(f"no {what} for the variant {variant!r} (known: {', '.join(sorted(registry))})") from None
