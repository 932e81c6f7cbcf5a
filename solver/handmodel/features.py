"""The hand-value model's view of ten cards: one feature vector per declaration.

A declaration is seen in its own frame, so that what the model learns of one suit serves the
others: for a suit game the jacks, then the trump suit, then the three side suits longest first;
for Grand the jacks and the four suits longest first; for Null the four suits in Null order
(7 8 9 T J Q K A, the jack in its suit) longest first.  Each frame is 32 card bits, a few counts
(trumps, aces, tens, card points, voids, matadors; Null: :func:`~solver.heuristics.null_danger`),
the game's base value (which sets what a suit game is worth: Diamonds 9 ... Clubs 12; a Null's
fixed value) and the seat and Hand flags.

>>> from solver.cards import parse_cards
>>> x = features(parse_cards("CJ SJ HA HT HK H9 SA S7 D8 D7"), 0, "hearts_hand")
>>> x.shape == (N_FEATURES,), float(x[FEATURE_NAMES.index("trumps")] * 11), float(x[FEATURE_NAMES.index("hand")])
(True, 6.0, 1.0)
>>> family("null_ouvert_hand"), family("clubs"), family("grand_hand")
('null', 'suit', 'grand')
"""

from __future__ import annotations

import numpy as np

from ..cards import card_points, popcount
from ..games import BASE_VALUES, GAME_NAMES, NULL_VALUES
from ..heuristics import null_danger
from ..scoring import matadors

#: The declarations the model values, by the column prefix of ``skat bulk labels``: the bid
#: advice's whole menu (:func:`~solver.advice.hands.base_declarations`), pick-up then Hand.
DECLARATIONS = tuple(f"{g}{h}" for h in ("", "_hand")
                     for g in ("diamonds", "hearts", "spades", "clubs", "grand", "null", "null_ouvert"))

#: The model families: one network each, every declaration of a family seen in its frame.
FAMILIES = ("suit", "grand", "null")

#: The names of a feature vector's entries.
FEATURE_NAMES = tuple([f"bit{i}" for i in range(32)]
                      + ["base", "trumps", "aces", "tens", "points", "voids", "matadors", "danger",
                         "forehand", "middlehand", "rearhand", "hand", "ouvert"])
N_FEATURES = len(FEATURE_NAMES)

_SUIT_MASK = 0x7F
# Null order within a suit (7 8 9 T J Q K A) from the bit order (7 8 9 Q K T A, the jack apart)
_NULL_BITS = (0, 1, 2, 5, 7, 3, 4, 6)


def family(key: str) -> str:
    """The family of a declaration key (``spades_hand`` -> ``suit``)."""
    game = key.removesuffix("_hand")
    return "null" if game.startswith("null") else "grand" if game == "grand" else "suit"


def _suit(cards: int, s: int) -> int:
    return (cards >> (7 * s)) & _SUIT_MASK


def _null_suit(cards: int, s: int) -> int:
    bits = _suit(cards, s) | (((cards >> (28 + s)) & 1) << 7)
    return sum(((bits >> b) & 1) << i for i, b in enumerate(_NULL_BITS))


def _longest_first(patterns: list[int]) -> list[int]:
    return sorted(patterns, key=lambda p: (popcount(p), p), reverse=True)


def _bits(patterns: list[int], width: int) -> list[float]:
    return [float((p >> i) & 1) for p in patterns for i in range(width)]


def features(cards: int, seat: int, key: str) -> np.ndarray:
    """The feature vector of ten cards at ``seat`` (0 Forehand, 1 Middlehand, 2 Rearhand) for
    the declaration ``key`` (a :data:`DECLARATIONS` entry)."""
    game = key.removesuffix("_hand")
    fam = family(key)
    jacks = cards >> 28
    aces = sum((cards >> (7 * s + 6)) & 1 for s in range(4))
    tens = sum((cards >> (7 * s + 5)) & 1 for s in range(4))
    voids = sum(_suit(cards, s) == 0 for s in range(4))
    trumps, mats, danger = 0.0, 0.0, 0.0
    hand = key.endswith("_hand")
    if fam == "null":
        base = NULL_VALUES[(hand, game == "null_ouvert")] / 59
    else:
        base = BASE_VALUES[GAME_NAMES.index(game)] / 24
    if fam == "suit":
        t = GAME_NAMES.index(game)
        side = _longest_first([_suit(cards, s) for s in range(4) if s != t])
        bits = _bits([jacks], 4) + _bits([_suit(cards, t)] + side, 7)
        trumps = popcount(jacks) + popcount(_suit(cards, t))
        mats = matadors(cards, t)
    elif fam == "grand":
        bits = _bits([jacks], 4) + _bits(_longest_first([_suit(cards, s) for s in range(4)]), 7)
        trumps = popcount(jacks)
        mats = matadors(cards, GAME_NAMES.index("grand"))
    else:
        bits = _bits(_longest_first([_null_suit(cards, s) for s in range(4)]), 8)
        danger = null_danger(cards)
    seat_bits = [float(seat == p) for p in range(3)]
    return np.array(bits + [base, trumps / 11, aces / 4, tens / 4, card_points(cards) / 120, voids / 4, mats / 11,
                            danger / 20] + seat_bits
                    + [float(hand), float(game == "null_ouvert")])


def feature_matrix(hands: list[tuple[int, int]], key: str) -> np.ndarray:
    """:func:`features` of many ``(cards, seat)`` for one declaration: one row each."""
    if not hands:
        return np.zeros((0, N_FEATURES))
    return np.stack([features(c, s, key) for c, s in hands])
