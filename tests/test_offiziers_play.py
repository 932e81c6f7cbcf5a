"""Offiziersskat at the table: the players, a match, the arena, and solve/analyse on its records."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

from solver.analysis import review
from solver.offiziersskat import PileView, load_offiziers
from solver.search.offiziers import solve_offiziers
from solver.players import RandomPlayer
from solver.players.arena import run_arena
from solver.players.offiziers import (PimcOffiziers, RuleOffiziers, hidden_slots, play_offiziers, sample_worlds,
                                      unseen_cards)
from solver.players.table import play_match
from solver.records import read_lines, score_item
from tests.test_offiziers_solver import _endgame, _minimax

ROOT = Path(__file__).resolve().parents[1]


def test_sampled_worlds_keep_everything_seen_and_deal_only_the_unseen_cards():
    rng = np.random.default_rng(3)
    st = _endgame(rng, "grand", 9)
    hidden = hidden_slots(st)
    unseen = unseen_cards(st)
    assert bin(unseen).count("1") == len(hidden) > 0
    for w in sample_worlds(st, 5, rng):
        for s in range(2):
            assert w.open_cards(s) == st.open_cards(s)                  # the open cards stay
        got = sum(1 << w.deal.piles[s][i][0] for s, i in hidden)
        assert got == unseen                                            # the hidden slots get the unseen cards
    # with few hidden cards left the whole set of worlds: every assignment once
    st = _endgame(rng, "grand", 3)
    n = len(hidden_slots(st))
    worlds = sample_worlds(st, 2, rng, exact_up_to=720)
    assert len(worlds) == [1, 1, 2, 6, 24, 120, 720][n]


def test_a_match_alternates_the_dealer_and_skat_score_agrees_with_each_deal():
    players = [RuleOffiziers(), RandomPlayer(4)]
    sheet, results = play_match(players, deals=4, seed=9, variant="offiziersskat")
    assert len(results) == 4
    for r in results:
        scored = score_item(next(read_lines([json.dumps(r.to_record())], variants=True)))
        assert scored["scores"] == r.result["scores"]
    # player 0 declares in deals 2 and 4 (the other player deals), player 1 in deals 1 and 3
    own = [results[k].scores[0 if k % 2 else 1] for k in range(4)]
    other = [results[k].scores[1 if k % 2 else 0] for k in range(4)]
    assert sheet.totals() == [sum(own), sum(other)]
    assert [e.dealer for e in sheet.entries] == [0, 1, 0, 1]
    with pytest.raises(ValueError, match="even number of deals"):
        play_match(players, deals=3, variant="offiziersskat")


@pytest.mark.slow
def test_the_computer_plays_legal_cards_and_finishes_a_deal():
    rng = np.random.default_rng(1)
    from solver.offiziersskat import deal_piles
    r = play_offiziers([PimcOffiziers(seed=1, samples=2, declare_samples=2), RuleOffiziers()], deal_piles(rng))
    assert len(r.deal.played) == 32
    # the record, read back, replays every card under the rules (an illegal one is an error)
    from solver.offiziersskat import RAMSCH, load_offiziers
    st = load_offiziers(r.deal.to_record()).replay()
    assert st.finished and sum(st.points) == 120 and sum(st.tricks) == 16
    # the declarer (F) needs 61 of the 120 card points; in Ramsch fewer than R, 60:60 to R
    f = st.points[0]
    f_won = f <= 59 if r.deal.game == RAMSCH else f >= 61
    assert r.result["winner"] == ("F" if f_won else "R")
    load_offiziers(r.deal.to_record())                                   # every card replays legally


@pytest.mark.slow
def test_solve_and_analyse_a_part_played_record_match_the_minimax():
    rng = np.random.default_rng(8)
    st = _endgame(rng, "hearts", 4)
    deal = st.deal
    deal.played = [c for _, c in st.history]
    rec = deal.to_record()
    solved = solve_offiziers(load_offiziers(rec), best=True)
    assert solved["dd_from"] == "position" and solved["dd_points"] == _minimax(st)
    assert solved["dd_declarer_wins"] == (solved["dd_points"] >= 61)
    # the review of the whole play: its last cards' values against the minimax
    rv = review(load_offiziers(rec)).to_record()
    replay = load_offiziers({**rec, "played": []}).start_state()
    for row, (_side, card) in zip(rv["analysis"], st.history):
        if len(replay.history) >= 20:
            assert row["value_before"] == _minimax(replay)
        replay.push(card)
        if len(replay.history) >= 21:
            assert row["value_after"] == _minimax(replay)


def _stake(game: str, f_points: int) -> int:
    """F's settlement by the rules: base value (9 10 11 12, Grand and Ramsch 24), doubled by
    Schneider (the loser at 30 or fewer); F wins with 61 (Ramsch: with 59 or fewer)."""
    base = {"diamonds": 9, "hearts": 10, "spades": 11, "clubs": 12, "grand": 24, "ramsch": 24}[game]
    won = f_points <= 59 if game == "ramsch" else f_points >= 61
    schneider = f_points <= 30 or f_points >= 90
    return (1 if won else -1) * base * (2 if schneider else 1)


@pytest.mark.parametrize("game", ["hearts", "grand", "ramsch"])
def test_best_plays_the_best_mean_stakes_of_its_worlds(game):
    # best (bands=True) asks per world only which settlement each card leads to; it must play
    # the card with the best mean settlement over its sampled worlds, ties to the most card
    # points in the first world (the minimax, from the rules, of the same worlds)
    rng = np.random.default_rng(40 + len(game))
    checked = decided = 0                   # (decided: positions where the stakes overrule the points)
    while checked < 4 or not decided:
        st = _endgame(rng, game, 4)
        legal = [c for c in range(32) if (st.legal() >> c) & 1]
        if len(hidden_slots(st)) < 2 or len(legal) < 2:
            continue
        player = PimcOffiziers(seed=checked, samples=5, stakes=True, bands=True, move_nodes=10**12)
        card = player.play(PileView.of(st, st.to_move))
        worlds = sample_worlds(st, 5, np.random.default_rng(checked))
        assert player.last_worlds == len(worlds) == 5
        f_moves = st.to_move == 0
        values = {}
        for c in legal:
            finals = []
            for w in worlds:
                child = w.copy()
                child.push(c)
                finals.append(_minimax(child))
            values[c] = finals
        key = {c: np.mean([_stake(game, v) for v in values[c]]) * (1 if f_moves else -1) for c in legal}
        top = max(key.values())
        tied = [c for c in legal if key[c] >= top - 1e-9]
        f_gain = 1 if game != "ramsch" else -1          # card points count for F but in Ramsch
        by_points = max(legal, key=lambda c: (values[c][0] * f_gain * (1 if f_moves else -1), -c))
        expected = max(tied, key=lambda c: (values[c][0] * f_gain * (1 if f_moves else -1), -c))
        assert card == expected
        checked += 1
        decided += expected != by_points


@pytest.mark.slow
def test_the_arena_and_the_commands(tmp_path):
    from click.testing import CliRunner

    from cli.main import cli
    out = tmp_path / "games.jsonl"
    r = CliRunner().invoke(cli, ["arena", "--offiziersskat", "--players", "rules,random", "--deals", "2", "--seed", "1",
                                 "--out", str(out), "--json"])
    assert r.exit_code == 0, r.output
    res = json.loads(r.output.strip().splitlines()[-1])
    assert res["games"] == 4 and [p["player"] for p in res["players"]] == ["rules", "random"]
    recs = [json.loads(x) for x in out.read_text().splitlines()]
    assert len(recs) == 4 and all(rec["variant"] == "offiziersskat" for rec in recs)
    # a deal is played once with each type as F: the piles are the same
    assert recs[0]["piles"] == recs[1]["piles"] and recs[0]["players"]["F"] == recs[1]["players"]["R"]
    r = CliRunner().invoke(cli, ["solve", str(out), "--json"])
    assert r.exit_code == 0, r.output
    assert all("dd_points" in json.loads(x) for x in r.output.strip().splitlines())
    assert run_arena(["rules", "random"], 1, seed=1, variant="offiziersskat")["difference"]["of"] == "rules - random"
    with pytest.raises(ValueError, match="needs 2 players"):
        run_arena(["rules", "random", "best"], 1, variant="offiziersskat")


def test_a_person_plays_a_whole_offiziersskat_match_in_the_terminal():
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    p = subprocess.Popen([sys.executable, "-m", "cli.main", "play", "--offiziersskat", "--deals", "2", "--seed", "3",
                          "--opponents", "random"], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                         stderr=subprocess.STDOUT, text=True, env=env, cwd=ROOT)
    buf = out = ""
    answered = 0
    while True:
        ch = p.stdout.read(1)
        if not ch:
            break
        buf += ch
        if buf.endswith("Play (? hint): "):
            you = [line for line in buf.splitlines() if line.strip().startswith("you:")][-1]
            card = re.search(r"\*(\S+?)(/▒|\s|$)", you).group(1)         # the first playable card
            answer = card
        elif buf.endswith("ramsch) (? hint): "):
            answer = "grand"
        elif buf.endswith("(y/n) "):
            answer = "n"
        else:
            continue
        p.stdin.write(answer + "\n")
        p.stdin.flush()
        answered += 1
        out += buf
        buf = ""
    out += buf
    assert p.wait(timeout=60) == 0, out[-2000:]
    assert "final standings" in out and answered >= 32                  # two deals of 16 cards each
    assert out.count("result:") == 2
