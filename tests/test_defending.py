"""Bidding by expected tournament points: a bid pays only above what passing is worth, or (bold)
down to a margin below zero.

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


def hearts_won(wins: int, worlds: int) -> DeclarationResult:
    """Hearts "with two, game three": worth 3 x 10 = 30 in every world, won in ``wins`` of them.
    Seeger-Fabian: a win scores 30 + 50 = 80, a loss -2 x 30 - 50 = -110, at any bid up to 30;
    every bid above 30 is overbid."""
    won = np.arange(worlds) < wins
    no = np.zeros(worlds, dtype=bool)
    return DeclarationResult(Declaration(HEARTS_GAME), won, np.full(worlds, 2), no, no, scoring="seeger-fabian")


def hearts_three_of_five() -> DeclarationResult:
    """Won in three of five: the expected score is (3 x 80 - 2 x 110) / 5 = 4."""
    return hearts_won(3, 5)


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
    assert holds(name, hand, hearts_three_of_five(), monkeypatch) == bid


@pytest.mark.parametrize("name, bid", [
    ("best-bold", 30),       # -5.5 is above its margin of -15 points
    ("best", 0),             # not above zero: pass
    ("best-2026-12", 0),
])
def test_a_bold_bid_holds_a_game_that_expects_a_small_loss(name, bid, monkeypatch):
    # won in 11 of 20 worlds: (11 x 80 - 9 x 110) / 20 = -5.5
    assert holds(name, "CJ SJ CA C7 C8 S7 S8 H7 H8 D7", hearts_won(11, 20), monkeypatch) == bid


def hearts_hand_won(wins: int, worlds: int) -> DeclarationResult:
    """Hearts Hand "with two, game three, Hand four": 4 x 10 = 40, won in ``wins`` of ``worlds``
    (Seeger-Fabian: 40 + 50 = 90 won, -2 x 40 - 50 = -130 lost)."""
    won = np.arange(worlds) < wins
    no = np.zeros(worlds, dtype=bool)
    return DeclarationResult(Declaration(HEARTS_GAME, hand=True), won, np.full(worlds, 2), no, no,
                             scoring="seeger-fabian")


@pytest.mark.parametrize("name, pickup_bid, hand_bid", [
    # won in 11 of 20: the pick-up -5.5 a game (above), the Hand game (11 x 90 - 9 x 130) / 20 = -9
    ("best-bold-pickup", 30, 0),     # its margin of -25 is for suit games with the pick-up alone
    ("best-bold", 30, 40),           # -15 for every suit game, Hand or not
    ("best", 0, 0),
])
def test_a_margin_may_be_for_the_pick_up_alone(name, pickup_bid, hand_bid, monkeypatch):
    hand = "CJ SJ CA C7 C8 S7 S8 H7 H8 D7"
    assert holds(name, hand, hearts_won(11, 20), monkeypatch) == pickup_bid
    assert holds(name, hand, hearts_hand_won(11, 20), monkeypatch) == hand_bid


def holds(name: str, hand: str, r: DeclarationResult, monkeypatch) -> int:
    """The bid the player ``name`` holds with ``hand`` in forehand when its advice has ``r`` alone."""
    cards = parse_cards(hand)
    ev = HandEvaluation(cards=cards, seat=0, bid=None, declarations=[r],
                        scoring="seeger-fabian", min_win=None, samples=5, seed=0, solves=0, seconds=0.0)
    player = make_player(name, 0)
    monkeypatch.setattr(player, "bid_advice", lambda h, s: ev)
    return player.max_bid(cards, 0)


@pytest.mark.parametrize("name, hand_game", [
    ("best-pickup-credit", False),   # its credit: the pick-up -5.5 + 25 = 19.5 beats the Hand game's +13
    ("best", True),                  # the pick-up's option instead: one pick-up declaration, no gap, -5.5
    ("best-2026-12", True),          # frozen without it: +13 beats -5.5
])
def test_a_credit_to_the_pick_up_may_turn_a_hand_game_into_a_pick_up(name, hand_game, monkeypatch):
    # the pick-up won in 11 of 20 worlds: -5.5 a game (above); the Hand game in 13 of 20:
    # (13 x 90 - 7 x 130) / 20 = +13
    cards = parse_cards("CJ SJ CA C7 C8 S7 S8 H7 H8 D7")
    ev = HandEvaluation(cards=cards, seat=0, bid=None, declarations=[hearts_won(11, 20), hearts_hand_won(13, 20)],
                        scoring="seeger-fabian", min_win=None, samples=20, seed=0, solves=0, seconds=0.0)
    player = make_player(name, 0)
    monkeypatch.setattr(player, "bid_advice", lambda h, s: ev)
    got = player.choose_hand(cards, 0, 18)
    assert got == (Declaration(HEARTS_GAME, hand=True) if hand_game else None)
