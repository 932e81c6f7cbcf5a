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

from functools import cache

import numpy as np

from .cards import CARD_POINTS, JACKS, PLAIN_RANKS, RANK_LETTERS, SUIT_BLOCK, SUIT_MASK, SUIT_NAMES, highest, \
    lowest, suit_of  # noqa: F401
from .games import GRAND, NULL, RAMSCH, SUIT_GAMES
from .search.jit import njit

#: The ranks in Null order, low to high (the ten below the jack, jacks in their printed suit).
NULL_ORDER = RANK_LETTERS


def trump_set(game: int) -> int:
    """The trumps of a game as a public card set: the jacks and the trump suit; Grand the jacks;
    Null none.

    >>> from solver.cards import format_cards
    >>> format_cards(trump_set(4)), trump_set(5)
    ('CJ SJ HJ DJ', 0)
    """
    if game == NULL:
        return 0
    return JACKS | (SUIT_BLOCK[game] if game in SUIT_GAMES else 0)


def spitze_card(game: int) -> int:
    """The card of a Spitze (house rule): the lowest trump, the 7 of the trump suit; in Grand
    the jack of diamonds.

    >>> from solver.cards import CARD_NAMES
    >>> CARD_NAMES[spitze_card(1)], CARD_NAMES[spitze_card(4)]
    ('H7', 'DJ')
    """
    if game not in SUIT_GAMES and game != GRAND:
        raise ValueError("Spitze is announced in a suit or Grand game")
    t = trump_set(game)
    low = min((c for c in range(32) if (t >> c) & 1), key=lambda c: rules_for(game).to_game[c])
    return low


def effective_suit(card: int, game: int) -> int:
    """The cards a player must follow with when ``card`` is led (a public card set).

    >>> from solver.cards import format_cards, SJ, HA
    >>> format_cards(effective_suit(SJ, 1))        # hearts: the jack is a trump
    'CJ SJ HJ DJ HA HT HK HQ H9 H8 H7'
    >>> format_cards(effective_suit(SJ, 5))        # Null: the jack is a spade
    'SJ SA ST SK SQ S9 S8 S7'
    """
    t = trump_set(game)
    if (t >> card) & 1:
        return t
    if game == NULL:
        return SUIT_MASK[suit_of(card)]
    return SUIT_BLOCK[suit_of(card)]


def follow_name(led: int, game: int) -> str:
    """What a player must follow when ``led`` is led: 'trumps' or the suit's name."""
    if (trump_set(game) >> led) & 1:
        return "trumps"
    return SUIT_NAMES[suit_of(led)]


def legal_moves(hand: int, led: int, eff: np.ndarray) -> int:
    """The cards of ``hand`` that may be played to a trick led by card ``led``.

    ``led`` is -1 when the player leads.  A player must follow the led
    effective suit if able; otherwise any card is legal.
    """
    if led < 0:
        return hand
    f = hand & eff[led]
    return f if f else hand


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


# The same two rules compiled, for the search kernel: one source, called from the Python layer
# as plain Python and from compiled code as a compiled call (LLVM inlines it when it links the
# kernel; an IR-level inline re-ran numba's typing at each of the kernel's call sites).
legal_moves_nb = njit(cache=True)(legal_moves)
trick_winner_nb = njit(cache=True)(trick_winner)

class GameRules:
    """Per-game tables in the game layout (see module docs)."""

    def __init__(self, game: int):
        self.game = game
        to_game = np.arange(32, dtype=np.int64)
        if game == NULL:
            for c in range(32):
                if c >= 28:
                    s, r = c - 28, "J"
                else:
                    s, r = c // 7, PLAIN_RANKS[c % 7]
                to_game[c] = s * 8 + NULL_ORDER.index(r)
        self.to_game = to_game
        self.from_game = np.argsort(to_game).astype(np.int64)
        eff = np.zeros(32, dtype=np.int64)
        if game == NULL:
            trump = 0
            for g in range(32):
                eff[g] = 0xFF << (8 * (g // 8))
        else:
            trump = trump_set(game)
            for g in range(32):
                eff[g] = trump if (trump >> g) & 1 else SUIT_BLOCK[g // 7]
        self.trump = int(trump)
        self.eff = eff
        points = np.zeros(32, dtype=np.int64)
        for c in range(32):
            points[to_game[c]] = CARD_POINTS[c]
        self.points = points

        self._to = [int(x) for x in to_game]
        self._from = [int(x) for x in self.from_game]

    def set_to_game(self, cards) -> int:
        """A public card set (int) or card list to the game layout."""
        if isinstance(cards, (int, np.integer)):
            return _permute(int(cards), self._to)
        s = 0
        for c in cards:
            s |= 1 << self._to[c]
        return s

    def set_from_game(self, x: int) -> int:
        """A card set in the game layout back to the public layout."""
        return _permute(int(x), self._from)

    # -- the trick rules on public cards (through the one implementation above)
    def legal(self, hand: int, led: int | None) -> int:
        """The cards of ``hand`` (public set) that may be played to a trick led by ``led`` (None: a lead)."""
        if led is None:
            return hand
        return self.set_from_game(legal_moves(self.set_to_game(hand), self._to[led], self.eff))

    def winner(self, trick: list[int]) -> int:
        """Which card of a trick (one to three public cards, in order) wins so far: 0, 1 or 2."""
        g = [self._to[c] for c in trick]
        if len(g) == 1:
            return 0
        return trick_winner(g[0], g[1], g[-1], self.trump, self.eff)

    def follows(self, card: int, led: int) -> bool:
        """Does ``card`` belong to the effective suit of ``led``?"""
        return bool((int(self.eff[self._to[led]]) >> self._to[card]) & 1)

    def suit_of_led(self, led: int) -> int:
        """The effective suit of ``led`` as a public card set."""
        return effective_suit(led, self.game)

    def follow_name(self, led: int) -> str:
        return follow_name(led, self.game)


def _permute(x: int, to: list[int]) -> int:
    """Move every bit b of ``x`` to bit ``to[b]``."""
    s = 0
    while x:
        low = x & -x
        s |= 1 << to[low.bit_length() - 1]
        x ^= low
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


@cache
def rules_for(game: int) -> GameRules:
    """The (cached) :class:`GameRules` of a game."""
    if not 0 <= game <= RAMSCH:
        raise ValueError(f"unknown game {game}")
    return GameRules(game)
