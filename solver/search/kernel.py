"""The double-dummy search core (numba, nopython, cached): alpha-beta and the batch call.

One alpha-beta search serves every question.  It computes

    V = sum over the tricks the declarer takes of (card points x ``pw`` + ``bonus``)

from a position onward, with the declarer maximising V (suit, Grand,
"all tricks") or minimising it (Null: V counts the declarer's tricks and the
defenders try to make it positive).  Positions are bitboards in the *game
layout* of :mod:`solver.play` (a higher bit is the stronger card of its
effective suit), and the trick rules are the ones of :mod:`solver.play`.

The techniques live in one file each, as Haglund's DDS splits its own, and each
can be switched off through the option flags so that the benchmark can measure
it (names as in Kupferschmid & Helmert 2006, Furtak & Buro 2011 and DDS):

* **transposition table** with **payoff-similar hits** (``OPT_TT``, ``OPT_SIMILAR``):
  :mod:`solver.search.transposition` (two players: the bucket prefetched while the fast
  bound is worked out);
* **equivalent cards** and **move ordering** (``OPT_EQUIV``, ``OPT_ORDER``):
  :mod:`solver.search.moves` (the table's move is tried here first, before the others
  are even generated);
* **fast bounds** and **sure tricks** ("quick tricks"; ``OPT_BOUNDS``, ``OPT_QUICK``):
  :mod:`solver.search.quick_tricks`;
* **last two tricks** enumerated directly: :mod:`solver.search.last_tricks`;
* **zero-window search** (this file): threshold queries are one probe; the exact value is
  found by bisection over probes that share the table (:func:`solve_batch`);
* **cooperative search** (``JOB_HELPED``, ``T_HELPED``): every player maximises V,
  so a threshold the probe does not reach is out of reach of any play (the bid
  advice asks it before it prices a Schneider); the bounds stay sound, since
  the sure tricks counted for a side that may help are sure whoever helps.

Every part is a separate compiled function, small helpers too, but for the fast bound that
every node asks (and Offiziersskat's lookup of the cards under covering cards), which numba
inlines (:data:`solver.search.jit.INLINED`: 8 to 9% of the time,
the cold compile unchanged; every helper inlined saves a fifth of the time but triples the cold
compile; LLVM inlines the smallest ones itself when it links them, and the table's and the
moves' helpers, marked for it, however large: :data:`solver.search.jit.LINKED_INLINE`).
The helpers declare the one signature they are called with (:func:`solver.search.jit.compiled`)
and compile lazily: a cached search loads none of them, and on a cold cache the technique
modules compile ahead of this one in two processes at once
(:func:`solver.search.compile.compile_kernel`), this one then linking them from the cache.
The work arrays' layout (``T_*``, ``MS_*``) is in
:mod:`solver.search.layout`.
"""

from __future__ import annotations

import numpy as np

from ..cards import popcount_nb as popcount
from ..play import legal_moves_nb as legal_moves
from ..play import trick_winner_nb as trick_winner
from .jit import address_of, njit
from .layout import (INF, JOB_ANY_TRICK, JOB_AT_LEAST, JOB_HELPED, JOB_NULL, JOB_POINTS, MS_COLS, MS_KILLERS,
                     MS_MOVES, MS_SCORES, NO_BOUND, OPT_BOUNDS, OPT_EQUIV, OPT_TT, P_C0, P_C1, P_GAMEKIND,
                     P_JOB, P_LEADER, P_N, P_STAMP, P_TARGET, T_BONUS, T_DECL, T_DECL_MAX, T_H, T_HELPED,
                     T_MS, T_NODES, T_NP, T_OPTS, T_TRUMP)
from .last_tricks import duel_last_tricks, last_bonus, last_tricks
from .moves import equivalent_cards, generate_moves, pick_next, pile_cards
from .prepare import prepare
from .quick_tricks import fast_bound, points_of
from .transposition import tt_key, tt_prefetch, tt_probe, tt_store


SEARCH_SIGNATURE = "int64(int64, int64, int64, int64, int64, int64, CPointer(int64))"


@njit(SEARCH_SIGNATURE, cache=True)
def search(leader: int, n: int, c0: int, c1: int, alpha: int, beta: int,
           tab: np.ndarray) -> int:
    """Fail-soft alpha-beta on V still to win (see module docs).

    ``tab`` is the work array's address (:func:`solver.search.jit.address_of`; its layout in
    :mod:`solver.search.layout`).  ``tab[T_H:T_H + 3]`` holds the three hands (mutated and
    restored: in ``tab``, so that each call passes one argument fewer), ``n`` the number of
    cards in the trick in progress (``c0``, ``c1``), and from ``T_MS`` on the move lists
    (``MS_*``).  Two players
    (``T_NP``, Offiziersskat): the third hand is empty, a trick has two cards, and only open
    cards are played.

    (Tried and not kept: forced replies played in the lead's loop, and racing the moves under
    node budgets; ``docs/measurements.md``, "Not kept: forced replies, racing the moves".)
    """
    tab[T_NODES] += 1
    opts = tab[T_OPTS]
    players = tab[T_NP]
    p = (leader + n) % 3 if players == 3 else (leader + n) & 1     # (constant divisors: this is the hot path)
    hand = tab[T_H + p]
    if hand == 0:
        return 0
    if n == 0 and popcount(hand) <= 2:
        if players == 3:
            return last_tricks(leader, tab)         # the last two tricks: enumerate them
        return duel_last_tricks(leader, tab)
    decl = tab[T_DECL]
    is_max = tab[T_HELPED] == 1 or (p == decl) == (tab[T_DECL_MAX] == 1)
    alive = tab[T_H] | tab[T_H + 1] | tab[T_H + 2]
    trick_set = 0
    if n >= 1:
        trick_set |= 1 << c0
    if n >= 2:
        trick_set |= 1 << c1
    ply = popcount(alive)
    use_tt = (opts & OPT_TT) != 0 and n == 0
    k1 = 0
    k2 = 0
    if use_tt and players == 2:
        # the key first, and its bucket on its way from memory while the fast bound is worked out
        # (two players; three players' fast bound ends more nodes, and their key would be wasted)
        k1, k2 = tt_key(leader, alive, ply, tab)
        tt_prefetch(k1, k2, tab)
    if opts & OPT_BOUNDS:
        v = fast_bound(leader, n, hand, alive, trick_set, alpha, beta, tab)
        if v != NO_BOUND:
            return v
    alpha0 = alpha
    beta0 = beta
    tt_move = -1
    slot = -1
    if use_tt:
        if players == 3:
            k1, k2 = tt_key(leader, alive, ply, tab)
        slot, tt_move, lb, ub = tt_probe(k1, k2, alive, ply, alpha, beta, tab)
        if lb >= beta:
            return lb
        if ub <= alpha:
            return ub
        if lb > alpha:
            alpha = lb
        if ub < beta:
            beta = ub
        if alpha >= beta:
            return alpha                # an exact entry inside a wider window: the value itself
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
        tab[T_MS + ply * MS_COLS + MS_MOVES] = tt_move
        tab[T_MS + ply * MS_COLS + MS_SCORES] = 1 << 30
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
            nm = generate_moves(ply, nm, pending, p, n, c0, c1, leader, (alive | trick_set) & ~hand, tab)
            pending = 0
            c = tab[T_MS + ply * MS_COLS + MS_MOVES + i]        # (generated best first)
        else:
            c = pick_next(ply, i, nm, tab)
        tab[T_H + p] = hand & ~(1 << c)
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
                    if tab[T_H + p] == 0:   # the last trick (the two-trick enumeration did not see it)
                        tv += last_bonus((1 << c0) | (1 << c1) | (1 << c), tab)
            nn = 0
            nc0 = -1
            nc1 = -1
        v = tv + search(nl, nn, nc0, nc1, alpha - tv, beta - tv, tab)
        tab[T_H + p] = hand
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
            if n == 0 and players == 3:
                tab[T_MS + MS_KILLERS * MS_COLS + ply] = c         # the killer lead of this ply (solver.search.moves)
            break
    if use_tt:
        if players == 2 and not ((best >= beta0) if is_max else (best <= alpha0)):
            # every move failed (an all-node): none is better than the others; the entry keeps
            # the move an earlier search stored (two players: see tt_store)
            best_move = -1
        tt_store(tab, slot, k1, k2, alive, best, alpha0, beta0, best_move, ply)
    return best


BATCH_SIGNATURE = "void(int64[:, ::1], int64[:, ::1], int64[:, ::1], int64, int64, int64[::1], int64[::1], int64[::1])"


@njit(BATCH_SIGNATURE, cache=True)
def solve_batch(positions: np.ndarray, effs: np.ndarray, ptss: np.ndarray, stamp0: int, opts: int,
                out: np.ndarray, nodes: np.ndarray, work: np.ndarray) -> None:
    """Answer many position rows (see ``P_*``) in one call: V, or 0/1 for the yes/no jobs.

    One table serves the batch, reused with a new stamp per row, or the row's own
    ``P_STAMP`` when set (rows of one game that share a stamp share their table entries).
    ``effs[k]``/``ptss[k]`` are the tables of row k's game kind (``P_GAMEKIND``);
    ``work``: the work array, the transposition table in it
    (:func:`solver.search.layout.new_work`), which the search takes by its address
    (:func:`solver.search.jit.address_of`).

    The exact value (``JOB_POINTS``) is found by **zero-window probes** that share the
    table.  Plain MTD(f) steps from its guess by the fail-soft value, which here is almost
    always the probe's own bound: one point a probe, some twenty probes a deal.  So the
    probes bisect the interval instead (the C* / MTD-bi variant): the first one at the
    middle, then at the midpoint of what is left.  A yes/no job is one probe at its
    threshold.  (One compiled function with one probe site: each level of compiled callers
    above the search, and each call site of it, costs the first run compile time.)  Measured:
    ``docs/measurements.md``, "Bisecting probes".
    """
    tab = address_of(work)
    for j in range(MS_COLS):
        # no killer moves from an earlier call: a call's nodes are its own.  (0 makes the game
        # layout's card 0, the lowest of its suit, the killer of a ply where none has cut yet: a
        # low lead.  No killer at all, -1, took more nodes: docs/measurements.md, "Killer moves".)
        tab[T_MS + MS_KILLERS * MS_COLS + j] = 0
    for i in range(positions.shape[0]):
        pos = positions[i]
        tab[T_NODES] = 0
        st = pos[P_STAMP] if pos[P_STAMP] > 0 else stamp0 + i
        prepare(pos, effs[pos[P_GAMEKIND]], ptss[pos[P_GAMEKIND]], work, st, opts)
        leader, n, c0, c1 = pos[P_LEADER], pos[P_N], pos[P_C0], pos[P_C1]
        job = pos[P_JOB]
        lower = 0
        if job == JOB_POINTS:
            x = tab[T_H] | tab[T_H + 1] | tab[T_H + 2]
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
            beta = popcount(tab[T_H + (leader + n) % tab[T_NP]])     # the player to move has a card per trick left
            upper = beta
        reached = beta <= 0                 # (a target of no points is reached without a search)
        while lower < upper and not reached:
            g = search(leader, n, c0, c1, beta - 1, beta, tab)
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
