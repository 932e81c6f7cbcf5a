"""The analysis board in a real headless Chromium: a variation branched on the Review page, walked,
saved and reloaded; a puzzle solved; a position played on against the computers.

Screenshots (1200 and 390 px) go to a temporary folder, or to ``SKAT_SCREENSHOTS``."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from solver.challenge import Challenge
from solver.records import read_lines

from .conftest import BROWSER_TESTS, ROOT

pytest.importorskip("playwright.sync_api")
pytestmark = BROWSER_TESTS


@pytest.fixture(scope="module")
def shots(tmp_path_factory) -> Path:
    folder = Path(os.environ["SKAT_SCREENSHOTS"]) if os.environ.get("SKAT_SCREENSHOTS") else \
        tmp_path_factory.mktemp("screenshots")
    folder.mkdir(parents=True, exist_ok=True)
    return folder


def _page(browser, width: int):
    pg = browser.new_page(viewport={"width": width, "height": 900 if width > 500 else 844})
    pg.set_default_timeout(120_000)
    return pg


def _reviewed(pg, server: str) -> None:
    pg.goto(server + "#review")
    pg.click("#sample")
    pg.wait_for_function("document.querySelector('#game').value.length > 0")
    pg.click("#analyse")
    pg.wait_for_selector("#value-chart")


def _board_ready(pg) -> None:
    """The board's values by what the mover knew are in (after the double-dummy ones)."""
    pg.wait_for_function("document.querySelector('#position-board') && document.querySelector('#position-board')"
                         ".textContent.includes('the same for every card')")


def _fits(pg, what: str) -> None:
    assert pg.evaluate("document.documentElement.scrollWidth") <= pg.evaluate("window.innerWidth"), what


def test_a_variation_is_branched_walked_saved_and_reloaded(server, browser, shots):
    # the sample ISS game's first four tricks (a shorter review: the same board)
    game = next(it for it in read_lines((ROOT / "data" / "iss_games.sgf").read_text().splitlines())
                if it.id == "541932").deal.to_record()
    game["played"] = game["played"][:12]
    pg = _page(browser, 1200)
    try:
        pg.goto(server + "#review")
        pg.fill("#game", json.dumps(game))
        pg.click("#analyse")
        pg.wait_for_selector("#value-chart")
        assert "accuracy" in pg.inner_text("#summary")                   # the accuracy a player understands
        pg.screenshot(path=str(shots / "accuracy-1200.png"), full_page=False, animations="disabled")
        for _ in range(3):
            pg.keyboard.press("ArrowRight")
        assert pg.inner_text("#position").startswith("card 3 (trick 1)")
        _board_ready(pg)
        assert pg.locator("#board-cards tbody tr").count() == 9           # R's legal cards at card 4
        pg.click("#board-cards tr[data-card=CK] button.try")               # HJ was played: try the king of clubs
        assert pg.inner_text("#position") == "variation 1, card 4: CK (tried instead of HJ at card 4)"
        _board_ready(pg)
        second = pg.get_attribute("#board-cards tbody tr:first-child", "data-card")
        pg.click("#board-cards tbody tr:first-child button.try")           # the variation grows
        assert pg.inner_text("#position").startswith(f"variation 1, card 5: {second}")
        assert pg.locator("#variations li").count() == 1
        # walked back to the played line and forth along the variation
        pg.keyboard.press("ArrowLeft")
        pg.keyboard.press("ArrowLeft")
        assert pg.inner_text("#position").startswith("card 3 (trick 1): R played DA")
        pg.keyboard.press("ArrowRight")
        assert pg.inner_text("#position").startswith("variation 1, card 4: CK")
        _board_ready(pg)
        pg.screenshot(path=str(shots / "variation-1200.png"), full_page=True, animations="disabled")
        # named and saved in the record
        pg.fill("#variations li input", "king first")
        pg.dispatch_event("#variations li input", "change")
        pg.click("#save-variations")
        saved = json.loads(pg.get_attribute("#variations", "data-saved"))
        assert saved["variations"] == [{"name": "king first", "at": 3, "cards": ["CK", second]}]
        assert "analysis" not in saved and saved["played"] == game["played"]
        # reloaded: the review lists it with its double-dummy values
        pg.fill("#game", json.dumps(saved))
        pg.click("#analyse")
        pg.wait_for_selector("#variations li")
        text = pg.inner_text("#variations")
        assert "from card 4" in text and "value after each (dd)" in text
        assert pg.input_value("#variations li input") == "king first"
        pg.click("#variations li .show-variation")
        assert pg.inner_text("#position").startswith(f"king first, card 5: {second}")
        # a new branch off the variation's first card: a second variation, the first kept
        _board_ready(pg)
        pg.keyboard.press("ArrowLeft")
        _board_ready(pg)
        other = next(c for c in pg.eval_on_selector_all("#board-cards tbody tr", "rs => rs.map(r => r.dataset.card)")
                     if c != second)
        pg.click(f"#board-cards tr[data-card={other}] button.try")
        assert pg.locator("#variations li").count() == 2
        pg.click("#variations li:first-child .delete-variation")
        assert pg.locator("#variations li").count() == 1
    finally:
        pg.close()


def test_a_puzzle_from_the_sample_games_is_solved(server, browser, shots):
    first = json.loads((ROOT / "web" / "static" / "puzzles.jsonl").read_text().splitlines()[0])
    for width in (1200, 390):
        pg = _page(browser, width)
        try:
            pg.goto(server + "#puzzles")
            pg.click("#sample-puzzles")
            pg.wait_for_selector("#puzzle-hand")
            shown = pg.eval_on_selector_all("#puzzle-hand .card", "cs => cs.map(c => c.dataset.card)")
            assert sorted(shown) == sorted(first["hand"])                   # his hand only: nothing hidden shown
            wrong = next(c["card"] for c in first["cards"] if c["card"] != first["solution"])
            if width == 390:
                pg.click(f"#puzzle-hand [data-card={wrong}]")
                assert pg.inner_text("#puzzle-verdict").startswith(f"Not best: {wrong}")
            else:
                pg.click(f"#puzzle-hand [data-card={first['solution']}]")
                assert pg.inner_text("#puzzle-verdict") == f"Right: {first['solution']} is best."
                assert pg.inner_text("#puzzle-score") == "Solved 1 of 1 tried in this browser."
            assert pg.locator("#puzzle-values tbody tr").count() == len(first["cards"])
            _fits(pg, f"the puzzle at {width}")
            pg.screenshot(path=str(shots / f"puzzle-{width}.png"), full_page=True, animations="disabled")
        finally:
            pg.close()


def test_play_on_from_a_position_to_the_end_and_compared(server, browser, shots):
    pg = _page(browser, 390)
    try:
        _reviewed(pg, server)
        _fits(pg, "the review with its board")
        for _ in range(24):                                                 # before card 25
            pg.keyboard.press("ArrowRight")
        _board_ready(pg)
        played = pg.eval_on_selector("#moves tbody tr:nth-child(25)", "r => r.children[3].textContent")
        other = next(c for c in pg.eval_on_selector_all("#board-cards tbody tr", "rs => rs.map(r => r.dataset.card)")
                     if c != played)
        pg.click(f"#board-cards tr[data-card={other}] button.try")          # a variation, on a phone
        _board_ready(pg)
        _fits(pg, "a variation")
        pg.eval_on_selector("#position", "e => e.scrollIntoView()")
        pg.screenshot(path=str(shots / "variation-390.png"), full_page=False, animations="disabled")
        pg.click("#played-line")                                           # back on the game, before card 25
        pg.keyboard.press("ArrowLeft")
        _board_ready(pg)
        assert pg.inner_text("#position").startswith("card 24")
        pg.evaluate("window.scrollTo(0, 0)")
        pg.screenshot(path=str(shots / "accuracy-390.png"), full_page=False, animations="disabled")
        assert pg.input_value("#play-on-seat") == "R"                        # the seat to play there
        pg.click("#play-on-start")
        for _ in range(12):
            pg.wait_for_selector("#play-on-result, #play-on .card.legal")
            if pg.locator("#play-on-result").count():
                break
            pg.locator("#play-on .card.legal").first.click()
            pg.wait_for_function("!document.querySelector('#play-on .card.legal') || "
                                 "document.querySelector('#play-on-result')")
        rows = pg.eval_on_selector_all("#play-on-result tbody tr", "rs => rs.map(r => r.children[0].textContent)")
        assert rows == ["as played", "played on", "best line (every card open)"]
        assert pg.inner_text("#play-on h3") == "Played on as R from card 25"
        _fits(pg, "the result of playing on")
    finally:
        pg.close()


def test_a_challenge_is_played_and_compared_with_best(server, browser, shots):
    code = Challenge(1, 4252).code                  # (you pass; best, in your seat, declares and wins)
    pg = _page(browser, 1200)
    try:
        pg.goto(server + "#play")
        pg.wait_for_selector("#start")
        pg.fill("#challenge", code)
        pg.select_option("#opponents", "rules")
        pg.click("#start")
        pg.wait_for_selector("#challenge-box")
        assert code in pg.inner_text("#challenge-box")
        for _ in range(80):
            pg.wait_for_selector("#question, #final")
            if pg.locator("#final").count():
                break
            before = pg.inner_text("#question")
            kind = pg.get_attribute("#question", "data-kind")
            if kind in ("bid", "answer", "play18"):
                pg.click("#pass")
            elif kind in ("kontra", "re", "bock", "hirsch"):
                pg.click("#no")
            elif kind == "card":
                pg.locator(".seat-box.me .card.legal").first.click()
            else:
                raise AssertionError(f"a question the test does not answer: {kind}")
            pg.wait_for_function("([b]) => !document.querySelector('#question') || "
                                 "document.querySelector('#question').innerText !== b || "
                                 "document.querySelector('#final')", arg=[before])
        pg.click("#compare-best")
        pg.wait_for_selector("#duplicate")
        rows = pg.eval_on_selector_all("#duplicate tbody tr", "rs => rs.map(r => r.children[0].textContent)")
        assert rows == ["1", "total"]
        best = pg.eval_on_selector("#duplicate tbody tr", "r => r.children[2].textContent")
        assert int(best) == Challenge.parse(code).benchmark(opponents="rules")[0]
        pg.screenshot(path=str(shots / "challenge.png"), full_page=True, animations="disabled")
    finally:
        pg.close()
