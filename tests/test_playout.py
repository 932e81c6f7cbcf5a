"""skat playout and the arena on several processes: legal, complete, re-scorable, reproducible."""

from __future__ import annotations

import json

from click.testing import CliRunner

from cli.main import cli
from solver.deal import load_deal, replay
from solver.players.arena import run_arena
from solver.players.playout import playout, playout_many
from solver.records import read_lines, score_item

from .conftest import ROOT

DEALS = [json.loads(x) for x in (ROOT / "data" / "deals.jsonl").read_text().splitlines() if x.strip()]


def test_playout_finishes_from_the_position_and_rescores_to_its_result():
    rec = dict(DEALS[0])
    rec["played"] = []
    out = playout(rec, ["rules", "random", "rules"], seed=3)
    deal = load_deal(out)
    st = replay(deal)                                    # every card legal, or this raises
    assert st.finished
    if not st.ended_by_trick:
        assert st.declarer_points + st.defender_points == 120 and len(out["played"]) == 30
    scored = score_item(next(read_lines([json.dumps(out)])))
    assert scored["score"] == out["result"]["score"] and scored["won"] == out["result"]["won"]
    # from a position: the cards already played stay as they were
    part = dict(rec, played=out["played"][:7])
    again = playout(part, ["random", "random", "random"], seed=1)
    assert again["played"][:7] == out["played"][:7] and again["playout_from"] == 7


def test_playout_does_not_depend_on_workers():
    one = playout_many(DEALS[:4], ["random", "rules", "random"], seed=5, workers=1)
    two = playout_many(DEALS[:4], ["random", "rules", "random"], seed=5, workers=2)
    assert [r["played"] for r in one] == [r["played"] for r in two]


def test_playout_cli_refuses_unknown_players_and_writes_records(tmp_path):
    r = CliRunner().invoke(cli, ["playout", str(ROOT / "data" / "deals.jsonl"), "--players", "rules,bogus,best"])
    assert r.exit_code == 2 and "--players" in r.output
    # two names fit Offiziersskat's two seats, not a classic deal's three: each record says so
    r = CliRunner().invoke(cli, ["playout", str(ROOT / "data" / "deals.jsonl"), "--players", "rules,best"])
    lines = [json.loads(x) for x in r.output.strip().splitlines()]
    assert r.exit_code == 1 and lines and all("needs 3 players (F, M, R), --players names 2" in x["error"]
                                                for x in lines)
    out = tmp_path / "p.jsonl"
    r = CliRunner().invoke(cli, ["playout", str(ROOT / "data" / "deals.jsonl"), "--players", "rules,rules,random",
                                 "--out", str(out), "--from", "start"])
    assert r.exit_code == 0, r.output
    recs = [json.loads(x) for x in out.read_text().splitlines()]
    assert len(recs) == len(DEALS) and all(replay(load_deal(x)).finished for x in recs)


def test_arena_gives_the_same_games_on_two_processes():
    a, b = [], []
    run_arena(["rules", "rules", "random"], deals=3, seed=4, on_game=a.append, workers=1)
    run_arena(["rules", "rules", "random"], deals=3, seed=4, on_game=b.append, workers=2)
    assert a == b and len(a) == 9


def test_playout_plays_an_offiziersskat_record_at_the_one_table():
    rec = {"variant": "offiziersskat", "game": "clubs", "declarer": "F", "played": ["C8"],
           "piles": {"F": [["C7", "C8"], ["C9", "CT"], ["CJ", "CQ"], ["CK", "CA"], ["S7", "S8"], ["S9", "ST"],
                           ["SJ", "SQ"], ["SK", "SA"]],
                     "R": [["H7", "H8"], ["H9", "HT"], ["HJ", "HQ"], ["HK", "HA"], ["D7", "D8"], ["D9", "DT"],
                           ["DJ", "DQ"], ["DK", "DA"]]}}
    out = playout(rec, ["rules", "random"])
    assert out["playout_from"] == 1 and out["played"][0] == "C8" and len(out["played"]) == 32
    assert out["players"] == {"F": "rules", "R": "random"}
    # the result is the rules' settlement of the finished record: 120 card points, the winner scores
    from solver.variants import variant_of
    settled = variant_of(out).settle(variant_of(out).load(out))
    assert out["result"]["scores"] == settled.scores and sorted(settled.scores.values())[0] == 0
