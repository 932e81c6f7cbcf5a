"""Play on from here: the rest of a played deal played again from one of its positions, and the
result set beside the deal as it was played and beside the best line double-dummy.

>>> from solver.deal import load_deal
>>> from solver.players import RulePlayer
>>> hands = {"F": "CJ SJ HJ DJ CA CT SA ST HA HT".split(), "M": "C9 C8 C7 S9 S8 S7 H9 H8 H7 D7".split(),
...          "R": "CK CQ SK SQ HK HQ DA DT DK DQ".split()}
>>> deal = load_deal({"hands": hands, "skat": ["D9", "D8"], "game": "grand", "declarer": "F", "bid": 24,
...                   "played": ["CA", "C9", "CK"]})
>>> again = play_on(deal, 3, [RulePlayer()] * 3)
>>> len(again.played), again.played[:3] == deal.played
(30, True)
>>> compared = compare_play_on(deal, 3, again)
>>> compared["best_line"]["declarer_points"], compared["played_on"]["declarer_points"]
(120, 120)
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from typing import Any

from ..cards import CARD_NAMES
from ..deal import Deal, DealError, replay, score_deal
from ..players import Player
from ..players.table import play_out
from .position import position_values


def play_on(deal: Deal, at: int, players: list[Player],
            after_card: Callable[[Any, int, int, int, float], None] | None = None) -> Deal:
    """The deal played again from the position before card ``at + 1`` (``at`` cards in): the
    same hands, trick and turn, each seat's card from ``players`` (in seat order) to the end.
    The deal given is left as it was; ``after_card`` as :func:`~solver.players.table.play_out`'s."""
    if not 0 <= at <= len(deal.played):
        raise DealError(f"no position {at}: the deal has {len(deal.played)} cards played")
    if replay(deal, deal.played[:at]).over:
        raise DealError(f"the game is over after {at} cards: nothing to play on")
    again = dataclasses.replace(deal, played=list(deal.played[:at]))
    play_out(again, players, after_card=after_card)
    return again


def compare_play_on(deal: Deal, at: int, again: Deal) -> dict[str, Any]:
    """The deal as played, as played on from ``at`` cards in (``again``), and along the best
    line double-dummy from there (:func:`~.position.position_values`'s ``line``): each one's
    declarer card points and tricks and, when played out, won or lost and the score (a Null:
    whether the declarer took a trick)."""
    line = position_values(deal, at, samples=0).line
    best = dataclasses.replace(deal, played=list(deal.played[:at]) + line)
    return {"at": at, "played": _result(deal), "played_on": _result(again), "best_line": _result(best),
            "cards_played_on": [CARD_NAMES[c] for c in again.played[at:]],
            "cards_best_line": [CARD_NAMES[c] for c in line]}


def _result(deal: Deal) -> dict[str, Any]:
    st = replay(deal)
    out: dict[str, Any] = {"declarer_points": st.declarer_points, "declarer_tricks": st.declarer_tricks,
                           "finished": st.finished}
    if st.finished and not deal.is_study:
        res, _ = score_deal(deal)
        out.update(won=res.won, score=res.score, reason=res.reason)
    return out
