"""Puzzles cut from played games (:mod:`solver.analysis.puzzles`, ``skat puzzles``)."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

from cli.main import cli
from solver.analysis.puzzles import DIFFICULTY, cut_puzzles
from solver.cards import CARD_NAMES, iter_cards
from solver.deal import load_deal, replay
from solver.records import read_lines
from solver.search.api import solve

from .conftest import ROOT

PLAYED = ROOT / "data" / "bulk" / "played.jsonl"


@pytest.fixture(scope="module")
def cut():
    it = next(x for x in read_lines(PLAYED.read_text().splitlines()) if x.id == "bulk-102")
    return it.deal, cut_puzzles(it.deal, game_id="bulk-102")


def test_the_sample_game_yields_a_puzzle_whose_solution_is_legal_unique_and_not_the_card_played(cut):
    deal, found = cut
    assert found, "the shipped sample games yield a set"
    for p in found:
        rec = p.to_record()
        assert rec["record"]["played"] == [CARD_NAMES[c] for c in deal.played[:p.at]]
        st = replay(load_deal(rec["record"]))
        assert "FMR"[st.to_move] == rec["to_move"]
        legal = [CARD_NAMES[c] for c in iter_cards(st.legal())]
        assert rec["solution"] in legal and rec["solution"] != rec["played"]
        assert rec["played"] == CARD_NAMES[deal.played[p.at]]
        # double-dummy, by solving the position after every legal card (not the board's own moves)
        after = {}
        for c in legal:
            r = dict(rec["record"], played=rec["record"]["played"] + [c])
            s = solve(r)
            after[c] = s.declarer_wins if deal.declaration.is_null else s.points
        mover_is_declarer = st.to_move == deal.declarer
        best = (max if mover_is_declarer else min)(after.values())
        assert [c for c, v in after.items() if v == best] == [rec["solution"]]
        # by what he knew: the only card with the highest expected score, ahead by an interval above 0
        info = {c["card"]: c["info"]["expected_score"] for c in rec["cards"]}
        top = max(info.values())
        assert [c for c, v in info.items() if v == top] == [rec["solution"]]
        assert rec["lead"][1] > 0 and rec["lead"][0] == pytest.approx(top - sorted(info.values())[-2], abs=0.02)
        easy, medium = DIFFICULTY
        assert rec["difficulty"] == ("easy" if rec["lead"][0] >= easy else "medium" if rec["lead"][0] >= medium
                                     else "hard")


def test_skat_puzzles_writes_the_librarys_puzzles(cut, tmp_path):
    out = tmp_path / "p.jsonl"
    r = CliRunner().invoke(cli, ["puzzles", str(PLAYED), "--game", "bulk-102", "--out", str(out), "--workers", "1"])
    assert r.exit_code == 0, r.output
    rows = [json.loads(x) for x in out.read_text().splitlines()]
    assert rows == [p.to_record() for p in cut[1]]
    assert "bulk-102-2" in r.output
    r = CliRunner().invoke(cli, ["puzzles", str(PLAYED), "--game", "nope", "--out", str(out)])
    assert r.exit_code == 1 and "no played game with id 'nope'" in r.output
