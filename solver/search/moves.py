"""Moves: which cards are searched, and in what order.

**Equivalent cards** (``OPT_EQUIV``; :func:`equivalent_cards`): of cards adjacent in the
remaining order of one effective suit in one hand only one is searched (in point games only
when they are worth the same).  Offiziersskat's piles: only open cards are played
(:func:`pile_cards`).  **Move ordering** (``OPT_ORDER``; :func:`generate_moves`,
:func:`pick_next`): the heuristics of :func:`_lead_score` and :func:`generate_moves` (cash
masters an opponent cannot ruff, take a trick with the most valuable winner, smear onto a
partner's trick, duck what the third hand will take; in Null, duck) and of
:func:`_ramsch_order_score`, with a killer move (the lead that last cut off at the same ply)
raised among them; two players: :func:`_duel_order_score`.  (The table's move is tried before
any of these are generated: :func:`solver.search.kernel.search`.)
"""

from __future__ import annotations

import numpy as np

from ..cards import highest_nb as highest
from ..cards import lowest_nb as lowest
from ..cards import popcount_nb as popcount
from ..play import trick_winner_nb as trick_winner
from .jit import compiled
from .layout import (MS_COLS, MS_KILLERS, MS_MOVES, MS_SCORES, OPT_ORDER, T_BONUS, T_COVERS, T_DECL,
                     T_DECL_MAX, T_H, T_LASTMASK, T_MS, T_NP, T_OPTS, T_PCLASS, T_TRUMP, T_UNDER, T_UNDERS)


@compiled("UniTuple(int64, 2)(int64, CPointer(int64))")
def pile_cards(hand: int, tab: np.ndarray) -> tuple[int, int]:
    """A two-player hand's cards that may be played (all but the face-down cards whose covering
    card is still in the hand: a card uncovered in a trick is turned up after it, before its
    owner's next card), and its cards that still cover a face-down one (while a covering card
    is in play, so is the card under it: that is played only after it)."""
    cov = hand & tab[T_COVERS]
    return hand & ~under_cards(cov, tab), cov


@compiled("int64(int64, CPointer(int64))", inline=True)
def under_cards(cov: int, tab: np.ndarray) -> int:
    """The face-down cards under the covering cards ``cov``: one load of ``T_UNDERS`` (the deal's
    table, :func:`solver.search.prepare.prepare`) for each byte of ``cov``.

    (It replaced a loop over the covering cards, in :func:`pile_cards`, which every two-player
    node asks for both hands, and in the table key: the Offiziersskat benchmark's exact values,
    the same nodes, took 91.1 / 88.9 ms median and 553 / 539 ms worst against 95.8 / 98.4 and
    581 / 580 ms, alternating runs; the band question 15.8 ms median against 16.7.)"""
    return (tab[T_UNDERS + (cov & 255)] | tab[T_UNDERS + 256 + ((cov >> 8) & 255)]
            | tab[T_UNDERS + 512 + ((cov >> 16) & 255)] | tab[T_UNDERS + 768 + ((cov >> 24) & 255)])


#: (``cheapest``'s count of one, an int64 value rather than a literal: a literal argument would
#: compile a literal-typed copy of it)
ONE_CARD = np.int64(1)


@compiled("int64(int64, int64, CPointer(int64))")
def cheapest(hand: int, m: int, tab: np.ndarray) -> int:
    """Points of the ``m`` cheapest cards of a hand (0 for none): counted by point class,
    cheapest class first (the classes of :func:`solver.search.quick_tricks.points_of`, in
    rising order; the rest of the cards are worth nothing).  The sure tricks count what the
    other hand gives to them, the move order the least it can give to a master lead."""
    worth = (tab[T_PCLASS] | tab[T_PCLASS + 2] | tab[T_PCLASS + 4] | tab[T_PCLASS + 6]
             | tab[T_PCLASS + 8])
    left = m - popcount(hand & ~worth)
    total = 0
    k = 0
    while left > 0 and k < 5:
        take = min(left, popcount(hand & tab[T_PCLASS + 2 * k]))
        total += take * tab[T_PCLASS + 2 * k + 1]
        left -= take
        k += 1
    return total


@compiled("int64(int64, int64, CPointer(int64))")
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


@compiled("boolean(int64, int64, int64, CPointer(int64))")
def _can_beat(hq: int, lead: int, cur: int, tab: np.ndarray) -> bool:
    """Can a hand ``hq`` beat ``cur``, the card winning a trick led by ``lead``, with a legal card?"""
    trump = tab[T_TRUMP]
    led_eff = tab[lead]
    follow = hq & led_eff
    if (trump >> cur) & 1:
        # only a higher trump beats it, and only if the hand may play a trump
        return (follow == 0 or (led_eff & trump) != 0) and ((hq & trump) >> (cur + 1)) != 0
    return (follow >> (cur + 1)) != 0 or (follow == 0 and (hq & trump) != 0)


@compiled("UniTuple(int64, 2)(int64, int64, int64, int64, CPointer(int64))")
def _winning_so_far(n: int, c0: int, c1: int, leader: int, tab: np.ndarray) -> tuple[int, int]:
    """The card winning the trick in progress (one or two cards played) and its player."""
    if n == 1:
        return c0, leader
    w = trick_winner(c0, c1, c1, tab[T_TRUMP], tab)
    return (c0 if w == 0 else c1), (leader + w) % 3


@compiled("int64(int64, int64, int64, int64, int64, int64, int64, CPointer(int64))")
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


@compiled("int64(int64, int64, CPointer(int64))")
def _uncover_score(card: int, hand: int, tab: np.ndarray) -> int:
    """Two players: what playing ``card`` gains its player by turning up the face-down card under
    it (a card more to choose from, the more so a trump or a card worth points; measured with
    :func:`_duel_order_score`)."""
    under = tab[T_UNDER + card]
    if under < 0 or not (hand >> under) & 1:
        return 0
    return 3 + (6 * tab[32 + under]) // 11 + (3 if (tab[T_TRUMP] >> under) & 1 else 0)


#: Two-player Ramsch: a lead the other player can duck scores this much for each open card of
#: his that ducks it (a lower card of the suit he must follow), so that the leads into the suit
#: where he holds the most lower cards come first, ahead of every other kind of lead.  The
#: benchmark's 17 Ramsch deals (seed 1): median nodes 3.10 M -> 1.70 M, worst 9.4 -> 7.0 M; 12
#: Ramsch deals of seed 5: 53.5 -> 36.8 M (a weight of -2 there: +10%, 2: -4%, 20: -13%;
#: counting all his open cards of the suit: the same, his face-down ones too: 37.7 M).  The
#: same count in a point game's leads cost nodes at either sign (18 deals of seed 5: +1 to 5%).
DUEL_RAMSCH_UNDER = 1000


#: Two players, a point game's leads: each legal reply the lead leaves the other player costs it
#: this much, so that of leads alike the one he has fewest answers to comes first, master or not
#: (the rise of a master, 100, is worth one reply).  Fewer replies, a smaller tree under the lead:
#: the cheaper proof where several leads refute.  Exact values of 40 point-game deals each of seeds
#: 5, 9 and 13 (``benchmarks/results/session_mobility.txt``): 41.80 / 30.04 / 31.10 M nodes
#: without, 31.42 / 19.94 / 20.87 M with it (-25%, -34%, -33%); at 4 -11%, at 16 -19 to -29%,
#: at 48 -25 to -32%, at 400 (the replies alone first) a little worse than 100; on the non-masters
#: alone -11%; the replies counted after equivalent cards are merged, no better.  The benchmark's
#: 102 deals: 79.8 -> 58.3 M nodes, median 631,830 -> 384,343, time median 66-69 -> 44 ms, the
#: same values.
DUEL_MOBILITY = 100
#: ... and in Ramsch, below the count of the other's ducking cards (:data:`DUEL_RAMSCH_UNDER`):
#: 12 Ramsch deals each of seeds 1 and 13 -2.6% and -0.3% nodes; above it (1500) +12 to +48%.
DUEL_RAMSCH_MOBILITY = 100

#: Two-player Ramsch, a follower: taking the trick with points ``t`` in it (the lead's and his
#: card's) ranks with a duck that sheds ``TAKE / 32 - t`` points (12.5 - t), so that he takes a
#: cheap trick before he sheds less than an ace's worth under it.  Why: where he must show a
#: refutation (a cut node of the probe), a trick he wins leaves him on lead, one more node where
#: one move is enough, and a trick he ducks puts the other on lead, whose every lead must then fail
#: (an all-node); the same reason the leads into the other's ducking cards come first
#: (:data:`DUEL_RAMSCH_UNDER`).  Exact values, one sitting: the benchmark's four worst Ramsch deals
#: (seed 1: 65, 41, 89, 5) 9.07 -> 7.36 M nodes, 12 Ramsch deals each of seeds 9 and 13 (not
#: fitted on) 9.86 -> 9.08 M and 12.53 -> 11.17 M; at 300 / 500 instead of 400 7.87 / 7.82 M,
#: 9.27 / 9.46 M, 11.67 / 11.79 M; every win before every duck (the cheapest first) 8.23 M,
#: 11.94 M, 13.48 M.  The benchmark's 102 deals: 58.26 -> 55.85 M, its worst Ramsch deal 2.54 ->
#: 1.98 M, the same values (``benchmarks/results/session_ramsch_take.txt``).
DUEL_RAMSCH_TAKE = 400


@compiled("boolean(int64, int64, CPointer(int64))")
def _duel_keeps_master(card: int, leader: int, tab: np.ndarray) -> bool:
    """Two players, a point game: is ``card``, which takes the trick, a master of its effective
    suit that the ``leader`` still holds cards of (face-down ones too)?  Then the follower takes
    the trick with his cheapest winner rather than with the card worth most: the master takes
    one of those cards later, and a lower winner may not.

    Why it saves nodes: where the card worth most fails to refute, the search pays for its whole
    subtree before it tries the cheap winner (the reply the search tried first and had to give
    up on was, by the nodes under it, most often a trump or an ace or ten winning where a lower
    card of the same kind also won: benchmark deal 60, seed 1).  Exact values, one sitting
    (``benchmarks/results/session_keep_master.txt``): the benchmark's deal 60 2.51 -> 1.58 M
    nodes, the whole benchmark 55.85 -> 51.43 M (median 383,411 -> 349,267, worst 2.51 -> 1.98 M);
    30 deals of seed 5 (25 point games) 27.95 -> 25.77 M, 24 of seed 9 12.93 -> 12.14 M, and, not
    looked at while this was shaped, 48 deals each of seeds 13 and 17 29.25 -> 27.45 M and 26.39
    -> 24.90 M; every value the same.  Measured on the way, deal 60 (seeds 5 and 9): the cheapest
    side-suit winner always 2.10 M (+3%, +10%), the cheapest winner of any kind always 2.59 M
    (+26%, +48%), the cheapest side-suit winner where the leader still holds the suit 2.09 M (-2%,
    +3%), a master side card alone 1.97 M (-6%, -2%)."""
    rest = tab[T_H + leader] & tab[card]
    return rest != 0 and highest(rest) < card     # (a higher bit is the stronger card of its suit)


@compiled("int64(int64, int64, int64, int64, int64, CPointer(int64))")
def _duel_order_score(card: int, p: int, n: int, c0: int, opp: int, tab: np.ndarray) -> int:
    """Two-player ordering (``opp``: the cards the other player may play now; his face-down
    cards wait).  In a point game each side wants the points, so it leads what wins the trick
    against ``opp`` (a side-suit master before a top trump, which may be worth more drawing
    trumps later; the more the trick holds, the sooner: the card and the least the other can
    give to it) and takes a trick with a winner worth most, but with the cheapest where the
    dearer is a master the leader still holds cards of its suit under (it takes them later:
    :func:`_duel_keeps_master`), else ducks cheaply; but first of all it leads what leaves the
    other the fewest legal replies (:data:`DUEL_MOBILITY`).  In Ramsch
    both want few points: a lead into the most open cards the other player could duck with
    comes first (:data:`DUEL_RAMSCH_UNDER`), then a lead he must take (he cannot duck it), the
    more points the better, then what no card of his beats (face-down ones too), then leads he
    could take, low ones first, each the sooner the fewer replies it leaves him
    (:data:`DUEL_RAMSCH_MOBILITY`); a follower takes a trick of few points
    (:data:`DUEL_RAMSCH_TAKE`), else sheds points under the lead (the most points first, of equal
    points the strongest card of its suit, the uncovering score on top breaking near ties), else
    wins as cheaply as he can.  (A card that turns another up scores more: :func:`_uncover_score`.)

    Measured against the leads that no other card still in play beats, in either game: 18 deals
    of seed 5 took 71.7 M nodes before, 54.6 M with the open-card lead and the uncovering score
    in both games (the lead alone -2% there, -17% on the first 12 deals of the benchmark's seed
    1; Ramsch +6%), 44.3 M with Ramsch's leads as before; 12 Ramsch deals of seed 5: 78.3 M
    before, 71.1 M with the uncovering score, 64.6 M with the forced leads first.  With no
    killers (:func:`generate_moves`), Ramsch's unbeatable leads before the others: 12 Ramsch
    deals of seed 5 21.6 -> 17.7 M nodes, of seed 9 18.5 -> 15.6 M.  Point games'
    master leads, one sitting: 20 point-game deals of seed 5 took 20.19 M nodes with every master
    at 100 + its points, 19.63 M with top trumps at 50 (at 30 or 80 the same, at -5 21.8 M),
    19.39 M with the least the other can give counted too; 24 mixed deals of seed 5 38.81 ->
    37.91 M.  A Ramsch follower's shed by points times 32 plus the card's place (its strength in
    its suit), against points alone (which left ties to the lowest card and let the uncovering
    score outweigh a few points): 12 Ramsch deals each of seeds 5, 1, 9, 13 -1.2%, -2.2%, -3.3%,
    +2.1% nodes, each seed's worst Ramsch deal 4 to 14% fewer; the benchmark's deal 41, its worst,
    3.05 -> 2.34 M (the benchmark's worst then 2.81 M, a diamonds game).  Winning with the highest
    card cost nodes; the uncovering weight doubled or halved, -3% to +9% in point games
    (``benchmarks/results/session_probes_bounds.txt``)."""
    pts = tab[32 + card]
    trump = tab[T_TRUMP]
    wants = tab[T_DECL_MAX] == 1
    if n == 0:
        eff = tab[card]
        follow = opp & eff
        answers = follow if follow else opp             # the other's legal replies to it
        replies = popcount(answers)
        if wants:
            if not _can_beat(opp, card, card, tab):     # a master
                lead = (50 if (trump >> card) & 1 else 100) + pts + cheapest(answers, ONE_CARD, tab)
            else:
                lead = -pts - (8 if (trump >> card) & 1 else 0)
            return lead - DUEL_MOBILITY * replies
        if follow:
            duck = (follow & ((1 << card) - 1)) != 0    # a lower card of the suit (a higher bit is stronger)
        elif (trump >> card) & 1:
            duck = opp != 0
        else:
            duck = (opp & ~trump) != 0
        if not duck:
            return 200 + pts
        every = tab[T_H + 1 - p]
        master = (every & eff) == 0 or highest(every & eff) < card
        return ((100 if master else 0) - pts + DUEL_RAMSCH_UNDER * popcount(follow & ((1 << card) - 1))
                - DUEL_RAMSCH_MOBILITY * replies)
    beats = trick_winner(c0, card, card, trump, tab) != 0
    if wants:
        if not beats:
            return -pts
        if _duel_keeps_master(card, 1 - p, tab):
            return 50 + tab[32 + c0] - pts
        return 50 + tab[32 + c0] + pts
    if beats:
        return 50 + DUEL_RAMSCH_TAKE - 32 * (pts + tab[32 + c0])
    return 50 + pts * 32 + card


@compiled("int64(int64, int64, int64, CPointer(int64))")
def _lead_score(card: int, p: int, alive_other: int, tab: np.ndarray) -> int:
    """Heuristic score of a lead (higher first), three players, point games and Null: cash a
    master that no opponent can ruff, else lead low (a trump last); in Null, lead low, and the
    declarer leads cards that cannot win."""
    pts = tab[32 + card]
    decl = tab[T_DECL]
    eff = tab[card]
    opp = alive_other & (tab[T_H + decl] if p != decl else alive_other)
    master = (opp & eff) == 0 or highest(opp & eff) < card
    if tab[T_DECL_MAX] == 1:
        trump = tab[T_TRUMP]
        if master and not (trump >> card) & 1:
            # a side-suit master is only sure if no opponent can ruff it
            for q in range(3):
                if q != p and ((q == decl) != (p == decl)) and not (tab[T_H + q] & eff) and (tab[T_H + q] & trump):
                    master = False
        if master:
            return 100 + pts
        return -pts - (8 if (trump >> card) & 1 else 0)
    return -(card % 8) * 4 + (50 if (p != decl and not master) else 0)


#: A killer lead's rise among the heuristics' scores: above the other leads of its kind (a
#: master cash scores 100 and more, other leads at most 0), not above a master.  Measured
#: against the killer first (its old place, for the defenders alone): nodes -7% in the bid
#: advice's probes, -5% (suit) and -7% (Grand) for exact values (``bench_solver.py``); the
#: killer first for every leader, or killers of the second and third hand, cost nodes.
KILLER_BONUS = 20


@compiled("int64(int64, int64, int64, int64, int64, int64, int64, int64, int64, CPointer(int64))")
def generate_moves(ply: int, nm: int, moves: int, p: int, n: int, c0: int, c1: int,
                   leader: int, alive_other: int, tab: np.ndarray) -> int:
    """Append ``moves`` to the ply's move list with their ordering scores (higher first), the
    best-scored of them first (as :func:`pick_next` would bring it there); returns the new length.

    Scores (``OPT_ORDER``), three players in point games and Null: leads by
    :func:`_lead_score`; the **killer move** (a lead that cut off at this ply before, whoever led
    it) raised by :data:`KILLER_BONUS`.  A follower takes a trick with the most valuable winner,
    smears onto a partner's trick, ducks what the third hand will take, and plays low otherwise;
    in Null he ducks.  Ramsch: :func:`_ramsch_order_score`; two players:
    :func:`_duel_order_score` and :func:`_uncover_score`, and no killer.  (What the trick in
    progress says, who wins it so far and whether the third hand can take it, is worked out once
    for all the cards.)

    Two players had killers: point games raised the killer by 20 among the leads (18 deals of
    seed 5: 43.2 M nodes with it first, 39.4 M raised), Ramsch tried it first and the one it
    replaced second (the benchmark's Ramsch median 3.61 -> 3.10 M with the second).  Once the
    table kept no move from an all-node and point games led side-suit masters before top trumps,
    they cost nodes: 20 point-game deals of seed 5 took 16.84 M nodes with no killer, 18.10 M
    with a rise of 10, 18.92 M with 20, 18.95 M with 40, 21.44 M with -5 (40 deals: 42.50 M
    without, 49.45 M with 20); 12 Ramsch deals of seed 5 21.6 M without, 28.8 M with the first
    alone, 33.1 M with both; the benchmark's median 911 k -> 772 k nodes, its Ramsch median
    1.53 -> 0.88 M.

    Two players, measured since and not kept (exact values of the benchmark's 102 deals of seed 1,
    103.1 M nodes; 24 deals of seed 5, 29.6 M): a **history heuristic** (ply squared per cut-off,
    per player and card) as a tie-break 103.6 M / 29.8 M, added as up to 4 points (scaled to the
    highest history among the moves) 114.2 M / 31.4 M, up to 30 points 220.7 M; **internal
    iterative deepening** in the threshold (a probe 4 points looser first, for its move) from 28
    cards on 136.9 M, from 20 on 268.7 M (against 101.8 M of that build); a **countermove** (the
    reply that last cut off after the same lead by the same player) raised by 20 206.0 M /
    66.8 M, tried first 239.5 M / 81.4 M.  Yet the order is where nodes are still lost: in three
    deals' exact values (seed 1: 5, 12, 41), 3 to 18% of the nodes at each depth from 28 cards
    down to 14 lie under the leads and replies tried before the one that cut off.  A **learned
    order** did not win them back: cut rates per kind of move (82 kinds of lead, 44 of reply),
    fitted on 23,576 Ramsch moves of cut nodes in random-play positions of seeds 301-310, cost
    (before the table's four-entry buckets) the benchmark's 17 Ramsch deals 24.5 -> 28.2 M
    nodes as the first score and 26.7 M as a tie-break (seed 5's 8 Ramsch deals 14.1 -> 13.1 /
    12.3 M); in point games such tables, scored one level deep on held-out positions, ordered
    worse than these heuristics.  Nor did one that knew the probe's window (a pairwise model of
    which moves reach it, fitted on the refutations of other seeds' later probes): it picked a
    refuting move more often and dearer ones, +33 to +59% nodes
    (``benchmarks/results/session_refutation_oracle.txt``, which also says how far the order is
    from the best: a move that refutes at each window, tried first, would halve the nodes)."""
    row = T_MS + ply * MS_COLS          # the ply's move list
    if (moves & (moves - 1)) == 0:
        # one card: nothing to order (a follower's only card of the led suit, most often).  The
        # Offiziersskat benchmark's exact values, the same nodes: median 80.7-83.7 -> 79.3-80.5 ms,
        # 95th percentile 278-288 -> 267-272 ms (benchmarks/results/session_one_move.txt)
        tab[row + MS_MOVES + nm] = lowest(moves)
        tab[row + MS_SCORES + nm] = 0
        return nm + 1
    killer = tab[T_MS + MS_KILLERS * MS_COLS + ply]
    order = (tab[T_OPTS] & OPT_ORDER) != 0
    two = tab[T_NP] == 2
    decl = tab[T_DECL]
    trump = tab[T_TRUMP]
    decl_max = tab[T_DECL_MAX]
    ramsch = decl_max == 0 and tab[T_BONUS] == 0
    # the trick in progress, for a follower in a three-player point game or Null
    cur = -1
    same_side = False
    third = (p + 1) % 3
    third_rival = (third == decl) != (p == decl)
    third_takes_lead = False
    opp = 0
    cov = 0
    if order and two:
        if n == 0:
            opp = pile_cards(tab[T_H + 1 - p], tab)[0]  # the cards the other player may play now
        cov = pile_cards(tab[T_H + p], tab)[1]          # the player's cards that cover one
    if order and n > 0 and not two and not ramsch:
        cur, cur_owner = _winning_so_far(n, c0, c1, leader, tab)
        same_side = (p == decl) == (cur_owner == decl)
        third_takes_lead = n == 1 and p != decl and _can_beat(tab[T_H + third], c0, c0, tab)
    first = nm
    top = first                         # the best-scored so far (the first of equals, as pick_next)
    x = moves
    while x:
        low = x & -x
        c = lowest(low)
        x ^= low
        tab[row + MS_MOVES + nm] = c
        score = 0
        if not order:
            pass
        elif two:
            score = _duel_order_score(c, p, n, c0, opp, tab)
            if (cov >> c) & 1:
                score += _uncover_score(c, tab[T_H + p], tab)
        elif ramsch:
            score = _ramsch_order_score(c, p, n, c0, c1, leader, alive_other, tab)
            if n == 0 and c == killer:
                score += KILLER_BONUS
        elif n == 0:
            score = _lead_score(c, p, alive_other, tab)
            if c == killer:
                score += KILLER_BONUS
        else:
            pts = tab[32 + c]
            beats = trick_winner(cur, c, c, trump, tab) != 0
            if decl_max == 0:
                # Null
                if p == decl:
                    score = 50 + c % 8 if not beats else -(c % 8)
                else:
                    score = -(c % 8)
            elif n == 2:
                if same_side:
                    score = pts                     # smear onto the partner's trick
                else:
                    score = 50 + pts if beats else -pts
            elif beats:
                # second hand: take it, better where the third hand cannot take it back
                score = 15 + pts if third_rival and _can_beat(tab[T_H + third], c0, c, tab) else 30 + pts
            elif third_takes_lead:
                # the third hand can still take the lead: smear if that is the partner, else play low
                score = -pts if same_side else pts
            else:
                score = pts if same_side else -pts
        tab[row + MS_SCORES + nm] = score
        if score > tab[row + MS_SCORES + top]:
            top = nm
        nm += 1
    if top != first:                    # the best first: the search takes it without a pick_next
        _swap(row, first, top, tab)
    return nm


@compiled("void(int64, int64, int64, CPointer(int64))", inline=True)
def _swap(row: int, i: int, j: int, tab: np.ndarray) -> None:
    """Swap moves i and j of the move list at ``row``, with their scores."""
    t = tab[row + MS_MOVES + i]
    tab[row + MS_MOVES + i] = tab[row + MS_MOVES + j]
    tab[row + MS_MOVES + j] = t
    t = tab[row + MS_SCORES + i]
    tab[row + MS_SCORES + i] = tab[row + MS_SCORES + j]
    tab[row + MS_SCORES + j] = t


@compiled("int64(int64, int64, int64, CPointer(int64))")
def pick_next(ply: int, i: int, nm: int, tab: np.ndarray) -> int:
    """Selection sort step: bring the best-scored of moves i.. to place i; returns that move."""
    row = T_MS + ply * MS_COLS
    bi = i
    for j in range(i + 1, nm):
        if tab[row + MS_SCORES + j] > tab[row + MS_SCORES + bi]:
            bi = j
    if bi != i:
        _swap(row, i, bi, tab)
    return tab[row + MS_MOVES + i]
