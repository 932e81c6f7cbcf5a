"""The arena (``benchmarks/bench_best.py``): its screens skip a deal only where A and B make the same
calls before the play (two hand-made players that agree on everything but what the test changes;
the auction follows the bidding order of the rules: M bids to F, then R), and its report pairs each
declaration with the mirrored seating's."""

from __future__ import annotations

import pytest

from benchmarks import bench_best
from solver.cards import iter_cards
from solver.games import GRAND, HEARTS_GAME, Declaration
from solver.players.base import Player


class _Caller(Player):
    """Bids up to ``limits[seat]``; picks up unless ``hand_game``; puts away its two lowest cards
    and declares ``game``."""

    def __init__(self, limits=(20, 18, 0), hand_game=None, game=GRAND, discard_high=False):
        self.limits, self.hand_game, self.game, self.discard_high = limits, hand_game, game, discard_high

    def max_bid(self, hand, seat):
        return self.limits[seat]

    def choose_hand(self, hand, seat, bid):
        return self.hand_game

    def declare(self, twelve, seat, bid, *, auction=None):
        cards = sorted(iter_cards(twelve), reverse=self.discard_high)
        return (1 << cards[0]) | (1 << cards[1]), Declaration(self.game)


@pytest.mark.parametrize("b, same", [
    (_Caller(), True),                                       # the same in everything
    (_Caller(limits=(20, 22, 0)), False),                    # M bids on to 22: another auction
    # R passes at 18 either way (17 < 18), but the limits differ: the screen compares limits, so
    # it plays the deal (it may play a deal that is the same, never skip one that differs)
    (_Caller(limits=(20, 18, 17)), False),
    (_Caller(game=HEARTS_GAME), False),                      # another game after the pick-up
    (_Caller(discard_high=True), False),                     # another discard
    (_Caller(hand_game=Declaration(GRAND, hand=True)), False),   # Hand instead of the pick-up
])
def test_a_deal_is_screened_out_only_where_the_calls_are_the_same(monkeypatch, b, same):
    players = {"a": _Caller(), "b": b}
    monkeypatch.setattr(bench_best, "make_player", lambda name, *args, **kw: players[name])
    dealt, bid_seed = bench_best.dealt_of(1, 0)
    assert bench_best.same_calls("a", "b", dealt, bid_seed, {}) is same


def test_a_deal_nobody_bids_on_is_the_same_for_both(monkeypatch):
    # every limit 0: F is asked to play at 18 and passes too; no declaration to compare
    players = {"a": _Caller(limits=(0, 0, 0)), "b": _Caller(limits=(0, 0, 0), game=HEARTS_GAME)}
    monkeypatch.setattr(bench_best, "make_player", lambda name, *args, **kw: players[name])
    dealt, bid_seed = bench_best.dealt_of(1, 0)
    assert bench_best.same_calls("a", "b", dealt, bid_seed, {})


def _game(types, declarer, game, discard, scores, won=True):
    return {"types": list(types), "declarer": declarer, "game": game, "discard": discard, "scores": scores,
            "won": won, "bid": 18, "declarer_points": 61}


def test_a_declaration_is_paired_with_the_mirrored_seatings():
    # one deal: F declares in every seating.  Rotation 0: A (seating A,B,B) plays Grand where B
    # (B,A,A) played hearts; rotation 1 (B,A,B / A,B,A): F declares hearts in both with other
    # discards; rotation 2 (B,B,A / A,A,B): the same game and discard.  Seeger-Fabian: Grand at 24
    # won 24 + 50 = 74; hearts at 18 lost -2*20 - 50 = -90, won 20 + 50 = 70
    a, b = "x", "y"
    games = [_game((a, b, b), 0, "grand", "C7 C8", [74, 0, 0]),
             _game((b, a, a), 0, "hearts", "C7 C8", [-90, 40, 40], won=False),
             _game((b, a, b), 0, "hearts", "S7 S8", [70, 0, 0]),
             _game((a, b, a), 0, "hearts", "C7 S8", [-90, 40, 40], won=False),
             _game((b, b, a), 0, "hearts", "C7 C8", [70, 0, 0]),
             _game((a, a, b), 0, "hearts", "C7 C8", [70, 0, 0])]
    pairs = bench_best.declaration_pairs([{"a": a, "b": b, "games": games}])
    # rotation 0: A's Grand 74 against B's lost hearts -90; rotation 1: A declares in (A,B,A), -90
    # against B's 70; rotation 2: A declares in (A,A,B), 70 against 70
    assert pairs == {"suit -> grand": [164.0], "suit, other discard": [-160.0], "same suit": [0.0]}


def test_a_report_of_another_run_s_file_says_what_the_file_holds(tmp_path, monkeypatch, capsys):
    out = tmp_path / "run.jsonl"
    out.write_text('{"deal": 0, "seed": 7, "a": "best-bold", "b": "best", "dealt": [], "games": [], "moves": {}}\n')
    monkeypatch.setattr("sys.argv", ["bench_best.py", "--out", str(out), "--report"])     # A, B, seed: the defaults
    with pytest.raises(SystemExit) as e:
        bench_best.main()
    assert "holds no deals of --player best --baseline pimc --seed 2026" in str(e.value)
    assert "--player best-bold --baseline best --seed 7" in str(e.value)


def test_a_run_with_other_bid_worlds_is_another_run(tmp_path, monkeypatch, capsys):
    # a row that does not say had the arena's 12 bid worlds: a report asked for 32 finds none there
    out = tmp_path / "run.jsonl"
    out.write_text('{"deal": 0, "seed": 7, "a": "best", "b": "pimc", "dealt": [], "games": [], "moves": {}}\n')
    monkeypatch.setattr("sys.argv", ["bench_best.py", "--out", str(out), "--report", "--seed", "7",
                                     "--bid-samples", "32"])
    with pytest.raises(SystemExit) as e:
        bench_best.main()
    assert "holds no deals of --player best --baseline pimc --seed 7 --bid-samples 32" in str(e.value)
    assert "it holds: --player best --baseline pimc --seed 7 --bid-samples 12" in str(e.value)


def test_every_player_of_a_deal_gets_the_run_s_bid_worlds(monkeypatch):
    asked = []

    def make(name, seed, strength, bid_seed=None):
        asked.append(dict(strength))
        return _Caller()
    monkeypatch.setattr(bench_best, "make_player", make)
    monkeypatch.setattr(bench_best, "play_deal", lambda players, dealt, opts: None)
    dealt, bid_seed = bench_best.dealt_of(1, 0)
    games = list(bench_best.mixed_games("a", "b", dealt, bid_seed, bid_samples=32))
    assert len(games) == 6 and len(asked) == 18                  # six seatings of three players
    assert all(s == {"bid_samples": 32} for s in asked)
