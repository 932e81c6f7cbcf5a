"""The analysis board's position values (:func:`solver.analysis.position_values`): every legal
card at a position, double-dummy and by what the mover knew, in the library, ``skat analyse
--at`` and ``POST /api/position``."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner
from fastapi.testclient import TestClient

from cli.main import cli
from solver.analysis import Judging, judge_card, position_values, positions_values, review
from solver.cards import CARD_NAMES, iter_cards
from solver.deal import DealError, replay
from solver.records import read_lines
from solver.scoring import points_needed
from web.app import create_app

from .conftest import ROOT
from .test_offiziersskat import _deal as offiziers_deal

SAMPLES = [ROOT / "data" / "deals.jsonl", ROOT / "data" / "bulk" / "played.jsonl", ROOT / "data" / "iss_games.sgf"]


def _played_deals():
    return [it for path in SAMPLES for it in read_lines(path.read_text().splitlines())
            if it.deal is not None and it.classic and it.deal.played]


@pytest.fixture(scope="module")
def played():
    deals = _played_deals()
    assert len(deals) >= 10
    return deals


def test_every_card_value_is_the_reviews_value_after_it_over_every_position_of_the_sample_games(played):
    """The card played at each position is worth, on the board, what the review says the
    position after it is worth; the position itself what the review's value_before says."""
    positions = 0
    for it in played:
        rv = review(it.deal, declaration=False)
        for c in rv.cards:
            pv = position_values(it.deal, c.index, samples=0, line=False)
            dd = {x.card: x.dd for x in pv.cards}
            st = replay(it.deal, it.deal.played[:c.index])
            assert set(dd) == set(iter_cards(st.legal()))
            assert dd[c.card] == c.value_after, (it.id, c.index)
            assert pv.value == c.value_before, (it.id, c.index)
            assert pv.to_move == c.seat
            positions += 1
    assert positions > 250


def test_the_best_line_starts_with_the_best_card_and_plays_out_to_the_positions_value(played):
    """The principal variation: its first card is a best one by double-dummy, and played out to
    the end it gives the declarer the position's value (the card points, or the Null's result)."""
    for it in played:
        deal = it.deal
        for at in range(0, len(deal.played), 5):
            pv = position_values(deal, at, samples=0)
            assert CARD_NAMES[pv.line[0]] == pv.best_dd[0]
            st = deal.start_state()
            for c in deal.played[:at] + pv.line:
                assert (st.legal() >> c) & 1, (it.id, at, CARD_NAMES[c])
                st.push(c)
            assert st.over
            if deal.declaration.is_null:
                assert (st.declarer_tricks == 0) == pv.value
            else:
                assert st.declarer_points == pv.value, (it.id, at)
                assert pv.cards[0].dd == pv.value
                assert (pv.value >= points_needed(deal.declaration)) == (st.declarer_points >= 61)


def test_by_what_he_knew_the_cards_are_valued_on_the_reviews_worlds_with_intervals(played):
    """With the review's first worlds and no more, the board's info values are the review's
    judgement of that card (the same worlds, the same settlement); each card's intervals hold
    its estimate."""
    it = next(x for x in played if x.id == "541932")
    for i in (0, 7, 16):
        pv = position_values(it.deal, i, samples=8, seed=3)
        judged = judge_card(it.deal, i, seed=3, judging=Judging(first=8, samples=8, precision=1.0, settle=1))
        assert pv.worlds == judged["worlds"] and pv.exact == judged["exact"]
        for c in pv.cards:
            ref = judged["cards"][CARD_NAMES[c.card]]
            assert c.p_win == ref["p_win"] and c.expected_score == ref["expected_score"]
            assert c.points == pytest.approx(ref["points"], abs=0.011)
            assert c.p_win_ci[0] <= c.p_win <= c.p_win_ci[1]
            assert c.points_ci[0] <= c.points <= c.points_ci[1]
        top = max(c.expected_score for c in pv.cards)
        assert sorted(pv.best_info) == sorted(CARD_NAMES[c.card] for c in pv.cards if c.expected_score == top)


def test_a_position_is_the_same_on_two_processes(played):
    deal = played[1].deal
    one = [position_values(deal, at, samples=4, seed=1).to_record() for at in (3, 9)]
    two = [p.to_record() for p in positions_values([(deal, 3), (deal, 9)], samples=4, seed=1, workers=2)]
    assert one == two


def test_no_position_past_the_end_or_after_the_last_card(played):
    deal = played[1].deal
    with pytest.raises(DealError, match="30 cards played"):
        position_values(deal, 31, samples=0)
    with pytest.raises(DealError, match="the game is over after 30 cards"):
        position_values(deal, 30, samples=0)


def test_skat_analyse_at_gives_the_librarys_answer_and_names_a_position_past_the_end(played):
    it = next(x for x in played if x.id == "541932")
    r = CliRunner().invoke(cli, ["analyse", str(SAMPLES[2]), "--game", "541932", "--at", "5", "--samples", "4",
                                 "--seed", "2", "--json"])
    assert r.exit_code == 0, r.output
    got = json.loads(r.output.strip().splitlines()[-1])
    assert got == {"id": "541932", **position_values(it.deal, 4, samples=4, seed=2).to_record()}
    r = CliRunner().invoke(cli, ["analyse", str(SAMPLES[2]), "--game", "541932", "--at", "40", "--no-info"])
    assert r.exit_code == 1
    assert "only 30 cards were played" in r.output
    r = CliRunner().invoke(cli, ["analyse", str(SAMPLES[2]), "--game", "541932", "--at", "9", "--no-info"])
    assert r.exit_code == 0 and "best line (every card open)" in r.output and "to play" in r.output
    assert "worlds" not in r.output                                      # --no-info: no worlds drawn
    r = CliRunner().invoke(cli, ["analyse", str(SAMPLES[2]), "--game", "541932", "--at", "9", "--no-info", "--json"])
    assert json.loads(r.output.strip().splitlines()[-1])["worlds"] == 0


def test_post_position_answers_the_record_and_refuses_bad_ones(played):
    it = next(x for x in played if x.id == "541932")
    rec = it.deal.to_record()
    rec["played"] = rec["played"][:6]
    with TestClient(create_app(workers=1)) as client:
        r = client.post("/api/position", json={"record": rec, "samples": 4, "seed": 5})
        assert r.status_code == 200, r.text
        assert r.json() == {"id": "541932", "over": False, **position_values(it.deal, 6, samples=4, seed=5).to_record()}
        assert client.post("/api/position", json={"record": rec, "samples": 0}).json()["cards"][0]["dd"] \
            == position_values(it.deal, 6, samples=0).value
        # hostile or broken: the wrong types, too many worlds, an illegal card, a finished game
        for body, says in (({"record": "x"}, "record"), ({"record": rec, "samples": 10 ** 6}, "samples"),
                           ({"record": rec, "samples": "4"}, "samples"), ({"record": rec, "evil": 1}, "evil"),
                           ({"record": dict(rec, played=rec["played"] + ["XX"])}, "XX")):
            r = client.post("/api/position", json=body)
            assert r.status_code == 400 and says in r.json()["error"], (body, r.text)
        # another variant's record: said, not a crash
        r = client.post("/api/position", json={"record": offiziers_deal().to_record(), "samples": 0})
        assert r.status_code == 400 and "an Offiziersskat record" in r.json()["error"], r.text
        # the board at the end of the game: over, nothing to value
        end = client.post("/api/position", json={"record": it.deal.to_record(), "samples": 0}).json()
        assert end == {"id": "541932", "at": 30, "over": True, "cards": [], "value": replay(it.deal).declarer_points}
