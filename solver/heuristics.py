"""Fixed rules of thumb that see only the player's own cards: the discard after a pick-up,
the club point count (Stegen) and how catchable a Null hand is.

They sample nothing and solve nothing; the Monte Carlo evaluator
(:mod:`solver.advice`) and the players call them.
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
        scored = _scored_discards(twelve, game)
    scored.sort(reverse=True)
    return tuple(d for _, _, d in scored)


def _scored_discards(twelve: int, game: int) -> list[tuple[float, int, int]]:
    """Every two-card discard ``d`` of a suit game or Grand as (its :func:`_discard_score`, the
    sum of its two card numbers, ``d``), the score worked out
    by parts (the same numbers, a third of the work: a bulk ``bid`` row ranks some seventy
    twelve-card sets).  The score is a sum of a term per discarded card and a term per suit; a
    card's term depends on its own suit alone, so for two cards of different suits (or a trump)
    it is the same as if each were discarded alone, and only a pair of one suit is scored as a
    pair."""
    trump = trump_set(game)
    suit_of = [-1] * 32
    base = 0.0                                      # the suits' terms with nothing discarded
    for s in range(4):
        blk = SUIT_BLOCK[s] & ~trump
        if blk and twelve & blk:
            base += _suit_term(twelve & blk, s, game)
            for c in iter_cards(twelve & blk):
                suit_of[c] = s
    cards = list(iter_cards(twelve))
    alone = {}                                      # a card's part of the score, discarded alone
    for c in cards:
        s = suit_of[c]
        if s < 0:
            alone[c] = -30.0
        else:
            rest = twelve & ~(1 << c)
            blk = SUIT_BLOCK[s] & ~trump
            alone[c] = (_card_term(c, rest) + _suit_term(rest & blk, s, game)
                        - _suit_term(twelve & blk, s, game))
    out = []
    for a, b in combinations(cards, 2):
        d = (1 << a) | (1 << b)
        s = suit_of[a]
        if s < 0 or s != suit_of[b]:
            out.append((base + alone[a] + alone[b], a + b, d))
        else:
            rest = twelve & ~d
            blk = SUIT_BLOCK[s] & ~trump
            out.append((base + _card_term(a, rest) + _card_term(b, rest) + _suit_term(rest & blk, s, game)
                        - _suit_term(twelve & blk, s, game), a + b, d))
    return out


def _card_term(c: int, rest: int) -> float:
    """A discarded side card's part of :func:`_discard_score` (``rest``: the cards kept)."""
    s, r = c // 7, c % 7                            # r: 0..6 = 7 8 9 Q K T A
    if r == 6:
        return -12.0                                # an ace takes its own trick
    has_a = (rest >> (s * 7 + 6)) & 1
    if r == 5:
        return -4.0 if has_a else 10.0              # keep A-T; bank an unguarded ten
    if r == 4:
        return -2.0 if (has_a and (rest >> (s * 7 + 5)) & 1) else 4.0
    return float(CARD_POINTS[c])


def _suit_term(left: int, s: int, game: int) -> float:
    """A side suit's part of :func:`_discard_score`: its cards ``left`` after the discard."""
    if not left:
        return 12.0 if game != GRAND else 8.0       # a void
    if left == 1 << (s * 7 + 5):
        return -6.0                                 # a bare ten will be caught
    return 0.0


def _discard_score(twelve: int, d: int, game: int, trump: int) -> float:
    """How good discarding ``d`` from ``twelve`` is (the definition; :func:`_scored_discards` works
    out every discard's at once)."""
    rest = twelve & ~d
    score = 0.0
    for c in iter_cards(d):
        if (trump >> c) & 1:
            score -= 30                                 # only when nothing else is left
            continue
        score += _card_term(c, rest)
    for s in range(4):
        blk = SUIT_BLOCK[s] & ~trump
        if not blk or not (twelve & blk):
            continue
        score += _suit_term(rest & blk, s, game)
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
