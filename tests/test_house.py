"""House rules from the seeds, as cases worked out by hand from the rules of record."""

from __future__ import annotations

import pytest

from solver.games import HEARTS_GAME, Declaration
from solver.house import BockRounds, HouseRules, bock_events, kontra_multiplier, may_say_kontra, ramsch_scores
from solver.scoring import settle


def test_ramsch_jungfrau_doubles_the_loss():
    # F 70, M 50, R took no trick (0): F loses 70, doubled for R's Jungfrau
    r = ramsch_scores([70, 50, 0], [6, 4, 0])
    assert r.scores == [-140, 0, 0] and r.jungfrau == [2] and r.losers == [0]


def test_ramsch_durchmarsch_scores_120_and_nobody_loses():
    r = ramsch_scores([0, 120, 0], [0, 10, 0])
    assert r.scores == [0, 120, 0] and r.durchmarsch == 1 and r.losers == []


def test_ramsch_tie_for_most_points_each_loses_them():
    r = ramsch_scores([45, 45, 30], [4, 3, 3])
    assert r.scores == [-45, -45, 0] and r.losers == [0, 1]


def test_schieberamsch_two_unseen_passes_multiply_by_four():
    assert ramsch_scores([50, 40, 30], [4, 3, 3], pushes=2).scores == [-200, 0, 0]
    with pytest.raises(ValueError, match="120 in all"):
        ramsch_scores([50, 40, 20], [4, 3, 3])


def test_kontra_re_bock_hirsch_on_a_lost_game_is_sixteen_fold():
    # hearts with 2 (value 10 x 3 = 30) lost: -60, and x16 after Kontra, Re, Bock, Hirsch
    won, value, score, _ = settle(Declaration(HEARTS_GAME), 2, False, False, False, bid=18,
                                  kontra=kontra_multiplier("hirsch"))
    assert (won, value, score) == (False, 30, -960)
    assert HouseRules.parse("hirsch").kontra_calls()[-1] == ("hirsch", 16, "declarer")
    assert [c for c, _, _ in HouseRules.parse("kontra").kontra_calls()] == ["kontra", "re"]
    assert HouseRules.parse("").kontra_calls() == ()
    with pytest.raises(ValueError, match="unknown house rule 'bockbier'"):
        HouseRules.parse("kontra,bockbier")


def test_who_may_say_kontra():
    # M bid 18 and 20, F held 18 then passed, R passed: M declares; F bid, R did not
    assert may_say_kontra(0, 1, {1: 20, 0: 18}) and not may_say_kontra(2, 1, {1: 20, 0: 18})


def test_a_60_60_game_starts_a_bock_round_and_a_grand_hand_during_it_queues_another():
    b = BockRounds(players=3)
    b.add(bock_events("hearts", False, 60, 1))                 # 60:60: the declarer lost it
    assert b.pending == 3
    mults = [b.next_deal()]                                     # the first Bock deal ...
    b.add(bock_events("grand hand", True, 75, 1))               # ... is a won Grand Hand
    mults += [b.next_deal() for _ in range(6)]
    assert mults == [2, 2, 2, 2, 2, 2, 1]                       # 3 + 3 Bock deals, not 2 x 2
    assert b.log == ["60:60", "won grand hand"]


def test_a_game_lost_with_kontra_is_a_bock_event_and_null_has_no_60_60():
    assert bock_events("clubs", False, 55, 2) == ["lost with kontra"]
    assert bock_events("null", False, 60, 1) == []
    assert bock_events("grand", True, 70, 1) == []              # a pick-up Grand is no event
