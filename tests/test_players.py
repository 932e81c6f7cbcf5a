"""Players and the table: their card choices, illegal moves refused with the reason.

Expected values are worked out from the rules (shared/rules/skat-rules.md), not read back
from the code."""

from __future__ import annotations

import random

import pytest

from solver.cards import CARD_NAMES, iter_cards, parse_card, parse_cards
from solver.deal import Deal, load_deal, replay
from solver.advice import EvaluationError, evaluate_declare
from solver.games import GRAND, HEARTS_GAME, Declaration
from solver.iss import IssError, parse_line
from solver.players import PimcPlayer, PlayView
from solver.players.base import Player
from solver.players.table import IllegalMove, play_deal
from solver.records import read_lines
from solver.search import layout as K
from solver.search.api import Solver, position

from .conftest import REF, load_jsonl, strip_solved

ISS_541932 = (REF / "iss_sample.sgf").read_text().splitlines()[0]
HEARTS_DEAL = {"hands": {"F": "CJ SJ HA HT HK H9 DA S7 D8 D7", "M": "C8 C9 CT CK CQ CA S8 S9 ST SK",
                         "R": "H7 H8 HQ DJ HJ SQ D9 DT DK DQ"}, "skat": "SA C7", "declarer": "F", "game": "hearts"}


# ------------------------------------------------------------------ players

def test_pimc_null_declarer_ducks_under_the_lead():
    # Null, M declares with the lowest clubs, spades and diamonds and H9 HT HK; the skat holds H7
    # H8; the defenders hold every higher card.  F leads HQ.  HK takes the trick (a Null declarer
    # who takes a trick loses) in every world; H9 or HT duck, and then M can never take a trick:
    # he never leads, every defender card of his suits is higher, and the only heart left out is
    # HA.  So H9 or HT, never HK (HK's lower card id would win a tie).
    deal = load_deal({"hands": {"F": "HQ HA CT CJ CQ S9 ST SJ D9 DT", "M": "H9 HT HK C7 C8 C9 S7 S8 D7 D8",
                                "R": "HJ CK CA SQ SK SA DJ DQ DK DA"}, "skat": "H7 H8", "declarer": "M",
                      "game": "null"})
    st = deal.start_state()
    st.push(parse_card("HQ"))
    card = PimcPlayer(samples=4, seed=2).play(PlayView.of(st, 1, skat=deal.skat))
    assert CARD_NAMES[card] in ("H9", "HT")


class _Renouncer(Player):
    """Plays a card the rules forbid whenever it holds one (else a legal one)."""

    name = "renouncer"

    def max_bid(self, hand, seat):
        return 18 if seat == 0 else 0

    def declare(self, twelve, seat, bid, *, auction=None):
        cards = list(iter_cards(twelve))
        return (1 << cards[0]) | (1 << cards[1]), Declaration(GRAND)

    def play(self, view):
        illegal = view.hand & ~view.legal()
        return next(iter_cards(illegal or view.legal()))


def _shuffled(seed: int) -> list[int]:
    """Three hands of ten and a skat of two, shuffled by ``seed``."""
    cards = list(range(32))
    random.Random(seed).shuffle(cards)
    return [sum(1 << c for c in cards[10 * p:10 * p + 10]) for p in range(3)] + [(1 << cards[30]) | (1 << cards[31])]


def test_table_refuses_an_illegal_card_with_the_reason():
    dealt = _shuffled(9)
    with pytest.raises(IllegalMove, match=r"[MR] played \w\w, which is not legal: [MR] must follow"):
        play_deal([_Renouncer(), _Renouncer(), _Renouncer()], dealt)


class _Hearer(_Renouncer):
    """F and M hold or bid up to 20, R passes; the declarer keeps what he heard when he declares."""

    heard: list | None = None

    def max_bid(self, hand, seat):
        return (20, 20, 0)[seat]

    def declare(self, twelve, seat, bid, *, auction=None):
        _Hearer.heard = auction
        return super().declare(twelve, seat, bid)

    def play(self, view):
        return next(iter_cards(view.legal()))


def test_the_declarer_hears_the_auction_that_made_him_declarer():
    # By the bidding order (rules: M bids to F, F answers; then R bids to the survivor) M says 18 and
    # 20, F holds both, M passes at 22; R passes at once.  F declares at 20 and is told those calls
    dealt = _shuffled(9)
    play_deal([_Hearer(), _Hearer(), _Hearer()], dealt)
    assert _Hearer.heard == [(1, "18"), (0, "y"), (1, "20"), (0, "y"), (1, "p"), (2, "p")]


def test_evaluate_declare_refuses_a_bad_skat():
    with pytest.raises(EvaluationError, match="two cards"):
        evaluate_declare("CJ SJ HA HT HK H9 SA S7 D8 D7", "F", 18, skat="CK")
    with pytest.raises(EvaluationError, match="^CJ is in the hand and in the skat: a card is dealt once$"):
        evaluate_declare("CJ SJ HA HT HK H9 SA S7 D8 D7", "F", 18, skat="CJ DT")
    with pytest.raises(EvaluationError, match="'XY'"):
        evaluate_declare("CJ SJ HA HT HK H9 SA S7 D8 D7", "F", 18, skat="XY DT")


def test_a_bad_discard_in_an_iss_line_is_an_error_line_with_the_games_id():
    line = ISS_541932.replace("2 D.ST.H8", "2 ST.QQ 2 D")
    with pytest.raises(IssError, match="discard 'ST.QQ'"):
        parse_line(line)
    item = next(read_lines([line]))
    assert item.error and item.id == "541932"


def test_table_stamps_wrap_around_without_stale_hits():
    recs = load_jsonl("dd_small.jsonl")[:6]
    s = Solver(tt_megabytes=1)
    s.stamp = K.STAMP_LIMIT - 3                        # the next batch runs past the last stamp
    got = s.solve_positions([position(strip_solved(r)) for r in recs])
    assert [g["dd_points"] for g in got if "dd_points" in g] == [r["dd_points"] for r in recs if "dd_points" in r]
    assert s.stamp < 100


def test_a_persons_card_is_checked_once_for_the_terminal_and_the_browser():
    # Hearts, F leads CJ (a trump); M holds trumps (SJ, H7), so SA is refused with the rule,
    # and a card he does not hold is refused as not in his hand
    from solver.state import IllegalCard
    hands = [parse_cards("CJ DJ HK HT HA CA CT ST SK D7"), parse_cards("SJ H7 SA SQ S9 C7 C8 C9 D8 D9"),
             parse_cards("HJ HQ H9 H8 CK CQ S8 S7 DA DT")]
    st = replay(Deal(hands, parse_cards("DK DQ"), 0, Declaration(HEARTS_GAME)))
    st.push(parse_card("CJ"))
    view = PlayView.of(st, 1)
    with pytest.raises(IllegalCard, match="SA is not allowed: you must follow trumps"):
        view.check(parse_card("SA"))
    with pytest.raises(IllegalCard, match="HA is not in your hand"):
        view.check(parse_card("HA"))
    view.check(parse_card("H7"))
