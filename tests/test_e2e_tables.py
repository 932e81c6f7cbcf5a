"""Tables for people in the browser (headless Chromium): three browser contexts play a full deal
at one table, a duel table of two contexts and a computer, and a tab closed and opened again in
the middle of a trick gets its seat back."""

from __future__ import annotations

import time

import pytest

from .conftest import BROWSER_TESTS, start_server
from .test_tables import JOIN_SECRET, Http, made_table
from .test_tables import _play as _play_api

playwright = pytest.importorskip("playwright.sync_api")
pytestmark = BROWSER_TESTS


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    log = tmp_path_factory.mktemp("tables") / "server.log"
    proc, port = start_server("--workers", "1", "--db", str(log.with_name("tables.sqlite")), log=log)
    yield f"http://127.0.0.1:{port}/"
    proc.terminate()
    proc.wait(timeout=10)
    print(log.read_text()[-3000:])


def _create(page, server: str, seats: dict[str, str]) -> dict[str, str]:
    """The host creates a one-deal table; the invite link of each person seat."""
    page.goto(server + "#tables")
    for slot, kind in seats.items():
        page.select_option(f"#seat-{slot}", kind)
    page.fill("#t-deals", "1")
    page.click("#create-table")
    page.wait_for_selector("#invites a.invite")
    return {a.get_attribute("data-seat"): a.get_attribute("href") for a in page.locator("#invites a.invite").all()}


def _join(context, link: str, name: str):
    page = context.new_page()
    page.set_default_timeout(120_000)
    page.goto(link)
    page.fill("#join-name", name)
    page.click("#join")
    page.wait_for_selector("#who .badge")
    return page


def _act(page, bidder: set, only: str | None = None) -> str | None:
    """Answer the question open on this page, if any, by clicking; its kind.  With ``only``, a
    question of another kind is left unanswered (the page may have moved on since the caller
    looked at it)."""
    q = page.locator("#question")
    if not q.count():
        return None
    kind = q.get_attribute("data-kind")
    if only is not None and kind != only:
        return None
    if kind != "next":                                  # the 'to play' marker is on this seat, and on it alone
        try:
            page.wait_for_function("document.querySelector('#who .badge[data-me=yes]').classList.contains('decl') &&"
                                   " document.querySelectorAll('#who .badge.decl').length === 1", timeout=10_000)
        except playwright.TimeoutError:
            if page.locator("#question").count():       # (a question answered meanwhile by the clock is gone)
                raise AssertionError(f"'to play' is not on the seat asked: {page.inner_text('#who')}") from None
    asked = q.inner_text()                              # (read before the click: after it, it may be gone)
    if kind in ("bid", "answer", "play18"):
        # the first person asked bids and holds, the others pass: the deal is played, not thrown in
        if not bidder:
            bidder.add(page)
        page.click("#yes" if page in bidder else "#pass")
    elif kind == "hand":
        page.click("#pickup")
    elif kind == "discard":
        twelve = page.locator("#twelve .card")
        twelve.nth(0).click()
        twelve.nth(1).click()
        page.select_option("#declare-game", "grand")
        page.click("#declare")
    elif kind in ("kontra", "re", "bock", "hirsch", "spitze"):
        page.click("#no")
    elif kind == "card":
        page.locator(".seat-box.me .card.legal").first.click()
    elif kind == "next":
        page.click("#next-deal")
    else:
        raise AssertionError(f"a question the test does not know: {kind}")
    try:                                                # the question goes once the table took it
        page.wait_for_function("([b]) => !document.querySelector('#question') || "
                               "document.querySelector('#question').innerText !== b",
                               arg=[asked], timeout=30_000)
    except playwright.TimeoutError:
        raise AssertionError(f"a click on the {kind} question was not taken: {asked!r}") from None
    return kind


def _play(pages: list, on_card=None, turns: int = 600) -> int:
    """Every page answers by clicking until each shows the final standings; cards played."""
    bidder: set = set()
    cards = 0
    for _ in range(turns):
        if all(p.locator("#final").count() for p in pages):
            return cards
        acted = False
        for i, p in enumerate(pages):
            kind = _act(p, bidder)
            if kind:
                acted = True
            if kind == "card":
                cards += 1
                if on_card is not None:
                    replaced = on_card(cards, i, p)
                    if replaced is not None:
                        pages[i] = replaced
        if not acted:
            time.sleep(0.1)
    raise AssertionError("the match did not end")


def test_three_people_play_a_deal_and_a_closed_tab_gets_its_seat_back(server, browser):
    contexts = [browser.new_context(viewport={"width": 1200, "height": 900}) for _ in range(3)]
    host = contexts[0].new_page()
    host.set_default_timeout(120_000)
    links = _create(host, server, {"F": "person", "M": "person", "R": "person"})
    assert sorted(links) == ["F", "M", "R"]
    pages = [_join(ctx, links[slot], name) for ctx, slot, name in zip(contexts, "FMR", ("ann", "bob", "cat"))]
    # every page shows the three people and who is online
    for p in pages:
        p.wait_for_function("document.querySelectorAll('#who .badge').length === 3")
        assert "ann" in p.inner_text("#who") and "cat" in p.inner_text("#who")
        # before the first call every seat has the deal's commitment (solver.fair)
        p.wait_for_function("document.querySelector('#fair').textContent.includes('commitment')")

    def close_and_reopen(cards: int, i: int, page):
        if cards != 4:                          # in the middle of the second trick
            return None
        ctx, link = page.context, page.url
        page.close()
        again = ctx.new_page()
        again.set_default_timeout(120_000)
        again.goto(link)                        # the invite link again: the seat's token is in this browser
        again.wait_for_selector("#table")
        assert again.locator(".seat-box.me .card").count() >= 8, "the seat comes back with its cards"
        return again
    cards = _play(pages, close_and_reopen)
    assert cards == 30
    for p in pages:
        assert p.inner_text("#final").startswith("Final standings")
        # each page checked the revealed secret against the commitment and its own ten cards
        assert p.get_attribute("#fair", "data-verified") == "yes", p.inner_text("#fair")
        assert p.locator("#sheet tbody tr").count() == 2
        assert p.locator("#sheet button.review-deal").count() == 1      # the deal played opens in the Review
    pages[2].click("#sheet button.review-deal")
    pages[2].wait_for_selector("#moves tbody tr")
    assert pages[2].locator("#moves tbody tr").count() >= 30            # every card of the deal, reviewed
    for ctx in contexts:
        ctx.close()


#: Every answer's reply reaches the page 1.5 s late (a slow network): the seat's next question,
#: which comes over the event stream, is often there first and must take a click all the same.
SLOW_REPLIES = """
const send = window.fetch;
window.fetch = (url, options) => send(url, options).then(r => String(url).endsWith('/act')
  ? new Promise(done => setTimeout(() => done(r), 1500)) : r);
"""


def test_a_duel_table_of_two_people_and_a_computer(server, browser):
    contexts = [browser.new_context() for _ in range(2)]
    for ctx in contexts:
        ctx.add_init_script(SLOW_REPLIES)
    host = contexts[0].new_page()
    host.set_default_timeout(120_000)
    links = _create(host, server, {"F": "person", "M": "computer:rules", "R": "person"})
    assert sorted(links) == ["F", "R"] and "duel rules" in host.inner_text("#host-status")
    pages = [_join(ctx, links[slot], name) for ctx, slot, name in zip(contexts, "FR", ("ann", "bob"))]
    _play(pages)
    for p in pages:
        assert p.inner_text("#final").startswith("Final standings")
    for ctx in contexts:
        ctx.close()


def test_the_host_form_sets_the_match_length_and_each_computers_strength(server, browser):
    ctx = browser.new_context()
    page = ctx.new_page()
    page.goto(server + "#tables")
    page.select_option("#seat-M", "computer:best:2")
    page.select_option("#seat-X", "computer:rules")          # a fourth at the table, from the page
    page.select_option("#t-length", "rounds")
    page.fill("#t-deals", "2")
    with page.expect_request(lambda r: r.url.endswith("/api/tables") and r.method == "POST") as sent:
        page.click("#create-table")
    body = sent.value.post_data_json
    assert body["rounds"] == 2 and "deals" not in body and body["seats"]["M"] == "computer:best:2"
    assert body["seats"]["X"] == "computer:rules"
    page.wait_for_selector("#invites a.invite")
    page.goto(server + "#tables")                           # a new table's form
    page.select_option("#t-length", "target")
    assert page.input_value("#t-deals") == "500"           # a target score starts at a sensible value
    ctx.close()


def test_the_hosts_page_keeps_the_table_and_a_seat_moves_to_a_second_device(server, browser):
    """The host reloads the page and still has the links and Start; a seat's invite issued again
    plays on from a second browser, and the first is refused; the host page fits 390 px."""
    host_ctx = browser.new_context(viewport={"width": 390, "height": 800})
    host = host_ctx.new_page()
    host.set_default_timeout(60_000)
    links = _create(host, server, {"F": "person", "M": "computer:rules", "R": "computer:rules"})
    host.reload()
    host.wait_for_selector("#invites a.invite")
    assert host.get_attribute("#invites a.invite", "href") == links["F"] and host.is_visible("#start-table")
    assert host.evaluate("document.documentElement.scrollWidth") <= 390          # links wrap on a phone
    first = _join(browser.new_context(), links["F"], "ann")
    host.wait_for_function("document.querySelector('#host-seats').innerText.includes('ann')")
    host.click("#invites li[data-seat=F] button.reissue")
    host.wait_for_function(f"document.querySelector('#invites a.invite').href !== {links['F']!r}")
    second_link = host.get_attribute("#invites a.invite", "href")
    first.wait_for_function("document.querySelector('#board').innerText.includes('issued again') || "
                            "!document.querySelector('#question')")
    second = _join(browser.new_context(), second_link, "ann on the phone")
    second.wait_for_selector("#question")                   # the seat's question, on the second device
    st = first.evaluate("""async () => (await fetch(location.pathname.replace(/[^/]*$/, '') +
        'api/tables/' + new URLSearchParams(location.hash.split('?')[1]).get('id') + '/state',
        {headers: {Authorization: 'Bearer ' + Object.entries(localStorage).find(([k]) => k.startsWith('seat:'))[1]}}
        )).status""")
    assert st == 403                                        # the first device's token stopped working
    for ctx in browser.contexts:
        if ctx is not host_ctx:
            ctx.close()
    host_ctx.close()


def test_a_finished_table_after_a_restart_keeps_its_sheet_reviews_and_records(browser, tmp_path):
    """A table finished before the server was stopped: its seat page shows the score sheet, opens
    every deal in the Review, and downloads the deal records."""
    t, _, (db,) = made_table(tmp_path, {"F": "person", "M": "computer:rules", "R": "computer:rules"}, ("served",),
                             secret=JOIN_SECRET, join=False, deals=1)        # (a deal the computers play)
    proc, port = start_server("--workers", "1", "--db", str(db), log=tmp_path / "first.log")
    try:
        http = Http(port)
        me = http.post(f"/api/tables/{t['id']}/join", json={"invite": t["invites"]["F"], "name": "ann"}).json()
        _play_api(http, t["id"], {"F": me["token"]})
    finally:
        proc.terminate()
        proc.wait(timeout=20)
    proc, port = start_server("--workers", "1", "--db", str(db), log=tmp_path / "again.log", port=port)
    try:
        ctx = browser.new_context()
        page = ctx.new_page()
        page.set_default_timeout(60_000)
        base = f"http://127.0.0.1:{port}/"
        page.goto(base)
        page.evaluate(f"localStorage.setItem('seat:{t['id']}:{t['invites']['F']}', '{me['token']}')")
        page.goto(f"{base}#table?id={t['id']}&invite={t['invites']['F']}")
        page.wait_for_selector("#final")
        assert page.inner_text("#final").startswith("Final standings")
        assert page.locator("#sheet tbody tr").count() >= 1
        assert page.locator("#download-records").count() == 1
        page.click("#sheet button.review-deal")
        page.wait_for_selector("#moves tbody tr")
        ctx.close()
    finally:
        proc.terminate()
        proc.wait(timeout=20)


def test_the_declarers_hand_after_a_reload_is_his_ten_and_the_two_put_away(server, browser):
    """Before: after a reload the declarer's page showed the hand before the pick-up (a card put
    away shown, a card picked up missing) and 'the skat you picked up'."""
    ctx = browser.new_context()
    host = ctx.new_page()
    host.set_default_timeout(60_000)
    links = _create(host, server, {"F": "person", "M": "computer:rules", "R": "computer:rules"})
    page = _join(browser.new_context(), links["F"], "ann")
    put_away: list[str] = []
    for _ in range(200):                                # the person holds every bid: he declares
        q = page.locator("#question")
        kind = q.get_attribute("data-kind") if q.count() else None
        if kind == "card":
            break
        if kind == "discard":
            put_away = [page.locator("#twelve .card").nth(i).get_attribute("data-card") for i in (0, 1)]
        # the question looked at, and no other: the page may have moved on since (the discard
        # answered unseen, or the first card played)
        if kind is None or not _act(page, {page}, only=kind):
            time.sleep(0.1)
    assert put_away and page.locator("#question").get_attribute("data-kind") == "card"
    page.reload()
    page.wait_for_selector("#question[data-kind=card]")
    mine = page.locator(".seat-box.me .card").evaluate_all("els => els.map(e => e.dataset.card)")
    assert len(mine) == 10 and not set(put_away) & set(mine), (mine, put_away)
    assert "the skat you put away" in page.inner_text("#skat")
    assert sorted(page.locator("#skat .card").evaluate_all("els => els.map(e => e.dataset.card)")) == sorted(put_away)
    page.context.close()
    ctx.close()
