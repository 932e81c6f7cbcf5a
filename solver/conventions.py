"""The defenders' conventions: cards a defender chooses so that his partner can read his hand.

Where the search leaves a defender a free choice, expert defenders choose the card that tells
their partner something, and read their partner's cards the same way.  Two conventions, each
one rule for the card a defender plays and the same rule read back (:func:`breaks`):

``discard`` (suit and Grand games)
    A defender who cannot follow and does not trump throws a blank card -- a 7, 8 or 9 -- of a
    plain suit in which he holds neither the ace nor the ten: a discard shows a suit he cannot
    win, and keeps his strong suit guarded.  His partner then leads elsewhere.
``null lead`` (Null)
    A defender who leads against Null leads from his shortest suit: a short suit is soon gone,
    and the next time the suit is led he may throw whatever card his partner needs him to keep
    away from the declarer's tricks.

:func:`conventional` is the set of legal cards a rule allows (empty: the rule has nothing to
say); :func:`breaks` says whether a card a defender played broke a rule that allowed some of
his cards (his partner's inference reads such a card as unlikely from that hand).

>>> from solver.cards import parse_card, parse_cards, format_cards
>>> from solver.games import Declaration, GRAND, NULL
>>> hand = parse_cards("HA HT H7 S8 S9 D7")          # clubs led in a Grand: he cannot follow
>>> format_cards(conventional(hand, hand, [parse_card("CA")], Declaration(GRAND)))
'S9 S8 D7'
>>> hand = parse_cards("HA H7 SK S9 S8 D7")          # he leads against a Null
>>> format_cards(conventional(hand, hand, [], Declaration(NULL)))
'D7'
"""

from __future__ import annotations

from .cards import CARD_POINTS, SUIT_BLOCK, SUIT_MASK, SUITS, iter_cards, popcount
from .games import Declaration
from .play import rules_for, trump_set

#: The cards without card points (7, 8, 9), and per plain suit its ace and ten.
BLANKS = sum(1 << c for c in range(32) if CARD_POINTS[c] == 0)
TOPS = [sum(1 << c for c in iter_cards(SUIT_BLOCK[s]) if CARD_POINTS[c] >= 10) for s in SUITS]


def _discards(hand: int, legal: int, led: int, game: int) -> int:
    """Blank cards of plain suits without ace and ten, when the defender cannot follow ``led``."""
    rules = rules_for(game)
    if legal & rules.suit_of_led(led):
        return 0                                   # he follows: nothing to show
    trumps = trump_set(game)
    out = 0
    for s in SUITS:
        block = SUIT_BLOCK[s] & ~trumps
        if not block or hand & block & TOPS[s]:
            continue
        out |= legal & block & BLANKS
    return out


def _null_leads(hand: int) -> int:
    """The cards of his shortest suits (jacks in their printed suits) that he holds."""
    lengths = {s: popcount(hand & SUIT_MASK[s]) for s in SUITS if hand & SUIT_MASK[s]}
    if not lengths:
        return 0
    short = min(lengths.values())
    out = 0
    for s, n in lengths.items():
        if n == short:
            out |= hand & SUIT_MASK[s]
    return out


def conventional(hand: int, legal: int, trick: list[int], declaration: Declaration) -> int:
    """The legal cards a defender holding ``hand`` may play by the conventions, to the trick
    in progress ``trick`` (its cards so far; empty: he leads); 0 where no convention applies
    or none of his cards fits it."""
    if declaration.is_ramsch:
        return 0
    if declaration.is_null:
        return legal & _null_leads(hand) if not trick else 0
    if not trick:
        return 0
    return _discards(hand, legal, trick[0], declaration.game)


def breaks(card: int, hand: int, legal: int, trick: list[int], declaration: Declaration) -> bool:
    """Did a defender holding ``hand`` break a convention by playing ``card`` (a convention
    allowed some of his legal cards, and not this one)?"""
    allowed = conventional(hand, legal, trick, declaration)
    return bool(allowed) and not (allowed >> card) & 1
