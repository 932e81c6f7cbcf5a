"""Fast bounds: the points still in play above, the sure tricks ("quick tricks") below.

DDS's QuickTricks for Skat: :func:`fast_bound` ends a search at once when V still to win
is sure to reach or miss the window -- at most the points (and tricks) still in play, and
at a trick start (:func:`sure_bound`) at least the points of the declarer's sure tricks, at
most what the defenders' sure tricks leave him (:func:`sure_points`: each side's share of the
run of top trumps, a leader's cashing side suit, a declarer who draws the last trumps;
:func:`duel_quick` for two players, from :func:`duel_sure_points`, :func:`duel_cashes` and
:func:`duel_forced`).
Switches: ``OPT_BOUNDS``, ``OPT_QUICK``.
"""

from __future__ import annotations

import numpy as np

from ..cards import highest_nb as highest
from ..cards import lowest_nb as lowest
from ..cards import popcount_nb as popcount
from .jit import compiled
from .layout import (NO_BOUND, OPT_QUICK, T_BONUS, T_DECL, T_DECL_MAX, T_H, T_HELPED, T_NP, T_OPTS, T_PCLASS, T_TRUMP)
from .last_tricks import last_bonus
from .moves import ONE_CARD, cheapest, pile_cards

# sure_points' side and "no leader", as int64 values rather than literals: a literal argument
# would compile a literal-typed copy of it per call site
DECLARER = np.int64(1)
DEFENDERS = np.int64(0)
NOBODY = np.int64(-1)


@compiled("int64(int64, CPointer(int64))")
def points_of(cards: int, tab: np.ndarray) -> int:
    """Points of a set (x pw): one popcount per point class."""
    return (popcount(cards & tab[T_PCLASS]) * tab[T_PCLASS + 1]
            + popcount(cards & tab[T_PCLASS + 2]) * tab[T_PCLASS + 3]
            + popcount(cards & tab[T_PCLASS + 4]) * tab[T_PCLASS + 5]
            + popcount(cards & tab[T_PCLASS + 6]) * tab[T_PCLASS + 7]
            + popcount(cards & tab[T_PCLASS + 8]) * tab[T_PCLASS + 9])


@compiled("int64(int64, int64, int64, CPointer(int64), int64)")
def _run_points(k: int, o1: int, o2: int, tab: np.ndarray, need: int) -> int:
    """Points of the tricks that the cards ``k`` surely win: those cards, a trick
    bonus each, and as many of the cheapest cards of each other hand."""
    total = tab[T_BONUS] * popcount(k) + points_of(k, tab)
    if total >= need or total + points_of(o1 | o2, tab) < need:
        return total                    # decided without the cheapest cards
    m = popcount(k)
    return total + cheapest(o1, m, tab) + cheapest(o2, m, tab)


@compiled("int64(int64, int64)")
def top_run(trumps: int, side: int) -> int:
    """The cards of ``side`` in the unbroken run of the highest of ``trumps`` (the trumps still
    out): each wins the trick it is played in, whoever leads."""
    run = 0
    while trumps:
        top = highest(trumps)
        if not (side >> top) & 1:
            break
        run |= 1 << top
        trumps &= ~(1 << top)
    return run


@compiled("int64(int64, int64, int64, int64, CPointer(int64))")
def side_cashes(mine: int, rival1: int, rival2: int, alive: int, tab: np.ndarray) -> int:
    """The cards of a leader's best plain (side) suit that win the tricks he leads with them
    one after another ("quick tricks" of a side suit, as in bridge): his cards above every
    other card of the suit still out, no more of them than a rival who holds a trump has
    cards of the suit to follow with (a void rival with a trump may ruff; one without
    trumps cannot).  A defender's only rival is the declarer: both rivals are his hand."""
    trump = tab[T_TRUMP]
    best = 0
    best_v = 0
    x = mine & ~trump
    while x:
        suit = tab[highest(x)]
        x &= ~suit
        masters = top_run(alive & suit, mine)
        k = popcount(masters)
        if rival1 & trump:
            k = min(k, popcount(rival1 & suit))
        if rival2 & trump:
            k = min(k, popcount(rival2 & suit))
        if k == 0:
            continue
        cash = masters
        for _ in range(popcount(masters) - k):
            cash &= cash - 1                    # the k highest masters: drop the lowest
        v = points_of(cash, tab) + tab[T_BONUS] * k
        if v > best_v:
            best_v = v
            best = cash
    return best


@compiled("int64(int64, int64, CPointer(int64), int64)")
def sure_points(leader: int, side_decl: int, tab: np.ndarray, need: int) -> int:
    """Points that one side (declarer if ``side_decl``, else the defenders)
    surely takes from here: a lower bound ("quick tricks").

    A trump that is the highest one still out wins the trick it is played
    in, so each card of a player's share of the side's unbroken run of top
    trumps wins a trick of its own (his cards go to different tricks, and
    only higher trumps, all held by the side, can beat them).  The points of
    those tricks are at least his cards' points plus the cheapest cards of
    the other two hands.  A declarer who leads and whose run exhausts the
    defenders' trumps also wins with every other trump and every side card
    above all the defenders' cards of its suit.  A player on lead who wants
    the points (the declarer; a defender where the defenders minimise and do
    not help) first cashes his best side suit (:func:`side_cashes`), then his
    trumps of the run win whenever they are played.  ``need``: the count may
    stop once it is clear whether it reaches this.
    """
    trump = tab[T_TRUMP]
    decl = tab[T_DECL]
    alive = tab[T_H] | tab[T_H + 1] | tab[T_H + 2]
    side = tab[T_H + decl] if side_decl else alive & ~tab[T_H + decl]
    run = top_run(alive & trump, side)
    if side_decl:
        d1 = tab[T_H + (decl + 1) % 3]
        d2 = tab[T_H + (decl + 2) % 3]
        k = run
        if leader == decl:
            kr = popcount(run)
            if popcount(d1 & trump) <= kr and popcount(d2 & trump) <= kr:
                # drawing trumps leaves the defenders none: every trump and
                # every side card above all the defenders' cards of its suit
                k = side & trump
                opp = d1 | d2
                x = side & ~trump
                while x:
                    low = x & -x
                    cand = lowest(low)
                    x ^= low
                    if highest(opp & tab[cand]) < cand:
                        k |= low
            else:
                k |= side_cashes(side, d1, d2, alive, tab)
        return _run_points(k, d1, d2, tab, need) if k else 0
    cash_lead = leader != decl and tab[T_DECL_MAX] == 1 and tab[T_HELPED] == 0
    if run == 0 and not cash_lead:
        return 0
    best = 0
    for q in range(3):
        if q == decl:
            continue
        mine = run & tab[T_H + q]
        if cash_lead and q == leader:
            mine |= side_cashes(tab[T_H + q], tab[T_H + decl], tab[T_H + decl], alive, tab)
        if mine:
            v = _run_points(mine, tab[T_H + (q + 1) % 3], tab[T_H + (q + 2) % 3], tab, need)
            if v > best:
                best = v
    return best


@compiled("int64(int64, CPointer(int64))")
def duel_sure_points(side: int, tab: np.ndarray) -> int:
    """Two players: points ``side`` surely takes ("quick tricks"): each of its trumps in the
    unbroken run of the highest trumps still out wins the trick it is played in (covered or
    not, it is played some time), with at least the opponent's cheapest cards."""
    run = top_run((tab[T_H] | tab[T_H + 1]) & tab[T_TRUMP], tab[T_H + side])
    if run == 0:
        return 0
    return points_of(run, tab) + tab[T_BONUS] * popcount(run) + cheapest(tab[T_H + 1 - side], popcount(run), tab)


@compiled("int64(int64, CPointer(int64))")
def duel_cashes(side: int, tab: np.ndarray) -> int:
    """Two players: points ``side``, on lead, can make sure of: its trumps in the unbroken run
    of the highest trumps (all of them where the other player holds none, face-down ones too),
    each winning the trick it is played in; and its open cards in the unbroken run of the
    highest cards of a side suit, each winning when led, so that it keeps the lead while it
    cashes them: all of them where the other holds no trump, else as many as he has open cards
    of the suit (he must follow with those, and what he turns up only adds to them), the highest
    first; with at least the other's cheapest cards."""
    trump = tab[T_TRUMP]
    h = tab[T_H + side]
    other = tab[T_H + 1 - side]
    ruffs = (other & trump) != 0
    playable = pile_cards(h, tab)[0]
    follows = pile_cards(other, tab)[0]
    won = top_run((h | other) & trump, h)
    x = playable & ~trump
    while x:
        eff = tab[lowest(x)]
        run = top_run((h | other) & eff, h) & playable
        if ruffs:
            m = popcount(follows & eff)
            while popcount(run) > m:
                run &= run - 1                          # (the lowest goes: the highest are worth most)
        won |= run
        x &= ~eff
    k = popcount(won)
    if k == 0:
        return 0
    return points_of(won, tab) + tab[T_BONUS] * k + cheapest(other, k, tab)


@compiled("int64(int64, CPointer(int64))")
def duel_forced(leader: int, tab: np.ndarray) -> int:
    """Two-player Ramsch: points the player on lead can make the other take in the next trick
    (a bound on its own, not added to the sure tricks): the most of a lead that every open card
    of the other's in the led suit beats, where he holds one (he must follow, and takes the
    trick, with his cheapest such card).  12 Ramsch deals of seed 5: 35.1 M nodes without it,
    33.1 M with it."""
    follows = pile_cards(tab[T_H + 1 - leader], tab)[0]
    x = pile_cards(tab[T_H + leader], tab)[0]
    most = 0
    while x:
        low = x & -x
        x ^= low
        r = lowest(low)
        f = follows & tab[r]
        if f and lowest(f) > r:         # (a higher bit is the stronger card of its suit)
            most = max(most, tab[32 + r] + cheapest(f, ONE_CARD, tab))
    return most


@compiled("int64(int64, int64, CPointer(int64))")
def duel_quick(leader: int, side: int, tab: np.ndarray) -> int:
    """Two players, at a trick start: points ``side`` surely takes.  Each side's share of the run
    of top trumps wins its tricks; in a point game the player on lead also cashes what he can
    make sure of (a superset of his top trumps: :func:`duel_cashes`; a Ramsch player would not
    cash, and where every player helps the declarer the other's cashes bound nothing); in
    Ramsch the player on lead can instead force a trick on the other (:func:`duel_forced`)."""
    cash = tab[T_DECL_MAX] == 1
    if cash and leader == side and (side == tab[T_DECL] or tab[T_HELPED] == 0):
        q = duel_cashes(side, tab)
    else:
        q = duel_sure_points(side, tab)
    if not cash and leader != side:
        q = max(q, duel_forced(leader, tab))
    return q


@compiled("int64(int64, int64, int64, int64, int64, int64, int64, CPointer(int64))", inline=True)
def fast_bound(leader: int, n: int, hand: int, alive: int, trick_set: int, alpha: int,
               beta: int, tab: np.ndarray) -> int:
    """A value that ends the search at once, or ``NO_BOUND``: V still to win is at most the
    points (and tricks) still in play and at least 0; at a trick start the sure tricks too
    (:func:`sure_bound`).  Compiled into the search (asked at every node; the sure tricks,
    a call, only at trick starts).

    Two players, at a trick start the window is already decided by the points in play or by
    0: the value returned is the bound less the other side's sure points, or the declarer's
    (:func:`duel_quick`), a tighter fail-soft bound for the table to keep.  The Offiziersskat
    benchmark's exact values: 83.91 -> 81.83 M nodes, 12.5 / 12.3 -> 11.9 / 12.1 s alternating
    (the band question 124.4 -> 122.2 k nodes median, the same time)."""
    hi = points_of(alive | trick_set, tab) + tab[T_BONUS] * popcount(hand) + last_bonus(alive | trick_set, tab)
    quick = n == 0 and (tab[T_OPTS] & OPT_QUICK) != 0
    if hi <= alpha:
        if quick and tab[T_NP] == 2:
            return hi - duel_quick(leader, 1 - tab[T_DECL], tab)   # (a tighter fail-soft bound)
        return hi
    if beta <= 0:
        if quick and tab[T_NP] == 2:
            return duel_quick(leader, tab[T_DECL], tab)
        return 0
    if not quick:
        return NO_BOUND
    return sure_bound(leader, hi, alpha, beta, tab)


@compiled("boolean(int64, CPointer(int64))")
def duel_sweep(leader: int, tab: np.ndarray) -> bool:
    """Two players, at a trick start: does the player on lead take every trick still to come?
    The value is then all the points still in play, or none.

    So he does where the other cannot win a trick: each of the leader's cards, face-down ones
    too, wins when he leads it against any card of the other's (the other holds no higher card
    of its effective suit, nor a trump where it is not one).  He wins, leads again, and the
    other's cards only grow fewer.  In Ramsch both would rather lose a trick, and the other
    ducks whenever he can: enough, where the other holds no trump (or the leader only trumps),
    and in each suit of the leader either no card above the leader's lowest, or at least as
    many open cards below it that cover no face-down card as the leader holds cards of the
    suit.  He keeps those for that suit's leads and follows with them; any other lead he
    follows with a lower card or throws a card he does not keep: one he holds (he holds as many
    cards as the leader, more than he keeps), and an open one, since what lies face down lies
    under a card he does not keep.  (Counting open cards that lie on a face-down one was wrong:
    thrown on a suit he lacks, such a card turns up what may be a higher card of its suit, his
    only one when that suit is led.)  The bounds knew no more of a Ramsch than the top trumps
    and one forced trick.

    Its conditions are of the position as it stands: asked for the other player as if he were on
    lead, they say nothing of the position after a trick he wins (measured: a point-game
    "leader loses every trick to a sweeping other" together with a sweep that first draws the
    other's trumps changed values, since the winner of the first trick may spend a top trump).

    (The benchmark's exact values: 81.83 -> 80.16 M nodes with the first condition, the worst
    deal, a Ramsch, 3.49 -> 3.18 M; 60 deals of seed 5 64.0 -> 63.1 M; 20 Ramsch deals of seed 9
    24.1 -> 22.3 M.  Ramsch's ducks on top: 79.71 M, the worst deal 3.05 M; 20 Ramsch deals of
    seed 9 22.3 -> 21.8 M, of seed 5 25.4 -> 24.9 M.  Since the ducks count only cards that cover
    nothing: 79.83 M, the worst deal 3.05 M.)"""
    mine = tab[T_H + leader]
    other = tab[T_H + 1 - leader]
    trump = tab[T_TRUMP]
    if (other & trump) != 0 and (mine & ~trump) != 0:
        return False                    # a card of his not a trump, and the other may ruff it
    ducks = tab[T_DECL_MAX] == 0 and tab[T_HELPED] == 0    # (Ramsch: both would rather lose a trick)
    free = 0
    if ducks:
        playable, covering = pile_cards(other, tab)
        free = playable & ~covering     # (his open cards that cover no face-down one)
    x = mine
    while x:
        eff = tab[lowest(x)]
        low = lowest(mine & eff)
        if highest(other & eff) > low:  # (a higher bit is the stronger card of its suit)
            if not ducks or popcount(free & eff & ((1 << low) - 1)) < popcount(mine & eff):
                return False
        x &= ~eff
    return True


@compiled("int64(int64, int64, int64, int64, CPointer(int64))")
def sure_bound(leader: int, hi: int, alpha: int, beta: int, tab: np.ndarray) -> int:
    """At a trick start, a value from the sure tricks that ends the search, or ``NO_BOUND``: V
    still to win is at least the points of the declarer's sure tricks and at most what the
    defenders' sure tricks leave him of ``hi``, the points (and tricks) still in play.

    (Two players, where every move then fails (an all-node, 8 to 20 cards in play, the
    Offiziersskat benchmark's first 30 deals), these bounds miss the window by a median of 14
    points, by 4 or less at 16% of them: ``benchmarks/results/session_probes_bounds.txt``.)"""
    if tab[T_NP] == 2:
        if duel_sweep(leader, tab):
            return hi if leader == tab[T_DECL] else 0   # (the value itself)
        q = duel_quick(leader, tab[T_DECL], tab)
        if q >= beta:
            return q
        q = duel_quick(leader, 1 - tab[T_DECL], tab)
        if hi - q <= alpha:
            return hi - q
        return NO_BOUND                 # (the quick tricks below are three-player reasoning)
    if tab[T_DECL_MAX] == 1 or tab[T_BONUS] == 0:
        # the declarer's sure points, and the defenders' that he cannot take; in a Ramsch the
        # viewpoint's share of the run of top trumps wins its tricks whatever he does (a lower
        # bound: no leader leaves out the declarer's drawing of trumps), and the others' shares
        # are points he cannot take
        q = sure_points(leader if tab[T_DECL_MAX] == 1 else NOBODY, DECLARER, tab, beta)
        if q >= beta:
            return q
        q = sure_points(leader, DEFENDERS, tab, hi - alpha)
        if hi - q <= alpha:
            return hi - q
    return NO_BOUND
