"""The last two tricks, enumerated directly (no recursion, no table): :func:`last_tricks`,
with the last-trick bonus of Spitze and the Ramsch skat (:func:`last_bonus`); two players
(Offiziersskat): :func:`duel_last_tricks`.
"""

from __future__ import annotations

import numpy as np

from ..cards import lowest_nb as lowest
from ..cards import popcount_nb as popcount
from ..play import trick_winner_nb as trick_winner
from .jit import compiled
from .layout import (T_BONUS, T_DECL, T_DECL_MAX, T_H, T_HELPED, T_LAST, T_LASTMASK, T_TRUMP)
from .moves import pile_cards


@compiled("int64(int64, CPointer(int64))")
def last_bonus(cards: int, tab: np.ndarray) -> int:
    """The last-trick bonus when ``cards`` hold its cards (Spitze: the declarer's lowest trump;
    Ramsch: none needed), else 0: what winning a last trick of these cards adds, and, for the
    cards still in play, whether the bonus can still be had."""
    m = tab[T_LASTMASK]
    return tab[T_LAST] if tab[T_LAST] != 0 and (cards & m) == m else 0


@compiled("int64(int64, int64, int64, int64, CPointer(int64))")
def _trick_value(x: int, y: int, z: int, leader: int, tab: np.ndarray) -> int:
    """V of one complete trick led by ``leader`` with cards x, y, z; and who won, as value*4+winner."""
    w = (leader + trick_winner(x, y, z, tab[T_TRUMP], tab)) % 3
    v = tab[32 + x] + tab[32 + y] + tab[32 + z] + tab[T_BONUS] if w == tab[T_DECL] else 0
    return v * 4 + w


@compiled("int64(int64, int64, int64, int64, CPointer(int64))")
def _last_trick_value(x: int, y: int, z: int, leader: int, tab: np.ndarray) -> int:
    """:func:`_trick_value` of the last trick: with the last-trick bonus when the declarer wins it
    holding the bonus's cards (Spitze: he wins the last trick with his lowest trump; Ramsch: the
    skat's points go to the last trick's winner)."""
    tw = _trick_value(x, y, z, leader, tab)
    if (tw & 3) == tab[T_DECL]:
        tw += last_bonus((1 << x) | (1 << y) | (1 << z), tab) << 2
    return tw


@compiled("int64(int64, CPointer(int64))")
def last_tricks(leader: int, tab: np.ndarray) -> int:
    """Exact V of the last one or two tricks, by direct enumeration (no recursion, no table)."""
    decl = tab[T_DECL]
    dmax = tab[T_DECL_MAX] == 1
    helped = tab[T_HELPED] == 1
    a = tab[T_H + leader]
    p1 = (leader + 1) % 3
    p2 = (leader + 2) % 3
    b = tab[T_H + p1]
    c = tab[T_H + p2]
    if popcount(a) == 1:
        return _last_trick_value(lowest(a), lowest(b), lowest(c), leader, tab) >> 2
    max0 = helped or (leader == decl) == dmax
    max1 = helped or (p1 == decl) == dmax
    max2 = helped or (p2 == decl) == dmax
    best0 = -1 if max0 else 1 << 20
    xs = a
    while xs:
        xl = xs & -xs
        xs ^= xl
        x = lowest(xl)
        fb = b & tab[x]
        lb = fb if fb else b
        fc = c & tab[x]
        lc = fc if fc else c
        best1 = -1 if max1 else 1 << 20
        ys = lb
        while ys:
            yl = ys & -ys
            ys ^= yl
            y = lowest(yl)
            best2 = -1 if max2 else 1 << 20
            zs = lc
            while zs:
                zl = zs & -zs
                zs ^= zl
                z = lowest(zl)
                tw = _trick_value(x, y, z, leader, tab)
                w = tw & 3
                hh0 = a & ~xl
                hh1 = b & ~yl
                hh2 = c & ~zl
                # the last trick: the winner leads his last card
                if w == leader:
                    r = _last_trick_value(lowest(hh0), lowest(hh1), lowest(hh2), w, tab)
                elif w == p1:
                    r = _last_trick_value(lowest(hh1), lowest(hh2), lowest(hh0), w, tab)
                else:
                    r = _last_trick_value(lowest(hh2), lowest(hh0), lowest(hh1), w, tab)
                v = (tw >> 2) + (r >> 2)
                if (max2 and v > best2) or (not max2 and v < best2):
                    best2 = v
            if (max1 and best2 > best1) or (not max1 and best2 < best1):
                best1 = best2
        if (max0 and best1 > best0) or (not max0 and best1 < best0):
            best0 = best1
    return best0


@compiled("int64(int64, int64, int64, CPointer(int64))")
def _duel_trick(x: int, y: int, leader: int, tab: np.ndarray) -> int:
    """Two players: V of one trick, ``x`` led by ``leader`` and ``y`` followed; and who won, as
    value*2+winner."""
    w = (leader + trick_winner(x, y, y, tab[T_TRUMP], tab)) & 1
    v = tab[32 + x] + tab[32 + y] + tab[T_BONUS] if w == tab[T_DECL] else 0
    return v * 2 + w


@compiled("int64(int64, CPointer(int64))")
def duel_last_tricks(leader: int, tab: np.ndarray) -> int:
    """Two players: exact V of the last one or two tricks, by direct enumeration (no recursion,
    no table); a face-down card is played only after the card covering it."""
    a = tab[T_H + leader]
    b = tab[T_H + 1 - leader]
    if popcount(a) == 1:
        return _duel_trick(lowest(a), lowest(b), leader, tab) >> 1
    decl = tab[T_DECL]
    dmax = tab[T_DECL_MAX] == 1
    helped = tab[T_HELPED] == 1
    max0 = helped or (leader == decl) == dmax
    max1 = helped or ((1 - leader) == decl) == dmax
    ob = pile_cards(b, tab)[0]
    best0 = -1 if max0 else 1 << 20
    xs = pile_cards(a, tab)[0]
    while xs:
        xl = xs & -xs
        xs ^= xl
        x = lowest(xl)
        fb = ob & tab[x]
        ys = fb if fb else ob
        best1 = -1 if max1 else 1 << 20
        while ys:
            yl = ys & -ys
            ys ^= yl
            y = lowest(yl)
            tw = _duel_trick(x, y, leader, tab)
            w = tw & 1
            ra = lowest(a & ~xl)
            rb = lowest(b & ~yl)
            # the last trick: the winner leads his last card
            r = _duel_trick(ra, rb, w, tab) if w == leader else _duel_trick(rb, ra, w, tab)
            v = (tw >> 1) + (r >> 1)
            if (max1 and v > best1) or (not max1 and v < best1):
                best1 = v
        if (max0 and best1 > best0) or (not max0 and best1 < best0):
            best0 = best1
    return best0
