"""The solver's Ramsch, Spitze and cooperative searches against a plain minimax written here.

Endgames of a few cards a hand are dealt at random; the minimax below
follows only the rules (the one game state, :class:`solver.state.GameState`,
gives the legal cards and the trick winners) and counts the values the way
the rules of record define them:

* Ramsch: the card points a player ends with, the skat going to the winner of
  the last trick; the player keeps them as low as he can while the other two
  play against him (paranoid);
* Spitze: the declarer's card points, and whether he can win the last trick
  with his lowest trump (having kept it to the end);
* helped (``JOB_HELPED``): the most card points the declarer can end with when
  all three players play for him.
"""

from __future__ import annotations

import numpy as np
import pytest

from solver.cards import card_points
from solver.deal import Deal
from solver.games import GRAND, HEARTS_GAME, RAMSCH, SPADES_GAME, Declaration
from solver.play import spitze_card
from solver.search.api import Solver, position_of, split_spitze
from solver.search.layout import SPITZE_BONUS


def _minimax(st, score, maximiser) -> int:
    """Exhaustive minimax of ``score(state)`` at the end; ``maximiser(seat)`` says who maximises."""
    if st.over:
        return score(st)
    p = st.to_move
    best = None
    legal = st.legal()
    for c in range(32):
        if (legal >> c) & 1:
            st.push(c)
            v = _minimax(st, score, maximiser)
            st.pop()
            if best is None or (v > best if maximiser(p) else v < best):
                best = v
    assert best is not None                 # (a position that is not over has a legal card)
    return best


def _random_deal(rng, game, per_hand, skat_cards=2, declarer=0, need=None) -> Deal:
    while True:
        perm = [int(c) for c in rng.permutation(32)]
        hands = [sum(1 << c for c in perm[i * per_hand:(i + 1) * per_hand]) for i in range(3)]
        skat = sum(1 << c for c in perm[3 * per_hand:3 * per_hand + skat_cards])
        if need is None or (hands[declarer] >> need) & 1:
            break
    leader = int(rng.integers(3))
    if game == RAMSCH:
        return Deal(hands, skat, -1, Declaration(RAMSCH), [], None, leader)
    return Deal(hands, skat, declarer, Declaration(game, spitze=True), [], None, leader)


@pytest.mark.parametrize("per_hand", [2, 3, 4])
@pytest.mark.slow
def test_ramsch_paranoid_value_matches_minimax(per_hand):
    rng = np.random.default_rng(100 + per_hand)
    solver = Solver(tt_megabytes=4)
    for _ in range(40 if per_hand < 4 else 15):
        deal = _random_deal(rng, RAMSCH, per_hand)
        st = deal.start_state()
        for seat in range(3):
            expected = _minimax(st, lambda s, seat=seat: s.points[seat], lambda p, seat=seat: p != seat)
            got = solver.points_many([position_of(deal, st, seat)])[0]
            assert got == expected, (deal, seat)


def test_ramsch_skat_goes_to_the_last_trick():
    # one card each: F leads the club ace, nobody can beat it: F takes the trick and the skat
    from solver.cards import parse_cards
    deal = Deal([parse_cards("CA"), parse_cards("C7"), parse_cards("S8")], parse_cards("HT HA"), -1,
                Declaration(RAMSCH), [], None, 0)
    st = deal.start_state()
    solver = Solver(tt_megabytes=4)
    assert solver.points_many([position_of(deal, st, 0)])[0] == 11 + 10 + 11
    assert solver.points_many([position_of(deal, st, 1)])[0] == 0


@pytest.mark.parametrize("game", [HEARTS_GAME, SPADES_GAME, GRAND])
@pytest.mark.slow
def test_spitze_value_matches_minimax(game):
    rng = np.random.default_rng(7 + game)
    solver = Solver(tt_megabytes=4)
    card = spitze_card(game)
    checked_kept = checked_lost = 0
    for k in range(60):
        per_hand = 3 + k % 2
        deal = _random_deal(rng, game, per_hand, skat_cards=0, declarer=k % 3, need=card)
        st = deal.start_state()

        def score(s):
            return s.declarer_points + (SPITZE_BONUS if s.spitze_kept else 0)
        expected = _minimax(st, score, lambda p, deal=deal: p == deal.declarer)
        got = solver.points_many([position_of(deal, st)])[0]
        assert got == expected, deal
        pts, kept = split_spitze(got)
        checked_kept += kept
        checked_lost += not kept
        # the threshold form: can he keep the Spitze and reach t card points?
        for t in (pts, pts + 1):
            can = solver.reach_many([position_of(deal, st)], [t + SPITZE_BONUS])[0]
            assert can == (kept and t <= pts)
    assert checked_kept and checked_lost          # both outcomes occurred among the deals


def test_spitze_played_early_cannot_be_kept():
    # hearts, D declarer F holds H7 and HA; M and R hold no trumps: leading the 7 first wins the
    # trick, but then the last trick is not won with it
    from solver.cards import parse_cards
    deal = Deal([parse_cards("H7 HA"), parse_cards("C7 C8"), parse_cards("S7 S8")], 0, 0,
                Declaration(HEARTS_GAME, spitze=True), [], None, 0)
    st = deal.start_state()
    st.push(parse_cards("H7").bit_length() - 1)
    assert card_points(0) == 0
    solver = Solver(tt_megabytes=4)
    pts, kept = split_spitze(solver.points_many([position_of(deal, st)])[0])
    assert (pts, kept) == (11, False)
    st.pop()
    pts, kept = split_spitze(solver.points_many([position_of(deal, st)])[0])
    assert (pts, kept) == (11, True)              # the ace first, then the 7 wins the last trick


def test_the_trick_counting_jobs_ignore_the_spitze_bonus():
    # every trick and any trick are about tricks: the same with or without Spitze announced
    rng = np.random.default_rng(33)
    solver = Solver(tt_megabytes=4)
    for k in range(30):
        deal = _random_deal(rng, HEARTS_GAME, 4, skat_cards=0, declarer=k % 3, need=spitze_card(HEARTS_GAME))
        plain = Deal(deal.hands, deal.skat, deal.declarer, Declaration(HEARTS_GAME), [], None, deal.leader)
        p1, p0 = position_of(deal, deal.start_state()), position_of(plain, plain.start_state())
        assert solver.all_tricks_many([p1]) == solver.all_tricks_many([p0])
        assert solver.any_trick_many([p1]) == solver.any_trick_many([p0])


@pytest.mark.slow
def test_the_bid_advice_prices_a_spitze_that_cannot_fail():
    from solver.advice import evaluate_hand
    # ten of the eleven trumps: the H8's holder must give it to the first trump lead, and from
    # then on F takes every trick, the last with his H7.  Hearts Hand Spitze with 9 (CJ..H9),
    # game, Hand, Spitze, Schneider, Schwarz: 14 x 10 = 140 in every world; without Spitze 130.
    ev = evaluate_hand("CJ SJ HJ DJ HA HT HK HQ H9 H7", "F", samples=24, first_batch=24, workers=1, spitze=True,
                       model=None)
    by_name = {r.declaration.name: r for r in ev.declarations}
    assert by_name["hearts hand spitze"].p_win() == 1.0
    assert by_name["hearts hand spitze"].expected_score(18) == 140
    assert by_name["hearts hand"].expected_score(18) == 130
    assert "hearts hand spitze" not in {r.declaration.name for r in evaluate_hand(
        "CJ SJ HJ DJ HA HT HK HQ H9 H7", "F", samples=8, first_batch=8, workers=1, model=None).declarations}


@pytest.mark.parametrize("game", [GRAND, HEARTS_GAME, SPADES_GAME])
def test_the_helped_search_finds_the_most_points_any_play_gives_the_declarer(game):
    """``JOB_HELPED`` at target t says yes exactly when the cooperative maximum is >= t."""
    rng = np.random.default_rng(300 + game)
    solver = Solver(tt_megabytes=4)
    for per_hand in (2, 3, 4):
        for _ in range(12):
            perm = [int(c) for c in rng.permutation(32)]
            hands = [sum(1 << c for c in perm[i * per_hand:(i + 1) * per_hand]) for i in range(3)]
            skat = sum(1 << c for c in perm[3 * per_hand:3 * per_hand + 2])
            deal = Deal(hands, skat, int(rng.integers(3)), Declaration(game), [], None, int(rng.integers(3)))
            st = deal.start_state()
            best = _minimax(st, lambda s: s.declarer_points, lambda p: True)
            worst = _minimax(st, lambda s: s.declarer_points, lambda p, deal=deal: p == deal.declarer)
            pos = position_of(deal, st)
            assert solver.helped_many([pos] * 3, [best - 1, best, best + 1]) == [True, True, False], deal
            assert best >= worst == solver.points_many([pos])[0]
