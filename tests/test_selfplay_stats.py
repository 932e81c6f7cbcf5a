"""The self-play benchmark's re-evaluation at the advice's precision (benchmarks/selfplay_stats.py --precise)."""

from __future__ import annotations

import math

from benchmarks.selfplay_stats import at_precise_rate, one_precise, precise_order


def _row(seed: int, k: int, played: bool) -> dict:
    return {"seed": seed, "k": k, "played": {"won": True} if played else None, "p_win_dd": 0.75,
            "p_schneider_dd": 0.25, "features": {"dd_logit": 1.1, "trumps": 6.0}}


def test_the_precise_order_is_a_seeded_sample_of_the_seeds_played_hands():
    rows = [_row(99, k, played=k % 3 != 0) for k in range(30)] + [_row(1, k, True) for k in range(30)]
    order = precise_order(rows, 99)
    assert sorted(r["k"] for r in order) == [k for k in range(30) if k % 3 != 0]
    assert [r["k"] for r in precise_order(rows[::-1], 99)] == [r["k"] for r in order]   # input order is irrelevant
    assert [r["k"] for r in order] != sorted(r["k"] for r in order)                      # shuffled, not by k


def test_a_row_at_its_precise_rate_has_that_rate_and_its_logit():
    row = _row(99, 4, True)
    got = at_precise_rate(row, {"p_win_dd": 0.6, "p_schneider_dd": 0.1, "worlds": 100})
    assert got["p_win_dd"] == 0.6 and got["p_schneider_dd"] == 0.1 and got["worlds"] == 100
    # the rate as the models take it: (wins + 1/2) / (worlds + 1), 60.5 / 101
    assert math.isclose(got["features"]["dd_logit"], math.log(60.5 / 40.5))
    assert got["features"]["trumps"] == 6.0
    assert row["features"]["dd_logit"] == 1.1                       # the row itself is unchanged
    # certainty from sampled worlds is none: every one of 100 worlds won is 100.5 / 101
    assert math.isclose(at_precise_rate(row, {"p_win_dd": 1.0, "p_schneider_dd": 1.0, "worlds": 100})
                        ["features"]["dd_logit"], math.log(100.5 / 0.5))


def test_a_hand_is_re_evaluated_for_its_own_declaration():
    # four jacks and the aces and tens of three suits: a Grand no defence can stop (61 in every world)
    got = one_precise((99, 7, "CJ SJ HJ DJ CA CT SA ST HA HT".split(), "M", "grand"))
    assert got["p_win_dd"] == 1.0 and got["declaration"] == "grand" and got["worlds"] >= 16
    bad = one_precise((99, 8, "CJ SJ HJ DJ CA CT SA ST HA HT".split(), "M", "grandd"))
    assert "grandd" in bad["error"]


def test_a_null_replay_finds_every_sampled_rows_deal_and_only_null_games():
    # benchmarks/replay_null_plays.py plays the Null rows again on their own deals: a row's deal
    # is found from its seed and k alone (a designed row: the try whose seat holds its cards)
    import json

    from benchmarks.replay_null_plays import dealt_of, jobs
    from solver.cards import card_codes
    from solver.games import SEATS, Declaration

    from .conftest import ROOT
    rows = {}
    for name in ("hands.jsonl", "designed.jsonl"):
        with open(ROOT / "data" / "selfplay" / name) as f:
            rows[name] = [json.loads(next(f)) for _ in range(60)]
    todo = jobs(rows)
    assert todo and all(Declaration.from_name(j[4]).is_null for j in todo)
    assert {j[0] for j in todo} == {"hands.jsonl", "designed.jsonl"}
    for name, seed, k, _, _ in todo:
        row = next(r for r in rows[name] if (r["seed"], r["k"]) == (seed, k))
        dealt, seat = dealt_of(name, seed, k, row["cards"])
        assert card_codes(dealt[seat]) == row["cards"] and SEATS[seat] == row["seat"]
