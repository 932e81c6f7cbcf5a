from hypothesis import given, strategies as st
import pytest

from solver.cards import (ALL_CARDS, CARD_NAMES, CARD_POINTS, CardParseError, JACKS, card_set, format_card,
                          format_cards, highest, iter_cards, lowest, parse_card, parse_card_list, parse_cards,
                          popcount)


def test_32_distinct_cards_worth_120_points():
    assert len(set(CARD_NAMES)) == 32
    assert sum(CARD_POINTS) == 120                                   # rules: total 120


@pytest.mark.parametrize("text,code", [
    ("CJ", "CJ"), ("st", "ST"), ("S10", "ST"), ("10s", "ST"), ("H7", "H7"), ("J♣", "CJ"), ("10♥", "HT"),
    ("♠A", "SA"), ("♦Q", "DQ"), ("Eichel-Unter", "CJ"), ("Laub-Ober", "SQ"), ("Grün-König", "SK"),
    ("Herz-Daus", "HA"), ("Schellen-7", "D7"), ("eichelunter", "CJ"),
])
def test_parse_card_forms(text, code):
    assert CARD_NAMES[parse_card(text)] == code


def test_separators_and_german_pairs():
    assert format_cards(parse_card_list("CJ,SJ.HJ  DJ;CA")) == "CJ SJ HJ DJ CA"
    assert format_cards(parse_card_list("Herz Daus Eichel Unter")) == "HA CJ"


@pytest.mark.parametrize("text,message", [
    ("HX", "'HX': unknown rank 'X'"),
    ("XA", "'XA': unknown suit 'X'"),
    ("banana", "'banana': not a card"),
    ("SJ CJ SJ", "duplicate card SJ"),
])
def test_parse_errors_name_the_token(text, message):
    with pytest.raises(CardParseError, match=message.replace("(", r"\(")):
        parse_card_list(text)


def test_bit_helpers():
    s = parse_cards("D7 SA CJ")
    assert popcount(s) == 3 and popcount(ALL_CARDS) == 32 and popcount(JACKS) == 4
    assert CARD_NAMES[lowest(s)] == "D7" and CARD_NAMES[highest(s)] == "CJ"
    assert lowest(0) == -1 and highest(0) == -1


@given(st.sets(st.integers(0, 31)))
def test_card_set_round_trip(cards):
    s = card_set(cards)
    assert set(iter_cards(s)) == cards
    assert parse_cards(format_cards(s)) == s
    assert parse_cards(format_cards(s, "symbol")) == s
    assert parse_cards(format_cards(s, "german")) == s
    assert parse_cards(format_cards(s, "prague")) == s


@given(st.integers(0, 31), st.sampled_from(["code", "symbol", "german", "prague"]))
def test_single_card_round_trip(card, style):
    assert parse_card(format_card(card, style)) == card
