"""Scoring, declarations and the bid ladder, checked against the rules of record."""

import pytest

from solver.cards import parse_cards
from solver.games import (CLUBS_GAME, DIAMONDS_GAME, GRAND, HEARTS_GAME, NULL, SPADES_GAME, Declaration,
                          DeclarationError)
from solver.scoring import BID_LADDER, game_value, matadors, score_game, seeger_fabian


def test_worked_example_seed_000():
    """Hearts, with 2 (CJ SJ, no HJ, skat counted), bid 27: +30 at 72, -60 at 59, -80 overbid at 33."""
    cards = parse_cards("CJ SJ HA HT HK H9 SA S7 D8 D7 DA C7")
    d = Declaration(HEARTS_GAME)
    m = matadors(cards, HEARTS_GAME)
    assert m == 2
    assert game_value(d, m) == 30
    assert score_game(d, m, 72, 6, bid=27).score == 30
    assert score_game(d, m, 59, 5, bid=27).score == -60
    r = score_game(d, m, 72, 6, bid=33)
    assert (r.won, r.overbid, r.score) == (False, True, -80)


def test_matadors_with_and_without():
    assert matadors(parse_cards("CJ SJ HJ DJ CA CT CK CQ C9 C8 C7 HA"), CLUBS_GAME) == 11
    assert matadors(parse_cards("CJ SJ HJ DJ CA"), GRAND) == 4            # Grand stops at 4
    assert matadors(parse_cards("HJ DJ"), GRAND) == -2
    assert matadors(parse_cards("DA"), DIAMONDS_GAME) == -4               # without CJ SJ HJ DJ
    assert matadors(parse_cards("D7"), DIAMONDS_GAME) == -10              # missing the run to D8
    assert matadors(parse_cards("SA"), SPADES_GAME) == -4


def test_base_values_and_null_values():
    assert [Declaration(g).value_base for g in (DIAMONDS_GAME, HEARTS_GAME, SPADES_GAME, CLUBS_GAME, GRAND)] \
        == [9, 10, 11, 12, 24]
    assert game_value(Declaration(NULL)) == 23
    assert game_value(Declaration(NULL, hand=True)) == 35
    assert game_value(Declaration(NULL, ouvert=True)) == 46
    assert game_value(Declaration(NULL, hand=True, ouvert=True)) == 59


def test_levels():
    g = Declaration(GRAND)
    assert score_game(g, 1, 90, 7).score == 24 * 3                      # with 1, game, Schneider
    assert score_game(g, 1, 120, 10).score == 24 * 4                     # ... and Schwarz
    gh = Declaration(GRAND, hand=True, schneider=True)
    assert score_game(gh, 1, 95, 8).score == 24 * 5                      # with 1, game, hand, schn, ann.
    lost = score_game(gh, 1, 80, 7)
    assert not lost.won and lost.score == -2 * 24 * 5                    # announced Schneider failed
    ouv = Declaration(CLUBS_GAME, hand=True, ouvert=True)
    won = score_game(ouv, 2, 120, 10)
    assert won.score == 12 * (2 + 1 + 6)                                 # hand, schn, ann, schw, ann, ouvert
    assert not score_game(ouv, 2, 118, 9).won


def test_loss_schneider_and_sixty():
    d = Declaration(SPADES_GAME)
    assert score_game(d, 1, 60, 5).won is False                          # 60:60 is a loss
    r = score_game(d, 1, 30, 3)
    assert r.schneider and r.score == -2 * 11 * 3                        # lost Schneider level counts
    r = score_game(d, 1, 0, 0)
    assert r.schwarz and r.score == -2 * 11 * 4
    ann = Declaration(SPADES_GAME, hand=True, schneider=True)
    r = score_game(ann, 1, 25, 2)                                        # not counted twice
    assert r.score == -2 * 11 * (1 + 1 + 1 + 1 + 1)


def test_overbid_uses_lowest_multiple_reaching_the_bid():
    d = Declaration(DIAMONDS_GAME)                                       # with 1: 18
    r = score_game(d, 1, 70, 6, bid=20)
    assert r.overbid and r.score == -2 * 27


def test_null_rules():
    n = Declaration(NULL)
    assert score_game(n, 0, None, 0, bid=23).score == 23
    assert score_game(n, 0, None, 1, bid=23).score == -46
    r = score_game(n, 0, None, 0, bid=24)                                # Null below the bid: invalid
    assert not r.won and r.overbid and r.score < -46 and r.game_value >= 24


def test_declaration_legality():
    with pytest.raises(DeclarationError):
        Declaration(HEARTS_GAME, schneider=True)                         # only in Hand games
    with pytest.raises(DeclarationError):
        Declaration(GRAND, ouvert=True)                                  # suit/Grand ouvert needs Hand
    with pytest.raises(DeclarationError):
        Declaration(NULL, schwarz=True)
    assert Declaration(NULL, ouvert=True).ouvert                         # Null Ouvert may pick up
    d = Declaration(GRAND, hand=True, ouvert=True)
    assert d.schwarz and d.schneider


def test_bid_ladder():
    assert BID_LADDER[:20] == (18, 20, 22, 23, 24, 27, 30, 33, 35, 36, 40, 44, 45, 46, 48, 50, 54, 55, 59, 60)
    assert BID_LADDER[-1] == 264 and 264 == 24 * 11
    assert 23 in BID_LADDER and 35 in BID_LADDER and 59 in BID_LADDER
    assert 19 not in BID_LADDER and 21 not in BID_LADDER


def test_seeger_fabian():
    won = score_game(Declaration(HEARTS_GAME), 2, 72, 6, bid=27)
    assert seeger_fabian(won) == (80, 0)
    lost = score_game(Declaration(HEARTS_GAME), 2, 59, 5, bid=27)
    assert seeger_fabian(lost) == (-110, 40)
    assert seeger_fabian(lost, players=4) == (-110, 30)
