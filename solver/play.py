"""The trick rules on bitboards: trumps, legal moves, trick winner, card points.

The rules exist once, as small numba functions that the search kernel and the
Python layer (deal replay, players) both call.  They work on a *game layout*
of the cards, in which a higher bit is always the stronger card of its
effective suit:

* suit and Grand games use the public layout of :mod:`solver.cards` as it is;
* Null uses its own layout, a block of eight bits per suit ordered
  7 8 9 T J Q K A (jacks belong to their printed suit, the ten ranks below
  the jack).

:class:`GameRules` holds the per-game tables (trump set, effective suit of
each card, card points) in that layout and the permutation to and from it.

>>> from solver.cards import parse_card_list, CARD_NAMES
>>> r = rules_for(4)                       # Grand
>>> tr = [r.to_game[c] for c in parse_card_list("SA DJ S7")]
>>> trick_winner(tr[0], tr[1], tr[2], r.trump, r.eff)    # the jack trumps
1
>>> hand = r.set_to_game(parse_card_list("SK CJ H7"))
>>> CARD_NAMES[r.from_game[lowest(legal_moves(hand, r.to_game[parse_card_list("SJ")[0]], r.eff))]]
'CJ'
"""

from __future__ import annotations

from functools import lru_cache

import numpy as np
from numba import njit

from .cards import CARD_POINTS, JACKS, PLAIN_RANKS, SUIT_BLOCK, highest, lowest  # noqa: F401
from .games import GRAND, NULL, SUIT_GAMES


@njit(cache=True, inline="always")
def legal_moves(hand: int, led: int, eff: np.ndarray) -> int:
    """The cards of ``hand`` that may be played to a trick led by card ``led``.

    ``led`` is -1 when the player leads.  A player must follow the led
    effective suit if able; otherwise any card is legal.
    """
    if led < 0:
        return hand
    f = hand & eff[led]
    return f if f else hand


@njit(cache=True, inline="always")
def trick_winner(c0: int, c1: int, c2: int, trump: int, eff: np.ndarray) -> int:
    """Which card of a complete trick wins: 0 (the lead), 1 or 2.

    The highest trump wins; without trumps the highest card of the led suit.
    """
    s = (1 << c0) | (1 << c1) | (1 << c2)
    t = s & trump
    w = highest(t) if t else highest(s & eff[c0])
    if w == c0:
        return 0
    if w == c1:
        return 1
    return 2


@njit(cache=True, inline="always")
def set_points(cards: int, points: np.ndarray) -> int:
    """Card points of a set of cards (in the game layout)."""
    total = 0
    while cards:
        low = cards & -cards
        total += points[lowest(low)]
        cards ^= low
    return total


class GameRules:
    """Per-game tables in the game layout (see module docs)."""

    def __init__(self, game: int):
        self.game = game
        to_game = np.arange(32, dtype=np.int64)
        if game == NULL:
            null_order = "789TJQKA"
            for c in range(32):
                if c >= 28:
                    s, r = c - 28, "J"
                else:
                    s, r = c // 7, PLAIN_RANKS[c % 7]
                to_game[c] = s * 8 + null_order.index(r)
        self.to_game = to_game
        self.from_game = np.argsort(to_game).astype(np.int64)
        eff = np.zeros(32, dtype=np.int64)
        if game == NULL:
            trump = 0
            for g in range(32):
                eff[g] = 0xFF << (8 * (g // 8))
        else:
            trump = JACKS | (SUIT_BLOCK[game] if game in SUIT_GAMES else 0)
            for g in range(32):
                eff[g] = trump if (trump >> g) & 1 else SUIT_BLOCK[g // 7]
        self.trump = int(trump)
        self.eff = eff
        points = np.zeros(32, dtype=np.int64)
        for c in range(32):
            points[to_game[c]] = CARD_POINTS[c]
        self.points = points

    def set_to_game(self, cards) -> int:
        """A public card set (int) or card list to the game layout."""
        if isinstance(cards, (int, np.integer)):
            cards = [c for c in range(32) if (int(cards) >> c) & 1]
        s = 0
        for c in cards:
            s |= 1 << int(self.to_game[c])
        return s

    def set_from_game(self, x: int) -> int:
        s = 0
        for g in range(32):
            if (x >> g) & 1:
                s |= 1 << int(self.from_game[g])
        return s


def display_order(cards, game: int) -> list[int]:
    """Cards as a player sorts them for a game: trumps first, then C S H D, each high to low.

    >>> from solver.cards import parse_card_list, CARD_NAMES
    >>> [CARD_NAMES[c] for c in display_order(parse_card_list("H7 SJ HA CA DJ"), 1)]
    ['SJ', 'DJ', 'HA', 'H7', 'CA']
    """
    r = rules_for(game)
    cs = [c for c in range(32) if (cards >> c) & 1] if isinstance(cards, int) else list(cards)

    def key(c: int):
        g = int(r.to_game[c])
        if (r.trump >> g) & 1:
            return (0, -g)
        suit = c - 28 if c >= 28 else c // 7
        return (4 - suit, -g)
    return sorted(cs, key=key)


@lru_cache(maxsize=None)
def rules_for(game: int) -> GameRules:
    """The (cached) :class:`GameRules` of a game."""
    if not 0 <= game <= GRAND + 1:
        raise ValueError(f"unknown game {game}")
    return GameRules(game)
