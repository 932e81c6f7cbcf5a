"""The transposition table: bounds on V still to win, stored at trick starts.

An entry bounds the points still to win from a position (not absolute points), so it serves
every zero-window probe of a solve and every solve of one deal that shares its stamp.  The key
(:func:`tt_key`) compacts each run of one effective suit, so positions that differ only in which
cards of a run are gone share a key: a **payoff-similar hit** (Furtak & Buro 2011;
:func:`similar_bounds`) widens the stored bounds by the point differences of the cards mapped one
to one.  Buckets of ``TT_WAYS`` entries (two-player: ``TT_WAYS_DUEL``), in which the positions
of one key keep their entries side by side and a probe narrows its bounds by all of them;
the shallowest entry is replaced (:func:`tt_probe`, :func:`tt_store`).  Switches: ``OPT_TT``,
``OPT_SIMILAR``.
"""

from __future__ import annotations

import numpy as np

from ..cards import lowest_nb as lowest
from ..cards import popcount_nb as popcount
from .jit import compiled, prefetch
from .moves import under_cards
from .layout import (INF, OPT_SIMILAR, TT_FIELDS, TT_WAYS, TT_WAYS_DUEL, T_COVERS, T_GROUP, T_GROUPS, T_H,
                     T_KEYS, T_KEYX, T_LASTMASK, T_NGROUPS, T_NP, T_OPTS, T_SQUEEZE, T_STAMP, T_TTMASK, T_UNDER,
                     TT_BASE, KEY_CARDS, KEY_FIELDS, KEY_STAMP_SHIFT)


@compiled("int64(int64, int64, int64)")
def _tt_index(k1: int, k2: int, mask: int) -> int:
    x = k1 ^ (k2 * 0x2545F4914F6CDD1D)
    x ^= (x >> 29) & 0x7FFFFFFFF
    x *= 0x1B873593A5E4C5
    x ^= (x >> 32) & 0xFFFFFFFF
    return x & mask & ~1


@compiled("int64(int64, int64, CPointer(int64))")
def _bucket(k1: int, k2: int, tab: np.ndarray) -> int:
    """The first entry of a key's bucket: ``TT_WAYS`` entries (two players ``TT_WAYS_DUEL``)."""
    ways = TT_WAYS_DUEL if tab[T_NP] == 2 else TT_WAYS
    return _tt_index(k1, k2, tab[T_TTMASK]) & ~(ways - 1)


@compiled("int64(int64, int64, int64, int64)")
def _pack(lb: int, ub: int, move: int, depth: int) -> int:
    return (lb & 0xFFFF) | ((ub & 0xFFFF) << 16) | ((move & 0xFF) << 32) | (depth << 40)


@compiled("UniTuple(int64, 2)(int64, int64, int64, CPointer(int64))")
def tt_key(leader: int, alive: int, ply: int, tab: np.ndarray) -> tuple[int, int]:
    """The table key of a trick start (``ply`` cards in play): the three hands and the leader,
    each group of adjacent cards of one effective suit compacted (``OPT_SIMILAR``), so that
    positions that differ only in which cards of a group are gone share an entry.  Two players
    (Offiziersskat): the cards still covering or covered, compacted alike, take the third
    hand's place, so that an entry maps them onto their like; which covers which the key does
    not say, and :func:`same_piles` checks it before a hit counts.

    The compacted words of each trick start are kept for its ply (``T_KEYS``), and the next
    trick start's are those with the trick's cards squeezed out (:func:`squeeze_out`): the
    owners of a deal's cards never change, so the words of any position one trick earlier
    whose cards in play include these serve.  Where none is kept (the search's first trick
    start, or one whose last trick start had no key) they are made from the hands
    (:func:`squeezed`).  One sitting, three alternating runs, the same nodes and values
    (``benchmarks/results/session_key_words.txt``): the Offiziersskat benchmark's exact values
    81.9 / 76.8 / 77.1 -> 80.1 / 74.3 / 74.4 ms median, 474 / 408 / 399 -> 439 / 391 / 393 ms
    worst; three players' exact values 6% (suit) and 5% (Grand) less time."""
    last = T_KEYS + KEY_FIELDS * (ply + tab[T_NP])          # a trick start one trick earlier
    before = tab[last + KEY_CARDS]                          # (0: none kept; never without OPT_SIMILAR)
    if before != 0 and (before & alive) == alive:
        g0, g1, g2 = squeeze_out(before & ~alive, before, tab[last], tab[last + 1], tab[last + 2], tab)
    else:
        g0, g1, g2 = squeezed(alive, tab)
    if tab[T_OPTS] & OPT_SIMILAR:
        here = T_KEYS + KEY_FIELDS * ply
        tab[here] = g0
        tab[here + 1] = g1
        tab[here + 2] = g2
        tab[here + KEY_CARDS] = alive
    x = tab[T_KEYX]
    m = tab[T_LASTMASK]
    if m and (alive & m) == m:
        x |= 1 << 37                    # the Spitze card still in play
    return g0 | (g1 << 32), g2 | (leader << 32) | x | (tab[T_STAMP] << KEY_STAMP_SHIFT)


@compiled("UniTuple(int64, 3)(int64, CPointer(int64))")
def squeezed(alive: int, tab: np.ndarray) -> tuple[int, int, int]:
    """The three words of :func:`tt_key`, made from the hands: each hand (two players: F's, R's,
    and the cards covering or covered) with the cards of each group still in play packed to the
    group's lowest place in order (``OPT_SIMILAR``; else as they lie).

    (The squeeze takes four places at a time from a table (``T_SQUEEZE``) where it took one card
    still in play at a time: the Offiziersskat benchmark's exact values, the same nodes, took
    11.8 / 11.5 / 11.9 s against 13.2 / 12.2 / 12.3 s, alternating; three players' exact values
    1-2% less.  The key was a seventh of the two-player search's time.)"""
    g0 = tab[T_H]
    g1 = tab[T_H + 1]
    g2 = tab[T_H + 2]
    if tab[T_NP] == 2:
        # piles: a card that covers a face-down one, and the card under it, are not like the
        # other cards of their groups; the key holds them (in the third hand's place: two
        # players leave it empty)
        g2 = alive & tab[T_COVERS]
        g2 |= under_cards(g2, tab)
    if tab[T_OPTS] & OPT_SIMILAR:
        for gi in range(tab[T_NGROUPS]):
            o = tab[T_GROUPS + 2 * gi]
            wm = (1 << tab[T_GROUPS + 2 * gi + 1]) - 1
            av = (alive >> o) & wm
            if av == wm or av == 0:
                continue
            # the owners of the group's cards in order, gone cards squeezed out four places at a
            # time (T_SQUEEZE); the third hand's are the rest, or two players' covering and
            # covered cards
            a0 = g0 >> o
            a1 = g1 >> o
            a2 = g2 >> o
            r0 = 0
            r1 = 0
            r2 = 0
            j = 0
            y = av
            while y:
                base = T_SQUEEZE + ((y & 15) << 4)
                r0 |= tab[base + (a0 & 15)] << j
                r1 |= tab[base + (a1 & 15)] << j
                r2 |= tab[base + (a2 & 15)] << j
                j += popcount(y & 15)
                y >>= 4
                a0 >>= 4
                a1 >>= 4
                a2 >>= 4
            m = ~(wm << o)
            g0 = (g0 & m) | (r0 << o)
            g1 = (g1 & m) | (r1 << o)
            g2 = (g2 & m) | (r2 << o)
    return g0, g1, g2


@compiled("UniTuple(int64, 3)(int64, int64, int64, int64, int64, CPointer(int64))")
def squeeze_out(gone: int, before: int, g0: int, g1: int, g2: int, tab: np.ndarray) -> tuple[int, int, int]:
    """The words of :func:`squeezed` for the cards ``before`` less ``gone``, from its words
    ``g0``, ``g1``, ``g2`` for ``before`` (``OPT_SIMILAR``): each gone card's place in its group
    is dropped from all three words and the group's places above it move down one (a card in no
    group is cleared where it lies); two players, the card a gone covering card lay on leaves
    the third word, turned up."""
    cur = before
    two = tab[T_NP] == 2
    while gone:
        low = gone & -gone
        gone ^= low
        c = lowest(low)
        gm = tab[T_GROUP + c]
        if gm == 0:
            g0 &= ~low
            g1 &= ~low
            g2 &= ~low
        else:
            q = lowest(gm) + popcount(cur & gm & (low - 1))      # its place: the group's cards below it
            keep = ~gm | ((1 << q) - 1)
            above = gm & ~((2 << q) - 1)
            g0 = (g0 & keep) | ((g0 & above) >> 1)
            g1 = (g1 & keep) | ((g1 & above) >> 1)
            g2 = (g2 & keep) | ((g2 & above) >> 1)
        cur ^= low
        if two and (tab[T_COVERS] >> c) & 1:
            u = tab[T_UNDER + c]
            gu = tab[T_GROUP + u]
            g2 &= ~(1 << (u if gu == 0 else lowest(gu) + popcount(cur & gu & ((1 << u) - 1))))
    return g0, g1, g2


@compiled("UniTuple(int64, 3)(int64, int64, int64, CPointer(int64))")
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
        if a1 == a2:
            continue                    # the same cards: each maps onto itself (the move too)
        while a1:
            l1 = a1 & -a1
            l2 = a2 & -a2
            c1m = o + lowest(l1)
            c2m = o + lowest(l2)
            if c1m == smove:
                move = c2m              # the stored best lead, mapped to this position
            dp = tab[32 + c2m] - tab[32 + c1m]
            pos += max(dp, 0)
            neg += max(-dp, 0)
            a1 ^= l1
            a2 ^= l2
    return (lb - neg if lb > neg else 0), ub + pos, move


@compiled("int64(int64, int64, int64, CPointer(int64))")
def _image(c: int, alive: int, other: int, tab: np.ndarray) -> int:
    """Where the mapping of :func:`similar_bounds` takes card ``c`` of ``alive``: the card of
    ``other`` at its place in its group (a card in no group: itself)."""
    gm = tab[T_GROUP + c]
    if gm == 0:
        return c
    y = other & gm
    for _ in range(popcount(alive & gm & ((1 << c) - 1))):
        y &= y - 1
    return lowest(y)


@compiled("boolean(int64, int64, CPointer(int64))")
def same_piles(other: int, alive: int, tab: np.ndarray) -> bool:
    """Two players: does the mapping of :func:`similar_bounds` (card k of each group onto card
    k) take every face-down card of this position (``alive``) and the card covering it onto a
    face-down card of the entry's (``other``) and the card covering that?  The key says only
    that both positions have covering and covered cards in the same places; the piles decide
    which card turns up which, and so what may be played when.  (A pile whose two groups are
    the same in both positions maps onto itself.)"""
    diff = alive ^ other
    x = alive & tab[T_COVERS]
    while x:
        low = x & -x
        x ^= low
        u = lowest(low)
        c = tab[T_UNDER + u]
        if ((tab[T_GROUP + c] | tab[T_GROUP + u]) & diff) != 0:
            if tab[T_UNDER + _image(u, alive, other, tab)] != _image(c, alive, other, tab):
                return False
    return True


@compiled("void(int64, int64, CPointer(int64))")
def tt_prefetch(k1: int, k2: int, tab: np.ndarray) -> None:
    """Bring the bucket of a trick start's key into the cache while the search works out its
    fast bound, so that :func:`tt_probe` finds it there (its first and last entry: a bucket of
    four entries spans two cache lines).

    Two players only (:func:`solver.search.kernel.search` computes their key before the fast
    bound).  The Offiziersskat benchmark's exact values, alternating runs, the same nodes: 95th
    percentile 335 / 347 -> 303 / 305 ms, worst 573 / 597 -> 537 / 548 ms, median 91 / 96 ->
    91 / 93 ms; the band question's worst 324 / 322 -> 300 / 299 ms.  Three players' exact values
    took 5% more time with their key before the fast bound (suit mean 16.7 / 16.4 -> 17.2 /
    17.4 ms): their fast bound ends more trick starts, whose key is then wasted.  Two players'
    table probed before their sure tricks, so that what it decides skips them: 1.3% fewer nodes,
    2% more time, alternating; the probe then waits for its bucket
    (``benchmarks/results/session_probes_bounds.txt``)."""
    idx = _bucket(k1, k2, tab)
    prefetch(tab, TT_BASE + TT_FIELDS * idx)
    prefetch(tab, TT_BASE + TT_FIELDS * (idx + TT_WAYS_DUEL) - 1)


@compiled("UniTuple(int64, 4)(int64, int64, int64, int64, int64, int64, CPointer(int64))")
def tt_probe(k1: int, k2: int, alive: int, ply: int, alpha: int, beta: int,
             tab: np.ndarray) -> tuple[int, int, int, int]:
    """Look a trick start up: (slot to store into, best lead or -1, lower bound, upper bound).

    A bucket holds ``TT_WAYS`` entries (two players ``TT_WAYS_DUEL``).  The bounds are those of
    this position's own entry, narrowed by each payoff-similar entry of the bucket
    (:func:`similar_bounds`: each bounds this position's value, so together they do too) until
    they decide the window (``alpha``, ``beta``); the move is the own entry's, else a similar
    one's, mapped.  The slot to store into is the own entry, else the bucket's entry of another
    stamp or, of none, its shallowest (fewest cards in play; the first of equals): a similar
    entry stays unless it is the shallowest, so the positions of one key keep their entries
    side by side.

    (Until a similar position overwrote the entry it hit, in two-entry buckets (one kept the
    deeper position, the other was always replaced), and a probe took the first matching
    entry's bounds alone.  In a two-player search a third of the trick starts that the table
    did not decide had hit a similar entry: the positions of one key evicted each other.
    Exact values of the Offiziersskat benchmark's 102 deals: 103.1 M nodes before, 97.4 M with
    the similar entry kept, 87.2 M with the bounds of all narrowed together, 83.9 M in
    four-entry buckets (eight: 83.3 M).  Three players, exact values of ``bench_deals.jsonl``:
    suit 19.04 -> 17.21 M nodes (two entries) or 16.47 M (four, but slower: two cache lines
    a probe), Grand 9.70 -> 8.84 M.

    Measured and not kept, on the Offiziersskat benchmark, with these buckets: an **enhanced
    transposition cutoff** at the second player's turn (a probe of each reply's trick start)
    counted 32% fewer nodes but took 25-30% more time, most of its cut-offs at the reply the
    order tries first, whose trick start the table decides in one node anyway (again with the
    cheaper key of :func:`squeeze_out` and every reply's bucket prefetched before the probes:
    -31% nodes and +10% time from seven cards on; at reply nodes with two replies or more
    -25% / +7%, from fifteen cards on -14% / +5%; only at replies whose first move failed, where
    it could spare a search: -2.8% nodes, +23% time); the bucket's
    victim chosen by the nodes of its search instead of the cards in play (-0.25% nodes);
    no table at six cards or fewer (+7%); entries at replies too (their key the trick start's words
    and the lead's place in its group): -5% nodes with their bounds, -1% with their moves alone,
    and half again the time (``benchmarks/results/session_refutation_oracle.txt``).  With the
    two-entry buckets before them: an exact value searched for a position probed before (+11%
    from ten cards down, x12 from the first card), or a probe's window widened toward its entry's
    bounds (+34 to +70%).)"""
    ways = TT_WAYS_DUEL if tab[T_NP] == 2 else TT_WAYS
    idx = _bucket(k1, k2, tab)
    same = -1
    similar = 0
    for j in range(ways):
        e = TT_BASE + TT_FIELDS * (idx + j)
        if tab[e] == k1 and tab[e + 1] == k2:
            if tab[e + 3] == alive:
                same = j
            else:
                similar |= 1 << j
    lb = 0
    ub = INF
    move = -1
    if same >= 0:
        d = tab[TT_BASE + TT_FIELDS * (idx + same) + 2]
        m = (d >> 32) & 0xFF
        move = -1 if m == 0xFF else m
        lb = d & 0xFFFF
        ub = (d >> 16) & 0xFFFF
    x = similar
    while x and lb < beta and ub > alpha and lb < ub:
        j = lowest(x)
        x &= x - 1
        e = TT_BASE + TT_FIELDS * (idx + j)
        other = tab[e + 3]
        if tab[T_NP] == 2 and not same_piles(other, alive, tab):
            continue                    # other piles: no bound
        slb, sub, smove = similar_bounds(tab[e + 2], other, alive, tab)
        lb = max(lb, slb)
        ub = min(ub, sub)
        if move < 0:
            move = smove
    if same >= 0:
        return idx + same, move, lb, ub
    victim = idx
    depth = INF
    for j in range(ways):
        e = TT_BASE + TT_FIELDS * (idx + j)
        dj = -1 if tab[e + 1] >> KEY_STAMP_SHIFT != tab[T_STAMP] else tab[e + 2] >> 40
        if dj < depth:
            depth = dj
            victim = idx + j
    return victim, move, lb, ub


@compiled("void(CPointer(int64), int64, int64, int64, int64, int64, int64, int64, int64, int64)")
def tt_store(tab: np.ndarray, slot: int, k1: int, k2: int, alive: int, best: int, alpha0: int, beta0: int,
             move: int, ply: int) -> None:
    """Store the search's result as bounds, merged with the slot's own entry for this position;
    ``move`` -1 keeps the entry's move.

    (Two-player searches store no move from an all-node, where every move failed and the best
    of them is no better than the others: the table's move, tried first, had failed in 87 k of
    the 183 k Ramsch trick starts whose first move failed.  24 mixed deals of seed 5 took
    37.91 M nodes before, 36.56 M after; 12 Ramsch deals 36.8 -> 35.1 M.  Three players keep
    the all-node's move: without it exact values took 1.0% (suit) and 0.4% (Grand) more nodes.)"""
    e = TT_BASE + TT_FIELDS * slot
    lb = 0
    ub = 0xFFFF
    if tab[e] == k1 and tab[e + 1] == k2 and tab[e + 3] == alive:
        d = tab[e + 2]
        lb = d & 0xFFFF
        ub = (d >> 16) & 0xFFFF
        if move < 0:
            move = (d >> 32) & 0xFF     # (keep the move of an earlier search)
    if best <= alpha0:
        if best < ub:
            ub = best
    elif best >= beta0:
        if best > lb:
            lb = best
    else:
        lb = best
        ub = best
    tab[e] = k1
    tab[e + 1] = k2
    tab[e + 2] = _pack(lb, ub, move, ply)
    tab[e + 3] = alive
