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

from ..advice.pickup import NULL_SHARE
from .base import PimcPlayer, RandomPlayer, RulePlayer
from .best import PICKUP_GAP, BestPlayer

#: The players by name: ``best`` the strongest, ``pimc`` plain PIMC (the baseline), ``rules`` a
#: rule-of-thumb player, ``random`` legal cards at random.
PLAYERS = {"best": BestPlayer, "pimc": PimcPlayer, "rules": RulePlayer, "random": RandomPlayer}

#: ``best`` with parts switched off (its ablations; game variants are :mod:`solver.variants`), for
#: the ablation benchmark: its bidding alone (plain PIMC's card play), with the inference, with the
#: stakes search and exact endgame; ``best`` whose Null defence draws only its usual worlds; and
#: ``best`` whose bid pays only above what passing is worth (``defending``: tried, it lost); and
#: ``best`` that holds a bid down to an expected score 15 points below zero in a suit, Grand or
#: Null Ouvert game (``bid_margin``; plain Null keeps zero: on the tuning deals of seed 5001 the
#: Nulls a margin for every game added were won 16 times in 41), and 25 points below zero in a
#: suit game with the pick-up alone (``best-bold-pickup``: where the arena's play-outs of seed 17001
#: scored 25 points above what the bid advice expected, ``benchmarks/results/arena_calibration_17001.txt``),
#: and that chooses between a Hand game and the pick-up with those 25 points credited to a suit
#: pick-up (``best-pickup-credit``: +0.24 a game against ``best`` without it on 2,000 fresh deals,
#: what ``best`` did on 2026-12-07 until the pick-up's option took its place); ``best`` whose inference reads
#: the others' cards by the learned model of play instead of the hand-built rules
#: (``best-policy``), and by both (``best-play-policy``); ``best`` whose declarer looks past strategy
#: fusion in the first four tricks (``best-fusion``, :mod:`solver.players.fusion`) and in tricks 2 to 4
#: (``best-fusion-late``); ``best`` whose
#: defenders play by conventions and read their partner's cards by them (``best-conventions``,
#: :mod:`solver.conventions`); and every technique of issue #66 at once but ``defending`` (which lost;
#: it pulls against ``bid_margin``): ``best-together`` (-0.11 a game on 400 fresh deals of seed 12001,
#: ``benchmarks/results/best_together_12001.txt``); ``best`` that chooses its declaration after the
#: pick-up on 32 worlds (``best-declare-worlds``: what ``best`` does since 2026-12-07); ``best`` with
#: the bid and declare worlds it had at a table before then (``best-bid-worlds``: 32 and 16, where the
#: arena gives 12 and 6), and with twice them (``best-bid-64``: against ``best`` on a table's 32 bid worlds,
#: +0.50 a game, 95% -0.27 ... +1.28, on 1,000 fresh deals of seed 43001; not adopted); and, each
#: measured against ``best`` and not clearly a gain (2026-12-07): ``best`` that declares on 64 worlds
#: (``best-declare-64``), on worlds drawn by the others' calls in the auction
#: (``best-declare-auction``), weighing each game's four best discards after the pick-up, not two
#: (``best-discards-4``), and solving 16 more worlds a
#: move from the third trick on, drawn apart from its own 16 (``best-late-worlds``); the two
#: declaration tries together (``best-declare-both``); ``best`` that prices the pick-up as the game
#: chosen after the skat is seen when it bids and when it chooses Hand or the pick-up
#: (``best-pickup-option``, :class:`~solver.advice.pickup.PickupOption`: +1.47 a game against
#: ``best`` with the credit, 95% +0.65 ... +2.28, on 1,000 fresh deals of seed 32001, what ``best``
#: does since 2026-12-07; as first fitted, with shares for Null and Null Ouvert too, +0.80,
#: -0.00 ... +1.61, on seed 31001); ``best`` with the credit and not the option
#: (``best-pickup-credit``); and ``best`` that prices it with a share per bid band
#: (``best-option-bands``, :data:`~solver.advice.pickup.BANDED_SHARE`: -0.21 a game against ``best``,
#: 95% -0.81 ... +0.40, on 1,000 fresh deals of seed 36001; not adopted); and ``best`` that draws 16
#: more worlds for a move whose best card is not clearly ahead of the next (``best-close-worlds``:
#: -0.09 a game against ``best``, 95% -0.80 ... +0.61, on 1,000 fresh deals of seed 37001; off); and
#: ``best`` whose bid advice has 24 worlds in the arena, where every form has 12 unless it names its
#: own (``best-bid-24``: does the noise of the option's price on 12 worlds cost, now that ``best``
#: bids on it? At a table ``best`` has 32; against ``best`` on 1,000 fresh deals of seed 39001:
#: +1.39 a game, 95% +0.37 ... +2.41, ``best_bid_24_39001.txt``: the arena's 12 bid worlds understate
#: the ``best`` a table seats); and ``best`` whose option takes a share of the gap for a pick-up
#: whose best declaration is a Null (``best-null-option``, :data:`~solver.advice.pickup.NULL_SHARE`:
#: the advice prices those pick-ups below what ``best`` scores with them; +0.06 a game against
#: ``best``, 95% -0.13 ... +0.24, on 2,000 fresh deals of seed 42001: not adopted).
BEST_ABLATIONS: dict[str, dict] = {"best-bidding": {"inference": (), "search": False},
                                   "best-inference": {"search": False},
                                   "best-search": {"inference": ()},
                                   "best-plain-null": {"null_defence": 1},
                                   "best-defending": {"defending": True},
                                   "best-policy": {"inference": ("auction", "declarer", "policy")},
                                   "best-play-policy": {"inference": ("auction", "declarer", "play", "policy")},
                                   "best-fusion": {"fusion": 12, "fusion_from": 0},
                                   "best-fusion-late": {"fusion": 12, "fusion_from": 3},
                                   "best-conventions": {"conventions": True,
                                                        "inference": ("auction", "declarer", "play", "convention")},
                                   "best-bold": {"bid_margin": -15.0,
                                                 "margin_classes": ("suit", "grand", "null ouvert")},
                                   "best-bold-pickup": {"bid_margin": -25.0, "margin_classes": ("suit (pick-up)",)},
                                   "best-pickup-credit": {"pickup_credit": PICKUP_GAP, "pickup_option": False},
                                   "best-pickup-option": {"pickup_option": True},
                                   "best-option-bands": {"pickup_bands": True},
                                   "best-null-option": {"option_share": {"null": NULL_SHARE}},
                                   "best-together": {"inference": ("auction", "declarer", "play", "policy",
                                                                   "convention"),
                                                     "bid_margin": -15.0,
                                                     "margin_classes": ("suit", "grand", "null ouvert"),
                                                     "fusion": 12, "fusion_from": 0, "conventions": True},
                                   "best-declare-worlds": {"declare_samples": 32},
                                   "best-bid-worlds": {"bid_samples": 32, "declare_samples": 16},
                                   "best-bid-64": {"bid_samples": 64, "declare_samples": 32},
                                   "best-declare-64": {"declare_samples": 64},
                                   "best-declare-auction": {"declare_auction": True},
                                   "best-late-worlds": {"extra_samples": 16},
                                   "best-close-worlds": {"close_samples": 16},
                                   "best-bid-24": {"bid_samples": 24},
                                   "best-discards-4": {"declare_discards": 4},
                                   "best-declare-both": {"declare_auction": True, "declare_discards": 4}}

#: ``best`` frozen as it played on a date: every switch pinned to that day's value, and its bid
#: advice's play model a copy of that day's (``solver/data/frozen/``).  Every later change of
#: ``best`` is measured against it as a paired duplicate difference (``benchmarks/bench_best.py
#: --baseline best-2026-12``).  ``tests/golden/frozen_best.jsonl`` holds the calls and cards it made
#: on seeded deals when it was frozen (commit 28c7e7a's ``best``) and ``tests/test_frozen_best.py``
#: replays them: a change to ``best`` that moves them needs a switch, whose old value is pinned here.
FROZEN_BEST: dict[str, dict] = {
    "best-2026-12": {"inference": ("auction", "declarer", "play"), "search": True, "null_defence": 4,
                     "defending": False, "bid_margin": 0.0, "fusion": 0,
                     "conventions": False, "play_model": "frozen/best-2026-12.json",
                     "declare_samples": None, "declare_auction": False, "pickup_credit": 0.0,
                     "pickup_option": False, "pickup_bands": False, "close_samples": 0,
                     "option_share": None},
}

#: Every named form of ``best``: its ablations and its frozen baselines.
BEST_FORMS: dict[str, dict] = {**BEST_ABLATIONS, **FROZEN_BEST}

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
