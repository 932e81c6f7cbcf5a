"""The web app's API: the same answers as the command line's --json, one-line 400s for bad input."""

from __future__ import annotations

import json
import threading
import time

import pytest
from click.testing import CliRunner
from fastapi.testclient import TestClient

from cli.main import cli
from web.app import MAX_BODY, create_app
from web.limits import Limits

from .conftest import ROOT, start_server

HAND = "CJ SJ HA HT HK H9 SA S7 D8 D7"
ISS = (ROOT / "data" / "iss_games.sgf").read_text().splitlines()[0]


@pytest.fixture(scope="module")
def client():
    with TestClient(create_app(workers=1)) as c:
        yield c


def _cli_json(args: list[str]) -> dict:
    r = CliRunner().invoke(cli, args)
    assert r.exit_code == 0, r.output
    return json.loads(r.output.strip().splitlines()[-1])


def _same(a: dict, b: dict) -> None:
    a, b = dict(a), dict(b)
    a.pop("seconds", None)
    b.pop("seconds", None)
    assert a == b


@pytest.mark.slow
def test_bid_answers_as_the_command_line_does(client):
    body = {"cards": HAND, "seat": "F", "to": 27, "samples": 24, "seed": 1}
    r = client.post("/api/bid", json=body)
    assert r.status_code == 200, r.text
    # (neither has a clock: the answer is the seed's alone)
    _same(r.json(), _cli_json(["bid", HAND, "--seat", "F", "--to", "27", "--samples", "24", "--seed", "1",
                               "--workers", "1", "--json"]))
    # the same advice as a job, with progress
    job = client.post("/api/jobs", json={"kind": "bid", "params": body}).json()
    for _ in range(600):
        st = client.get(f"/api/jobs/{job['id']}").json()
        if st["state"] != "running":
            break
        time.sleep(0.1)
    assert st["state"] == "done" and st["done"] == st["total"] > 0
    _same(st["result"], r.json())


def test_an_explicit_samples_is_honoured_as_on_the_command_line(client):
    """A request that names ``samples`` gets them for the leaders (no stop because the advice is
    clear); one that does not may stop early, and says what stopped it."""
    asked = client.post("/api/bid", json={"cards": HAND, "seat": "F", "to": 27, "samples": 40})
    assert asked.status_code == 200, asked.text
    assert asked.json()["stopped_by"] == "asked" and asked.json()["samples"] == 40
    free = client.post("/api/bid", json={"cards": HAND, "seat": "F", "to": 27}).json()
    assert free["stopped_by"] in ("decided", "precision", "pass", "samples")
    # the played-out chance says what it rests on: the games of its class and band the model saw
    e = free["advice"]["evidence"]
    rec = free["recommended"]
    assert e["count"] > 0 and e["band"][0] <= rec["p_win_dd"] <= e["band"][1]
    assert e["text"].startswith(e["class"]) and f"of {e['count']} played out" in e["text"]


def test_solve_and_analyse_answer_as_the_command_line_does(client, tmp_path):
    fields = {"F": HAND, "M": "C8 C9 CT CK CQ CA S8 S9 ST SK", "R": "H7 H8 HQ DJ HJ SQ D9 DT DK DQ",
              "skat": "DA C7", "game": "hearts", "declarer": "F"}
    r = client.post("/api/solve", json=fields | {"best": True})
    assert r.status_code == 200, r.text
    args = ["solve"] + [x for k, v in fields.items() for x in (f"--{k}", v)] + ["--best", "--json"]
    _same(r.json(), _cli_json(args))
    f = tmp_path / "g.sgf"
    f.write_text(ISS + "\n")
    r = client.post("/api/analyse", json={"iss": ISS, "no_declaration": True, "samples": 8})
    assert r.status_code == 200, r.text
    _same(r.json(), _cli_json(["analyse", str(f), "--no-declaration", "--workers", "1", "--samples", "8", "--json"]))


@pytest.mark.parametrize("path, body, message", [
    ("/api/bid", {"cards": "CJ SJ HA HT HK H9 SA S7 D8 XX", "seat": "F"}, "'XX': not a card"),
    ("/api/bid", {"cards": HAND, "seat": "Q"}, "seat:"),
    ("/api/bid", {"cards": HAND, "seat": "F", "samples": 10 ** 6}, "samples:"),
    ("/api/bid", {"cards": HAND, "seat": "F", "file": "/etc/passwd"}, "file:"),
    ("/api/solve", {"F": HAND, "game": "hearts", "declarer": "F"}, "M"),
    ("/api/analyse", {"iss": "not a game"}, "not a JSON record or an ISS game line"),
    ("/api/analyse", {"record": {"hands": 7}}, "hands"),
    ("/api/jobs", {"kind": "bid", "params": {"cards": HAND}}, "seat"),
    # the auction checked against the question, as skat bid --auction is
    ("/api/bid", {"cards": HAND, "seat": "R", "to": 22, "auction": "M:18 F:yes M:20 F:yes M:pass R:pass"},
     "R passed at call 6 (R:p)"),
    ("/api/bid", {"cards": HAND, "seat": "F", "to": 18, "auction": "M:18 F:yes M:20"},
     "a bid of 18 is below the auction's 20 at call 3 (M:20)"),
    ("/api/bid", {"cards": HAND, "seat": "M", "auction": "M:18"}, "after call 1 (M:18) F answers M's 18, not M"),
    ("/api/declare", {"cards": HAND, "skat": "CK DT", "seat": "F", "bid": 18,
                      "auction": "M:18 F:yes M:20 F:pass R:pass"}, "F passed at call 4 (F:p)"),
])
def test_bad_input_is_a_400_with_one_line(client, path, body, message):
    r = client.post(path, json=body)
    assert r.status_code == 400, r.text
    err = r.json()["error"]
    assert message in err and "\n" not in err and "Traceback" not in err


def test_limits_pages_and_docs(client):
    r = client.post("/api/analyse", content=b"{" + b" " * (MAX_BODY + 1) + b"}",
                    headers={"content-type": "application/json"})
    assert r.status_code == 413
    assert client.get("/api/jobs/nothing").status_code == 404
    page = client.get("/")
    assert page.status_code == 200 and "skat-solver" in page.text
    for asset in ("app.js", "advisor.js", "review.js", "solver.js", "cards.js", "api.js", "app.css", "sample.sgf"):
        assert client.get(f"/static/{asset}").status_code == 200, asset
    spec = client.get("/openapi.json").json()
    assert {"/api/bid", "/api/declare", "/api/solve", "/api/analyse", "/api/jobs"} <= set(spec["paths"])
    assert client.get("/docs").status_code == 200


def _question(client, gid: str) -> dict:
    for _ in range(600):
        st = client.get(f"/api/games/{gid}").json()
        if st["question"] or st["end"]:
            return st
        time.sleep(0.05)
    raise AssertionError("no question came")


def test_games_are_private_to_their_browser_and_wrong_answers_are_asked_again(client):
    r = client.post("/api/games", json={"deals": 1, "seed": 3, "opponents": "rules"})
    assert r.status_code == 200
    gid = r.json()["id"]
    st = _question(client, gid)
    q = st["question"]
    assert q["kind"] in ("bid", "answer", "play18") and len(q["cards"]) == 10
    saved = dict(client.cookies)
    client.cookies.clear()                                   # another browser
    assert client.get(f"/api/games/{gid}").status_code == 404
    assert client.post(f"/api/games/{gid}/answer", json={"answer": "yes"}).status_code == 404
    client.cookies.update(saved)
    assert client.post(f"/api/games/{gid}/answer", json={"answer": "maybe"}).status_code == 200
    again = _question(client, gid)["question"]
    assert again["kind"] == q["kind"] and again["error"] == "answer yes or pass"
    assert client.post(f"/api/games/{gid}/answer", json={"answer": "pass"}).status_code == 200
    assert client.delete(f"/api/games/{gid}").status_code == 200
    assert client.get(f"/api/games/{gid}").status_code == 404


def test_declare_answers_as_the_command_line_does(client):
    body = {"cards": HAND, "skat": "CK DT", "bid": 27, "seat": "F", "samples": 16, "discards": 2}
    r = client.post("/api/declare", json=body)
    assert r.status_code == 200, r.text
    _same(r.json(), _cli_json(["declare", HAND, "--skat", "CK DT", "--bid", "27", "--seat", "F", "--samples", "16",
                               "--discards", "2", "--workers", "1", "--json"]))


def _hinted(client, gid: str) -> dict:
    """Ask for a hint at the question now open and wait for it; the match must go on."""
    assert client.post(f"/api/games/{gid}/answer", json={"answer": {"hint": True}}).status_code == 200
    for _ in range(1200):
        st = client.get(f"/api/games/{gid}").json()
        assert st["end"] is None, st["end"]                   # a hint never ends the match
        if st["hint"] and st["question"]:
            return st
        time.sleep(0.05)
    raise AssertionError("no hint came")


def _play_through(client, gid: str, choose, turns: int = 80) -> None:
    """Answer each question of a match with ``choose(question)`` until it ends (a card question
    that ``choose`` leaves to it, None, gets the first legal card; any other, "no"), waiting each
    time until the answer is taken and the question moves on."""
    for _ in range(turns):
        st = _question(client, gid)
        if st["end"]:
            return
        q = st["question"]
        a = choose(q)
        if a is None:
            a = q["legal"][0] if q["kind"] == "card" else "no"
        assert client.post(f"/api/games/{gid}/answer", json={"answer": a}).status_code == 200
        for _ in range(200):
            if client.get(f"/api/games/{gid}").json()["question"] != q:
                break
            time.sleep(0.05)


@pytest.mark.slow
def test_a_hint_in_every_phase_answers_and_never_ends_the_match(client):
    # seed 7: the auction's hint used to end the match ('31': not a card)
    gid = client.post("/api/games", json={"deals": 1, "seed": 7, "opponents": "rules"}).json()["id"]
    seen: dict[str, str] = {}

    def choose(q):
        phase = {"bid": "auction", "answer": "auction", "play18": "auction", "hand": "hand",
                 "discard": "discard", "card": "card"}.get(q["kind"])
        if phase and phase not in seen:
            seen[phase] = _hinted(client, gid)["hint"]["text"]
        # hold every bid (so this seat declares), pick up, put away two cards and play grand,
        # then the first legal card each time
        return {"bid": "yes", "answer": "yes", "play18": "yes", "hand": "pickup",
                "discard": {"discard": q["cards"][:2], "game": "grand"}}.get(q["kind"])
    _play_through(client, gid, choose)
    st = client.get(f"/api/games/{gid}").json()
    assert st["end"] is not None and "error" not in st["end"], st["end"]
    assert set(seen) == {"auction", "hand", "discard", "card"}, seen
    assert seen["auction"].startswith("bid advice by your cards")
    assert seen["hand"].split(": ")[1].startswith(("Pick up the skat", "Play "))      # no "pass" once he won
    assert seen["discard"].startswith("declare advice by your twelve cards: Discard")
    # the played-out chance of the advice says what it rests on, as the terminal's line does
    assert "Evidence: " in seen["discard"] and " played out." in seen["discard"]
    best, dd = seen["card"].split("\n")
    assert best.startswith("best by what you know") and dd.startswith("double-dummy best (every card seen)")
    client.delete(f"/api/games/{gid}")


@pytest.mark.slow
def test_the_browser_sees_the_skat_only_when_its_player_picks_it_up(client):
    """A computer that picks up the skat: the page learns that he did, never which cards (the
    skat is hidden from the other two players); the person who picks it up sees it."""
    others = mine = 0
    for seed in range(1, 9):
        passing = seed % 2 == 1                     # pass (a computer declares) or hold (you do)
        gid = client.post("/api/games", json={"deals": 1, "seed": seed, "opponents": "rules"}).json()["id"]
        call = "pass" if passing else "yes"
        _play_through(client, gid, lambda q, call=call: {"bid": call, "answer": call, "play18": call, "hand": "pickup",
                                                         "discard": {"discard": q["cards"][:2], "game": "grand"}}
                      .get(q["kind"]))
        events = client.get(f"/api/games/{gid}?since=0").json()["events"]
        me = "FMR"[next(e for e in events if e["kind"] == "deal")["seats"].index(0)]
        for e in events:
            if e["kind"] == "pickup" and e["seat"] != me:
                assert "skat" not in e, e
                others += 1
            elif e["kind"] == "pickup":
                assert len(e["skat"]) == 2
                mine += 1
        client.delete(f"/api/games/{gid}")
    assert others > 0 and mine > 0


def test_a_new_deal_shows_your_cards_before_any_question(client):
    """While the computers bid first, the page already has the person's ten cards (and only his)."""
    gid = client.post("/api/games", json={"deals": 1, "seed": 2, "opponents": "rules"}).json()["id"]
    q = _question(client, gid)["question"]
    events = client.get(f"/api/games/{gid}?since=0").json()["events"]
    kinds = [e["kind"] for e in events]
    assert kinds.index("deal") < kinds.index("hand") and kinds.count("hand") == 1
    assert set([e for e in events if e["kind"] == "hand"][0]["cards"]) == set(q["cards"])
    client.delete(f"/api/games/{gid}")


@pytest.mark.slow
def test_spitze_is_asked_of_the_person_who_declares_holding_the_lowest_trump(client):
    """House rule Spitze: declaring Grand with the jack of diamonds (Grand's lowest trump) kept,
    the person is asked; yes makes the game a Grand Spitze."""
    gid = client.post("/api/games", json={"deals": 1, "seed": 3, "opponents": "rules", "house": "spitze"}).json()["id"]
    asked = []

    def choose(q):
        if q["kind"] == "discard":
            assert "DJ" in q["cards"]
            return {"discard": [c for c in q["cards"] if c != "DJ"][:2], "game": "grand"}
        if q["kind"] == "spitze":
            asked.append(q)
        return {"bid": "yes", "answer": "yes", "play18": "yes", "hand": "pickup", "spitze": "yes"}.get(q["kind"])
    _play_through(client, gid, choose)
    assert len(asked) == 1 and asked[0]["card"] == "DJ" and asked[0]["game"] == "grand"
    events = client.get(f"/api/games/{gid}?since=0").json()["events"]
    assert [e["declaration"] for e in events if e["kind"] == "declaration"] == ["grand spitze"]
    client.delete(f"/api/games/{gid}")


@pytest.mark.slow
def test_a_match_nobody_looks_at_is_stopped_and_its_process_ends():
    psutil = pytest.importorskip("psutil")
    me = psutil.Process()
    with TestClient(create_app(workers=1, idle=1.0)) as c:
        before = {p.pid for p in me.children(recursive=True)}
        gid = c.post("/api/games", json={"deals": 1, "seed": 3, "opponents": "rules"}).json()["id"]
        assert _question(c, gid)["question"] is not None             # running, and asking
        match = [p for p in me.children(recursive=True) if p.pid not in before]
        assert match and all(p.is_running() for p in match)
        time.sleep(1.5)                                                # the tab is closed: nobody polls
        assert c.get("/api/games/another").status_code == 404         # any request about matches reaps
        gone = psutil.wait_procs(match, timeout=10)[0]
        assert len(gone) == len(match)
        assert c.get(f"/api/games/{gid}").status_code == 404


def test_a_server_plays_at_most_its_number_of_matches_at_once():
    with TestClient(create_app(workers=1, limits=Limits(max_matches=1))) as c:
        assert c.post("/api/games", json={"deals": 1, "seed": 3, "opponents": "rules"}).status_code == 200
        mine = c.cookies.get("skat_session")
        c.cookies.clear()                               # another browser (no cookie yet)
        r = c.post("/api/games", json={"deals": 1, "seed": 4, "opponents": "rules"})
        assert r.status_code == 429 and "matches are being played on this server" in r.json()["error"]
        c.cookies.clear()
        c.cookies.set("skat_session", mine)             # the first browser starting again replaces its own match
        assert c.post("/api/games", json={"deals": 1, "seed": 5, "opponents": "rules"}).status_code == 200


@pytest.mark.slow
def test_four_at_the_table_the_dealer_sits_out_and_in_duel_mode_the_partner_never_bids(client):
    gid = client.post("/api/games", json={"deals": 4, "seed": 5, "opponents": "rules", "players": 4}).json()["id"]
    _play_through(client, gid, lambda q: {"bid": "pass", "answer": "pass", "play18": "pass"}.get(q["kind"]),
                  turns=200)
    events = client.get(f"/api/games/{gid}?since=0").json()["events"]
    deals = [e for e in events if e["kind"] == "deal"]
    assert len(deals) == 4 and all(e["names"] == ["you", "computer 1", "computer 2", "computer 3"] for e in deals)
    # each of the four deals once and sits that deal out: the person is missing from one deal's seats
    assert sum(0 not in e["seats"] for e in deals) == 1
    assert client.get(f"/api/games/{gid}").json()["end"]["standings"]
    client.delete(f"/api/games/{gid}")

    gid = client.post("/api/games", json={"deals": 3, "seed": 6, "opponents": "rules", "duel": True}).json()["id"]
    _play_through(client, gid, lambda q: {"bid": "yes", "answer": "yes", "play18": "yes", "hand": "pickup",
                                          "discard": {"discard": q["cards"][:2], "game": "grand"}}.get(q["kind"]))
    events = client.get(f"/api/games/{gid}?since=0").json()["events"]
    partner_calls = 0
    for e in events:
        if e["kind"] == "deal":
            assert e["names"] == ["you", "opponent", "partner"]
            partner = "FMR"[e["seats"].index(2)]
        elif e["kind"] == "auction":
            calls = [m for p, m in e["history"] if p == partner]
            partner_calls += len(calls)
            assert all(m == "p" for m in calls), e["history"]
    assert partner_calls > 0
    client.delete(f"/api/games/{gid}")
    r = client.post("/api/games", json={"deals": 1, "players": 4, "duel": True})
    assert r.status_code == 400 and r.json()["error"] == "duel: duel mode is for three at the table"


def _auto_bid_match(client, seed: int, limit: int) -> tuple[str, list]:
    """A one-deal match bidding automatically up to ``limit``: no auction question may come;
    the person's seat and the auction as it went."""
    gid = client.post("/api/games", json={"deals": 1, "seed": seed, "opponents": "rules",
                                          "auto_bid": limit}).json()["id"]
    kinds: list[str] = []

    def choose(q):
        kinds.append(q["kind"])
        return {"hand": "pickup", "discard": {"discard": q["cards"][:2], "game": "grand"}}.get(q["kind"])
    _play_through(client, gid, choose)
    assert not {"bid", "answer", "play18"} & set(kinds)
    events = client.get(f"/api/games/{gid}?since=0").json()["events"]
    me = "FMR"[next(e for e in events if e["kind"] == "deal")["seats"].index(0)]
    history = next(e for e in events if e["kind"] == "auction")["history"]
    client.delete(f"/api/games/{gid}")
    return me, history


@pytest.mark.slow
def test_automatic_bidding_holds_up_to_its_limit_and_never_asks(client):
    """As the seed's app's "Automático até": the table bids and holds for the person up to the
    limit and passes above it; no auction question comes."""
    for seed in (1, 2, 3):
        me, history = _auto_bid_match(client, seed, 20)
        value = 0
        for p, m in history:                            # every bid or hold of the person is at most 20
            value = int(m) if m not in ("y", "p") else value
            if p == me and m != "p":
                assert value <= 20, history


@pytest.mark.slow
def test_automatic_bidding_at_0_always_passes_as_in_the_terminal(client):
    """--auto-bid 0 means "always pass" in the terminal; the browser takes the same 0 (and refuses
    a limit under 18 with the same words)."""
    me, history = _auto_bid_match(client, 4, 0)
    assert [m for p, m in history if p == me] == ["p"], history     # asked once, passed at once
    r = client.post("/api/games", json={"deals": 1, "auto_bid": 12})
    assert r.status_code == 400 and "give 0 (always pass) or a bid from 18 to 264" in r.json()["error"]
    from click.testing import CliRunner

    from cli.main import cli
    t = CliRunner().invoke(cli, ["play", "--auto-bid", "12", "--deals", "1"])
    assert t.exit_code == 2 and "give 0 (always pass) or a bid from 18 to 264" in t.output


def test_every_4xx_has_the_one_error_shape(client):
    # an unknown path, a method a path does not take, a body that is no JSON: {"error": ...} like the others
    r = client.get("/api/nothing")
    assert r.status_code == 404 and r.json() == {"error": "no such path: /api/nothing"}
    r = client.get("/api/bid")
    assert r.status_code == 405 and r.json() == {"error": "GET is not allowed on /api/bid"}
    r = client.post("/api/bid", content=b'{"cards": ', headers={"content-type": "application/json"})
    assert r.status_code == 400 and r.json()["error"].startswith("the request body is not valid JSON: ")


@pytest.mark.slow
def test_the_server_stops_cleanly_on_sigterm_with_matches_open(tmp_path):
    import signal
    import urllib.request
    log = tmp_path / "server.log"
    proc, port = start_server("--workers", "1", log=log)
    try:
        url = f"http://127.0.0.1:{port}/api/games"
        for seed in (1, 2):                                 # two matches left open
            req = urllib.request.Request(url, data=json.dumps({"deals": 1, "seed": seed, "opponents": "rules"})
                                         .encode(), headers={"content-type": "application/json"})
            assert json.loads(urllib.request.urlopen(req, timeout=30).read())["id"]
        time.sleep(2)
        proc.send_signal(signal.SIGTERM)
        proc.wait(timeout=30)
    finally:
        if proc.poll() is None:
            proc.kill()
    err = log.read_text()
    # (uvicorn shuts down, then ends by the signal it caught: -15 is a clean stop too)
    assert proc.returncode in (0, -signal.SIGTERM), err
    assert "leaked" not in err and "Traceback" not in err, err


def test_the_pages_read_the_rules_from_the_library(client):
    """GET /api/meta is the library's registries, so the pages copy none of the rules."""
    from solver.games import GAME_NAMES, SEATS
    from solver.house import HOUSE_OPTIONS, IMPLIES
    from solver.players import PLAYERS
    from solver.scoring import BID_LADDER
    m = client.get("/api/meta").json()
    assert m["bid_ladder"] == list(BID_LADDER) and m["bid_ladder"][:6] == [18, 20, 22, 23, 24, 27]
    assert m["games"] == list(GAME_NAMES[:6]) and list(m["seats"]) == list(SEATS)
    assert m["players"] == list(PLAYERS)
    assert [r["name"] for r in m["house"]] == list(HOUSE_OPTIONS)
    assert {r["name"]: tuple(r["implies"]) for r in m["house"] if r["implies"]} == IMPLIES
    static = ROOT / "web" / "static"
    for page in ("advisor.js", "play.js", "solver.js"):
        text = (static / page).read_text()
        assert "18, 20, 22" not in text and '"diamonds", "hearts"' not in text and "schieberamsch:" not in text, page


def test_a_match_streams_like_a_table(client):
    """The browser follows a match on the tables' event stream: from the start it carries the
    events the snapshot lists (with their numbers), then the match's end; another browser's
    request is a 404; while the stream is open the match is not idle."""
    gid = client.post("/api/games", json={"deals": 1, "seed": 5, "opponents": "rules"}).json()["id"]
    _play_through(client, gid, lambda q: {"bid": "pass", "answer": "pass", "play18": "pass"}.get(q["kind"]))
    snapshot = client.get(f"/api/games/{gid}?since=0").json()
    assert snapshot["end"] is not None
    streamed, kinds = [], []
    with client.stream("GET", f"/api/games/{gid}/events") as r:
        assert r.headers["content-type"].startswith("text/event-stream")
        assert client.app.state.skat.games[gid].idle() == 0.0          # (looked at: never stopped as idle)
        kind = None
        for line in r.iter_lines():
            if line.startswith("event: "):
                kind = line[7:]
                kinds.append(kind)
            elif line.startswith("data: ") and kind == "event":
                streamed.append(json.loads(line[6:]))
            elif line.startswith("data: ") and kind == "end":
                assert json.loads(line[6:]) == snapshot["end"]
                break
    assert [{k: v for k, v in e.items() if k != "id"} for e in streamed] == snapshot["events"]
    assert [e["id"] for e in streamed] == sorted({e["id"] for e in streamed})
    assert "end" in kinds
    assert TestClient(client.app).get(f"/api/games/{gid}/events").status_code == 404     # another browser
    huge = client.get("/api/games/" + "x" * 5000 + "/events")              # (a stranger's id is not echoed whole)
    assert huge.status_code == 404 and len(huge.text) < 200
    assert client.get(f"/api/games/{gid}").status_code == 200
    client.delete(f"/api/games/{gid}")


def test_a_stopped_match_ends_its_event_stream(client):
    """A match ended by its browser (DELETE, or a new match) ends its open event stream; a stream
    left open would live on keep-alives."""
    gid = client.post("/api/games", json={"deals": 1, "seed": 6, "opponents": "rules"}).json()["id"]
    _question(client, gid)
    ended = threading.Event()

    def follow() -> None:
        with client.stream("GET", f"/api/games/{gid}/events") as r:
            for line in r.iter_lines():
                if line.startswith("event: "):
                    opened.set()
        ended.set()

    opened = threading.Event()
    threading.Thread(target=follow, daemon=True).start()
    assert opened.wait(20)
    assert not ended.wait(1)                                 # (open while the match goes on)
    assert client.delete(f"/api/games/{gid}").status_code == 200
    assert ended.wait(10)
