"""The game state: push and pop restore everything, voids are the effective suit not followed.

Expected values are worked out from the rules (shared/rules/skat-rules.md), not read back
from the code."""

from __future__ import annotations

import random

import pytest

from solver.cards import card_codes, iter_cards, parse_card, parse_cards
from solver.deal import Deal, load_deal, replay
from solver.games import SEATS
from solver.state import IllegalCard

from .conftest import REF

ISS_541932 = (REF / "iss_sample.sgf").read_text().splitlines()[0]
HEARTS_DEAL = {"hands": {"F": "CJ SJ HA HT HK H9 DA S7 D8 D7", "M": "C8 C9 CT CK CQ CA S8 S9 ST SK",
                         "R": "H7 H8 HQ DJ HJ SQ D9 DT DK DQ"}, "skat": "SA C7", "declarer": "F", "game": "hearts"}


# ------------------------------------------------------------------ the game state

def _random_deal(rnd: random.Random, game: str) -> Deal:
    cards = list(range(32))
    rnd.shuffle(cards)
    return load_deal({"hands": {SEATS[p]: card_codes(sum(1 << c for c in cards[10 * p:10 * p + 10]))
                                for p in range(3)},
                      "skat": card_codes((1 << cards[30]) | (1 << cards[31])), "declarer": rnd.randrange(3),
                      "game": game})


@pytest.mark.parametrize("game", ["diamonds", "hearts", "spades", "clubs", "grand", "null"])
def test_push_pop_restores_everything_and_matches_replay(game):
    rnd = random.Random(f"push-pop {game}")       # (a string seed is the same in every run; hash() is not)
    for _ in range(5):
        deal = _random_deal(rnd, game)
        st = deal.start_state()
        before = st.copy().__dict__
        snapshots = []
        while not st.over:
            snapshots.append((st.copy().__dict__, None))
            st.push(rnd.choice(list(iter_cards(st.legal()))))
        deal.played = list(st.moves)
        end = replay(deal)
        assert (end.declarer_points, end.trick_winners, end.voids) == (st.declarer_points, st.trick_winners, st.voids)
        assert end.declarer_points + end.defender_points == 120
        for snap, _ in reversed(snapshots):
            st.pop()
            now = st.__dict__
            for k in ("hands", "trick", "leader", "moves", "seats", "trick_winners", "declarer_points",
                      "defender_points", "declarer_tricks", "defender_tricks", "voids"):
                assert now[k] == snap[k], k
        assert st.hands == before["hands"] and st.moves == []


def test_voids_are_the_effective_suit_not_followed():
    # hearts: M cannot follow the trump lead CJ and discards a club -> M holds no trump at all
    deal = load_deal(HEARTS_DEAL)
    st = deal.start_state()
    st.push(parse_card("CJ"))
    st.push(parse_card("C8"))
    trumps = parse_cards("CJ SJ HJ DJ HA HT HK HQ H9 H8 H7")
    assert st.voids[1] == trumps and st.voids[0] == st.voids[2] == 0
    with pytest.raises(IllegalCard, match="R must follow trumps"):
        st.push(parse_card("SQ"))
