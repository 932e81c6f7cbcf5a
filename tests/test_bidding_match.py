import pytest

from solver.bidding import Auction, BiddingError
from solver.match import MatchSheet


def test_middlehand_bids_to_forehand_then_rearhand():
    a = Auction()
    a.bid(18)
    a.hold()
    a.bid(20)
    a.hold()
    a.pass_()                                                      # M passes at 20, F holds 20
    assert a.to_act() == (2, "bid")
    a.bid(22)                                                      # R must bid above the last value
    assert a.to_act() == (0, "answer")
    a.pass_()
    assert a.done and a.declarer == 2 and a.value == 22


def test_rearhand_may_open_18_when_middlehand_passed():
    a = Auction()
    a.pass_()
    a.bid(18)
    a.hold()
    a.pass_()
    assert a.declarer == 0 and a.value == 18


def test_forehand_plays_18_or_passes_in():
    a = Auction()
    a.pass_()
    a.pass_()
    assert a.to_act() == (0, "play18")
    a.bid(18)
    assert a.declarer == 0 and a.value == 18
    b = Auction()
    b.pass_()
    b.pass_()
    b.pass_()
    assert b.passed_in and b.declarer is None


def test_illegal_calls():
    a = Auction()
    with pytest.raises(BiddingError):
        a.bid(19)                                                  # not on the ladder
    a.bid(20)
    with pytest.raises(BiddingError):
        a.bid(22)                                                  # F must answer first
    a.hold()
    with pytest.raises(BiddingError):
        a.bid(20)                                                  # must exceed 20


def test_match_sheet_counts_passed_deals_and_shares_places():
    m = MatchSheet(players=("A", "B", "C"), deals=12, first_dealer=2)
    assert m.seat_player(0, "R") == 2 and m.seat_player(0, "F") == 0 and m.seat_player(1, "R") == 0
    for k in range(12):
        if k % 3 == 0:
            m.record(passed=True)
        else:
            m.record(declarer_player=k % 2, score=24 if k % 4 else -48)
    assert m.finished and len(m.entries) == 12
    with pytest.raises(ValueError):
        m.record(passed=True)
    t = m.totals()
    assert sum(e.scores[0] for e in m.entries) == t[0]
    tie = MatchSheet(deals=2)
    tie.record(declarer_player=0, score=30)
    tie.record(declarer_player=1, score=30)
    assert [p for p, _, _ in tie.standings()] == [1, 1, 3]
