"""The web app in a real headless Chromium: play a deal, get advice, step through a review.

Driven by Playwright's Python package with the system's Chromium (Debian's
package; nothing is downloaded).  Screenshots go to a temporary folder, or to
the folder in ``SKAT_SCREENSHOTS`` (the README's come from
``SKAT_SCREENSHOTS=docs/screenshots pytest tests/test_web_e2e.py``).
"""

from __future__ import annotations

import os
import re
from pathlib import Path

import pytest

from click.testing import CliRunner

from cli.main import cli

from .conftest import BROWSER_TESTS, ROOT

pytest.importorskip("playwright.sync_api")
pytestmark = BROWSER_TESTS
SHOTS: Path | None = Path(os.environ["SKAT_SCREENSHOTS"]) if os.environ.get("SKAT_SCREENSHOTS") else None


def _shot(name: str) -> str:
    """Where a screenshot goes (the folder is set by the module's first fixture)."""
    assert SHOTS is not None
    return str(SHOTS / name)


@pytest.fixture(scope="module", autouse=True)
def shots(tmp_path_factory):
    global SHOTS
    if SHOTS is None:
        SHOTS = tmp_path_factory.mktemp("screenshots")
    SHOTS.mkdir(parents=True, exist_ok=True)


@pytest.fixture(scope="module")
def page(browser):
    pg = browser.new_page(viewport={"width": 1200, "height": 900})
    pg.set_default_timeout(120_000)
    return pg


def test_advice_by_clicking_ten_cards(server, page):
    page.goto(server + "#advisor")
    for c in "CJ SJ HA HT HK H9 SA S7 D8 D7".split():
        page.click(f"#deck [data-card={c}]")
    assert page.inner_text("#count") == "10 of 10 cards"
    page.select_option("#bid", "27")
    page.fill("#samples", "24")
    page.click("#advise")
    page.wait_for_selector("#answer")
    # the hand-value model's instant estimate, labelled as such, above the Monte Carlo's answer
    page.wait_for_function("document.querySelector('#estimate').textContent.length > 0")
    assert page.inner_text("#estimate").startswith("Quick estimate (hand-value model, at 18, no worlds sampled)")
    # one answer, one sentence: the page's headline is the terminal's first line for the question
    terminal = CliRunner().invoke(cli, ["bid", "CJ SJ HA HT HK H9 SA S7 D8 D7", "--seat", "F", "--to", "27",
                                        "--samples", "24", "--seed", "1", "--workers", "1"], env={"COLUMNS": "400"})
    assert terminal.exit_code == 0, terminal.output
    assert page.inner_text("#answer") == terminal.output.splitlines()[0]
    assert page.inner_text("#answer").startswith(("Yes — bid up to", "No — "))
    assert page.locator("#pwin-chart rect").count() >= 5
    assert page.locator("#declarations tbody tr").count() >= 10
    # the shipped play model: played-out chances, with the open-cards rate beside them
    assert "played out" in page.inner_text("#basis")
    assert "open cards" in page.inner_text("#declarations thead")
    # Schneider: a chance for trump games, none for Null
    assert "P(Schneider)" in page.inner_text("#declarations thead")
    for row in page.locator("#declarations tbody tr").all():
        name, sch = row.locator("td").nth(0).inner_text(), row.locator("td").nth(4).inner_text()
        assert sch == "–" if name.startswith("null") else sch.endswith("%"), (name, sch)
    page.screenshot(path=_shot("advisor.png"), full_page=True, animations="disabled")
    assert Path(_shot("advisor.png")).stat().st_size > 10_000


def test_the_advisor_names_every_card_it_cannot_take(server, page):
    page.goto(server + "#advisor")
    page.fill("#cards", "CJ SJ HA HT HK H9 SA S7 D8 D7 C7 ZZ HA")
    text = page.inner_text("#count")
    # ten cards taken; the unknown code, the repeated card and the eleventh card each named
    assert text.startswith("10 of 10 cards: ")
    assert "'ZZ' is not a card" in text and "HA is there twice" in text and "C7 is too many" in text
    assert page.is_disabled("#advise")
    page.fill("#cards", "CJ SJ HA HT HK H9 SA S7 D8 D7")
    assert page.inner_text("#count") == "10 of 10 cards" and not page.is_disabled("#advise")


def test_review_steps_through_the_tricks(server, page):
    page.goto(server + "#review")
    page.click("#sample")
    page.wait_for_function("document.querySelector('#game').value.length > 0")
    page.click("#analyse")
    page.wait_for_selector("#value-chart")
    assert "diamonds" in page.inner_text("#summary")
    assert page.inner_text("#position").startswith("before the first card")     # it opens at the first card
    page.keyboard.press("ArrowRight")
    first = page.inner_text("#position")
    assert first.startswith("card 1 (trick 1): F played SA") and "by what F knew:" in first
    for _ in range(29):
        page.keyboard.press("ArrowRight")
    assert page.inner_text("#position").startswith("card 30")
    page.click("#back")
    assert page.inner_text("#position").startswith("card 29")
    page.keyboard.press("ArrowLeft")
    assert page.inner_text("#position").startswith("card 28")
    assert "info cost" in page.inner_text("#moves") and "By what each knew" in page.inner_text("#summary")
    assert page.locator("#value-chart .mistake-dot").count() == page.locator("#moves tr.mistake").count() > 0
    page.screenshot(path=_shot("review.png"), full_page=True, animations="disabled")


def test_a_whole_deal_played_by_clicking(server, page):
    _open_play(page, server)
    page.fill("#deals", "1")
    page.select_option("#opponents", "rules")
    page.fill("#seed", "11")
    page.check("#clock")
    page.click("#start")
    cards_played = 0
    hints: dict[str, str] = {}
    put_away: list[str] = []

    def act(kind: str) -> None:
        nonlocal cards_played
        if kind in ("bid", "answer", "play18"):
            # the auction so far is on the page while it goes (the others' calls, or none yet)
            assert page.inner_text("#auction").startswith("Auction: ")
            if "auction" not in hints:
                hints["auction"] = _hint(page)
            page.click("#yes")                          # bid on: this deal is played, not thrown in
        elif kind == "hand":
            page.click("#pickup")
        elif kind == "discard":
            hints["discard"] = _hint(page)
            twelve = page.locator("#twelve .card")
            put_away.extend([twelve.nth(0).get_attribute("data-card"), twelve.nth(1).get_attribute("data-card")])
            twelve.nth(0).click()
            twelve.nth(1).click()
            page.select_option("#declare-game", "grand")
            page.screenshot(path=_shot("play-discard.png"), full_page=True, animations="disabled")
            page.click("#declare")
        elif kind in ("kontra", "re", "bock", "hirsch"):
            page.click("#no")
        elif kind == "card":
            _check_the_table(page, 10 - cards_played)
            # the declarer's skat box shows the two cards he put away (they count for him)
            assert page.inner_text("#skat").startswith("the skat you put away")
            assert sorted(page.locator("#skat .card").evaluate_all("els => els.map(e => e.dataset.card)")) == \
                sorted(put_away)
            if "card" not in hints:
                hints["card"] = _hint(page)
            page.locator("#hand .card.legal").first.click()
            cards_played += 1
            if cards_played == 5:
                page.screenshot(path=_shot("play.png"), full_page=True, animations="disabled")
    _click_through(page, act)
    assert page.locator("#final").count() == 1
    assert cards_played == 10                          # one deal: the person played ten cards
    # a hint in each phase, and the match went on after every one
    assert hints["auction"].startswith("bid advice by your cards")
    assert hints["discard"].startswith("declare advice by your twelve cards")
    assert hints["card"].startswith("best by what you know") and "double-dummy best (every card seen)" in hints["card"]
    assert page.locator("#sheet tbody tr").count() == 2      # the deal and the total
    # a result line after the deal: who played what, the card points, won or lost, the score
    result = page.inner_text("#result")
    assert "played grand at" in result and "card points: " in result and "; score " in result
    assert ("card points: won" in result) != ("card points: lost" in result)
    # the table after the deal: the skat shown, and the card points of both sides with it make 120
    assert page.locator("#skat .card").count() == 2
    skat = sum(POINTS[c[1]] for c in page.locator("#skat .card").evaluate_all("els => els.map(e => e.dataset.card)"))
    decl, defs = (int(x) for x in re.findall(r"\d+", page.inner_text("#points")))
    assert decl + defs + skat == 120
    page.screenshot(path=_shot("play-end.png"), full_page=True, animations="disabled")
    page.click("#review-last")
    page.wait_for_selector("#value-chart")


def _open_play(page, server: str) -> None:
    """The Play page with its settings unfolded (a match before folded them away)."""
    page.goto(server + "#play")
    page.wait_for_selector("#settings")
    if not page.eval_on_selector("#settings", "e => e.open"):
        page.click("#settings > summary")


def _click_through(page, act, turns: int = 200) -> None:
    """Answer each question of the match on the page with ``act(kind)`` until it ends, waiting
    each time until the question is answered (gone, changed, or the end)."""
    for _ in range(turns):
        page.wait_for_selector("#question, #final")
        if page.locator("#final").count():
            return
        kind = page.get_attribute("#question", "data-kind")
        before = page.inner_text("#question")
        act(kind)
        page.wait_for_function("([b]) => !document.querySelector('#question') || "
                               "document.querySelector('#question').innerText !== b || "
                               "document.querySelector('#final')", arg=[before])
    raise AssertionError("the match did not end")


def _hint(page) -> str:
    """Click Hint at the open question and wait for the hint; the question stays open."""
    kind = page.get_attribute("#question", "data-kind")
    page.click("#hint-button")
    page.wait_for_selector("#hint")
    assert page.get_attribute("#question", "data-kind") == kind and not page.locator("#final").count()
    return page.inner_text("#hint")


def _play_ramsch(page, seed: int, pick_up: bool) -> str:
    """A one-deal match with Schieberamsch in which the person passes every call: the deal is a
    Ramsch; he pushes the skat on, or picks it up and puts back two cards (no jack)."""
    _open_play(page, page.url.split("#")[0])
    page.fill("#deals", "1")
    page.select_option("#opponents", "rules")
    page.fill("#seed", str(seed))
    page.check("#house-schieberamsch")
    assert page.is_checked("#house-ramsch")             # Schieberamsch is a Ramsch
    page.click("#start")

    def act(kind: str) -> None:
        if kind in ("bid", "answer", "play18"):
            page.click("#pass")
        elif kind == "ramsch-pickup":
            page.click("#pickup" if pick_up else "#push")
        elif kind == "ramsch-discard":
            assert _hint(page).startswith("rule of thumb (no search): put back ")
            for card in [c for c in page.locator("#twelve .card").evaluate_all("els => els.map(e => e.dataset.card)")
                         if c[1] != "J"][:2]:
                page.click(f"#twelve [data-card={card}]")
            page.click("#put-back")
        elif kind == "card":
            assert page.inner_text("#game") == "Ramsch"
            page.locator("#hand .card.legal").first.click()
    _click_through(page, act)
    assert page.locator("#final").count() == 1
    return page.inner_text("#result")


def test_a_schieberamsch_deal_pushed_on_and_one_picked_up(server, page):
    page.goto(server + "#play")
    result = _play_ramsch(page, 1, pick_up=False)
    assert result.startswith("Ramsch: scores ")
    assert "pushed on" in page.inner_text("#multipliers")       # at least the person's own push
    page.screenshot(path=_shot("play-ramsch.png"), full_page=True, animations="disabled")
    result = _play_ramsch(page, 3, pick_up=True)
    assert result.startswith("Ramsch: scores ")
    # the seats' card points add up to 120: in Ramsch the skat goes with the last trick
    taken = sum(int(m) for t in page.locator("#table .took").all_inner_texts() for m in re.findall(r"(\d+) points", t))
    assert taken == 120 and page.locator("#skat .card").count() == 2


def test_an_offiziersskat_match_declared_and_played_by_clicking(server, page):
    _open_play(page, server)
    page.select_option("#variant", "offiziersskat")
    assert page.is_disabled("#house-ramsch") and page.is_disabled("#table-size")
    page.fill("#deals", "2")
    page.select_option("#opponents", "rules")
    page.fill("#seed", "3")
    page.click("#start")
    seen = {"declared": 0, "cards": 0}

    def act(kind: str) -> None:
        if kind == "offiziers-game":
            assert page.locator("#my-piles .pile").count() == 8
            assert _hint(page).startswith("by what you see (the best computer player's choice): ")
            page.click("#question [data-game=grand]")
            seen["declared"] += 1
        elif kind in ("kontra", "re"):
            page.click("#no")
        elif kind == "card":
            # both sides' eight piles (fewer as they empty), the open cards playable outlined
            assert 0 < page.locator("#their-piles .pile").count() <= 8
            legal = page.locator("#my-piles .card.legal")
            assert legal.count() >= 1
            if seen["cards"] == 3:
                hint = _hint(page)
                assert hint.startswith("best by what you see (the best computer player's choice over sampled "
                                       "face-down cards): ")
                assert hint.split(": ")[1] in legal.evaluate_all("els => els.map(e => e.dataset.card)")
                page.screenshot(path=_shot("play-offiziersskat.png"), full_page=True, animations="disabled")
            legal.first.click()
            seen["cards"] += 1
    _click_through(page, act)
    assert page.locator("#final").count() == 1
    assert seen["declared"] == 1 and seen["cards"] == 32          # two deals of sixteen tricks; he declared once
    assert "card points: " in page.inner_text("#result")
    assert page.locator("#sheet tbody tr").count() == 3          # two deals and the total


POINTS = {"A": 11, "T": 10, "K": 4, "Q": 3, "J": 2, "9": 0, "8": 0, "7": 0}


def _check_the_table(page, mine: int) -> None:
    """At the person's turn with ``mine`` cards: the table shows his cards, each computer's cards
    as backs (as many as he still holds: ``mine``, or one fewer when he has played to this trick
    already), the game and bid, the declarer, everybody's clock, and card points that add up
    to the points of the tricks taken."""
    assert page.locator("#table #hand .card").count() == mine
    for box in page.locator("#table .seat-box.left, #table .seat-box.right").all():
        backs = box.locator(".back").count()
        assert backs in (mine, mine - 1) and box.locator(".count").inner_text() == str(backs)
    assert re.fullmatch(r"grand · bid \d+", page.inner_text("#game"))
    assert page.locator("#table .badge.decl").count() == 1
    assert page.locator("#table .badge.clock").count() == 3
    taken = sum(int(m) for t in page.locator("#table .took").all_inner_texts()
                for m in re.findall(r"(\d+) points", t))
    assert sum(int(x) for x in re.findall(r"\d+", page.inner_text("#points"))) == taken


def test_the_api_docs_work_without_the_network(server, page):
    requested: list[str] = []

    def only_here(route):
        requested.append(route.request.url)
        return route.continue_() if route.request.url.startswith(server) else route.abort()
    page.route("**/*", only_here)
    try:
        page.goto(server + "docs")
        page.wait_for_selector("section.endpoint")
        text = page.inner_text("#docs")
        assert "POST /api/bid" in text and "POST /api/analyse" in text
        assert "`" not in text, "code in the descriptions is set as code, not shown in backticks"
        bid = page.inner_text("section[id='post-/api/bid']")
        assert "cards" in bid and "seat" in bid and "required" in bid
        assert all(u.startswith(server) for u in requested)          # nothing fetched from elsewhere
    finally:
        page.unroute("**/*")


def test_the_pages_fit_a_phone(server, page):
    """At 390 px (a phone held upright) no page scrolls sideways: the header wraps, the cards
    shrink, wide tables scroll inside their own box."""
    pg = page.context.browser.new_page(viewport={"width": 390, "height": 844})
    pg.set_default_timeout(120_000)
    try:
        for name in ("advisor", "review", "solver", "play"):
            pg.goto(server + "#" + name)
            pg.wait_for_selector("main h2")
            assert pg.evaluate("document.documentElement.scrollWidth") <= 390, name
        pg.fill("#deals", "1")
        pg.select_option("#opponents", "rules")
        pg.fill("#seed", "11")
        pg.click("#start")
        pg.wait_for_selector("#question")
        assert pg.locator("#table #my-cards .card").count() == 10
        assert pg.evaluate("document.documentElement.scrollWidth") <= 390
        pg.screenshot(path=_shot("play-phone.png"), full_page=True, animations="disabled")
    finally:
        pg.close()


# ------------------------------------------------------------------ a phone (390 px wide)

PHONE = {"width": 390, "height": 844}


@pytest.fixture(scope="module")
def phone(browser):
    pg = browser.new_page(viewport=PHONE, device_scale_factor=2, is_mobile=True, has_touch=True)
    pg.set_default_timeout(120_000)
    return pg


def _fits(page, what: str) -> None:
    """Nothing wider than the screen: the page does not scroll sideways, and no table cell, form
    control or card ends beyond the right edge (a column cut off)."""
    width = page.evaluate("window.innerWidth")
    assert page.evaluate("document.documentElement.scrollWidth") <= width, f"{what}: the page scrolls sideways"
    beyond = page.evaluate("""(w) => [...document.querySelectorAll('td, th, input, select, button, .card, svg')]
        .filter(e => e.offsetParent !== null && e.getBoundingClientRect().width > 0)
        .filter(e => e.getBoundingClientRect().right > w + 0.5 || e.getBoundingClientRect().left < -0.5)
        .map(e => e.tagName + (e.id ? '#' + e.id : '') + ' '
                  + (e.dataset.label || e.textContent || '').slice(0, 20))""",
                           width)
    assert beyond == [], f"{what}: cut off at the right: {beyond[:5]}"


def _rows_of(page, selector: str) -> list[int]:
    """How many cards each visual row of ``selector``'s cards holds."""
    tops = page.eval_on_selector_all(f"{selector} .card",
                                     "els => els.map(e => Math.round(e.getBoundingClientRect().top))")
    return [tops.count(t) for t in sorted(set(tops))]


def test_every_page_fits_a_phone(server, phone, tmp_path):
    # the advisor: its selects full-width (not bare arrows), the answer's table in blocks
    phone.goto(server + "#advisor")
    phone.fill("#cards", "CJ SJ HA HT HK H9 SA S7 D8 D7")
    for sel in ("#seat", "#bid", "#scoring"):
        assert phone.eval_on_selector(sel, "e => e.getBoundingClientRect().width") > 390 / 3, sel
    phone.select_option("#bid", "27")
    phone.fill("#samples", "16")
    phone.click("#advise")
    phone.wait_for_selector("#declarations")
    _fits(phone, "the advisor")
    assert phone.locator("#declarations td[data-label='P(win)']").count() >= 10     # each cell names its column
    phone.screenshot(path=_shot("advisor-390.png"), full_page=True, animations="disabled")
    # a match: the settings fold away, the table comes first, the hand of ten on one row
    phone.goto(server + "#play")
    phone.fill("#deals", "1")
    phone.select_option("#opponents", "rules")
    phone.fill("#seed", "11")
    _fits(phone, "the match settings")
    phone.click("#start")
    phone.wait_for_selector("#question")
    assert not phone.eval_on_selector("#settings", "e => e.open"), "the settings fold away during a match"
    assert phone.eval_on_selector("#table", "e => e.getBoundingClientRect().top") < 844 / 3, "the table comes first"
    assert _rows_of(phone, ".seat-box.me") == [10], "a hand of ten on one row"
    _fits(phone, "the card table")
    phone.screenshot(path=_shot("play-390.png"), full_page=False, animations="disabled")
    seen: set[str] = set()

    def act(kind: str) -> None:
        if kind in ("bid", "answer", "play18"):
            phone.click("#yes")
        elif kind == "hand":
            phone.click("#pickup")
        elif kind == "discard":
            assert _rows_of(phone, "#twelve") == [6, 6], "twelve cards: two even rows"
            _fits(phone, "the discard")
            twelve = phone.locator("#twelve .card")
            twelve.nth(0).click()
            twelve.nth(1).click()
            phone.select_option("#declare-game", "grand")
            phone.click("#declare")
        elif kind in ("kontra", "re", "bock", "hirsch"):
            phone.click("#no")
        elif kind == "card":
            if "card" not in seen:
                seen.add("card")
                _fits(phone, "a trick")
            phone.locator(".seat-box.me .card.legal").first.click()
    _click_through(phone, act)
    _fits(phone, "the end of the match (the score sheet)")
    # the review of the deal just played: every column of every card within the screen
    phone.click("#review-last")
    phone.wait_for_selector("#moves tbody tr")
    _fits(phone, "the review")
    phone.screenshot(path=_shot("review-390.png"), full_page=False, animations="disabled")
    for page_name in ("#solver",):
        phone.goto(server + page_name)
        phone.wait_for_selector("fieldset")
        _fits(phone, page_name)
    phone.goto(server + "docs")
    phone.wait_for_selector("section.endpoint")
    _fits(phone, "/docs")
    # the HTML report of skat analyse
    out = tmp_path / "report.html"
    r = CliRunner().invoke(cli, ["analyse", str(ROOT / "data" / "iss_games.sgf"), "--html", str(out), "--no-info"])
    assert r.exit_code == 0, r.output
    phone.goto(out.as_uri())
    _fits(phone, "the HTML report")
    assert phone.locator("table.tricks td[data-label='dd cost']").count() > 0
