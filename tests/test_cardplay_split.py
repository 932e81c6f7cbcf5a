"""The card-play split of the arena's games (``benchmarks/cardplay_split.py``): a pair differs in one
seat's type alone, with the same declarer, game and discard, so a made-up arena where A's declarer
takes 10 card points more and each A defender 4 fewer gives back exactly those figures."""

from __future__ import annotations

import itertools
import math

from benchmarks import cardplay_split

SEATINGS = [t for t in itertools.product("AB", repeat=3) if len(set(t)) == 2]   # the six mixed ones


def _game(types, points, discard="CJ SJ"):
    """Seat 0 declares a Grand with ``discard`` and takes ``points``: won at 61 card points (the
    rules' 61 of 120); the score is any that follows the win, the split only subtracts it."""
    won = points >= 61
    return {"types": list(types), "scores": [(72 + 50) if won else -(144 + 50), 0, 0], "declarer": 0,
            "game": "grand", "bid": 18, "discard": discard, "won": won, "declarer_points": points}


def _row(deal, points_of, discard_of=lambda types: "CJ SJ"):
    return {"deal": deal, "seed": 1, "a": "A", "b": "B",
            "games": [_game(t, points_of(t), discard_of(t)) for t in SEATINGS]}


def _effects(types):
    """70 card points, +10 with an A declarer, -4 for each A defender."""
    return 70 + (10 if types[0] == "A" else 0) - 4 * sum(t == "A" for t in types[1:])


def test_declarer_and_defender_apart():
    ps = cardplay_split.pairs([_row(0, _effects)])
    declarer = [p for p in ps if p.role == "declarer"]
    defender = [p for p in ps if p.role == "defender"]
    # A,A,B beside B,A,B and A,B,A beside B,B,A (A,B,B's and B,A,A's partners are not mixed seatings)
    assert len(declarer) == 2
    assert all(p.diff["points"] == 10 for p in declarer)
    assert all(p.game_class == "grand" for p in ps)
    # one defender swapped, the rest the same and mixed: (A; B,B)->(A; A,B) x2, (B; A,B)->(B; A,A) x2
    assert len(defender) == 4
    assert all(p.diff["points"] == 4 for p in defender)
    assert {p.declarer_type for p in defender} == {"A", "B"}


def test_another_discard_is_no_pair():
    # A declares with another discard where he is alone (A,B,B): that game pairs with nothing
    ps = cardplay_split.pairs([_row(0, _effects, lambda t: "HA HT" if t.count("A") == 1 and t[0] == "A" else "CJ SJ")])
    assert len([p for p in ps if p.role == "declarer"]) == 2          # A,A,B and A,B,A have two A's
    assert len([p for p in ps if p.role == "defender" and p.declarer_type == "A"]) == 0


def test_the_interval_counts_deals():
    # the same pair value twice in one deal is one draw, not two: no spread between deals -> zero width
    m, lo, hi = cardplay_split.clustered_ci([1.0, 3.0, 1.0, 3.0], [(1, 0), (1, 0), (1, 1), (1, 1)])
    assert (m, lo, hi) == (2.0, 2.0, 2.0)
    m, lo, hi = cardplay_split.clustered_ci([1.0, 3.0], [(1, 0), (1, 1)])
    assert m == 2.0 and lo < 1.0 and hi > 3.0
    assert all(math.isnan(x) for x in cardplay_split.clustered_ci([], []))
