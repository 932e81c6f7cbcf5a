"""A player's accuracy in a game, from 0 to 100: how much of his side's winning chance his cards
kept, by what he knew.

Every card of the review by what its player knew (:func:`~.knew.info_review`) carries its
``drop``: the winning chance of his side that the card gave up against the best card, by the
worlds he could not tell apart (0 for a best card, 1 for a card that turned a sure win into a
sure loss).  The accuracy of a player in a game is

    accuracy = 100 x (1 - d1) x (1 - d2) x ... x (1 - dn)

over his judged cards, where a card the review calls ``best`` (within the review's noise of
the best card: :data:`~.knew.LIMITS`) counts as giving up nothing.  Read each drop as the
chance that this card threw the game away: the accuracy is the chance, in percent, that none
of his cards did.  So

- a game with no chance given up (every card best) is 100, and one card that gives up
  everything makes it 0;
- it falls with every card's drop (monotone), and a forced or best card changes nothing: a
  player is not rewarded for a long game of easy cards, nor diluted by them, as a mean over
  cards would be;
- small drops add up (1 - 0.02 - 0.03 ~ 0.95), large ones compound as chances do.

A Ramsch has no winner's chance: no accuracy.  Over many games a player's accuracy is the mean
of his games' (:func:`accuracy_over`, with its 95% interval).

>>> accuracy([0.0, 0.0, 0.0]), accuracy([0.1, 0.5]), accuracy([1.0, 0.0])
(100.0, 45.0, 0.0)
>>> accuracy([])
100.0
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from ..games import SEATS
from ..stats import mean_ci


def accuracy(drops: Iterable[float]) -> float:
    """The accuracy (0-100) of a player whose cards gave up these shares of his side's winning
    chance (each clipped to 0-1), rounded to 0.1."""
    kept = 1.0
    for d in drops:
        kept *= 1.0 - min(1.0, max(0.0, float(d)))
    return round(100.0 * kept, 1)


def judged_accuracy(judgements: Iterable[dict | None]) -> float | None:
    """The accuracy over one player's cards judged by what he knew (each a
    :func:`~.knew.judge_card` answer, a review card's ``info``; a ``best`` card gives up
    nothing, a card without a ``drop`` is not judged); None without a judged card.

    >>> judged_accuracy([{"drop": 0.02, "class": "best"}, {"drop": 0.5, "class": "blunder"}, None])
    50.0
    >>> judged_accuracy([{"forced": True, "drop": None}]) is None
    True
    """
    drops = [0.0 if j.get("class") == "best" else j["drop"] for j in judgements
             if j is not None and j.get("drop") is not None]
    return accuracy(drops) if drops else None


def seat_accuracy(cards: Iterable[Any], seats: str = SEATS) -> dict[str, float | None]:
    """Per seat: its accuracy over its cards judged by what it knew (a review's
    :class:`~.results.CardReview` with ``info``: :func:`judged_accuracy`); None for a seat with
    no judged card."""
    by_seat: dict[int, list[dict | None]] = {}
    for c in cards:
        by_seat.setdefault(c.seat, []).append(c.info)
    return {name: judged_accuracy(by_seat.get(s, [])) for s, name in enumerate(seats)}


def accuracy_over(games: Iterable[float | None]) -> dict[str, Any]:
    """A player's accuracy over many games: the mean of his games' (those with one), its 95%
    interval (clipped to 0-100) and the number of games.

    >>> accuracy_over([100.0, 90.0, None, 80.0])
    {'accuracy': 90.0, 'ci95': [78.7, 100.0], 'games': 3}
    """
    vals = [g for g in games if g is not None]
    if not vals:
        return {"accuracy": None, "ci95": None, "games": 0}
    if len(vals) == 1:
        return {"accuracy": round(vals[0], 1), "ci95": None, "games": 1}
    mean, low, high = mean_ci(vals, digits=1)
    return {"accuracy": mean, "ci95": [max(0.0, low), min(100.0, high)], "games": len(vals)}
