"""Bidding by expected tournament points: a bid pays only above what passing is worth.

Under Seeger-Fabian (rules, "Tournament scoring") a won game scores its value + 50, a lost one
-2 x value - 50, and each defender scores 40 when the declarer loses (30 at a table of four).
"""

from __future__ import annotations

import numpy as np
import pytest

from solver.advice import DeclarationResult, HandEvaluation
from solver.advice.defending import DEFENCE_WINS, defending_value
from solver.cards import parse_cards
from solver.games import HEARTS_GAME, Declaration
from solver.players.arena import make_player


def hearts_three_of_five() -> DeclarationResult:
    """Hearts "with two, game three": worth 3 x 10 = 30 in every world, won in three of five.
    Seeger-Fabian: a win scores 30 + 50 = 80, a loss -2 x 30 - 50 = -110, so the expected score
    is (3 x 80 - 2 x 110) / 5 = 4 at any bid up to 30, and every bid above 30 is overbid."""
    won = np.array([True, True, True, False, False])
    no = np.zeros(5, dtype=bool)
    return DeclarationResult(Declaration(HEARTS_GAME), won, np.full(5, 2), no, no, scoring="seeger-fabian")


def test_the_expected_score_is_the_seeger_fabian_settlement():
    r = hearts_three_of_five()
    assert r.expected_score(18) == pytest.approx(4.0)
    assert r.expected_score(30) == pytest.approx(4.0)


def test_a_bid_pays_only_above_the_floor():
    r = hearts_three_of_five()
    assert r.max_bid() == 30                      # 4 > 0
    assert r.max_bid(floor=3.9) == 30
    assert r.max_bid(floor=4.0) is None           # not above it: passing is worth as much


def test_passing_is_worth_a_defenders_points_times_the_measured_chance():
    three = parse_cards("CJ SJ CA C7 C8 S7 S8 H7 H8 D7")          # two jacks, one ace
    five = parse_cards("CJ SJ CA SA HA C7 C8 S7 S8 H7")           # 4 or more
    none = parse_cards("C7 C8 C9 S7 S8 S9 H7 H8 H9 D7")
    assert defending_value(three, "seeger-fabian") == pytest.approx(40 * DEFENCE_WINS[3])
    assert defending_value(five, "seeger-fabian") == pytest.approx(40 * DEFENCE_WINS[4])
    assert defending_value(none, "seeger-fabian") == pytest.approx(40 * DEFENCE_WINS[0])
    assert defending_value(five, "seeger-fabian", players=4) == pytest.approx(30 * DEFENCE_WINS[4])
    assert defending_value(five, "simple") == 0.0                 # a simple-scoring defender scores nothing


@pytest.mark.parametrize("name, hand, bid", [
    ("best-defending", "CJ SJ CA C7 C8 S7 S8 H7 H8 D7", 30),  # passing worth 40 x 0.087 = 3.5 < 4: hold 30
    ("best-defending", "CJ SJ CA SA HA C7 C8 S7 S8 H7", 0),   # 40 x 0.110 = 4.4 > 4: pass
    ("best", "CJ SJ CA SA HA C7 C8 S7 S8 H7", 30),            # the switch is off: a bid pays above zero
    ("best-2026-12", "CJ SJ CA SA HA C7 C8 S7 S8 H7", 30),    # frozen: a bid pays above zero
])
def test_best_holds_a_bid_while_it_beats_passing(name, hand, bid, monkeypatch):
    cards = parse_cards(hand)
    ev = HandEvaluation(cards=cards, seat=0, bid=None, declarations=[hearts_three_of_five()],
                        scoring="seeger-fabian", min_win=None, samples=5, seed=0, solves=0, seconds=0.0)
    player = make_player(name, 0)
    monkeypatch.setattr(player, "_evaluation", lambda h, s: ev)
    assert player.max_bid(cards, 0) == bid
