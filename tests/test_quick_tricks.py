"""The sure tricks ("quick tricks") bound the double-dummy value from both sides.

:func:`solver.search.quick_tricks.sure_points` counts the points one side takes whatever the
other does; the search cuts off on them (``OPT_QUICK``), so a count that is too high would be a
silently wrong value.  Checked here against a plain minimax over the rules (the one game state
gives the legal cards and the trick winners) on random endgames, and on two positions worked out
by hand: a side suit the declarer cashes, and one a void defender with a trump would ruff.
"""

from __future__ import annotations

import numpy as np
import pytest

from solver.cards import card_points, parse_cards
from solver.deal import Deal
from solver.games import CLUBS_GAME, GRAND, HEARTS_GAME, Declaration
from solver.search import layout as K
from solver.search.api import Solver, compile_kernel, job_row, position_of

from .test_house_search import _minimax


def _sure(deal: Deal, side_decl: int, need: int) -> int:
    """``sure_points`` of the deal's start (a trick start, the deal's leader to lead); ``need``:
    the count may stop once it is clear whether it reaches this."""
    kernel = compile_kernel()
    from solver.search.quick_tricks import sure_points
    st = deal.start_state()
    pos = position_of(deal, st)
    s = Solver(tt_megabytes=1)
    tab = s.work
    row = job_row(pos, K.JOB_POINTS)
    kernel.prepare(row, s.effs[row[K.P_GAMEKIND]], s.ptss[row[K.P_GAMEKIND]], tab, 1, K.OPT_ALL)
    return int(sure_points(int(row[K.P_LEADER]), side_decl, tab, need))


def _deal(hands: list[str], skat: str, game: int, leader: int = 0) -> Deal:
    return Deal([parse_cards(x) for x in hands], parse_cards(skat), 0, Declaration(game), [], None, leader)


def test_a_declarer_on_lead_cashes_a_side_suit_both_defenders_follow():
    # hearts game, F (declarer) leads; no trump of his is a master, but SA ST are the two
    # highest spades and each defender holds two spades to follow with: two sure tricks of
    # 11 + 10 points, the defenders' cheapest cards are worth nothing (7s, 8s, 9s)
    deal = _deal(["SA ST H7 D7", "S9 S8 HA C7", "S7 SQ HT C8"], "DA DT", HEARTS_GAME)
    assert _sure(deal, 1, 30) == 11 + 10


def test_a_void_defender_with_a_trump_stops_the_cash():
    # as above, but M has no spade and a trump: he may ruff the first spade, nothing is sure
    deal = _deal(["SA ST H7 D7", "C9 D8 HA C7", "S7 SQ HT C8"], "DA DT", HEARTS_GAME)
    assert _sure(deal, 1, 30) == 0


def test_a_defender_on_lead_cashes_against_a_declarer_who_must_follow():
    # Grand, M (a defender) leads with CA CT, the declarer F holds two clubs: the defenders
    # take two tricks of 21 points and at least the cheapest cards of the others (R has K, 4)
    deal = _deal(["C9 C8 SA ST", "CA CT D7 D8", "CK SK HK DK"], "HA HT", GRAND, leader=1)
    assert _sure(deal, 0, 25) == 11 + 10 + 4 + 4


@pytest.mark.parametrize("game", [GRAND, HEARTS_GAME, CLUBS_GAME])
def test_sure_points_bound_the_minimax_value_from_both_sides(game):
    rng = np.random.default_rng(700 + game)
    checked = 0
    for per_hand in (2, 3, 4):
        for _ in range(25):
            perm = [int(c) for c in rng.permutation(32)]
            hands = [sum(1 << c for c in perm[i * per_hand:(i + 1) * per_hand]) for i in range(3)]
            skat = sum(1 << c for c in perm[3 * per_hand:3 * per_hand + 2])
            deal = Deal(hands, skat, 0, Declaration(game), [], None, int(rng.integers(3)))
            st = deal.start_state()
            value = _minimax(st, lambda s: s.declarer_points, lambda p: p == 0) - card_points(skat)
            in_play = card_points(hands[0] | hands[1] | hands[2])
            lower, against = _sure(deal, 1, value + 1), _sure(deal, 0, in_play - value + 1)
            assert lower <= value <= in_play - against, (deal, lower, value, against)
            checked += lower > 0 or against > 0
    assert checked >= 20            # the bounds said something in enough of the endgames
