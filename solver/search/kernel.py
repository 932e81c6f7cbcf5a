"""The double-dummy search core (numba, nopython, cached).

One alpha-beta search serves every question.  It computes

    V = sum over the tricks the declarer takes of (card points x ``pw`` + ``bonus``)

from a position onward, with the declarer maximising V (suit, Grand,
"all tricks") or minimising it (Null: V counts the declarer's tricks and the
defenders try to make it positive).  Positions are bitboards in the *game
layout* of :mod:`solver.play` (a higher bit is the stronger card of its
effective suit), and the trick rules are the ones of :mod:`solver.play`.

Techniques, each switchable through the option flags so that the benchmark
can measure them (names as in Kupferschmid & Helmert 2006, Furtak & Buro 2011
and Haglund's DDS):

* **transposition table** (``OPT_TT``; :func:`tt_key`, :func:`tt_probe`,
  :func:`tt_store`): entries at trick starts store *bounds on V still to win*
  (not absolute points), so they serve every zero-window probe of a solve and
  every solve of one deal (:func:`solve_batch` takes a per-row stamp); two-way
  buckets, depth-preferred and always-replace;
* **payoff-similar hits** (``OPT_SIMILAR``; :func:`similar_bounds`): the key
  compacts each run of one effective suit, so positions that differ only in
  which cards are gone share an entry; a hit on such a position widens its
  bounds by the summed point differences of the cards mapped one to one, and
  maps its best lead;
* **equivalent cards** (``OPT_EQUIV``; :func:`equivalent_cards`): of cards
  adjacent in the remaining order of one effective suit in one hand only one
  is searched; in point games only when they are worth the same points;
* **move ordering** (``OPT_ORDER``; :func:`generate_moves`,
  :func:`_order_score`, :func:`pick_next`): the table's move first (tried
  before the others are even generated), a killer move for defenders' leads,
  then heuristics: cash masters an opponent cannot ruff, take a trick with the
  most valuable winner, smear onto a partner's trick, duck what the third hand
  will take; in Null, duck;
* **fast bounds** (``OPT_BOUNDS``, ``OPT_QUICK``; :func:`fast_bound`): V still
  to win lies between the points of sure tricks (:func:`sure_points`, "quick
  tricks") and the points in play;
* **last two tricks** enumerated directly (:func:`last_tricks`);
* **zero-window search**: threshold queries are one probe; the exact value is
  found by bisection over probes that share the table (:func:`solve_batch`);
* **cooperative search** (``JOB_HELPED``, ``T_HELPED``): every player maximises V,
  so a threshold the probe does not reach is out of reach of any play (the bid
  advice asks it before it prices a Schneider); the bounds above stay sound, since
  the sure tricks are sure whoever helps.

Every part is a separate compiled function, small helpers too: numba's
own (IR-level) inlining of the helpers cost ~9 s of the cold compile (33 s
of CPU against 24 s) and no measurable search speed (LLVM still inlines
what pays when it links them: ``benchmarks/bench_compare.py``, the same
nodes).  The table array ``tab`` (int64) holds, in order: ``eff[32]`` (effective suit
of each card), ``pts[32]`` (points of each card x ``pw``), then the scalars at
the ``T_*`` offsets below.
"""

from __future__ import annotations

import warnings

import numpy as np
from numba import njit
from numba.core.errors import NumbaIRAssumptionWarning

from ..cards import highest_nb as highest
from ..cards import lowest_nb as lowest
from ..cards import popcount_nb as popcount
from ..play import legal_moves_nb as legal_moves
from ..play import trick_winner_nb as trick_winner
from .layout import (JOB_ALL_TRICKS, JOB_ANY_TRICK, JOB_AT_LEAST, JOB_HELPED, JOB_NULL, JOB_POINTS, OPT_BOUNDS,  # noqa: F401
                     OPT_EQUIV, OPT_ORDER, OPT_QUICK, OPT_SIMILAR, OPT_TT, P_C0, P_C1, P_DECL, P_GAMEKIND, P_H0,
                     P_COVER, P_H1, P_H2, P_JOB, P_LAST_BONUS, P_LAST_CARDS, P_LEADER, P_MINIMISE, P_N, P_STAMP,
                     P_TARGET, P_TRUMP, P_TWO)

# numba's pedantic SSA check flags the inlined trick rules' conditional expressions; the
# compiled code is right (the reference tests check every value), the message is noise
warnings.filterwarnings("ignore", category=NumbaIRAssumptionWarning)

# offsets in tab
T_TRUMP = 64
T_BONUS = 65
T_DECL = 66
T_DECL_MAX = 67
T_STAMP = 68
T_OPTS = 69
T_NODES = 70
T_HELPED = 71         # 1: every player maximises V (JOB_HELPED, the cooperative search)
T_NGROUPS = 72
T_GROUPS = 73         # (offset, width) pairs of the card groups that the table key compacts
T_PCLASS = 96         # (mask, points) pairs: the cards worth each non-zero value
T_LAST = 106          # the last-trick bonus: V the declarer gets for winning the last trick ...
T_LASTMASK = 107      # ... when it holds these cards (Spitze: his lowest trump; Ramsch: none, the skat's points)
T_KEYX = 108          # the declarer and the minimising flag in the table key (see tt_key)
T_NP = 109            # players: 3, or 2 (Offiziersskat: only the open cards of the piles are played)
T_DOWN = 110          # Offiziersskat: the face-down cards, each playable once its covering card is gone
T_COVER = 112         # Offiziersskat: per card, the card covering it (-1: none)
TAB_SIZE = 144

INF = 1 << 20
NO_BOUND = -(1 << 21)  # fast_bound found nothing

# The scratch array ``ms`` of the search (int64, MS_ROWS x MS_COLS): row ``ply``
# (cards still in play) holds that ply's move list in columns MS_MOVES.. and
# their ordering scores in MS_SCORES..; row MS_KILLERS holds, at ply * 3 + n,
# the move that last cut off there.
MS_MOVES = 0
MS_SCORES = 16
MS_KILLERS = 33
MS_ROWS = 34
MS_COLS = 128


@njit(cache=True)
def _tt_index(k1: int, k2: int, mask: int) -> int:
    x = k1 ^ (k2 * 0x2545F4914F6CDD1D)
    x ^= (x >> 29) & 0x7FFFFFFFF
    x *= 0x1B873593A5E4C5
    x ^= (x >> 32) & 0xFFFFFFFF
    return x & mask & ~1


@njit(cache=True)
def _pack(lb: int, ub: int, move: int, depth: int) -> int:
    return (lb & 0xFFFF) | ((ub & 0xFFFF) << 16) | ((move & 0xFF) << 32) | (depth << 40)


@njit(cache=True)
def _can_beat(hq: int, lead: int, cur: int, tab: np.ndarray) -> bool:
    """Can a hand ``hq`` beat ``cur``, the card winning a trick led by ``lead``, with a legal card?"""
    trump = tab[T_TRUMP]
    led_eff = tab[lead]
    follow = hq & led_eff
    if (trump >> cur) & 1:
        # only a higher trump beats it, and only if the hand may play a trump
        return (follow == 0 or (led_eff & trump) != 0) and ((hq & trump) >> (cur + 1)) != 0
    return (follow >> (cur + 1)) != 0 or (follow == 0 and (hq & trump) != 0)


@njit(cache=True)
def _winning_so_far(n: int, c0: int, c1: int, leader: int, tab: np.ndarray) -> tuple[int, int]:
    """The card winning the trick in progress (one or two cards played) and its player."""
    if n == 1:
        return c0, leader
    w = trick_winner(c0, c1, c1, tab[T_TRUMP], tab)
    return (c0 if w == 0 else c1), (leader + w) % 3


@njit(cache=True)
def _ramsch_order_score(card: int, p: int, n: int, c0: int, c1: int, leader: int, alive_other: int,
                        tab: np.ndarray) -> int:
    """Ramsch ordering (the viewpoint minimises his points, the other two make him take them):
    he leads low cards that lose the trick, sheds his highest cards onto the others' tricks,
    and takes a trick he must take with few points; they smear onto his tricks and play low
    otherwise.  Points first, the card's rank (its layout bit) breaks ties."""
    pts = tab[32 + card] * 32
    decl = tab[T_DECL]
    trump = tab[T_TRUMP]
    if n == 0:
        eff = tab[card]
        wins = (alive_other & eff) == 0 or highest(alive_other & eff) < card
        if p == decl:
            return (0 if wins else 1000) - pts - card
        return -pts - card
    cur, cur_owner = _winning_so_far(n, c0, c1, leader, tab)
    beats = trick_winner(cur, card, card, trump, tab) != 0
    if p == decl:
        return 1000 + pts + card if not beats else -pts + card
    if cur_owner == decl:
        return 1000 + pts if not beats else -1000 - pts
    return -pts - card


@njit(cache=True)
def _order_score(card: int, p: int, n: int, c0: int, c1: int, leader: int, alive_other: int,
                 tab: np.ndarray, h: np.ndarray) -> int:
    """Heuristic move score (higher first) for player ``p``."""
    pts = tab[32 + card]
    decl = tab[T_DECL]
    trump = tab[T_TRUMP]
    decl_max = tab[T_DECL_MAX]
    if tab[T_NP] == 2:
        return _duel_order_score(card, p, n, c0, alive_other, tab)
    if decl_max == 0 and tab[T_BONUS] == 0:
        return _ramsch_order_score(card, p, n, c0, c1, leader, alive_other, tab)
    if n == 0:
        eff = tab[card]
        opp = alive_other & (h[decl] if p != decl else alive_other)
        master = (opp & eff) == 0 or highest(opp & eff) < card
        if decl_max == 1:
            if master and not (trump >> card) & 1:
                # a side-suit master is only sure if no opponent can ruff it
                for q in range(3):
                    if q != p and ((q == decl) != (p == decl)) and not (h[q] & eff) and (h[q] & trump):
                        master = False
            if master:
                return 100 + pts
            return -pts - (8 if (trump >> card) & 1 else 0)
        # Null: everybody prefers low leads; the declarer leads cards that can't win
        return -(card % 8) * 4 + (50 if (p != decl and not master) else 0)
    # who wins the trick so far
    cur, cur_owner = _winning_so_far(n, c0, c1, leader, tab)
    beats = trick_winner(cur, card, card, trump, tab) != 0
    same_side = (p == decl) == (cur_owner == decl)
    if decl_max == 1:
        if n == 2:
            if same_side:
                return pts                  # smear onto the partner's trick
            return 50 + pts if beats else -pts
        # second hand
        if beats:
            q = (p + 1) % 3
            if (q == decl) != (p == decl) and _can_beat(h[q], c0, card, tab):
                return 15 + pts                 # the third hand can still take it
            return 30 + pts
        if p != decl and _can_beat(h[(p + 1) % 3], c0, c0, tab):
            # the third hand can still take the lead: smear if that is the partner, else play low
            return -pts if same_side else pts
        return (pts if same_side else -pts)
    # Null
    if p == decl:
        return 50 + card % 8 if not beats else -(card % 8)
    return -(card % 8)


@njit(cache=True)
def points_of(cards: int, tab: np.ndarray) -> int:
    """Points of a set (x pw): one popcount per point class."""
    return (popcount(cards & tab[T_PCLASS]) * tab[T_PCLASS + 1]
            + popcount(cards & tab[T_PCLASS + 2]) * tab[T_PCLASS + 3]
            + popcount(cards & tab[T_PCLASS + 4]) * tab[T_PCLASS + 5]
            + popcount(cards & tab[T_PCLASS + 6]) * tab[T_PCLASS + 7]
            + popcount(cards & tab[T_PCLASS + 8]) * tab[T_PCLASS + 9])


@njit(cache=True)
def _cheapest(hand: int, m: int, tab: np.ndarray) -> int:
    """Points of the ``m`` cheapest cards of a hand."""
    total = 0
    for _ in range(m):
        if hand == 0:
            break
        pick = -1
        x = hand
        while x:
            low = x & -x
            cand = lowest(low)
            x ^= low
            if pick < 0 or tab[32 + cand] < tab[32 + pick]:
                pick = cand
        total += tab[32 + pick]
        hand &= ~(1 << pick)
    return total


@njit(cache=True)
def _run_points(k: int, o1: int, o2: int, tab: np.ndarray, need: int) -> int:
    """Points of the tricks that the cards ``k`` surely win: those cards, a trick
    bonus each, and as many of the cheapest cards of each other hand."""
    total = tab[T_BONUS] * popcount(k) + points_of(k, tab)
    if total >= need or total + points_of(o1 | o2, tab) < need:
        return total                    # decided without the cheapest cards
    m = popcount(k)
    return total + _cheapest(o1, m, tab) + _cheapest(o2, m, tab)


@njit(cache=True)
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


# (a signature: fast_bound calls it with constant arguments, which would otherwise compile a
# literal-typed copy per call site)
@njit("int64(int64[::1], int64, int64, int64[::1], int64)", cache=True)
def sure_points(h: np.ndarray, leader: int, side_decl: int, tab: np.ndarray, need: int) -> int:
    """Points that one side (declarer if ``side_decl``, else the defenders)
    surely takes from here, whoever leads: a lower bound ("quick tricks").

    A trump that is the highest one still out wins the trick it is played
    in, so each card of a player's share of the side's unbroken run of top
    trumps wins a trick of its own (his cards go to different tricks, and
    only higher trumps, all held by the side, can beat them).  The points of
    those tricks are at least his cards' points plus the cheapest cards of
    the other two hands.  A declarer who leads and whose run exhausts the
    defenders' trumps also wins with every other trump and every side card
    above all the defenders' cards of its suit.  ``need``: the count may stop
    once it is clear whether it reaches this.
    """
    trump = tab[T_TRUMP]
    decl = tab[T_DECL]
    alive = h[0] | h[1] | h[2]
    side = h[decl] if side_decl else alive & ~h[decl]
    run = top_run(alive & trump, side)
    if run == 0 and not (side_decl and leader == decl and (alive & ~side & trump) == 0):
        return 0
    if side_decl:
        d1 = h[(decl + 1) % 3]
        d2 = h[(decl + 2) % 3]
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
        return _run_points(k, d1, d2, tab, need) if k else 0
    best = 0
    for q in range(3):
        if q == decl:
            continue
        mine = run & h[q]
        if mine:
            v = _run_points(mine, h[(q + 1) % 3], h[(q + 2) % 3], tab, need)
            if v > best:
                best = v
    return best


@njit(cache=True)
def _trick_value(x: int, y: int, z: int, leader: int, tab: np.ndarray) -> int:
    """V of one complete trick led by ``leader`` with cards x, y, z; and who won, as value*4+winner."""
    w = (leader + trick_winner(x, y, z, tab[T_TRUMP], tab)) % 3
    v = tab[32 + x] + tab[32 + y] + tab[32 + z] + tab[T_BONUS] if w == tab[T_DECL] else 0
    return v * 4 + w


@njit(cache=True)
def last_bonus(cards: int, tab: np.ndarray) -> int:
    """The last-trick bonus when ``cards`` hold its cards (Spitze: the declarer's lowest trump;
    Ramsch: none needed), else 0: what winning a last trick of these cards adds, and, for the
    cards still in play, whether the bonus can still be had."""
    m = tab[T_LASTMASK]
    return tab[T_LAST] if tab[T_LAST] != 0 and (cards & m) == m else 0


@njit(cache=True)
def _last_trick_value(x: int, y: int, z: int, leader: int, tab: np.ndarray) -> int:
    """:func:`_trick_value` of the last trick: with the last-trick bonus when the declarer wins it
    holding the bonus's cards (Spitze: he wins the last trick with his lowest trump; Ramsch: the
    skat's points go to the last trick's winner)."""
    tw = _trick_value(x, y, z, leader, tab)
    if (tw & 3) == tab[T_DECL]:
        tw += last_bonus((1 << x) | (1 << y) | (1 << z), tab) << 2
    return tw


@njit(cache=True)
def last_tricks(h: np.ndarray, leader: int, tab: np.ndarray) -> int:
    """Exact V of the last one or two tricks, by direct enumeration (no recursion, no table)."""
    decl = tab[T_DECL]
    dmax = tab[T_DECL_MAX] == 1
    helped = tab[T_HELPED] == 1
    a = h[leader]
    p1 = (leader + 1) % 3
    p2 = (leader + 2) % 3
    b = h[p1]
    c = h[p2]
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


# ---------------------------------------------------------------- Offiziersskat's piles

@njit(cache=True)
def pile_cards(hand: int, tab: np.ndarray) -> tuple[int, int]:
    """A two-player hand's cards that may be played (all but the face-down cards whose covering
    card is still in the hand: a card uncovered in a trick is turned up after it, before its
    owner's next card), and its cards that still cover a face-down one."""
    d = hand & tab[T_DOWN]
    blocked = 0
    cov = 0
    while d:
        low = d & -d
        d ^= low
        u = tab[T_COVER + lowest(low)]
        if (hand >> u) & 1:
            blocked |= low
            cov |= 1 << u
    return hand & ~blocked, cov


@njit(cache=True)
def duel_sure_points(h: np.ndarray, side: int, tab: np.ndarray) -> int:
    """Two players: points ``side`` surely takes ("quick tricks"): each of its trumps in the
    unbroken run of the highest trumps still out wins the trick it is played in (covered or
    not, it is played some time), with at least the opponent's cheapest cards."""
    run = top_run((h[0] | h[1]) & tab[T_TRUMP], h[side])
    if run == 0:
        return 0
    return points_of(run, tab) + tab[T_BONUS] * popcount(run) + _cheapest(h[1 - side], popcount(run), tab)


@njit(cache=True)
def _duel_order_score(card: int, p: int, n: int, c0: int, alive_other: int, tab: np.ndarray) -> int:
    """Two-player ordering: in a point game each side wants the points, so it leads masters and
    takes a trick with a winner worth most, else ducks cheaply; in Ramsch both want few points,
    so they lead and play what loses the trick, shedding points, and win cheaply if they must."""
    pts = tab[32 + card]
    trump = tab[T_TRUMP]
    wants = tab[T_DECL_MAX] == 1
    if n == 0:
        eff = tab[card]
        master = (alive_other & eff) == 0 or highest(alive_other & eff) < card
        if wants:
            return 100 + pts if master else -pts - (8 if (trump >> card) & 1 else 0)
        return (0 if master else 100) - pts
    beats = trick_winner(c0, card, card, trump, tab) != 0
    if wants:
        return 50 + pts + tab[32 + c0] if beats else -pts
    return 50 + pts if not beats else -pts


# ---------------------------------------------------------------- fast bounds

@njit(cache=True)
def fast_bound(h: np.ndarray, leader: int, n: int, hand: int, alive: int, trick_set: int, alpha: int,
               beta: int, tab: np.ndarray) -> int:
    """A value that ends the search at once, or ``NO_BOUND``: V still to win is at most the
    points (and tricks) still in play and at least 0; at a trick start at least the sure
    tricks of the declarer and at most what the defenders' sure tricks leave him."""
    hi = points_of(alive | trick_set, tab) + tab[T_BONUS] * popcount(hand) + last_bonus(alive | trick_set, tab)
    if hi <= alpha:
        return hi
    if beta <= 0:
        return 0
    if tab[T_NP] == 2:
        if n == 0 and (tab[T_OPTS] & OPT_QUICK):
            # two players: each side's share of the run of top trumps wins its tricks
            decl = tab[T_DECL]
            q = duel_sure_points(h, decl, tab)
            if q >= beta:
                return q
            q = duel_sure_points(h, 1 - decl, tab)
            if hi - q <= alpha:
                return hi - q
        return NO_BOUND                 # (the quick tricks below are three-player reasoning)
    if n == 0 and (tab[T_OPTS] & OPT_QUICK) and tab[T_DECL_MAX] == 1:
        q = sure_points(h, leader, 1, tab, beta)
        if q >= beta:
            return q
        q = sure_points(h, leader, 0, tab, hi - alpha)
        if hi - q <= alpha:
            return hi - q
    elif n == 0 and (tab[T_OPTS] & OPT_QUICK) and tab[T_BONUS] == 0:
        # Ramsch: the viewpoint's share of the run of top trumps wins its tricks whatever he
        # does (a lower bound: leader -1 leaves out the declarer's drawing of trumps), and the
        # others' shares are points he cannot take
        q = sure_points(h, -1, 1, tab, beta)
        if q >= beta:
            return q
        q = sure_points(h, leader, 0, tab, hi - alpha)
        if hi - q <= alpha:
            return hi - q
    return NO_BOUND


# ---------------------------------------------------------------- transposition table

@njit(cache=True)
def tt_key(h: np.ndarray, leader: int, alive: int, tab: np.ndarray) -> tuple[int, int]:
    """The table key of a trick start: the three hands and the leader, each group of
    adjacent cards of one effective suit compacted (``OPT_SIMILAR``), so that positions
    that differ only in which cards of a group are gone share an entry."""
    g0 = h[0]
    g1 = h[1]
    g2 = h[2]
    if tab[T_OPTS] & OPT_SIMILAR and tab[T_NP] == 3:      # (piles: cards of a group are not alike)
        for gi in range(tab[T_NGROUPS]):
            o = tab[T_GROUPS + 2 * gi]
            wm = (1 << tab[T_GROUPS + 2 * gi + 1]) - 1
            av = (alive >> o) & wm
            if av == wm or av == 0:
                continue
            r0 = 0
            r1 = 0
            r2 = 0
            j = 0
            y = av
            while y:
                low = y & -y
                y ^= low
                if (g0 >> o) & low:
                    r0 |= 1 << j
                elif (g1 >> o) & low:
                    r1 |= 1 << j
                else:
                    r2 |= 1 << j
                j += 1
            m = ~(wm << o)
            g0 = (g0 & m) | (r0 << o)
            g1 = (g1 & m) | (r1 << o)
            g2 = (g2 & m) | (r2 << o)
    x = tab[T_KEYX]
    m = tab[T_LASTMASK]
    if m and (alive & m) == m:
        x |= 1 << 37                    # the Spitze card still in play
    return g0 | (g1 << 32), g2 | (leader << 32) | x | (tab[T_STAMP] << 46)


@njit(cache=True)
def similar_bounds(d: int, other: int, alive: int, tab: np.ndarray) -> tuple[int, int, int]:
    """A payoff-similar hit (Furtak & Buro 2011): the entry ``d`` was stored for the cards
    ``other``, with the same owners in the same order but other cards gone.  Mapping card k
    of each group to card k keeps every line's trick winners and moves the declarer's
    points by at most the summed point differences: (lower, upper, mapped best lead)."""
    lb = d & 0xFFFF
    ub = (d >> 16) & 0xFFFF
    pos = 0
    neg = 0
    smove = (d >> 32) & 0xFF
    move = smove if smove != 0xFF and (alive >> smove) & 1 and (other >> smove) & 1 else -1
    for gi in range(tab[T_NGROUPS]):
        o = tab[T_GROUPS + 2 * gi]
        wm = (1 << tab[T_GROUPS + 2 * gi + 1]) - 1
        a1 = (other >> o) & wm
        a2 = (alive >> o) & wm
        while a1:
            l1 = a1 & -a1
            l2 = a2 & -a2
            c1m = o + lowest(l1)
            c2m = o + lowest(l2)
            if c1m == smove:
                move = c2m              # the stored best lead, mapped to this position
            dp = tab[32 + c2m] - tab[32 + c1m]
            if dp > 0:
                pos += dp
            else:
                neg -= dp
            a1 ^= l1
            a2 ^= l2
    return (lb - neg if lb > neg else 0), ub + pos, move


@njit(cache=True)
def tt_probe(k1: int, k2: int, alive: int, ply: int, tab: np.ndarray,
             tt: np.ndarray) -> tuple[int, int, int, int]:
    """Look a trick start up: (slot to store into, best lead or -1, lower bound, upper bound).

    A bucket holds two entries; with no hit the slot is the one of another
    stamp or of a shallower position (depth-preferred), else the second
    (always-replace)."""
    idx = _tt_index(k1, k2, tt.shape[0] - 1)
    for j in range(2):
        if tt[idx + j, 0] == k1 and tt[idx + j, 1] == k2:
            d = tt[idx + j, 2]
            other = tt[idx + j, 3]
            if other == alive:
                move = (d >> 32) & 0xFF
                return idx + j, (-1 if move == 0xFF else move), d & 0xFFFF, (d >> 16) & 0xFFFF
            lb, ub, move = similar_bounds(d, other, alive, tab)
            return idx + j, move, lb, ub        # overwrite the similar entry with this position
    if tt[idx, 1] >> 46 != tab[T_STAMP] or ((tt[idx, 2] >> 40) <= ply):
        return idx, -1, 0, INF
    return idx + 1, -1, 0, INF


@njit(cache=True)
def tt_store(tt: np.ndarray, slot: int, k1: int, k2: int, alive: int, best: int, alpha0: int, beta0: int,
             move: int, ply: int) -> None:
    """Store the search's result as bounds, merged with the slot's own entry for this position."""
    lb = 0
    ub = 0xFFFF
    if tt[slot, 0] == k1 and tt[slot, 1] == k2 and tt[slot, 3] == alive:
        d = tt[slot, 2]
        lb = d & 0xFFFF
        ub = (d >> 16) & 0xFFFF
    if best <= alpha0:
        if best < ub:
            ub = best
    elif best >= beta0:
        if best > lb:
            lb = best
    else:
        lb = best
        ub = best
    tt[slot, 0] = k1
    tt[slot, 1] = k2
    tt[slot, 2] = _pack(lb, ub, move, ply)
    tt[slot, 3] = alive


# ---------------------------------------------------------------- moves

@njit(cache=True)
def equivalent_cards(legal: int, others: int, tab: np.ndarray) -> int:
    """One card of each run of own cards that are adjacent in the remaining order of their
    effective suit (``others``: every other card still in play) and worth the same."""
    x = legal
    prev = -1
    keep = 0
    apart = tab[T_LASTMASK]           # the Spitze card is never one of a run
    while x:
        low = x & -x
        c = lowest(low)
        x ^= low
        if prev >= 0 and not ((apart >> c) & 1 or (apart >> prev) & 1):
            eff = tab[c]
            if (eff >> prev) & 1 and tab[32 + prev] == tab[32 + c]:
                between = ((1 << c) - 1) & ~((2 << prev) - 1) & eff
                if (others & between) == 0:
                    prev = c
                    continue
        keep |= low
        prev = c
    return keep


@njit(cache=True)
def generate_moves(ms: np.ndarray, ply: int, nm: int, moves: int, p: int, n: int, c0: int, c1: int,
                   leader: int, is_max: bool, alive_other: int, tab: np.ndarray, h: np.ndarray) -> int:
    """Append ``moves`` to the ply's move list with their ordering scores; returns the new length.

    Scores: the killer move (a defender's lead that cut off at this ply
    before; with two players either side's) first, then :func:`_order_score`'s heuristics (``OPT_ORDER``)."""
    order = (tab[T_OPTS] & OPT_ORDER) != 0
    x = moves
    while x:
        low = x & -x
        c = lowest(low)
        x ^= low
        ms[ply, MS_MOVES + nm] = c
        if order and n == 0 and (not is_max or tab[T_NP] == 2) and c == ms[MS_KILLERS, ply * 3 + n]:
            ms[ply, MS_SCORES + nm] = 1 << 29
        elif order:
            ms[ply, MS_SCORES + nm] = _order_score(c, p, n, c0, c1, leader, alive_other, tab, h)
        else:
            ms[ply, MS_SCORES + nm] = 0
        nm += 1
    return nm


@njit(cache=True)
def pick_next(ms: np.ndarray, ply: int, i: int, nm: int) -> int:
    """Selection sort step: bring the best-scored of moves i.. to place i; returns that move."""
    bi = i
    for j in range(i + 1, nm):
        if ms[ply, MS_SCORES + j] > ms[ply, MS_SCORES + bi]:
            bi = j
    if bi != i:
        t = ms[ply, MS_MOVES + i]
        ms[ply, MS_MOVES + i] = ms[ply, MS_MOVES + bi]
        ms[ply, MS_MOVES + bi] = t
        t = ms[ply, MS_SCORES + i]
        ms[ply, MS_SCORES + i] = ms[ply, MS_SCORES + bi]
        ms[ply, MS_SCORES + bi] = t
    return ms[ply, MS_MOVES + i]


# ---------------------------------------------------------------- the search

SEARCH_SIGNATURE = "int64(int64[::1], int64, int64, int64, int64, int64, int64, int64[::1], int64[:, ::1], int64[:, ::1])"


@njit(SEARCH_SIGNATURE, cache=True)
def search(h: np.ndarray, leader: int, n: int, c0: int, c1: int, alpha: int, beta: int,
           tab: np.ndarray, tt: np.ndarray, ms: np.ndarray) -> int:
    """Fail-soft alpha-beta on V still to win (see module docs).

    ``h`` holds the three hands (mutated and restored), ``n`` the number of
    cards in the trick in progress (``c0``, ``c1``), ``ms`` the scratch
    array of move lists (``MS_*``).  Two players (``T_NP``, Offiziersskat):
    ``h[2]`` is empty, a trick has two cards, and only open cards are played.
    """
    tab[T_NODES] += 1
    opts = tab[T_OPTS]
    players = tab[T_NP]
    p = (leader + n) % 3 if players == 3 else (leader + n) & 1     # (constant divisors: this is the hot path)
    hand = h[p]
    if hand == 0:
        return 0
    if n == 0 and popcount(hand) <= 2:
        if players == 3:
            return last_tricks(h, leader, tab)      # the last two tricks: enumerate them
        if popcount(hand) == 1:
            # two players, the last trick: one card each
            c = lowest(hand)
            d = lowest(h[1 - p])
            w = (leader + trick_winner(c, d, d, tab[T_TRUMP], tab)) & 1
            return tab[32 + c] + tab[32 + d] + tab[T_BONUS] if w == tab[T_DECL] else 0
    decl = tab[T_DECL]
    is_max = tab[T_HELPED] == 1 or (p == decl) == (tab[T_DECL_MAX] == 1)
    alive = h[0] | h[1] | h[2]
    trick_set = 0
    if n >= 1:
        trick_set |= 1 << c0
    if n >= 2:
        trick_set |= 1 << c1
    ply = popcount(alive)
    if opts & OPT_BOUNDS:
        v = fast_bound(h, leader, n, hand, alive, trick_set, alpha, beta, tab)
        if v != NO_BOUND:
            return v
    alpha0 = alpha
    beta0 = beta
    use_tt = (opts & OPT_TT) != 0 and n == 0
    tt_move = -1
    slot = -1
    k1 = 0
    k2 = 0
    if use_tt:
        k1, k2 = tt_key(h, leader, alive, tab)
        slot, tt_move, lb, ub = tt_probe(k1, k2, alive, ply, tab, tt)
        if lb >= beta:
            return lb
        if ub <= alpha:
            return ub
        if lb > alpha:
            alpha = lb
        if ub < beta:
            beta = ub
    if players == 3:
        legal = legal_moves(hand, c0 if n > 0 else -1, tab)
        if opts & OPT_EQUIV:
            legal = equivalent_cards(legal, (alive | trick_set) & ~hand, tab)
    else:
        playable, cov = pile_cards(hand, tab)
        legal = legal_moves(playable, c0 if n > 0 else -1, tab)
        if opts & OPT_EQUIV:
            # a card that covers a face-down one is never the same as another
            legal = equivalent_cards(legal & ~cov, (alive | trick_set) & ~hand, tab) | (legal & cov)
    # the table's move alone first; the others are generated and scored only if it does not cut off
    nm = 0
    pending = legal
    if tt_move >= 0 and (legal >> tt_move) & 1:
        ms[ply, MS_MOVES] = tt_move
        ms[ply, MS_SCORES] = 1 << 30
        nm = 1
        pending = legal & ~(1 << tt_move)
    best = -INF if is_max else INF
    best_move = -1
    i = -1
    while True:
        i += 1
        if i >= nm:
            if pending == 0:
                break
            nm = generate_moves(ms, ply, nm, pending, p, n, c0, c1, leader, is_max,
                                (alive | trick_set) & ~hand, tab, h)
            pending = 0
        c = pick_next(ms, ply, i, nm)
        h[p] = hand & ~(1 << c)
        # the position after the card: the trick goes on, or it is complete and its winner leads
        # (one recursive call site: numba types a recursive function once per call site)
        tv = 0
        nl = leader
        nn = n + 1
        nc0 = c0
        nc1 = c1
        if n == 0:
            nc0 = c
        elif n == 1 and players == 3:
            nc1 = c
        else:
            if players == 2:
                nl = (leader + trick_winner(c0, c, c, tab[T_TRUMP], tab)) % 2
                if nl == decl:
                    tv = tab[32 + c0] + tab[32 + c] + tab[T_BONUS]
            else:
                nl = (leader + trick_winner(c0, c1, c, tab[T_TRUMP], tab)) % 3
                if nl == decl:
                    tv = tab[32 + c0] + tab[32 + c1] + tab[32 + c] + tab[T_BONUS]
                    if h[p] == 0:       # the last trick (the two-trick enumeration did not see it)
                        tv += last_bonus((1 << c0) | (1 << c1) | (1 << c), tab)
            nn = 0
            nc0 = -1
            nc1 = -1
        v = tv + search(h, nl, nn, nc0, nc1, alpha - tv, beta - tv, tab, tt, ms)
        h[p] = hand
        if is_max:
            if v > best:
                best = v
                best_move = c
                if v > alpha:
                    alpha = v
        else:
            if v < best:
                best = v
                best_move = c
                if v < beta:
                    beta = v
        if alpha >= beta:
            ms[MS_KILLERS, ply * 3 + n] = c
            break
    if use_tt:
        tt_store(tt, slot, k1, k2, alive, best, alpha0, beta0, best_move, ply)
    return best


@njit(cache=True)
def _prepare(pos: np.ndarray, eff: np.ndarray, pts: np.ndarray, tab: np.ndarray, h: np.ndarray,
             stamp: int, opts: int) -> None:
    job = pos[P_JOB]
    helped = job == JOB_HELPED
    on_points = job <= JOB_AT_LEAST or helped       # V counts card points (else tricks)
    for i in range(32):
        tab[i] = eff[i]
        tab[32 + i] = pts[i] if on_points else 0
    tab[T_TRUMP] = pos[P_TRUMP]
    tab[T_BONUS] = 0 if on_points else 1
    tab[T_DECL] = pos[P_DECL]
    tab[T_DECL_MAX] = 0 if job == JOB_NULL or pos[P_MINIMISE] else 1
    # the last-trick bonus is a card-points matter (Spitze, the Ramsch skat): the trick-counting jobs leave it out
    tab[T_LAST] = pos[P_LAST_BONUS] if on_points else 0
    tab[T_LASTMASK] = pos[P_LAST_CARDS] if on_points else 0
    tab[T_HELPED] = 1 if helped else 0
    tab[T_KEYX] = (pos[P_DECL] << 34) | ((1 - tab[T_DECL_MAX]) << 36) | (tab[T_HELPED] << 38)
    tab[T_NP] = 2 if pos[P_TWO] else 3
    down = 0
    for c in range(32):
        tab[T_COVER + c] = pos[P_COVER + c] - 1
        if pos[P_COVER + c] > 0:
            down |= 1 << c
    tab[T_DOWN] = down
    tab[T_STAMP] = stamp
    tab[T_OPTS] = opts
    # the groups that the table key compacts (OPT_SIMILAR): runs of one
    # effective suit that are adjacent in the layout
    ng = 0
    start = 0
    for c in range(1, 33):
        if c == 32 or eff[c] != eff[start] or not (eff[start] >> c) & 1:
            if c - start >= 2:
                tab[T_GROUPS + 2 * ng] = start
                tab[T_GROUPS + 2 * ng + 1] = c - start
                ng += 1
            start = c
    tab[T_NGROUPS] = ng
    k = 0
    for v in (2, 3, 4, 10, 11):
        m = 0
        for c in range(32):
            if tab[32 + c] == v:
                m |= 1 << c
        tab[T_PCLASS + 2 * k] = m
        tab[T_PCLASS + 2 * k + 1] = v
        k += 1
    h[0] = pos[P_H0]
    h[1] = pos[P_H1]
    h[2] = pos[P_H2]


BATCH_SIGNATURE = ("void(int64[:, ::1], int64[:, ::1], int64[:, ::1], int64[:, ::1], int64, int64, int64[::1],"
                   " int64[::1], int64[::1], int64[:, ::1], int64[::1])")


def new_scratch() -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """The scratch arrays :func:`solve_batch` works in: ``tab``, the move lists ``ms`` and the hands ``h``.

    (Allocated here rather than in the compiled code: numpy's allocators would be compiled
    into every user's first run for three arrays.)"""
    return (np.zeros(TAB_SIZE, dtype=np.int64), np.zeros((MS_ROWS, MS_COLS), dtype=np.int64),
            np.zeros(3, dtype=np.int64))


@njit(BATCH_SIGNATURE, cache=True)
def solve_batch(positions: np.ndarray, effs: np.ndarray, ptss: np.ndarray, tt: np.ndarray,
                stamp0: int, opts: int, out: np.ndarray, nodes: np.ndarray,
                tab: np.ndarray, ms: np.ndarray, h: np.ndarray) -> None:
    """Answer many position rows (see ``P_*``) in one call: V, or 0/1 for the yes/no jobs.

    One table serves the batch, reused with a new stamp per row, or the row's own
    ``P_STAMP`` when set (rows of one game that share a stamp share their table entries).
    ``effs[k]``/``ptss[k]`` are the tables of row k's game kind (``P_GAMEKIND``);
    ``tab``, ``ms``, ``h``: scratch (:func:`new_scratch`).

    The exact value (``JOB_POINTS``) is found by **zero-window probes** that share the
    table.  Plain MTD(f) steps from its guess by the fail-soft value, which here is almost
    always the probe's own bound: one point a probe, some twenty probes a deal.  So the
    probes bisect the interval instead (the C* / MTD-bi variant): the first one at the
    middle, then at the midpoint of what is left.  A yes/no job is one probe at its
    threshold.  (One compiled function with one probe site: each level of compiled callers
    above the search, and each call site of it, costs the first run compile time.)
    """
    for j in range(MS_COLS):
        ms[MS_KILLERS, j] = 0           # no killer moves from an earlier call: a call's nodes are its own
    for i in range(positions.shape[0]):
        pos = positions[i]
        tab[T_NODES] = 0
        st = pos[P_STAMP] if pos[P_STAMP] > 0 else stamp0 + i
        _prepare(pos, effs[pos[P_GAMEKIND]], ptss[pos[P_GAMEKIND]], tab, h, st, opts)
        leader, n, c0, c1 = pos[P_LEADER], pos[P_N], pos[P_C0], pos[P_C1]
        job = pos[P_JOB]
        lower = 0
        if job == JOB_POINTS:
            x = h[0] | h[1] | h[2]
            if n >= 1:
                x |= 1 << c0
            if n >= 2:
                x |= 1 << c1
            upper = points_of(x, tab) + last_bonus(x, tab)
            beta = upper // 2 if upper >= 2 else (upper + 1) // 2
        elif job == JOB_AT_LEAST or job == JOB_HELPED:
            beta = pos[P_TARGET]
            upper = beta
        elif job == JOB_NULL or job == JOB_ANY_TRICK:
            beta = 1
            upper = 1
        else:
            # all tricks: the declarer's tricks still to come must equal the tricks left
            beta = popcount(h[(leader + n) % tab[T_NP]])     # the player to move has a card per trick left
            upper = beta
        reached = beta <= 0                 # (a target of no points is reached without a search)
        while lower < upper and not reached:
            g = search(h, leader, n, c0, c1, beta - 1, beta, tab, tt, ms)
            if job != JOB_POINTS:
                reached = g >= beta
                break
            if g >= beta:
                lower = g
            else:
                upper = g
            beta = (lower + upper + 1) // 2
        if job == JOB_POINTS:
            out[i] = lower
        elif job == JOB_NULL:
            out[i] = 0 if reached else 1
        else:
            out[i] = 1 if reached else 0
        nodes[i] = tab[T_NODES]
