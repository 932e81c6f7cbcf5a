"""The per-card review: consistency, agreement with the solver, a known blunder, the outputs."""

import json
import shutil
import subprocess

import pytest
from click.testing import CliRunner

from cli.main import cli
from solver.analysis import review
from solver.deal import load_deal
from solver.iss import parse_line

from .conftest import REF, load_jsonl, strip_solved

ISS = [parse_line(line) for line in (REF / "iss_sample.sgf").read_text().splitlines()]
PLAYED = [g for g in ISS if g.deal is not None]


@pytest.mark.parametrize("game", PLAYED, ids=[g.id for g in PLAYED])
def test_iss_games_are_consistent(game):
    rv = review(game.deal, declaration=False)
    assert len(rv.cards) == len(game.deal.played)
    for a, b in zip(rv.cards, rv.cards[1:]):
        assert b.value_before == a.value_after
    assert all(c.cost >= 0 for c in rv.cards)
    assert all(c.card in c.best or c.cost > 0 for c in rv.cards)
    if rv.cards and not rv.is_null and rv.final["finished"]:
        sm = rv.summary()
        assert rv.final["declarer_points"] == rv.start_value - sm["declarer_cost"] + sm["defender_cost"]
        assert rv.final["declarer_points"] == game.recorded["p"]


def test_values_agree_with_the_reference_mid_positions():
    """The value after the last card of a played prefix is the reference value of that position."""
    for r in load_jsonl("dd_mid.jsonl")[:24]:
        rv = review(load_deal(strip_solved(r)), declaration=False)
        last = rv.cards[-1].value_after
        assert last == (r["dd_declarer_wins"] if r["game"] == "null" else r["dd_points"]), r["id"]


def test_hand_made_blunder_is_flagged():
    """Grand, F declarer leads from SA S7 (M: ST H7, R: SK HA). SA first takes 25, then S7 takes
    HA: 36. S7 first loses ST+SK to M and then SA to HA: 0. Leading S7 costs 36."""
    deal = load_deal({"hands": {"F": ["SA", "S7"], "M": ["ST", "H7"], "R": ["SK", "HA"]},
                      "skat": ["D7", "D8"], "declarer": "F", "game": "grand", "leader": "F",
                      "played": ["S7", "ST", "SK", "H7", "HA", "SA"]})
    rv = review(deal)
    first = rv.cards[0]
    assert (first.value_before, first.value_after, first.cost) == (36, 0, 36)
    assert first.best == [parse_card_code("SA")]
    assert first.outcome_changed == "declarer now Schneider"
    sm = rv.summary()
    assert sm["worst_mistake"]["card"] == "S7" and sm["mistakes"]["F"]["cost"] == 36
    assert sm["defender_cost"] == 0


def parse_card_code(code):
    from solver.cards import parse_card
    return parse_card(code)


def test_declaration_alternatives_include_the_actual_one():
    rv = review(ISS[0].deal)
    alts = rv.summary()["declaration"]
    actual = [a for a in alts if a["actual"]]
    assert len(actual) == 1 and actual[0]["dd_points"] == rv.start_value
    assert actual[0]["score"] == -54                      # diamonds lost without 2 at 39 points: -2 x 27


def test_cli_json_and_html(tmp_path):
    out = tmp_path / "r.html"
    # (the double-dummy review of every game; the review by what each player knew is
    # test_info_review's, on one game)
    r = CliRunner().invoke(cli, ["analyse", str(REF / "iss_sample.sgf"), "--json", "--html", str(out),
                                 "--no-declaration", "--no-info", "--workers", "1"])
    assert r.exit_code == 0, r.output
    recs = [json.loads(x) for x in r.output.splitlines()]
    assert [x.get("id") for x in recs] == [g.id for g in ISS]
    first = recs[0]
    assert len(first["analysis"]) == 30
    assert set(first["analysis"][0]) >= {"card", "seat", "value_before", "value_after", "best", "cost",
                                         "outcome_changed"}
    assert first["summary"]["start_value"] == first["analysis"][0]["value_before"]
    html = out.read_text()
    assert "<svg" in html and "http" not in html.replace("http://www.w3.org/2000/svg", "")
    r = CliRunner().invoke(cli, ["analyse", str(REF / "iss_sample.sgf"), "--game", "nope"])
    assert r.exit_code == 1 and "no game with id" in r.output


def _chromium():
    for name in ("chromium", "chromium-browser", "google-chrome"):
        path = shutil.which(name)
        if path:
            return path
    return None


@pytest.mark.skipif(_chromium() is None, reason="no chromium on this machine (.ci/run installs Debian's chromium)")
def test_html_renders_in_headless_chromium(tmp_path):
    out = tmp_path / "review.html"
    r = CliRunner().invoke(cli, ["analyse", str(REF / "iss_sample.sgf"), "--game", "541932", "--html", str(out),
                                 "--no-declaration", "--workers", "1"])
    assert r.exit_code == 0, r.output
    dom = subprocess.run([_chromium(), "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic",
                          "--no-first-run", "--disable-background-networking", "--disable-component-update",
                          "--disable-sync", f"--user-data-dir={tmp_path / 'profile'}", "--dump-dom",
                          out.as_uri()], capture_output=True, text=True, timeout=120).stdout
    assert dom.count("<svg") == 1 and "polyline" in dom
    assert dom.count("<tr class=\"mistake\"") + dom.count("<tr class=\"ok\"") == 30
    assert dom.count('class="mistake"') >= 1
