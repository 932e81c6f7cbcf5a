"""Fixed rules of thumb that see only the player's own cards: the discard after a pick-up,
the club point count (Stegen) and how catchable a Null hand is.

They sample nothing and solve nothing; the Monte Carlo evaluator
(:mod:`solver.evaluate`) and the players call them.
"""

from __future__ import annotations

from functools import lru_cache
from itertools import combinations

from .cards import CARD_NAMES, CARD_POINTS, JACKS, SUIT_BLOCK, SUIT_MASK, iter_cards, popcount
from .games import GAMES, GRAND, NULL
from .play import NULL_ORDER, trump_set


def _suit_danger(cards: int) -> int:
    """:func:`null_danger` of one suit's cards (the definition; :func:`null_danger` looks it up)."""
    danger = 0
    ranks = sorted(NULL_ORDER.index(CARD_NAMES[c][1]) for c in iter_cards(cards))
    for k, r in enumerate(ranks):
        danger += max(0, r - 2 * k)
    return danger


def _suit_pattern(cards: int, s: int) -> int:
    """Suit ``s``'s cards of a set as eight bits: its seven cards, then its jack."""
    return ((cards >> (7 * s)) & 0x7F) | (((cards >> (28 + s)) & 1) << 7)


#: :func:`_suit_danger` of every set of one suit's cards, per suit, by :func:`_suit_pattern`
_DANGER = [[_suit_danger(sum(1 << c for c in iter_cards(SUIT_MASK[s]) if (_suit_pattern(1 << c, s) & m)))
            for m in range(256)] for s in range(4)]


def null_danger(cards: int) -> int:
    """How catchable a Null hand is: per suit, the k-th lowest card should rank at most 2k.

    >>> from solver.cards import parse_cards
    >>> null_danger(parse_cards("C7 C8 C9 S7 S8 H7 D7")), null_danger(parse_cards("CA"))
    (0, 7)
    """
    return (_DANGER[0][_suit_pattern(cards, 0)] + _DANGER[1][_suit_pattern(cards, 1)]
            + _DANGER[2][_suit_pattern(cards, 2)] + _DANGER[3][_suit_pattern(cards, 3)])


def ranked_discards(twelve: int, game: int) -> list[int]:
    """Every two-card discard from twelve cards, best first, by a heuristic that
    sees only those cards.

    Suit/Grand: bank points (an unguarded ten above all), make voids, keep
    trumps, aces and ace-ten.  Null: leave the hand least catchable.
    """
    return list(_ranked_discards(twelve, game))


@lru_cache(maxsize=1 << 14)
def _ranked_discards(twelve: int, game: int) -> tuple[int, ...]:
    """:func:`ranked_discards`, kept: a race asks it per world and game, and the skats repeat."""
    cards = list(iter_cards(twelve))
    scored: list[tuple[float, int, int]] = []
    if game == NULL:
        for a, b in combinations(cards, 2):
            d = (1 << a) | (1 << b)
            scored.append((-null_danger(twelve & ~d), a + b, d))
    else:
        trump = trump_set(game)
        for a, b in combinations(cards, 2):
            d = (1 << a) | (1 << b)
            scored.append((_discard_score(twelve, d, game, trump), a + b, d))
    scored.sort(reverse=True)
    return tuple(d for _, _, d in scored)


def _discard_score(twelve: int, d: int, game: int, trump: int) -> float:
    rest = twelve & ~d
    score = 0.0
    for c in iter_cards(d):
        if (trump >> c) & 1:
            score -= 30                                 # only when nothing else is left
            continue
        s, r = c // 7, c % 7                            # r: 0..6 = 7 8 9 Q K T A
        has_a = (rest >> (s * 7 + 6)) & 1
        has_t = (rest >> (s * 7 + 5)) & 1
        if r == 6:
            score -= 12                                 # an ace takes its own trick
        elif r == 5:
            score += -4 if has_a else 10                # keep A-T; bank an unguarded ten
        elif r == 4:
            score += -2 if (has_a and has_t) else 4
        else:
            score += CARD_POINTS[c]
    for s in range(4):
        blk = SUIT_BLOCK[s] & ~trump
        if not blk or not (twelve & blk):
            continue
        left = rest & blk
        if not left:
            score += 12 if game != GRAND else 8         # a void
        elif popcount(left) == 1 and (left >> (s * 7 + 5)) & 1:
            score -= 6                                  # a bare ten will be caught
    return score


def choose_discard(twelve: int, game: int) -> int:
    """The two cards to put away after a pick-up (the best of :func:`ranked_discards`).

    >>> from solver.cards import parse_cards, format_cards
    >>> # Hearts: the bare DT banks ten points and leaves two voids, the obvious discard
    >>> format_cards(choose_discard(parse_cards("CJ SJ HJ HA HT HK H9 H8 SA ST DT C7"), 1))
    'C7 DT'
    """
    return ranked_discards(twelve, game)[0]


# ------------------------------------------------------------------ point count

def stegen(cards: int, game: int) -> float:
    """The club point count (Stegen): suit game 1 per trump, 1 per jack, 1 per ace or ten,
    jack bonuses, 0.5 per void; Grand 1 per jack and per ace or ten."""
    aces_tens = sum(1 for s in range(4) for r in (5, 6) if (cards >> (s * 7 + r)) & 1)
    jacks = popcount(cards & JACKS)
    if game == GRAND:
        return jacks + aces_tens
    trumps = popcount(cards & (JACKS | SUIT_BLOCK[game]))
    j = [(cards >> (28 + s)) & 1 for s in range(4)]
    bonus = 2.0 if all(j) else 1.5 if (j[3] and j[2] and j[1]) else 0.5 if (j[2] and j[1] and j[0]) or \
        (j[3] and j[2]) else 0.0
    voids = sum(1 for s in range(4) if s != game and not cards & SUIT_BLOCK[s])
    return trumps + jacks + aces_tens + bonus + 0.5 * voids


def best_stegen_game(cards: int) -> int:
    """The suit game or Grand with the best count relative to its threshold (10 / 6)."""
    return max(list(GAMES[:4]) + [GRAND], key=lambda g: stegen(cards, g) - (6 if g == GRAND else 10))


# ------------------------------------------------------------------ Ramsch (house rule)

def ramsch_danger(cards: int) -> int:
    """How many tricks a Ramsch hand is likely to be forced to take: two for a jack (the only
    trumps), one for an ace, one for a ten without its ace.

    >>> from solver.cards import parse_cards
    >>> ramsch_danger(parse_cards("CJ SA ST H7 H8")), ramsch_danger(parse_cards("D7 D8 S9"))
    (3, 0)
    """
    danger = 2 * popcount(cards & JACKS)
    for s in range(4):
        block = cards & SUIT_BLOCK[s]
        names = [CARD_NAMES[c][1] for c in iter_cards(block)]
        danger += ("A" in names) + ("T" in names and "A" not in names)
    return danger


def ramsch_pickup(hand: int) -> bool:
    """Schieberamsch: pick up the skat (and put two cards back), or pass it on unseen?  A safe
    hand passes it on (doubling what a weaker hand will lose); any other picks up, to put back
    its two most dangerous cards."""
    return ramsch_danger(hand) > 1


def ramsch_discard(twelve: int) -> int:
    """The two cards a Schieberamsch player puts back: never a jack; the ones most likely to
    win tricks and the most points (aces, then tens, high cards of short suits first).

    >>> from solver.cards import parse_cards, format_cards
    >>> format_cards(ramsch_discard(parse_cards("CJ SJ CA CT C7 S7 S8 S9 H7 H8 D7 D8")))
    'CA CT'
    """
    def danger(c: int) -> tuple[int, int]:
        s = next(k for k in range(4) if (SUIT_BLOCK[k] >> c) & 1)
        return CARD_POINTS[c], -popcount(twelve & SUIT_BLOCK[s])
    plain = [c for c in iter_cards(twelve) if not (JACKS >> c) & 1]
    if len(plain) < 2:
        raise ValueError("twelve cards with fewer than two non-jacks cannot put two back")
    top = sorted(plain, key=danger, reverse=True)[:2]
    return (1 << top[0]) | (1 << top[1])
