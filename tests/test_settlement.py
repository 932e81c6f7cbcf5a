"""One settlement for every caller: the evaluator, the double-dummy result and the scorer agree.

Expected values are worked out from the rules (shared/rules/skat-rules.md), not read back
from the code."""

from __future__ import annotations


import numpy as np
import pytest

from solver.advice import evaluate_declare
from solver.games import GRAND, HEARTS_GAME, NULL, Declaration
from solver.scoring import score_game, settle
from solver.search.api import Solver, position

from .conftest import REF

ISS_541932 = (REF / "iss_sample.sgf").read_text().splitlines()[0]
HEARTS_DEAL = {"hands": {"F": "CJ SJ HA HT HK H9 DA S7 D8 D7", "M": "C8 C9 CT CK CQ CA S8 S9 ST SK",
                         "R": "H7 H8 HQ DJ HJ SQ D9 DT DK DQ"}, "skat": "SA C7", "declarer": "F", "game": "hearts"}


# ------------------------------------------------------------------ one settlement

def test_evaluator_keeps_the_schwarz_level_when_the_declarer_takes_no_trick():
    # M declares Grand with every 7, 8 and 9: the defenders hold all jacks, aces, tens, kings and
    # queens, F (a defender) leads, and a defender's lead is always higher than anything M holds in
    # the suit, so the defenders keep the lead and M takes no trick in any world.  Without 4
    # matadors, game 1, Schneider 1, Schwarz 1: 24 x 7 = 168, lost: -336.
    # (double-dummy: the settlement of the worlds, without the play model's chance of another outcome)
    ev = evaluate_declare("C7 C8 C9 S7 S8 S9 H7 H8 H9 D7 D8 D9", "M", 18, samples=8, first_batch=8, workers=1,
                          discards_per_game=1, model=None)
    grand = next(r for r in ev.declarations if r.declaration.game == GRAND)
    assert grand.p_win(18) == 0.0
    assert set(grand.scores_at(18).tolist()) == {-336}


def test_dd_settlement_counts_a_zero_point_trick_as_a_trick():
    # the last two tricks of a Grand, F (declarer) to lead S7 D9 against M C7 DA and R H7 C8: S7
    # first takes a trick (nobody can follow spades; the defenders throw 0-point cards), then DA
    # takes D9.  Skat D7 D8 (0 points): 0 card points and one trick -> Schneider, not Schwarz.
    # Without 4 (no jack in hand or skat): 24 x (4 + game + Schneider) = 144, lost: -288.
    rec = {"hands": {"F": ["S7", "D9"], "M": ["C7", "DA"], "R": ["H7", "C8"]}, "skat": ["D7", "D8"],
           "declarer": "F", "game": "grand", "leader": "F"}
    from solver.settlement import settle_dd
    r = settle_dd([position(rec)], solver=Solver(tt_megabytes=1))[0]
    assert (r["dd_points"], r["schneider"], r["schwarz"], r["score"]) == (0, True, False, -288)


def test_settlement_is_one_function_for_scalars_and_worlds():
    d = Declaration(HEARTS_GAME)
    # the rules' worked example, in one call for three worlds at bid 27: won, lost, won with Schneider
    won, value, score, _ = settle(d, np.array([2, 2, 2]), won=np.array([True, False, True]),
                                  schneider=np.array([False, False, True]), schwarz=np.zeros(3, bool), bid=27)
    assert score.tolist() == [30, -60, 40] and value.tolist() == [30, 30, 40]
    assert settle(d, 2, won=True, schneider=False, schwarz=False, bid=33).score == -80   # overbid: 33 needs 4 x 10 = 40
    assert score_game(d, 2, 72, 6, bid=27).score == 30


@pytest.mark.parametrize("bid, conceded", [(24, 24), (25, 27), (30, 30), (34, 36)])
def test_invalid_null_is_conceded_as_the_cheapest_game_reaching_the_bid(bid, conceded):
    # Null (23) below the bid: lost as the lowest multiple of some base value 9 10 11 12 24
    # reaching the bid: 24 -> 24 (12 x 2 or 24), 25 -> 27 (9 x 3), 30 -> 30, 34 -> 36 (9 x 4, 12 x 3)
    r = score_game(Declaration(NULL), 0, None, 0, bid=bid)
    assert (r.won, r.game_value, r.score) == (False, conceded, -2 * conceded)
