"""Legal moves, trick winners and card points against OpenSpiel's independent traces."""

import pytest

from solver.cards import CARD_NAMES, iter_cards, parse_card
from solver.deal import load_deal, replay
from solver.games import SEATS
from solver.play import legal_moves, rules_for

from .conftest import load_jsonl

GAMES = load_jsonl("play_rules.jsonl")


def test_reference_has_1198_games():
    assert len(GAMES) == 1198


@pytest.mark.parametrize("chunk", range(8))
def test_legal_moves_trick_winners_points(chunk):
    for g in GAMES[chunk::8]:
        rec = {k: g[k] for k in ("id", "hands", "skat", "declarer", "game")}
        deal = load_deal(rec)
        rules = rules_for(deal.game)
        played = [parse_card(c) for c in g["played"]]
        for i, _card in enumerate(played):
            st = replay(deal, played[:i])
            assert SEATS[st.to_move] == g["to_move"][i], (g["id"], i)
            led = int(rules.to_game[st.trick[0]]) if st.trick else -1
            legal = rules.set_from_game(legal_moves(rules.set_to_game(st.hands[st.to_move]), led, rules.eff))
            assert sorted(CARD_NAMES[c] for c in iter_cards(legal)) == sorted(g["legal"][i]), (g["id"], i)
        final = replay(deal, played)
        assert [SEATS[w] for w in final.trick_winners] == g["trick_winners"], g["id"]
        assert final.trick_points == g["trick_points"], g["id"]
        assert final.declarer_points == g["declarer_card_points"], g["id"]
        if g["end"] == "null_declarer_took_trick":
            assert final.ended_by_trick
