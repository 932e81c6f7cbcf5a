"""The arena's calibration check (``benchmarks/bench_arena_calibration.py``): a declaration is
priced again exactly as its declarer priced it in the arena (the same worlds, so the same game and
discard recommended), and a deal's games group by the declaration they played."""

from __future__ import annotations

from benchmarks import bench_arena_calibration as cal
from benchmarks import bench_best


def _game(types, declarer, game, bid, discard, won):
    # the scores of clubs with one, game two (12 x 2 = 24) under Seeger-Fabian (rules, "Tournament
    # scoring"): won 24 + 50 = 74, lost -2 x 24 - 50 = -98, each defender 40; whatever the game, the
    # grouping must take the declarer's seat's
    score = 74 if won else -98
    scores = [score if s == declarer else (0 if won else 40) for s in range(3)]
    return {"types": list(types), "declarer": declarer, "game": game, "bid": bid, "discard": discard, "won": won,
            "scores": scores}


def test_a_deal_s_games_group_by_the_declaration_they_played():
    row = {"games": [_game(("a", "b", "b"), 0, "clubs", 18, "D7 D8", True),
                     _game(("b", "a", "b"), 0, "clubs", 18, "D7 D8", True),      # b declares: not a's
                     _game(("a", "b", "a"), 0, "clubs", 18, "D7 D8", False),
                     _game(("a", "a", "b"), 0, "clubs", 20, "D7 D8", True),      # another bid
                     _game(("a", "a", "b"), 0, "grand hand", 18, None, True),
                     {"types": ["a", "a", "a"], "scores": [0, 0, 0]}]}          # passed in
    got = cal.declarations(row, "a")
    assert got == {(0, 18, "clubs", "D7 D8"): {"won": [True, False], "score": [74, -98], "hand": False},
                   (0, 20, "clubs", "D7 D8"): {"won": [True], "score": [74], "hand": False},
                   (0, 18, "grand hand", None): {"won": [True], "score": [74], "hand": True}}


def test_a_declaration_is_priced_as_the_arena_s_player_chose_it():
    # deal 1 of seed 1: a best declarer picks up and declares; seated again, his advice recommends
    # the game and the discard the arena recorded, whatever seat types played the deal
    row = bench_best._deal(("best", "pimc", 1, 1, False, None, bench_best.BID_SAMPLES))
    mine = cal.declarations(row, "best")
    assert mine, "best declares in this deal"
    for key, v in mine.items():
        got = cal.priced(row, "best", key, v["hand"])
        assert got["same"] and got["recommended"] == key[2]
        assert 0.0 <= got["p_win"] <= 1.0
        # another game than the one played is not passed off as the arena's
        d, bid, game, discard = key
        other = "hearts" if game != "hearts" else "spades"
        assert not cal.priced(row, "best", (d, bid, other, discard), v["hand"])["same"]
