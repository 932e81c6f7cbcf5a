"""Variations kept in the deal record (other cards tried, valued double-dummy, shown by ``skat
analyse`` and its HTML report) and the accuracy of a player (0-100)."""

from __future__ import annotations

import json
from types import SimpleNamespace

import pytest
from click.testing import CliRunner

from cli.main import cli
from cli.render import review_html
from solver.analysis import accuracy, accuracy_over, position_values, review, seat_accuracy, variation_values
from solver.cards import CARD_NAMES
from solver.records import item_from_record, read_lines
from solver.variations import MAX_VARIATIONS, variations_of

from .conftest import ROOT


@pytest.fixture(scope="module")
def game():
    return next(it for it in read_lines((ROOT / "data" / "iss_games.sgf").read_text().splitlines())
                if it.id == "541932").deal


def _with(deal, variations) -> dict:
    return dict(deal.to_record(), variations=variations)


def test_a_variations_values_are_the_boards_values_of_its_cards(game):
    """Each card of a variation is worth what the analysis board says that card is worth at the
    position it was tried from (two paths: the variation's batch, the board's best moves)."""
    rec = _with(game, [{"name": "eight", "at": 0, "cards": ["S8"]}, {"name": "king of clubs", "at": 3, "cards": ["CK"]},
                       {"name": "two", "at": 6, "cards": ["HA", "HQ"]}])
    deal = item_from_record(1, rec).deal
    vals = variation_values(deal, variations_of(deal))
    for v, got in zip(variations_of(deal), vals):
        board = {c.card: c.dd for c in position_values(deal, v.at, samples=0, line=False).cards}
        assert got[0] == board[v.cards[0]], v.name
    # a two-card variation: its second value is the board's value of that card at the position after the first
    after_first = item_from_record(1, dict(game.to_record(), played=rec["played"][:6] + ["HA"])).deal
    board = {CARD_NAMES[c.card]: c.dd for c in position_values(after_first, samples=0, line=False).cards}
    assert vals[2][1] == board["HQ"]


def test_variations_saved_in_the_record_reload_identically_and_show_in_the_report(game, tmp_path):
    tried = [{"name": "lead the eight", "at": 0, "cards": ["S8", "SQ"]}, {"name": "x", "at": 3, "cards": ["CK"]}]
    src = tmp_path / "v.jsonl"
    src.write_text(json.dumps(_with(game, tried)) + "\n")
    r = CliRunner().invoke(cli, ["analyse", str(src), "--no-info", "--json"])
    assert r.exit_code == 0, r.output
    out = json.loads(r.output.strip().splitlines()[-1])
    assert [{k: v[k] for k in ("name", "at", "cards")} for v in out["variations"]] == tried
    assert all(len(v["values"]) == len(v["cards"]) for v in out["variations"])
    # the reviewed record read again: the same variations, the same values
    again = tmp_path / "again.jsonl"
    again.write_text(json.dumps(out) + "\n")
    r2 = CliRunner().invoke(cli, ["analyse", str(again), "--no-info", "--json"])
    assert json.loads(r2.output.strip().splitlines()[-1])["variations"] == out["variations"]
    html = tmp_path / "r.html"
    r3 = CliRunner().invoke(cli, ["analyse", str(src), "--no-info", "--html", str(html)])
    assert r3.exit_code == 0, r3.output
    page = html.read_text()
    assert "<h3>variations</h3>" in page and "lead the eight" in page and "instead of SA" in page
    assert "variation 'x' at card 4 instead of HJ" in r3.output


@pytest.mark.parametrize("variations, says", [
    ([{"name": "bad", "at": 0, "cards": ["S8", "HA"]}], "variation 1 ('bad'): card 2 HA cannot be played by M: "
                                                        "not in the hand"),
    ([{"name": "revoke", "at": 1, "cards": ["CJ"]}], "card 1 CJ cannot be played by M: must follow suit"),
    ([{"at": 31, "cards": ["S8"]}], "'at' is the number of cards played before it, 0 to 30"),
    ([{"at": 0, "cards": ["ZZ"]}], "card 1 'ZZ' is not a card"),
    ([{"at": 0, "cards": ["S8"], "evil": 1}], "unknown key 'evil'"),
    ("x", "'variations' must be a list"),
    ([{"at": 0, "cards": ["S8"]}] * (MAX_VARIATIONS + 1), f"at most {MAX_VARIATIONS}"),
])
def test_a_bad_variation_is_refused_as_the_record_is_read_naming_it(game, variations, says):
    it = item_from_record(3, _with(game, variations))
    assert it.deal is None and it.error.startswith("line 3: ") and says in it.error


def test_accuracy_is_100_without_chance_given_up_and_falls_with_every_drop():
    assert accuracy([]) == accuracy([0.0] * 10) == 100.0
    assert accuracy([1.0]) == 0.0                        # a sure win thrown away
    base = [0.02, 0.1, 0.0]
    for i in range(3):
        for more in (0.01, 0.2, 0.9):
            worse = list(base)
            worse[i] += more
            assert accuracy(worse) < accuracy(base)
    # a card judged best gives up nothing, whatever its estimate inside the review's noise
    cards = [SimpleNamespace(seat=0, info={"class": "best", "drop": 0.004}),
             SimpleNamespace(seat=0, info={"class": "best", "drop": 0.0}),
             SimpleNamespace(seat=1, info={"class": "mistake", "drop": 0.2}),
             SimpleNamespace(seat=1, info={"class": "good", "drop": 0.02}), SimpleNamespace(seat=2, info=None)]
    assert seat_accuracy(cards) == {"F": 100.0, "M": round(100 * 0.8 * 0.98, 1), "R": None}
    over = accuracy_over([100.0, 78.4, None])
    assert over["accuracy"] == 89.2 and over["games"] == 2 and over["ci95"][0] < 89.2 <= over["ci95"][1] <= 100


def test_a_reviews_accuracy_is_100_exactly_for_the_seats_whose_every_card_was_best(game):
    rv = review(game, declaration=False, info=True, seed=1)
    acc = rv.summary()["info"]
    for s, name in enumerate("FMR"):
        classes = [c.info["class"] for c in rv.cards if c.seat == s]
        assert (acc[name]["accuracy"] == 100.0) == all(k == "best" for k in classes), (name, classes)
        assert 0.0 <= acc[name]["accuracy"] <= 100.0
    # the HTML report and the terminal say it in the "by what each player knew" line
    page = review_html([rv])
    assert all(f"{name} accuracy {acc[name]['accuracy']:.0f}" in page for name in "FMR")
