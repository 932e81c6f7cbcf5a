"""Tables nobody can cheat or break: every attack a stranger at the table tried (issue #61), each
a regression test through the bot API with its reproduction in the docstring; deals nobody can
predict and anyone can check; answers checked before they are stored; the server's resources
bounded; one server a store; strict inputs."""

from __future__ import annotations

import json
import logging
import random
import shutil
import signal
import socket
import sqlite3
import subprocess
import sys
import threading
import time
import urllib.error
import urllib.parse
import urllib.request
from pathlib import Path

import pytest
from fastapi.testclient import TestClient
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from web.app import create_app
from web.limits import Limits
from web.server import Once
from web.tables import Store, StoreError
from solver.fair import check_record

from .conftest import ROOT, free_port, start_server
from .test_tables import (Http, _join_all, _play, _records, _serve, _stream, _table, auth, choose, deal_from,
                          made_table, uninterrupted)

pytestmark = pytest.mark.slow

THREE = {"F": "person", "M": "person", "R": "person"}
ONE = {"F": "person", "M": "computer:rules", "R": "computer:rules"}


@pytest.fixture()
def db(tmp_path) -> Path:
    return tmp_path / "tables.sqlite"


@pytest.fixture()
def client(db):
    with TestClient(create_app(workers=1, db=str(db), limits=Limits(max_tables=8, client_tables=8))) as c:
        yield c


def rows(db: Path) -> tuple[int, int, int]:
    """How many tables, seats and decisions (taken answers) the store holds."""
    with sqlite3.connect(db) as con:
        return tuple(con.execute(f"SELECT count(*) FROM {name}{where}").fetchone()[0]
                     for name, where in (("tables", ""), ("seats", ""),
                                         ("decisions", " WHERE answer IS NOT NULL")))   # type: ignore[return-value]


def asked(client, tid: str, token: str, kinds: tuple[str, ...] = (), turns: int = 400) -> dict:
    """The seat's state once it is asked (a question of one of ``kinds``, if given); answers
    with :func:`choose` meanwhile when asked something else."""
    for _ in range(turns):
        st = client.get(f"/api/tables/{tid}/state", headers=auth(token)).json()
        if st["to_act"] and (not kinds or st["question"]["kind"] in kinds):
            return st
        if st["to_act"]:
            client.post(f"/api/tables/{tid}/act", json={"answer": choose(st["question"])}, headers=auth(token))
        time.sleep(0.02)
    raise AssertionError("the seat was never asked")


# ------------------------------------------------------------------ deals nobody can predict

def test_a_client_cannot_choose_the_seed(client):
    """Before: ``POST /api/tables {"seed": 7, ...}`` dealt the cards of seed 7, so the host knew
    every hand; and ``"seed": -1`` was taken and stopped the table at the first join."""
    for seed in (7, -1, "7", None):
        r = client.post("/api/tables", json={"seats": THREE, "seed": seed})
        if seed is None:
            assert r.status_code == 200
        else:
            assert r.status_code == 400 and r.json()["error"].startswith("seed:"), r.text
            assert "nobody chooses" in r.json()["error"]


def test_tables_made_in_the_same_second_share_nothing(client, db):
    """Before: a table's seed was 24 bits (``os.urandom(3)``); from its own ten cards a seat found
    it in about 520 CPU-seconds and knew every hand.  Now each table deals from 256 bits of
    ``secrets``: eight tables made at once have eight different secrets and first deals, and no
    seat's state, event or the settings it sees carry the secret."""
    made = [_table(client, ONE, deals=1) for _ in range(8)]
    with sqlite3.connect(db) as con:
        secrets = [json.loads(s)["secret"] for (s,) in con.execute("SELECT settings FROM tables")]
    assert len(set(secrets)) == 8 and all(len(s) == 64 for s in secrets)       # 256 bits each
    firsts = []
    for t in made:
        me = client.post(f"/api/tables/{t['id']}/join", json={"invite": t["invites"]["F"], "name": "ann"}).json()
        st = asked(client, t["id"], me["token"])
        assert not any(s in json.dumps(st) for s in secrets)
        events = _stream(client, t["id"], me["token"])
        deal = next(e for e in events if e["kind"] == "deal")
        assert len(deal["commitment"]) == 64 and not any(s in json.dumps(events) for s in secrets)
        firsts.append((deal["commitment"], tuple(next(e for e in events if e["kind"] == "hand")["cards"])))
        client.delete(f"/api/tables/{t['id']}", headers=auth(t["host"]))
    assert len({c for c, _ in firsts}) == 8 and len({h for _, h in firsts}) == 8


def test_every_deal_is_committed_before_the_first_call_and_verified_after(client, tmp_path, monkeypatch):
    """Each seat gets the deal's commitment in the ``deal`` event, before any question; the
    finished record carries the commitment and the reveal; ``skat verify`` passes on the match
    and names a changed card or secret (exit 1)."""
    deal_from(monkeypatch, 3)
    t = _table(client, THREE, deals=2)
    tokens = _join_all(client, t)
    _play(client, t["id"], tokens)
    events = _stream(client, t["id"], tokens["M"])
    kinds = [e["kind"] for e in events]
    first_question_or_call = min(i for i, e in enumerate(events) if e["kind"] in ("auction", "card"))
    assert kinds.index("deal") < first_question_or_call and events[kinds.index("deal")]["commitment"]
    text = client.get(f"/api/tables/{t['id']}/records", headers=auth(tokens["F"])).text
    records = [json.loads(line) for line in text.splitlines()]
    commitments = [e["commitment"] for e in events if e["kind"] == "deal"]
    assert [r["commitment"] for r in records] == commitments
    assert all(check_record(r) == [] for r in records)
    path = tmp_path / "match.jsonl"
    path.write_text(text)
    ok = subprocess.run([sys.executable, "-m", "cli.main", "verify", str(path)], cwd=ROOT, capture_output=True,
                        text=True, timeout=60)
    assert ok.returncode == 0 and ok.stdout.count(": verified") == 2, ok.stdout + ok.stderr
    # a card swapped between two hands, or another secret: named, exit 1
    changed = dict(records[1])
    hands = {k: list(v) for k, v in changed["hands"].items()}
    hands["F"][0], hands["M"][0] = hands["M"][0], hands["F"][0]
    forged = dict(records[0], reveal=dict(records[0]["reveal"], secret="0" * 64))
    path.write_text(json.dumps(forged) + "\n" + json.dumps(dict(changed, hands=hands)) + "\n")
    bad = subprocess.run([sys.executable, "-m", "cli.main", "verify", str(path)], cwd=ROOT, capture_output=True,
                         text=True, timeout=60)
    assert bad.returncode == 1, bad.stdout
    first, second = bad.stdout.splitlines()
    assert "line 1: NOT verified" in first and "commitment is not SHA-256" in first
    assert "line 2: NOT verified" in second and "F's hand" in second and hands["F"][0] in second


@pytest.mark.skipif(shutil.which("node") is None, reason="no node to run the page's check")
def test_the_page_checks_a_deal_as_the_library_does(tmp_path):
    """The seat page's SHA-256, shuffle and check (static/fair.js) agree with solver.fair."""
    from solver.fair import FairDeck, commitment, dealt_text, shuffled
    cases = []
    for n in range(1, 6):
        s = FairDeck.from_hex(f"{n:064x}").secret(n)
        order = shuffled(s)
        cases.append({"secret": s, "dealt": dealt_text(order), "commitment": commitment(s, order)})
    shutil.copy(ROOT / "web" / "static" / "fair.js", tmp_path / "fair.mjs")
    script = tmp_path / "check.mjs"
    script.write_text(
        'import { shuffled, checkDeal, hex, sha256 } from "./fair.mjs";\n'
        f"const cases = {json.dumps(cases)};\n"
        "console.log(JSON.stringify(cases.map(c => [shuffled(c.secret).join(' ') === c.dealt,"
        " checkDeal(c.commitment, {secret: c.secret, dealt: c.dealt}, c.dealt.split(' ').slice(10, 20), 'M'),"
        " checkDeal(c.commitment, {secret: c.secret, dealt: c.dealt}, c.dealt.split(' ').slice(0, 10), 'M'),"
        " hex(sha256('abc'))])));\n")
    out = json.loads(subprocess.run(["node", str(script)], capture_output=True, text=True, timeout=60,
                                    check=True).stdout)
    for same, good, wrong_hand, abc in out:
        assert same and good == [] and wrong_hand == ["your cards are not the cards dealt to you"]
        assert abc == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"   # FIPS 180-2's example


# ------------------------------------------------------------------ every answer checked

def test_the_tables_own_signals_cannot_be_sent(client, db):
    """Before: ``POST /act {"answer": null}`` on one's own turn gave a 504 after 60 s, every seat
    ``stopped`` and ``{"abandoned": true}`` stored for good (None is the table process's own
    abandon signal); ``{"answer": {"timeout": true}}`` was taken at a table without a clock.
    Now each is a 400 that changes nothing: the seat is still asked the same question."""
    t = _table(client, ONE, deals=1)
    me = client.post(f"/api/tables/{t['id']}/join", json={"invite": t["invites"]["F"], "name": "ann"}).json()
    st = asked(client, t["id"], me["token"])
    before = rows(db)
    for answer in (None, {"timeout": True}, {"hint": True, "timeout": True}, {"hint": 1}, True, 3, [], ["pass"]):
        r = client.post(f"/api/tables/{t['id']}/act", json={"answer": answer}, headers=auth(me["token"]))
        assert r.status_code == 400 and r.json()["error"].startswith("answer"), (answer, r.text)
    again = client.get(f"/api/tables/{t['id']}/state", headers=auth(me["token"])).json()
    assert again["question"] == st["question"] and again["phase"] != "stopped" and rows(db) == before


def test_an_answer_too_deep_or_too_long_is_refused_before_it_is_stored(client, db):
    """Before: an answer nested 900 levels deep was stored, could not be pickled to the table
    (504), and after a restart the table was frozen on every restart.  Now: 400, nothing stored,
    and the table plays on after a restart."""
    t = _table(client, ONE, deals=1)
    me = client.post(f"/api/tables/{t['id']}/join", json={"invite": t["invites"]["F"], "name": "ann"}).json()
    asked(client, t["id"], me["token"])
    before = rows(db)
    deep: object = "pass"
    for _ in range(900):
        deep = [deep]
    for answer in (deep, {"discard": deep, "game": "grand"}, "x" * 5000, {"discard": ["CJ", "SJ"], "game": "g" * 99},
                   {"discard": ["CJ", "SJ", "HJ"], "game": "grand"}, {"discard": "CJ SJ", "colour": 1}):
        r = client.post(f"/api/tables/{t['id']}/act", content=json.dumps({"answer": answer}),
                        headers={**auth(me["token"]), "Content-Type": "application/json"})
        assert r.status_code == 400, r.text[:200]
    assert rows(db) == before
    _play(client, t["id"], {"F": me["token"]})


def test_two_acts_at_once_from_one_seat(db, tmp_path):
    """Before: two acts at once from one seat (``"bogus"`` and ``"pass"``): the refused one
    decremented the decision counter, the next seat's answer overwrote the accepted one, and after
    kill -9 the wrong seat was asked.  Now acts are taken one at a time: of ("bogus", "pass")
    sent together exactly "pass" is taken, the numbers are never reused, and a server started
    again on the store stands where this one stood."""
    with TestClient(create_app(workers=1, db=str(db))) as c:
        t = _table(c, THREE, deals=2)
        tokens = _join_all(c, t)
        for _ in range(3):                           # the first deal's auction, each answered by two acts at once
            st = None
            for _ in range(400):
                states = {s: c.get(f"/api/tables/{t['id']}/state", headers=auth(tok)).json()
                          for s, tok in tokens.items()}
                who = [s for s, x in states.items() if x["to_act"]]
                if who:
                    st = states[who[0]]
                    break
                time.sleep(0.02)
            assert st is not None and st["phase"] == "auction", st
            token = tokens[st["seat"]]
            results: dict[str, int] = {}

            def act(answer, token=token, results=results):
                results[answer] = c.post(f"/api/tables/{t['id']}/act", json={"answer": answer},
                                         headers=auth(token)).status_code
            threads = [threading.Thread(target=act, args=(a,)) for a in ("bogus", "pass")]
            for th in threads:
                th.start()
            for th in threads:
                th.join()
            assert results["bogus"] in (400, 409) and results["pass"] in (200, 409), results
            if results["pass"] == 409:               # "bogus" first, refused; then the question is still open
                assert c.post(f"/api/tables/{t['id']}/act", json={"answer": "pass"},
                              headers=auth(token)).status_code == 200
        seen = waiting_for_a_question(c, t["id"], tokens)       # (the first deal passed in: the second's)
    with sqlite3.connect(db) as con:
        ns = [n for (n,) in con.execute("SELECT n FROM decisions ORDER BY n")]
        answers = [json.loads(a) for (a,) in con.execute("SELECT answer FROM decisions WHERE answer IS NOT NULL")]
    assert len(ns) == len(set(ns)) and set(answers) == {"pass"}       # nothing "bogus" kept, no number twice
    with TestClient(create_app(workers=1, db=str(db))) as c:           # started again: the same seat is asked
        again = waiting_for_a_question(c, t["id"], tokens)
        assert {s: x["to_act"] for s, x in again.items()} == {s: x["to_act"] for s, x in seen.items()}
        assert {s: x["hand"] for s, x in again.items()} == {s: x["hand"] for s, x in seen.items()}


def waiting_for_a_question(c, tid: str, tokens: dict[str, str]) -> dict[str, dict]:
    """Every seat's state once one of them is asked something of the deal (each says 'next' at a
    deal's end), read twice in a row the same (a state read takes in what the table said)."""
    last = None
    for _ in range(400):
        states = {s: c.get(f"/api/tables/{tid}/state", headers=auth(tok)).json() for s, tok in tokens.items()}
        nexts = [s for s, x in states.items() if x["to_act"] and x["question"]["kind"] == "next"]
        for s in nexts:
            c.post(f"/api/tables/{tid}/act", json={"answer": "next"}, headers=auth(tokens[s]))
        asked = {s: x["to_act"] for s, x in states.items()}
        if not nexts and any(asked.values()) and asked == last:
            return states
        last = None if nexts else asked
        time.sleep(0.02)
    raise AssertionError("nobody was asked")


# ------------------------------------------------------------------ bounded resources

def test_a_table_nobody_joins_expires_and_frees_its_place(db):
    """Before: 31 anonymous ``POST /api/tables`` and every later create was 429 (--max-tables 32),
    also after a restart: a table nobody joined never expired and could not be closed."""
    with TestClient(create_app(workers=1, db=str(db), limits=Limits(max_tables=2, table_expiry=0.5))) as c:
        a, b = _table(c, THREE), _table(c, THREE)
        assert c.post("/api/tables", json={"seats": THREE}).status_code == 429
        time.sleep(1.2)
        st = c.get(f"/api/tables/{a['id']}/state", headers=auth(a["host"])).json()
        assert st["phase"] == "closed" and "nobody joined" in st["end"]["closed"]
        assert c.post("/api/tables", json={"seats": THREE}).status_code == 200
        r = c.post(f"/api/tables/{b['id']}/join", json={"invite": b["invites"]["F"], "name": "late"})
        assert r.status_code == 409 and "closed" in r.json()["error"]
    with TestClient(create_app(workers=1, db=str(db), limits=Limits(max_tables=2))) as c:   # kept closed
        assert c.get(f"/api/tables/{a['id']}/state", headers=auth(a["host"])).json()["phase"] == "closed"


def test_the_host_closes_a_table(client, db):
    """``DELETE /api/tables/{id}`` with the host's token ends the table for every seat (a seat's
    token may not); the store keeps it closed."""
    t = _table(client, ONE, deals=3)
    me = client.post(f"/api/tables/{t['id']}/join", json={"invite": t["invites"]["F"], "name": "ann"}).json()
    asked(client, t["id"], me["token"])
    assert client.delete(f"/api/tables/{t['id']}", headers=auth(me["token"])).status_code == 403
    assert client.delete(f"/api/tables/{t['id']}").status_code == 403
    assert client.delete(f"/api/tables/{t['id']}", headers=auth(t["host"])).status_code == 200
    st = client.get(f"/api/tables/{t['id']}/state", headers=auth(me["token"])).json()
    assert st["phase"] == "closed" and not st["to_act"] and st["end"] == {"closed": "the host closed the table"}
    assert client.delete(f"/api/tables/{t['id']}", headers=auth(t["host"])).status_code == 409
    with sqlite3.connect(db) as con:
        assert con.execute("SELECT state FROM tables WHERE id = ?", (t["id"],)).fetchone() == ("closed",)


def test_one_address_cannot_take_every_table_or_match(db):
    """Per client address a cap on open tables and on matches against computers (each cookieless
    ``POST /api/games`` started a session of about 190 MB, 32 allowed): 429 with what to do."""
    limits = Limits(max_tables=8, client_tables=2, client_matches=1)
    with TestClient(create_app(workers=1, db=str(db), limits=limits)) as c:
        _table(c, THREE), _table(c, THREE)
        r = c.post("/api/tables", json={"seats": THREE})
        assert r.status_code == 429 and "this address has 2 open tables" in r.json()["error"]
        assert c.post("/api/games", json={"deals": 1}).status_code == 200
        c.cookies.clear()                                   # a client that keeps no cookie
        r = c.post("/api/games", json={"deals": 1})
        assert r.status_code == 429 and "this address plays" in r.json()["error"]


def test_advice_in_flight_is_capped_per_address(db):
    """Before: 8 advice jobs at samples 2000 made ``/api/bid`` take 49.5 s for everybody.  Now an
    address has at most ``client_advice`` requests that solve (advice, jobs, solve, analyse) running
    (429 past it)."""
    with TestClient(create_app(workers=1, db=str(db), limits=Limits(client_advice=1))) as c:
        job = {"kind": "bid", "params": {"cards": "CJ SJ HA HT HK H9 SA S7 D8 D7", "seat": "F", "samples": 300}}
        first = c.post("/api/jobs", json=job)
        assert first.status_code == 200
        r = c.post("/api/bid", json=job["params"])
        assert r.status_code == 429 and "requests that solve (advice, solve, analyse) running" in r.json()["error"]
        assert c.post("/api/jobs", json=job).status_code == 429
        for _ in range(600):
            if c.get(f"/api/jobs/{first.json()['id']}").json()["state"] != "running":
                break
            time.sleep(0.1)
        time.sleep(0.1)
        assert c.post("/api/jobs", json=job).status_code == 200          # its place is free again


def test_one_hint_at_a_time_per_seat(client):
    """Before: 25 hint requests blocked a table for 20 s.  Now a seat has one hint pending (a
    second before the first came is a 429), and one hint a question: asked again, it is the
    hint given."""
    t = _table(client, ONE, deals=1)
    me = client.post(f"/api/tables/{t['id']}/join", json={"invite": t["invites"]["F"], "name": "ann"}).json()
    asked(client, t["id"], me["token"])
    replies = [client.post(f"/api/tables/{t['id']}/act", json={"answer": {"hint": True}}, headers=auth(me["token"]))
               for _ in range(25)]
    assert replies[0].json() == {"ok": True, "hint": "asked"} and replies[1].status_code == 429, replies[1].text
    for _ in range(600):
        st = client.get(f"/api/tables/{t['id']}/state", headers=auth(me["token"])).json()
        if st["hint"]:
            break
        time.sleep(0.05)
    assert st["hint"], "the hint came"
    # the same question's hint again is the one given, not worked out again
    again = [client.post(f"/api/tables/{t['id']}/act", json={"answer": {"hint": True}}, headers=auth(me["token"]))
             for _ in range(25)]
    assert all(r.json() == {"ok": True, "hint": "given"} for r in again)
    assert [r.json()["hint"] for r in replies + again if r.status_code == 200].count("asked") == 1


def test_event_streams_are_capped_per_seat_and_no_seat_locks_out_another(db):
    """Before: the cap was per table and counted late: a burst of 200 from one seat's token got
    130 streams, and a seat holding 16 locked the other seats and the host out.  Now each seat (and
    the host) has its own cap, counted and registered in one step."""
    with TestClient(create_app(workers=1, db=str(db), limits=Limits(seat_streams=3))) as c:
        t = _table(c, THREE, deals=1)
        tokens = _join_all(c, t)
        held = []
        for _ in range(3):
            cm = c.stream("GET", f"/api/tables/{t['id']}/events", headers=auth(tokens["F"]))
            held.append(cm)
            assert cm.__enter__().status_code == 200
        r = c.get(f"/api/tables/{t['id']}/events", headers=auth(tokens["F"]))
        assert r.status_code == 429 and "this seat has 3 open event streams" in r.json()["error"]
        for who in (tokens["M"], t["host"]):
            with c.stream("GET", f"/api/tables/{t['id']}/events", headers=auth(who)) as other:
                assert other.status_code == 200
        for cm in held:
            cm.__exit__(None, None, None)


def test_the_token_never_goes_in_a_url_and_a_ticket_opens_one_stream(client):
    """Before: the seat token travelled as ``?token=`` on the event stream (kept in logs and
    histories).  Now ``?token=`` is a 400; a ticket from ``POST /ticket`` opens one stream."""
    t = _table(client, ONE, deals=1)
    me = client.post(f"/api/tables/{t['id']}/join", json={"invite": t["invites"]["F"], "name": "ann"}).json()
    r = client.get(f"/api/tables/{t['id']}/events?token={me['token']}")
    assert r.status_code == 400 and "never goes in a URL" in r.json()["error"]
    ticket = client.post(f"/api/tables/{t['id']}/ticket", headers=auth(me["token"])).json()["ticket"]
    with client.stream("GET", f"/api/tables/{t['id']}/events?ticket={ticket}") as s:
        assert s.status_code == 200
        assert next(line for line in s.iter_lines() if line.startswith("event: "))
    assert client.get(f"/api/tables/{t['id']}/events?ticket={ticket}").status_code == 403     # used
    assert client.post(f"/api/tables/{t['id']}/ticket").status_code == 401


def test_the_host_header_names_this_server(db):
    """Before: the Host header was not checked, so a page of another name reached the token-less
    endpoints through DNS rebinding.  Now a server answers only to its own names."""
    with TestClient(create_app(workers=1, db=str(db), hosts=("127.0.0.1", "localhost")),
                    base_url="http://127.0.0.1:8000") as c:
        assert c.post("/api/tables", json={"seats": THREE}).status_code == 200
        r = c.post("/api/tables", json={"seats": THREE}, headers={"Host": "rebound.example:8000"})
        assert r.status_code == 400 and "rebound.example" in r.json()["error"]
        assert c.get("/", headers={"Host": "localhost:8000"}).status_code == 200


# ------------------------------------------------------------------ strict inputs

@pytest.mark.parametrize("body, field", [
    ({"deals": "3"}, "deals"), ({"deals": True}, "deals"), ({"deals": 2.0}, "deals"), ({"clock": "yes"}, "clock"),
    ({"clock": 1}, "clock"), ({"rounds": "2"}, "rounds"), ({"hints": "no"}, "hints"), ({"strength": True}, "strength"),
    ({"seats": {"F": "person", "M": "person", "R": "person", "Z": "person", "Y": "x"}}, "seats"),
])
def test_numbers_are_numbers_and_flags_flags(client, body, field):
    """Before: ``"deals": "3"``, ``"deals": true`` and ``"clock": "yes"`` were accepted."""
    r = client.post("/api/tables", json={"seats": THREE, **body})
    assert r.status_code == 400 and r.json()["error"].startswith(field), r.text


@pytest.mark.parametrize("name", ["ann\nR[passed]", "a\x00b", "bob]", "[x", "e" * 41, "   ", "tab\there"])
def test_names_are_printable_and_short(client, name):
    """Before: names took control characters and ``]``, and a name forged a result line in the ISS
    export (a 2-deal export became 4 lines)."""
    t = _table(client, THREE)
    r = client.post(f"/api/tables/{t['id']}/join", json={"invite": t["invites"]["F"], "name": name})
    assert r.status_code == 400 and r.json()["error"].startswith("name"), r.text


def test_event_numbers_are_checked(client):
    """Before: ``Last-Event-ID: abc`` or ``?since=abc`` gave a 500."""
    t = _table(client, ONE, deals=1)
    me = client.post(f"/api/tables/{t['id']}/join", json={"invite": t["invites"]["F"], "name": "ann"}).json()
    for headers, query in (({"Last-Event-ID": "abc"}, ""), ({}, "?since=abc"), ({}, "?since=-1"),
                           ({"Last-Event-ID": "1" * 30}, "")):
        r = client.get(f"/api/tables/{t['id']}/events{query}", headers={**auth(me["token"]), **headers})
        assert r.status_code == 400 and "Last-Event-ID" in r.json()["error"], r.text
    with client.stream("GET", f"/api/tables/{t['id']}/events?since=0", headers=auth(me["token"])) as s:
        assert s.status_code == 200


def test_a_time_out_only_where_the_clock_runs(client):
    """Before: ``{"answer": {"timeout": true}}`` was taken at a table without a clock: the computer
    moved for the seat."""
    t = _table(client, ONE, deals=1)
    me = client.post(f"/api/tables/{t['id']}/join", json={"invite": t["invites"]["F"], "name": "ann"}).json()
    st = asked(client, t["id"], me["token"])
    r = client.post(f"/api/tables/{t['id']}/act", json={"answer": {"timeout": True}}, headers=auth(me["token"]))
    assert r.status_code == 400
    events = _stream(client, t["id"], me["token"])
    assert not [e for e in events if e["kind"] == "timeout"]
    assert client.get(f"/api/tables/{t['id']}/state", headers=auth(me["token"])).json()["question"] == st["question"]


# ------------------------------------------------------------------ one server a store

def test_one_server_a_store(db):
    """Before: two servers on one ``--db`` both ran every table and both accepted the same invite
    (two different people in seat M).  Now the second is refused, naming the file."""
    first = Store(db)
    try:
        with pytest.raises(StoreError, match="kept by another skat serve"):
            Store(db)
    finally:
        first.close()
    Store(db).close()                                   # free again once the first closed


def test_a_damaged_store_is_one_line_and_one_bad_table_is_set_aside(tmp_path):
    """Before: a damaged store (truncated, garbage, one bad row) stopped the whole server with a
    30-line traceback.  Now garbage is one line naming the file, and a table whose rows cannot be
    read is set aside and named while the others are served."""
    garbage = tmp_path / "garbage.sqlite"
    garbage.write_bytes(b"this is no database" * 100)
    with pytest.raises(StoreError, match="garbage.sqlite is not a tables store"):
        create_app(workers=1, db=str(garbage))
    truncated = tmp_path / "truncated.sqlite"
    store = Store(truncated)
    for k in range(100):
        store.create(f"t{k}", {"deals": 3, "notes": "x" * 500}, "host", [{"slot": "F", "player": 0, "kind": "person"}])
    store.close()
    with open(truncated, "r+b") as f:
        f.truncate(truncated.stat().st_size // 2)
    with pytest.raises(StoreError, match="truncated.sqlite is not a tables store, or it is damaged"):
        create_app(workers=1, db=str(truncated))
    db = tmp_path / "one-bad-row.sqlite"
    with TestClient(create_app(workers=1, db=str(db))) as c:
        good, bad = _table(c, THREE), _table(c, THREE)
    with sqlite3.connect(db) as con:
        con.execute("UPDATE tables SET settings = '{not json' WHERE id = ?", (bad["id"],))
    app = create_app(workers=1, db=str(db))
    assert [tid for tid, _ in app.state.set_aside] == [bad["id"]]
    with TestClient(app) as c:
        assert c.get(f"/api/tables/{good['id']}/state", headers=auth(good["host"])).status_code == 200
        assert c.get(f"/api/tables/{bad['id']}/state", headers=auth(bad["host"])).status_code == 404


def _serve_once(*args: str, tmp_path: Path) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "cli.main", "serve", *args], cwd=ROOT, capture_output=True,
                          text=True, timeout=60, env={"PATH": "/usr/bin:/bin", "HOME": str(tmp_path),
                                                      "PYTHONPATH": str(ROOT)})


def test_serve_says_what_is_wrong_in_one_line_and_creates_nothing(tmp_path):
    """Before: ``--db`` in a missing folder printed the banner and then a traceback; a port in use
    still created the store file; a damaged store was a traceback."""
    missing = tmp_path / "no" / "such" / "tables.sqlite"
    r = _serve_once("--port", str(free_port()), "--db", str(missing), tmp_path=tmp_path)
    assert r.returncode == 1 and r.stderr.count("\n") == 1 and "does not exist" in r.stderr, r.stderr
    assert not (tmp_path / "no").exists()
    garbage = tmp_path / "garbage.sqlite"
    garbage.write_bytes(b"x" * 5000)
    r = _serve_once("--port", str(free_port()), "--db", str(garbage), tmp_path=tmp_path)
    assert r.returncode == 1 and r.stderr.count("\n") == 1 and "garbage.sqlite" in r.stderr, r.stderr
    kept = tmp_path / "kept.sqlite"                    # a second server on a store the first keeps
    first, _ = start_server("--db", str(kept), log=tmp_path / "first.log")
    try:
        r = _serve_once("--port", str(free_port()), "--db", str(kept), tmp_path=tmp_path)
    finally:
        first.terminate()
        first.wait(timeout=20)
    assert r.returncode == 1 and r.stderr.count("\n") == 1 and "kept by another skat serve" in r.stderr, r.stderr
    with socket.socket() as busy:
        busy.bind(("127.0.0.1", 0))
        busy.listen()
        port = busy.getsockname()[1]
        fresh = tmp_path / "fresh.sqlite"
        r = _serve_once("--port", str(port), "--db", str(fresh), tmp_path=tmp_path)
    assert r.returncode == 1 and r.stderr.count("\n") == 1 and "in use" in r.stderr, r.stderr
    assert not fresh.exists() and not Path(f"{fresh}.lock").exists()


# ------------------------------------------------------------------ any body, any time

JSON = st.recursive(st.none() | st.booleans() | st.integers(-2 ** 70, 2 ** 70) | st.floats(allow_nan=False)
                    | st.text(max_size=30) | st.sampled_from(["pass", "yes", "CJ", "person", "computer", "skat"]),
                    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4),
                    max_leaves=24)
KEYS = st.sampled_from(["answer", "invite", "name", "seats", "deals", "rounds", "target", "clock", "hints", "seed",
                        "variant", "empty", "auto_bid", "house", "scoring", "strength", "hint", "discard", "game"])
BODIES = st.dictionaries(KEYS | st.text(max_size=8), JSON, max_size=5) | JSON


def test_any_json_body_on_any_table_endpoint_never_breaks_the_server(db):
    """Random JSON bodies (and bytes that are no JSON) on every table endpoint, with and without
    the right token: never a 500, never a hang, and a refused request stores nothing."""
    # (streams closed by the test client are reaped by the server a little later: the per-seat cap,
    # tested on its own, is lifted here so that forty streams in a row never meet it)
    with TestClient(create_app(workers=1, db=str(db), limits=Limits(max_tables=64, client_tables=64,
                                                                    seat_streams=64)),
                    raise_server_exceptions=False) as c:
        t = _table(c, ONE, deals=3)
        me = c.post(f"/api/tables/{t['id']}/join", json={"invite": t["invites"]["F"], "name": "ann"}).json()
        waiting = _table(c, THREE)
        tid = t["id"]
        asked(c, tid, me["token"])
        endpoints = [("POST", "/api/tables", None), ("POST", f"/api/tables/{waiting['id']}/join", None),
                     ("POST", f"/api/tables/{tid}/join", me["token"]),
                     ("POST", f"/api/tables/{waiting['id']}/start", waiting["host"]),
                     ("POST", f"/api/tables/{tid}/act", me["token"]), ("POST", f"/api/tables/{tid}/act", t["host"]),
                     ("POST", f"/api/tables/{tid}/ticket", me["token"]), ("GET", f"/api/tables/{tid}/state", None),
                     ("POST", "/api/tables/nope/act", me["token"]), ("DELETE", f"/api/tables/{tid}", me["token"])]

        @settings(max_examples=160, deadline=None, suppress_health_check=list(HealthCheck), database=None,
                  derandomize=True)
        @given(st.sampled_from(endpoints), BODIES | st.binary(max_size=60), st.booleans())
        def probe(endpoint, body, with_token):
            method, path, token = endpoint
            headers = {"Content-Type": "application/json", **(auth(token) if token and with_token else {})}
            content = body if isinstance(body, bytes) else json.dumps(body)
            before = rows(db)
            r = c.request(method, path, content=content, headers=headers)
            assert r.status_code < 500, (method, path, body, r.text)
            assert r.headers["content-type"].startswith("application/json")
            if r.status_code >= 400:
                assert rows(db) == before, (method, path, body, r.status_code)
        probe()

        @settings(max_examples=40, deadline=None, suppress_health_check=list(HealthCheck), database=None,
                  derandomize=True)
        @given(st.text(max_size=24), st.booleans())
        def stream_from(since, as_header):
            if as_header:                       # (a header is printable Latin-1, or it cannot be sent)
                since = "".join(ch for ch in since if " " <= ch <= "~").strip()
            headers = {**auth(me["token"]), **({"Last-Event-ID": since} if as_header else {})}
            query = "" if as_header else f"?since={urllib.parse.quote(since)}"
            with c.stream("GET", f"/api/tables/{tid}/events{query}", headers=headers) as r:
                assert r.status_code in (200, 400), (since, r.status_code)
        stream_from()


# ------------------------------------------------------------------ good, bad and simultaneous acts, and kill -9

BAD = ["bogus", None, {"timeout": True}, [[["x"]]], "x" * 100, {"discard": ["C7"], "game": "grand"}, {"hint": 1}]


def test_good_bad_and_simultaneous_acts_with_kill_9_end_as_an_uninterrupted_match(tmp_path):
    """The same table twice (the same store copied: the same cards and tokens): once answered
    plainly, once with answers the rules refuse and answers of every wrong shape between the good
    ones, a good and a bad answer sent at once, and the server killed with SIGKILL at two random
    moments and started again.  Every refused answer is a 400 (or 409), and the two matches end
    with the same deal records."""
    t, tokens, (plain_db, rough_db) = made_table(tmp_path, {"F": "person", "M": "person", "R": "computer:rules"},
                                                 ("plain", "rough"), secret=21, deals=2)
    plain = uninterrupted(plain_db, t, tokens)
    port = free_port()
    rng = random.Random(61)
    kill_at = set(rng.sample(range(5, 40), 2))
    server = _serve(rough_db, port)
    http = Http(port)
    made, refused = 0, 0
    try:
        for _ in range(3000):
            moved = False
            for token in tokens.values():
                st_ = http.get(f"/api/tables/{t['id']}/state", headers=auth(token)).json()
                if st_["finished"]:
                    break
                if not st_["to_act"]:
                    continue
                good = choose(st_["question"])
                roll = rng.random()
                if roll < 0.3:                          # a bad answer first: refused, nothing changes
                    r = http.post(f"/api/tables/{t['id']}/act", json={"answer": rng.choice(BAD)}, headers=auth(token))
                    assert r.status_code in (400, 409), r.text
                    refused += 1
                if roll > 0.8:                          # a good and a bad answer at once
                    codes: dict[str, int] = {}

                    def act(name, answer, token=token, codes=codes):
                        codes[name] = http.post(f"/api/tables/{t['id']}/act", json={"answer": answer},
                                                headers=auth(token)).status_code
                    pair = [threading.Thread(target=act, args=("good", good)),
                            threading.Thread(target=act, args=("bad", rng.choice(BAD)))]
                    for th in pair:
                        th.start()
                    for th in pair:
                        th.join()
                    assert codes["bad"] in (400, 409) and codes["good"] == 200, codes
                    refused += 1
                else:
                    r = http.post(f"/api/tables/{t['id']}/act", json={"answer": good}, headers=auth(token))
                    assert r.status_code == 200, r.text
                made += 1
                moved = True
                if made in kill_at:                     # kill -9 and start again on the same store
                    server.send_signal(signal.SIGKILL)
                    server.wait(timeout=20)
                    server = _serve(rough_db, port)
            else:
                if not moved:
                    time.sleep(0.02)
                continue
            break
        rough = _records(http, t["id"], tokens["M"])
    finally:
        server.terminate()
        server.wait(timeout=20)
    assert refused > 5 and made > max(kill_at)
    assert rough == plain


def test_half_sent_connections_are_closed_and_cannot_crowd_out_others(tmp_path):
    """Before: 1,100 idle half-sent connections and every request timed out, and uvicorn logged
    ``Too many open files`` 316,548 times (128 MB in 15 s).  Now one address keeps at most
    ``--client-connections`` (more are closed as they come), a request not sent whole within
    ``--read-timeout`` is closed, and another client is served meanwhile."""
    proc, port = start_server("--db", str(tmp_path / "t.sqlite"), "--client-connections", "8", "--read-timeout", "1",
                              log=tmp_path / "server.log")
    held: list[socket.socket] = []
    try:
        for _ in range(60):                             # from another loopback address than the honest client
            s = socket.create_connection(("127.0.0.1", port), source_address=("127.0.0.2", 0))
            s.sendall(b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n")          # ... and never the end of it
            held.append(s)
        t0 = time.monotonic()
        urllib.request.urlopen(f"http://127.0.0.1:{port}/api/tables/nope/state", timeout=5)
    except urllib.error.HTTPError as e:
        assert e.code == 404 and time.monotonic() - t0 < 2
    finally:
        closed_at_once = 0
        for s in held:
            s.settimeout(0.02)
            try:
                closed_at_once += s.recv(100) == b""
            except ConnectionResetError:            # (closed with the half request unread)
                closed_at_once += 1
            except TimeoutError:
                pass
        time.sleep(1.5)                                 # the read timeout closes the rest
        closed_later = 0
        for s in held:
            s.settimeout(0.5)
            try:
                closed_later += s.recv(100) == b""
            except ConnectionResetError:
                closed_later += 1
            except TimeoutError:
                pass
            s.close()
        proc.terminate()
        proc.wait(timeout=20)
    assert closed_at_once >= 52, closed_at_once         # at most 8 of 60 kept
    assert closed_later == 60, closed_later
    assert "Too many open files" not in (tmp_path / "server.log").read_text()


def test_a_message_logged_again_and_again_is_logged_once_a_minute_with_its_count():
    """Before: uvicorn logged ``Too many open files`` 316,548 times (128 MB in 15 s)."""
    once = Once(every=60)
    records = [logging.LogRecord("asyncio", logging.ERROR, __file__, 1, "socket.accept() out of system resource",
                                 None, None) for _ in range(1000)]
    passed = [r for r in records if once.filter(r)]
    assert len(passed) == 1
    once.seen = {k: (v[0] - 61, v[1]) for k, v in once.seen.items()}   # a minute later
    again = logging.LogRecord("asyncio", logging.ERROR, __file__, 1, "socket.accept() out of system resource",
                              None, None)
    assert once.filter(again) and "and 999 times more" in again.getMessage()
    other = logging.LogRecord("uvicorn", logging.ERROR, __file__, 1, "another", None, None)
    assert once.filter(other)


@pytest.mark.parametrize("path, body", [("/api/games", {"deals": 1, "seed": -1}),
                                        ("/api/games", {"deals": 1, "seed": "3"}),
                                        ("/api/games", {"deals": "1"}),
                                        ("/api/bid", {"cards": "CJ SJ HA HT HK H9 SA S7 D8 D7", "seat": "F",
                                                      "seed": -5}),
                                        ("/api/bid", {"cards": "CJ SJ HA HT HK H9 SA S7 D8 D7", "seat": "F",
                                                      "samples": "20"})])
def test_seeds_are_whole_numbers_from_zero(client, path, body):
    r = client.post(path, json=body)
    assert r.status_code == 400 and r.json()["error"].split(":")[0] in ("seed", "deals", "samples"), r.text
