"""The deal record: validation errors name the problem, unknown keys pass through, replay."""

import json

import pytest
from hypothesis import given, settings, strategies as st

from solver.deal import DealError, load_deal, replay
from solver.cards import card_codes, iter_cards
from solver.games import SEATS
from solver.play import legal_moves, rules_for

HANDS = {"F": ["CJ", "SJ", "HA", "HT", "HK", "H9", "SA", "S7", "D8", "D7"],
         "M": ["C8", "C9", "CT", "CK", "CQ", "CA", "S8", "S9", "ST", "SK"],
         "R": ["H7", "H8", "HQ", "DJ", "HJ", "SQ", "D9", "DT", "DK", "DQ"]}
BASE = {"hands": HANDS, "skat": ["DA", "C7"], "declarer": "F", "game": "hearts"}


def rec(**kw):
    r = json.loads(json.dumps(BASE))
    r.update(kw)
    return r


def test_round_trip_keeps_unknown_keys():
    d = load_deal(rec(id="x1", note={"a": 1}, bid=27))
    out = d.to_record()
    assert out["note"] == {"a": 1} and out["bid"] == 27 and out["id"] == "x1"
    assert load_deal(out).to_record() == out


def test_seats_as_list_and_numbers():
    d = load_deal(rec(hands=[HANDS["F"], HANDS["M"], HANDS["R"]], declarer=0, game="H"))
    assert d.declarer == 0 and d.game == 1


@pytest.mark.parametrize("change,message", [
    ({"skat": ["DA"]}, "the skat must hold 2 cards"),
    ({"skat": ["DA", "CJ"]}, "duplicate card CJ"),
    ({"game": "hearts hand"}, "unknown game"),
    ({"declarer": "X"}, "unknown seat"),
    ({"schneider": True}, "Schneider may only be announced in a Hand game"),
    ({"hands": {"F": HANDS["F"], "M": HANDS["M"]}}, "lacks seat R"),
    ({"skat": ["DA", "CX"]}, "skat: 'CX': unknown rank 'X'"),
    ({"bid": 17}, "'bid': 17 is not a possible bid"),
    ({"bid": 19}, "'bid': 19 is not a possible bid"),      # no game is worth 19
    ({"bid": "20"}, "'bid' must be a whole number"),
])
def test_bad_records(change, message):
    with pytest.raises(DealError, match=message):
        load_deal(rec(**change))


def test_illegal_card_names_card_trick_and_reason():
    load_deal(rec(played=["CJ", "C8"]))                 # M holds no trump: any card is legal
    with pytest.raises(DealError, match=r"card 3 \(SQ, trick 1\): R must follow trumps \(holds .*HJ"):
        load_deal(rec(played=["CJ", "C8", "SQ"]))
    with pytest.raises(DealError, match=r"card 1 \(C8, trick 1\): F is to play, but it is M's card"):
        load_deal(rec(played=["C8"]))


def test_replay_counts_skat_and_tricks():
    st = replay(load_deal(rec()), ["CJ", "C8", "HJ"])
    assert st.trick_winners == [0] and st.trick_points == [4]
    assert st.declarer_points == 11 + 4                                   # skat DA + C7, then the trick


@settings(max_examples=60, deadline=None)
@given(st.randoms(use_true_random=False), st.sampled_from(["diamonds", "hearts", "spades", "clubs", "grand", "null"]),
       st.integers(0, 2))
def test_any_legal_playout_totals_120_and_winners_hold_the_best_card(rnd, game, declarer):
    cards = list(range(32))
    rnd.shuffle(cards)
    hands = {SEATS[p]: card_codes(sum(1 << c for c in cards[10 * p:10 * p + 10])) for p in range(3)}
    deal = load_deal({"hands": hands, "skat": card_codes((1 << cards[30]) | (1 << cards[31])),
                      "declarer": declarer, "game": game})
    rules = rules_for(deal.game)
    played: list[int] = []
    for _ in range(30):
        st_ = replay(deal, played)
        led = int(rules.to_game[st_.trick[0]]) if st_.trick else -1
        legal = rules.set_from_game(legal_moves(rules.set_to_game(st_.hands[st_.to_move]), led, rules.eff))
        played.append(rnd.choice(list(iter_cards(legal))))
    final = replay(deal, played)
    assert final.over and final.declarer_points + final.defender_points == 120
    assert len(final.trick_winners) == 10 and sum(final.trick_points) + (final.declarer_points - sum(
        p for p, w in zip(final.trick_points, final.trick_winners) if w == declarer)) == 120
    # the winner of each trick played a card no other card of that trick beats
    for t in range(10):
        trick = played[3 * t:3 * t + 3]
        leader = 0 if t == 0 else final.trick_winners[t - 1]
        w = final.trick_winners[t]
        wc = rules.to_game[trick[(w - leader) % 3]]
        for c in trick:
            g = rules.to_game[c]
            if (rules.trump >> int(g)) & 1:
                assert (rules.trump >> int(wc)) & 1 and wc >= g
            elif (rules.eff[rules.to_game[trick[0]]] >> int(g)) & 1 and not (rules.trump >> int(wc)) & 1:
                assert wc >= g


def test_a_null_lost_in_the_last_trick_is_scored():
    """A Null declarer who takes only the last trick has lost (rules: any trick loses Null); the
    Spitze question (whose lowest trump won the last trick) has no meaning without trumps."""
    import numpy as np
    from solver.deal import Deal, score_deal
    from solver.games import NULL, Declaration
    from solver.players.base import RandomPlayer
    from solver.players.table import play_out, shuffle
    found = 0
    for k in range(400):
        dealt = shuffle(np.random.default_rng([5, k]))
        deal = Deal(list(dealt[:3]), dealt[3], 0, Declaration(NULL), [], None)
        st = play_out(deal, [RandomPlayer(k), RandomPlayer(k + 1), RandomPlayer(k + 2)])
        if st.trick_winners.count(0) == 1 and st.trick_winners[-1] == 0:
            res, _ = score_deal(deal)
            assert not res.won and not st.spitze_kept
            found += 1
    assert found >= 1
