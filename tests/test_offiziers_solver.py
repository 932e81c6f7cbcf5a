"""The Offiziersskat solver (the one search kernel, two players, piles) against a plain minimax.

Deals are played at random until each side has at most five cards (at most
four piles a side hold a card); from there the minimax below, written only
from the rules (the game state of :mod:`solver.offiziersskat` gives the open
cards and the tricks), and the kernel must give the same value: F's final
card points with best play by both, every card known (Ramsch: F keeps his
points as low as he can).
"""

from __future__ import annotations

import functools

import numpy as np
import pytest

from solver.games import RAMSCH
from solver.offiziersskat import deal_from_cards
from solver.search.offiziers import best_cards, kernel_row, points_bands, reach_points, solve_points
from solver.search.api import Solver


def _minimax(st) -> int:
    if st.finished:
        return st.points[0]
    f_wants = (st.to_move == 0) != (st.deal.game == RAMSCH)
    best = None
    legal = st.legal()
    for c in range(32):
        if (legal >> c) & 1:
            child = st.copy()
            child.push(c)
            v = _minimax(child)
            if best is None or (v > best if f_wants else v < best):
                best = v
    assert best is not None                 # (a position that is not over has a legal card)
    return best


def _endgame(rng, game: str, left: int):
    d = deal_from_cards([int(c) for c in rng.permutation(32)], game)
    st = d.start_state()
    while len(st.history) < 32 - 2 * left or st.trick:
        st.push(int(rng.choice([c for c in range(32) if (st.legal() >> c) & 1])))
    return st


@pytest.mark.parametrize("game", ["clubs", "hearts", "grand", "ramsch"])
def test_offiziers_values_match_minimax(game):
    rng = np.random.default_rng(len(game))
    solver = Solver(tt_megabytes=4)
    for k in range(25):
        st = _endgame(rng, game, 3 + k % 3)
        piles = [sum(1 for i in range(8) if st.up[s][i] or st.down[s][i]) for s in range(2)]
        assert max(piles) <= 5
        expected = _minimax(st)
        assert solve_points([st], solver)[0] == expected
        assert reach_points(st, expected, solver) and not reach_points(st, expected + 1, solver)
        # every playable card's value: the best one's is the position's value
        moves = best_cards(st, solver)
        assert moves[0][1] == expected
        for c, v in moves:
            child = st.copy()
            child.push(c)
            assert v == _minimax(child)


@pytest.mark.parametrize("game", ["spades", "grand", "ramsch"])
def test_points_bands_match_the_minimax(game):
    # the band of F's final points among rising cuts (threshold queries bisecting them) is the
    # number of cuts the minimax value reaches: the stakes' cuts, cuts at and beside the value,
    # a trick in progress, and states of one deal asked together
    rng = np.random.default_rng(20 + len(game))
    solver = Solver(tt_megabytes=4)
    for k in range(12):
        st = _endgame(rng, game, 3 + k % 3)
        if k % 2:
            st.push(int(rng.choice([c for c in range(32) if (st.legal() >> c) & 1])))
        v = _minimax(st)
        near = [c for c in range(v - 1, v + 3) if c >= 1]
        for cuts in ([31, 61, 90], [31, 60, 90], [v + 1], near, [1, 119]):
            bands, _ = points_bands([st], cuts, solver)
            assert bands == [sum(1 for c in cuts if v >= c)], (cuts, v)
        children = [st.copy() for _ in range(3)]
        for child, c in zip(children, [c for c in range(32) if (st.legal() >> c) & 1]):
            child.push(c)
        values = [_minimax(child) for child in children]
        bands, _ = points_bands(children, [31, 61, 90], solver)
        assert bands == [sum(1 for c in (31, 61, 90) if v >= c) for v in values]


@pytest.mark.parametrize("game", ["diamonds", "grand", "ramsch"])
def test_the_last_two_tricks_enumerated(game):
    # two cards a side at a trick start: the kernel enumerates both tricks directly
    # (duel_last_tricks), a face-down card played only after the card on it
    rng = np.random.default_rng(7 + len(game))
    solver = Solver(tt_megabytes=4)
    covered = 0
    for _ in range(60):
        st = _endgame(rng, game, 2)
        covered += sum(1 for s in range(2) for i in range(8) if st.up[s][i] and st.down[s][i])
        assert solve_points([st], solver)[0] == _minimax(st)
    assert covered > 0                  # some of them with a card still on another


def test_a_trick_in_progress_and_uncovered_cards():
    # F leads, then R answers: the solver starts from the half trick; a face-down card whose
    # upper card went in the last trick is playable (the state turned it up)
    rng = np.random.default_rng(5)
    solver = Solver(tt_megabytes=4)
    for _ in range(10):
        st = _endgame(rng, "spades", 4)
        st.push(int(rng.choice([c for c in range(32) if (st.legal() >> c) & 1])))
        assert len(st.trick) == 1
        assert solve_points([st], solver)[0] == _minimax(st)


def _mid_game(seed: int, played: list[int]) -> list:
    """Deal k of ``seed`` (its game cycling through the six) played at random to a trick start
    after ``played[k]`` cards."""
    games = ["diamonds", "hearts", "spades", "clubs", "grand", "ramsch"]
    states = []
    for k, n in enumerate(played):
        rng = np.random.default_rng([seed, k])
        st = deal_from_cards([int(c) for c in rng.permutation(32)], games[k % 6]).start_state()
        while len(st.history) < n or st.trick:
            st.push(int(rng.choice([c for c in range(32) if (st.legal() >> c) & 1])))
        states.append(st)
    return states


@pytest.mark.slow
def test_payoff_similar_hits_leave_every_value_unchanged():
    """The table maps positions that differ only in which cards of a group are gone onto each
    other (``OPT_SIMILAR``), covering and covered cards onto their like where the piles match.
    Values with the mapping and without it (exact keys only) must be equal, from the middle
    of deals whose piles still hold covered cards."""
    from solver.search import layout as K
    on, off = Solver(tt_megabytes=16), Solver(tt_megabytes=16, opts=K.OPT_ALL & ~K.OPT_SIMILAR)
    states = _mid_game(11, [12] * 24)
    assert any(any(st.down[s][i] and st.up[s][i] for s in range(2) for i in range(8)) for st in states)
    assert solve_points(states, on) == solve_points(states, off)


def test_sure_tricks_leave_every_value_unchanged():
    """The sure tricks (``OPT_QUICK``: the top trumps, the cashes of the player on lead,
    :func:`solver.search.quick_tricks.duel_cashes`, and in Ramsch the trick he can force on the
    other, :func:`~solver.search.quick_tricks.duel_forced`) only end searches early: values with
    them and without them must be equal, from the middle of deals (every sixth a Ramsch), many
    with one player out of trumps."""
    from solver.search import layout as K
    on, off = Solver(tt_megabytes=8), Solver(tt_megabytes=8, opts=K.OPT_ALL & ~K.OPT_QUICK)
    states = _mid_game(13, [14 + 2 * (k % 4) for k in range(60)])
    rows = [kernel_row(st) for st in states]
    out_of_trumps = sum(1 for r in rows if any(not (r[K.P_H0 + s] & r[K.P_TRUMP]) for s in range(2)))
    assert out_of_trumps >= 5
    assert solve_points(states, on) == solve_points(states, off)


def test_a_new_row_keeps_no_key_words_of_the_last():
    """Each trick start leaves its table key's words in the work array for the next
    (:func:`solver.search.transposition.tt_key`), valid only for the deal they were made in (the
    owners of the cards and the piles differ from deal to deal).  After a solve, preparing the
    next position row leaves none."""
    from solver.search import layout as K
    s = Solver(tt_megabytes=1)
    solve_points(_mid_game(19, [16]), s)
    tab = s.work
    assert any(tab[K.T_KEYS + K.KEY_FIELDS * ply + K.KEY_CARDS] != 0 for ply in range(K.KEY_ROWS))
    _prepared(kernel_row(_mid_game(23, [18])[0]), tab)
    assert all(tab[K.T_KEYS + K.KEY_FIELDS * ply + K.KEY_CARDS] == 0 for ply in range(K.KEY_ROWS))


@functools.cache
def _game_tables() -> Solver:
    """A solver for its per-game tables (effective suits, points), the kernel compiled."""
    from solver.search.api import compile_kernel
    compile_kernel()
    return Solver(tt_megabytes=1)


def _prepared(row: np.ndarray, tab: np.ndarray | None = None) -> np.ndarray:
    """The search's work array (a 1 MB table in it) prepared for a position row, as
    :func:`solve_batch` prepares it."""
    from solver.search import layout as K
    from solver.search.prepare import prepare
    s = _game_tables()
    tab = K.new_work(1) if tab is None else tab
    prepare(row, s.effs[row[K.P_GAMEKIND]], s.ptss[row[K.P_GAMEKIND]], tab, 1, K.OPT_ALL)
    return tab


def _crossed_piles():
    """The Ramsch deal of the table tests below, its work array, the cards still in play with
    some gone (``without``), and the table key of a set of cards in play (F on lead)."""
    from solver.cards import parse_card
    from solver.search import layout as K
    from solver.search.transposition import tt_key
    f = "C7 HA C8 HK C9 HT S7 S8 S9 SQ D7 D8 D9 DQ CJ SJ"           # F's piles: (down, up) x 8
    r = "CQ CK CT CA H7 H8 H9 HQ SK ST SA DK DT DA HJ DJ"
    st = deal_from_cards([parse_card(c) for c in (f + " " + r).split()], "ramsch").start_state()
    row = kernel_row(st)
    tab = _prepared(row)
    g = st.rules.to_game
    every = int(row[K.P_H0] | row[K.P_H1])

    def without(*cards: str) -> int:
        return every & ~sum(1 << int(g[parse_card(c)]) for c in cards)

    def key(alive: int) -> tuple[int, int]:
        tab[K.T_H], tab[K.T_H + 1] = row[K.P_H0] & alive, row[K.P_H1] & alive
        return tt_key(0, alive, bin(alive).count("1"), tab)

    return tab, without, key


def test_a_similar_hit_needs_the_same_piles():
    """Two Ramsch positions of one deal whose table keys are equal: in each, F's two covered
    clubs lie at the same places of the clubs still out and their covering hearts at the same
    places of the hearts, but in one the lower club lies under the higher heart (7C under HA,
    8C under HK) and in the other under the lower one (8C under HK, 9C under HT).  Playing a
    heart turns up a different club in each, so no entry may serve both
    (:func:`solver.search.transposition.same_piles`); two positions that differ only in which
    of two turned-up clubs is gone may share one."""
    from solver.search.transposition import same_piles
    tab, without, key = _crossed_piles()
    crossed, parallel = without("C9", "HT"), without("C7", "HA")
    assert key(crossed) == key(parallel)
    assert not same_piles(crossed, parallel, tab) and not same_piles(parallel, crossed, tab)
    assert same_piles(crossed, crossed, tab)
    # R's clubs turned up (CK and CA played from his piles CQ-CK and CT-CA), one of them gone
    free1, free2 = without("CK", "CA", "CQ"), without("CK", "CA", "CT")
    assert key(free1) == key(free2) and same_piles(free1, free2, tab)


def test_similar_positions_keep_their_entries_side_by_side():
    """Two positions of one table key (R's clubs turned up, one of them gone: the ten in one, the
    queen in the other) each keep their own entry: storing the second does not evict the first,
    and a probe narrows its own bounds by the other's, widened by the points the mapping moves
    (the ten, 10 points, onto the queen, 3)."""
    from solver.search import layout as K
    from solver.search.transposition import tt_probe, tt_store
    tab, without, alive_key = _crossed_piles()

    def key(*gone: str) -> tuple[int, int, int]:
        alive = without(*gone)
        return (*alive_key(alive), alive)

    ten_left, queen_left = key("CK", "CA", "CQ"), key("CK", "CA", "CT")
    assert ten_left[:2] == queen_left[:2]
    ply = bin(ten_left[2]).count("1")
    window = (20, 21)                                   # decided by no bound below
    slot, _, lb, ub = tt_probe(*ten_left, ply, *window, tab)
    assert (lb, ub) == (0, K.INF)
    tt_store(tab, slot, *ten_left, 10, 9, 10, -1, ply)   # the ten left: V >= 10
    slot2, _, lb, ub = tt_probe(*queen_left, ply, *window, tab)
    assert slot2 != slot and lb == 10 - (10 - 3)
    tt_store(tab, slot2, *queen_left, 40, 40, 41, -1, ply)   # the queen left: V <= 40
    again, _, lb, ub = tt_probe(*ten_left, ply, *window, tab)
    assert again == slot and lb == 10
    _, _, lb, ub = tt_probe(*queen_left, ply, *window, tab)
    assert (lb, ub) == (3, 40)


def _random_trick_starts(seed: int, deals: int):
    """(deal, state) at every trick start of ``deals`` games of random legal cards, the six
    games in turn."""
    rng = np.random.default_rng(seed)
    games = ("diamonds", "hearts", "spades", "clubs", "grand", "ramsch")
    for k in range(deals):
        deal = deal_from_cards([int(c) for c in rng.permutation(32)], games[k % 6])
        st = deal.start_state()
        while not st.finished:
            if not st.trick:
                yield deal, st
            st.push(int(rng.choice([c for c in range(32) if (st.legal() >> c) & 1])))


def test_the_table_key_holds_each_suits_owners_in_order():
    """At every trick start of random games the table key (:func:`solver.search.transposition.tt_key`)
    holds, for each run of layout-adjacent cards of one effective suit (the rules' suits, the
    jacks apart where they are not beside the trump suit), which of its cards still in play are
    F's, which R's and which cover or lie under another, in rank order from the run's lowest
    place with the gone cards squeezed out; the cards of no run where they lie.  Asked of a work
    array prepared for the position and of one carried along from the deal's first trick start
    (the words squeezed from the last trick start's: a covering card gone turns the card under
    it up)."""
    from solver.search import layout as K

    from .test_table_key import key_both_ways, packed
    carried, fresh = np.zeros(K.TAB_SIZE, dtype=np.int64), np.zeros(K.TAB_SIZE, dtype=np.int64)
    checked = 0
    last = None
    for deal, st in _random_trick_starts(29, 12):
        row = kernel_row(st)
        if deal is not last:
            _prepared(row, carried)
            last = deal
        f, r = int(row[K.P_H0]), int(row[K.P_H1])
        pile = 0
        for side in range(2):
            for i, (d, u) in enumerate(deal.piles[side]):
                if st.up[side][i] and st.down[side][i]:
                    pile |= st.rules.set_to_game((1 << d) | (1 << u))
        words = packed(st.rules.eff, [f, r, pile], f | r)
        for k1, k2 in key_both_ways(row, carried, fresh, _game_tables()):
            assert k1 == words[0] | (words[1] << 32)
            assert k2 & 0xFFFFFFFF == words[2]
        checked += 1
    assert checked == 12 * 16


def test_a_leader_whose_every_card_wins_takes_every_trick():
    """At the trick starts of random games where each card still in the leader's piles wins
    against each card of the other's when led (the rules' trick winner), the sweep
    (:func:`solver.search.quick_tricks.duel_sweep`) says so, and in a point game nowhere else;
    in Ramsch also where the other can duck every lead.  Wherever it says so the leader takes
    all the points still in play, as the search without sure tricks finds: F ends with his
    points and all of them, or with his points alone when R leads."""
    from solver.cards import iter_cards
    from solver.scoring import TOTAL_POINTS
    from solver.search import layout as K
    from solver.search.quick_tricks import duel_sweep
    plain = Solver(tt_megabytes=4, opts=K.OPT_ALL & ~K.OPT_QUICK)      # (no sure tricks, no sweep)
    tab = np.zeros(K.TAB_SIZE, dtype=np.int64)
    sweeps = ducks = others = 0
    for deal, st in _random_trick_starts(41, 150):
        row = kernel_row(st)
        _prepared(row, tab)
        lead, other = (list(iter_cards(st.rules.set_from_game(int(row[K.P_H0 + side]))))
                       for side in (st.leader, 1 - st.leader))
        wins = all(st.rules.winner([x, y]) == 0 for x in lead for y in other)
        sweep = duel_sweep(st.leader, tab)
        assert sweep == wins or (deal.game == RAMSCH and sweep)
        if sweep:
            f_gets = TOTAL_POINTS - st.points[0] - st.points[1] if st.leader == 0 else 0
            assert solve_points([st], plain) == [st.points[0] + f_gets]
            sweeps += 1
            ducks += not wins
        else:
            others += 1
    assert sweeps >= 200 and ducks >= 8 and others >= 1500


def test_a_ramsch_other_who_must_discard_his_ducks_does_not_let_the_leader_sweep():
    """A Ramsch position reached by legal play: F leads with SK SQ H7 open, R holds S8 and S7, the
    S7 lying on the face-down SA.  R's two low spades could duck both of F's spades, but F leads
    H7 first: R, void in hearts, must throw a low spade, and a spade lead later finds R with the
    SA alone, which takes the trick.  F does not take every trick: the search finds what the
    rules' minimax finds (the sweep had counted the spade lying on the ace as a duck)."""
    from solver.cards import parse_card, format_cards
    from solver.scoring import TOTAL_POINTS
    cards = ("H7 CK SQ DK SK HK HT CJ D9 SJ DA C8 HJ DQ CA H9 "
             "SA S7 S8 D7 CT HA CQ S9 H8 DT C9 ST DJ HQ D8 C7").split()
    played = "H9 HQ ST DK DJ SJ C8 C9 HA HK D7 DQ HJ C7 CK CT DT DA CA S9 CJ CQ HT H8 D9 D8".split()
    st = deal_from_cards([parse_card(c) for c in cards], "ramsch").start_state()
    for c in played:
        st.push(parse_card(c))
    assert (st.leader, st.trick) == (0, [])
    assert format_cards(st.open_cards(0), sort=True) == "SK SQ H7"
    assert format_cards(st.open_cards(1), sort=True) == "S8 S7"
    assert format_cards(st.hidden_cards(1)) == "SA"
    every = TOTAL_POINTS - st.points[1]     # F's points if he took every trick left
    assert _minimax(st) == 60 < every
    assert solve_points([st], Solver(tt_megabytes=1)) == [60]


@pytest.mark.slow
def test_a_ramsch_leader_whom_the_other_ducks_takes_every_trick():
    """At Ramsch trick starts with three to seven tricks left in random games, wherever the
    sweep (:func:`solver.search.quick_tricks.duel_sweep`) says the leader takes every trick, the
    search without sure tricks finds that he does: all the points still in play go to him.  (A
    sweep that counted the other's open cards lying on face-down ones among his ducks was wrong
    at 30 of 527 such trick starts of 3,000 games: he may have to throw them on a suit he lacks.)"""
    from solver.cards import iter_cards
    from solver.scoring import TOTAL_POINTS
    from solver.search import layout as K
    from solver.search.quick_tricks import duel_sweep
    plain = Solver(tt_megabytes=1, opts=K.OPT_ALL & ~K.OPT_QUICK)      # (no sure tricks, no sweep)
    tab = np.zeros(K.TAB_SIZE, dtype=np.int64)
    rng = np.random.default_rng(1)
    ducks = 0
    for _ in range(1500):
        st = deal_from_cards([int(c) for c in rng.permutation(32)], "ramsch").start_state()
        while not st.finished:
            if not st.trick and 3 <= 16 - len(st.history) // 2 <= 7:
                row = kernel_row(st)
                _prepared(row, tab)
                if duel_sweep(st.leader, tab):
                    lead, other = (list(iter_cards(st.rules.set_from_game(int(row[K.P_H0 + side]))))
                                   for side in (st.leader, 1 - st.leader))
                    ducks += not all(st.rules.winner([x, y]) == 0 for x in lead for y in other)
                    f_gets = TOTAL_POINTS - st.points[0] - st.points[1] if st.leader == 0 else 0
                    assert solve_points([st], plain) == [st.points[0] + f_gets]
            st.push(int(rng.choice([c for c in range(32) if (st.legal() >> c) & 1])))
    assert ducks >= 150


@pytest.mark.slow
def test_every_sure_trick_claim_holds_where_it_is_made():
    """At the trick starts of random games, three to nine tricks before the end, each claim of the
    sure tricks (:mod:`solver.search.quick_tricks`) about the points F still takes, V, holds
    against the search without them: F's sure points are at most V, the points in play less R's
    sure points at least V (:func:`duel_quick`, the player on lead cashing, the Ramsch trick he
    can force), and where the sweep says the leader takes every trick, V is all the points in
    play or none (:func:`duel_sweep`).  Each claim checked where it is made, not only where it
    reaches the value at the first card."""
    from solver.scoring import TOTAL_POINTS
    from solver.search import layout as K
    from solver.search.quick_tricks import duel_quick, duel_sweep
    plain = Solver(tt_megabytes=1, opts=K.OPT_ALL & ~K.OPT_QUICK)      # (no sure tricks, no sweep)
    tab = np.zeros(K.TAB_SIZE, dtype=np.int64)
    rng = np.random.default_rng(3)
    games = ("diamonds", "hearts", "spades", "clubs", "grand", "ramsch")
    lower = upper = sweeps = 0
    for k in range(240):
        st = deal_from_cards([int(c) for c in rng.permutation(32)], games[k % 6]).start_state()
        while not st.finished:
            if not st.trick and 3 <= 16 - len(st.history) // 2 <= 9:
                v = solve_points([st], plain)[0] - st.points[0]
                hi = TOTAL_POINTS - st.points[0] - st.points[1]
                _prepared(kernel_row(st), tab)
                f_sure, r_sure = duel_quick(st.leader, 0, tab), duel_quick(st.leader, 1, tab)
                assert f_sure <= v <= hi - r_sure, (k, len(st.history))
                lower += f_sure > 0
                upper += r_sure > 0
                if duel_sweep(st.leader, tab):
                    assert v == (hi if st.leader == 0 else 0), (k, len(st.history))
                    sweeps += 1
            st.push(int(rng.choice([c for c in range(32) if (st.legal() >> c) & 1])))
    assert lower >= 300 and upper >= 300 and sweeps >= 100


def test_the_search_plays_the_open_cards_of_the_rules():
    """At every trick start of random games the cards the search lets a side play
    (:func:`solver.search.moves.pile_cards`, through the deal's table of the cards under each
    byte of covering cards) are the open cards of the rules' state, and the covering cards
    are those still lying on a face-down card."""
    from solver.search import layout as K
    from solver.search.moves import pile_cards
    tab = np.zeros(K.TAB_SIZE, dtype=np.int64)
    checked = 0
    for deal, st in _random_trick_starts(17, 12):
        row = kernel_row(st)
        _prepared(row, tab)
        for side in range(2):
            playable, cov = pile_cards(int(row[K.P_H0 + side]), tab)
            assert playable == st.rules.set_to_game(st.open_cards(side))
            on_top = sum(1 << u for i, (d, u) in enumerate(deal.piles[side])
                         if st.up[side][i] and st.down[side][i])
            assert cov == st.rules.set_to_game(on_top)
            checked += 1
    assert checked == 12 * 16 * 2
