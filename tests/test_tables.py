"""Tables where people play each other, through the bot API only: seats, invites and tokens,
each seat seeing only what it may, the answers taken or refused with the rule, duel rules, the
clock at zero, and a server killed with SIGKILL that continues every table with the same cards."""

from __future__ import annotations

import json
import os
import shutil
import signal
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from web.routers import tables as table_routes
from web import tables as T
from web.app import create_app
from web.limits import Limits
from solver.fair import check_record

from .conftest import ROOT, free_port, start_server

pytestmark = pytest.mark.slow


@pytest.fixture()
def client(tmp_path, monkeypatch):
    deal_from(monkeypatch, 1)
    with TestClient(create_app(workers=1, db=str(tmp_path / "tables.sqlite"), limits=Limits(max_tables=4))) as c:
        yield c


def deal_from(monkeypatch, n: int) -> None:
    """Tables made in this test deal from known secrets (n, n + 1, ...): the same cards every run.
    (A client can never choose them: a seed is refused, test_tables_safety.)"""
    count = iter(range(n, n + 1000))
    monkeypatch.setattr(table_routes, "new_table_secret", lambda: f"{next(count):064x}")


def auth(token: str) -> dict:
    return {"Authorization": f"Bearer {token}"}


def choose(q: dict) -> object:
    """A plain bot: bids up to 20, picks up, declares the first discard and game offered, says no
    to Kontra, plays the first legal card."""
    if q["kind"] in ("bid", "answer", "play18"):
        return "yes" if q.get("value", 18) <= 20 else "pass"
    if q["kind"] == "hand":
        return "pickup"
    return q["legal"][0]


def _table(client, seats: dict, **settings) -> dict:
    r = client.post("/api/tables", json={"seats": seats, **settings})
    assert r.status_code == 200, r.text
    return r.json()


def _join_all(client, t: dict) -> dict[str, str]:
    tokens = {}
    for slot, invite in t["invites"].items():
        r = client.post(f"/api/tables/{t['id']}/join", json={"invite": invite, "name": f"bot {slot}"})
        assert r.status_code == 200, r.text
        assert r.json()["seat"] == slot
        tokens[slot] = r.json()["token"]
    return tokens


def _play(client, tid: str, tokens: dict[str, str], until=None, seen=None, turns: int = 3000) -> dict:
    """Every seat answers with :func:`choose` until the match ends (or ``until(decisions)``);
    each state a seat got goes to ``seen[slot]``."""
    made = 0
    for _ in range(turns):
        moved = False
        for slot, token in tokens.items():
            st = client.get(f"/api/tables/{tid}/state", headers=auth(token)).json()
            if seen is not None:
                seen.setdefault(slot, []).append(st)
            if st["finished"]:
                return st
            if st["to_act"]:
                r = client.post(f"/api/tables/{tid}/act", json={"answer": choose(st["question"])},
                                headers=auth(token))
                assert r.status_code == 200, (st["question"]["kind"], r.text)
                made += 1
                moved = True
                if until is not None and until(made):
                    return st
        if not moved:
            time.sleep(0.02)
    raise AssertionError("the match did not end")


def test_three_people_play_a_match_and_each_seat_sees_only_what_it_may(client):
    t = _table(client, {"F": "person", "M": "person", "R": "person"}, deals=2)
    assert t["rules"] == "tournament" and set(t["invites"]) == {"F", "M", "R"}
    assert len(t["host"]) >= 40 and all(len(i) >= 40 for i in t["invites"].values())
    tokens = _join_all(client, t)
    seen: dict[str, list[dict]] = {}
    final = _play(client, t["id"], tokens, seen=seen)
    assert final["finished"] and final["end"]["standings"]
    records = [json.loads(x) for x in client.get(f"/api/tables/{t['id']}/records",
                                                 headers=auth(tokens["F"])).text.splitlines()]
    assert len(records) == 2
    # every event each seat received, against the deals as they were dealt
    for slot, token in tokens.items():
        events = _stream(client, t["id"], token)
        deal_no = -1
        position = None
        for ev in events:
            if ev["kind"] == "deal":
                deal_no += 1
                position = "FMR"[ev["seats"].index("FMR".index(slot))]
                rec = records[deal_no]
                dealt: list[str] = []
            elif ev["kind"] == "hand":
                dealt = ev["cards"]
                if rec.get("declarer") != position or rec.get("hand") or rec.get("passed"):
                    assert sorted(dealt) == sorted(rec["hands"][position]), (slot, ev)
            elif ev["kind"] == "pickup" and "skat" in ev:
                assert ev["seat"] == position, f"{slot} saw the skat {position} did not pick up"
                # his ten as dealt and the skat he took are his twelve: the hand he played and his discard
                assert sorted(dealt + ev["skat"]) == sorted(rec["hands"][position] + rec["skat"]), (slot, ev)
            if ev["kind"] != "record":                # (the finished deal, open to all)
                assert "deal" not in ev and "hands" not in ev, ev
    # and every state: its hand only its own cards, a question only its own
    for states in seen.values():
        for st in states:
            own = set(st["hand"])
            if st["question"] and st["question"]["kind"] in ("discard", "ramsch-discard"):
                assert own < set(st["question"]["cards"]), st["question"]      # (his ten, and the skat taken)
            elif st["question"] and st["question"].get("cards"):
                assert set(st["question"]["cards"]) == own, st["question"]
            if st["question"] is None and any(r.get("declarer") for r in records):
                assert len(own) <= 10, st                                    # (never the twelve after the discard)
            assert "auto_bid" not in json.dumps(st["players"])


def _stream(client, tid: str, token: str) -> list[dict]:
    """The seat's events from the start, read from its event stream (Server-Sent Events)."""
    out = []
    with client.stream("GET", f"/api/tables/{tid}/events", headers=auth(token)) as r:
        assert r.headers["content-type"].startswith("text/event-stream")
        kind = None
        for line in r.iter_lines():
            if line.startswith("event: "):
                kind = line[7:]
            elif line.startswith("data: ") and kind == "event":
                out.append(json.loads(line[6:]))
            elif line.startswith("data: ") and kind in ("presence", "end"):
                break
    return out


def test_tokens_invites_and_turns_are_checked(client):
    t = _table(client, {"F": "person", "M": "computer:rules", "R": "computer:random"}, deals=1)
    tid = t["id"]
    assert t["rules"] == "table" and set(t["invites"]) == {"F"}
    r = client.post(f"/api/tables/{tid}/join", json={"invite": "x" * 43, "name": "eve"})
    assert r.status_code == 403
    me = client.post(f"/api/tables/{tid}/join", json={"invite": t["invites"]["F"], "name": "ann"}).json()
    # an invite works once; the same person comes back with the seat's token
    again = client.post(f"/api/tables/{tid}/join", json={"invite": t["invites"]["F"], "name": "bob"})
    assert again.status_code == 409 and "used" in again.json()["error"]
    back = client.post(f"/api/tables/{tid}/join", json={"invite": t["invites"]["F"], "name": "ann"},
                       headers=auth(me["token"]))
    assert back.status_code == 200 and back.json() == {"seat": "F", "token": me["token"]}
    # the host cannot act for a seat; nobody acts without a token
    assert client.post(f"/api/tables/{tid}/act", json={"answer": "pass"}, headers=auth(t["host"])).status_code == 403
    assert client.post(f"/api/tables/{tid}/act", json={"answer": "pass"}).status_code == 401
    # an answer the rules refuse: 400 naming the rule (not this seat's turn: 409, in the duel test)
    for _ in range(600):
        st = client.get(f"/api/tables/{tid}/state", headers=auth(me["token"])).json()
        if st["to_act"] and st["question"]["kind"] == "card" and len(st["question"]["legal"]) < len(st["hand"]):
            wrong = next(c for c in st["hand"] if c not in st["question"]["legal"])
            r = client.post(f"/api/tables/{tid}/act", json={"answer": wrong}, headers=auth(me["token"]))
            assert r.status_code == 400 and "is not allowed: you must follow" in r.json()["error"], r.text
            break
        if st["finished"]:
            pytest.skip("the seed dealt no trick where F could not follow")
        if st["to_act"]:
            client.post(f"/api/tables/{tid}/act", json={"answer": choose(st["question"])}, headers=auth(me["token"]))
        else:
            time.sleep(0.02)
    # every entry of legal is taken
    _play(client, tid, {"F": me["token"]})


def test_the_limits_say_so(client):
    for _ in range(4):
        _table(client, {"F": "person", "M": "person", "R": "computer"})
    r = client.post("/api/tables", json={"seats": {"F": "person", "M": "person", "R": "computer"}})
    assert r.status_code == 429 and "--max-tables" in r.json()["error"]
    r = client.post("/api/tables", json={"seats": {"F": "person", "M": "dog", "R": "computer"}})
    assert r.status_code in (400, 429)


def test_bad_tables_are_refused_naming_the_field(tmp_path):
    with TestClient(create_app(workers=1, db=None, limits=Limits(max_tables=8, client_tables=8))) as c:
        for body, says in (({"seats": {"F": "person", "M": "dog", "R": "computer"}}, "seats.M"),
                           ({"seats": {"F": "person", "M": "person"}}, "seats"),
                           ({"seats": {"F": "computer", "M": "computer", "R": "computer"}}, "at least one person"),
                           ({"seats": {"F": "person", "R": "person"}, "variant": "offiziersskat", "deals": 3},
                            "even number"),
                           ({"seats": {"F": "person", "M": "person", "R": "person"}, "scoring": "pub"}, "scoring"),
                           ({"seats": {"F": "person", "M": "computer:rules:2", "R": "person"}}, "seats.M"),
                           ({"seats": {"F": "person", "M": "computer:best:4", "R": "person"}}, "seats.M"),
                           ({"seats": {"F": "person", "M": "person", "R": "person"}, "colour": 1}, "colour")):
            r = c.post("/api/tables", json=body)
            assert r.status_code == 400 and says in r.json()["error"], (body, r.text)


def test_two_people_and_a_computer_play_duel_rules(client):
    t = _table(client, {"F": "person", "M": "computer:rules", "R": "person"}, deals=3)
    assert t["rules"] == "duel"
    tokens = _join_all(client, t)
    # while one person is asked and has not answered, nothing can be asked of the other (the
    # computer answers at once): the other's act is out of turn, 409, every time
    for _ in range(500):
        states = {slot: client.get(f"/api/tables/{t['id']}/state", headers=auth(tok)).json()
                  for slot, tok in tokens.items()}
        asked = [slot for slot, st in states.items() if st["to_act"]]
        if asked:
            break
        time.sleep(0.02)
    other = next(slot for slot in tokens if slot not in asked)
    for answer in ("pass", "yes", states[asked[0]]["question"]["legal"][0]):
        r = client.post(f"/api/tables/{t['id']}/act", json={"answer": answer}, headers=auth(tokens[other]))
        assert r.status_code == 409 and "nothing is asked" in r.json()["error"], r.text
    final = _play(client, t["id"], tokens)
    records = [json.loads(x) for x in client.get(f"/api/tables/{t['id']}/records",
                                                 headers=auth(tokens["R"])).text.splitlines()]
    sheet = final["end"]["standings"]
    assert {name for _, name, _ in sheet} >= {"bot F", "bot R"}
    # the computer is out of the payouts: its column is not counted on the sheet the pages show
    end_sheet = final["end"]["sheet"]
    assert [c for p, c in zip(end_sheet["players"], end_sheet["counted"]) if p.startswith("computer")] == [False]
    # the computer (player 2 at a duel table) never declares
    for rec in records:
        if not rec.get("passed"):
            assert rec["players"][rec["declarer"]] != "computer (rules)", rec["players"]


def test_a_computer_seat_has_its_own_strength(client):
    t = _table(client, {"F": "person", "M": "computer:best:2", "R": "computer:pimc"}, deals=1)
    me = client.post(f"/api/tables/{t['id']}/join", json={"invite": t["invites"]["F"], "name": "ann"}).json()
    st = client.get(f"/api/tables/{t['id']}/state", headers=auth(me["token"])).json()
    assert [p["name"] for p in st["players"]] == ["ann", "computer (best, strength 2)", "computer (pimc)"]


def test_the_host_starts_with_a_computer_in_an_empty_seat(client):
    t = _table(client, {"F": "person", "M": "person", "R": "person"}, deals=1)
    tid = t["id"]
    me = client.post(f"/api/tables/{tid}/join", json={"invite": t["invites"]["F"], "name": "ann"}).json()
    r = client.post(f"/api/tables/{tid}/start", headers=auth(t["host"]))
    assert r.status_code == 409 and "M, R are not taken" in r.json()["error"]
    assert client.post(f"/api/tables/{tid}/start", headers=auth(me["token"])).status_code == 403
    r = client.post(f"/api/tables/{tid}/start", json={"empty": "computer:rules"}, headers=auth(t["host"]))
    assert r.status_code == 200
    assert [p["kind"] for p in r.json()["players"]] == ["person", "computer", "computer"]
    final = _play(client, tid, {"F": me["token"]})
    assert final["finished"]


def test_at_zero_the_computer_moves_for_the_seat_and_the_table_is_told(client, monkeypatch):
    monkeypatch.setattr(T, "CLOCK_START", 0.3)
    t = _table(client, {"F": "person", "M": "computer:rules", "R": "computer:rules"}, deals=1, clock=True)
    me = client.post(f"/api/tables/{t['id']}/join", json={"invite": t["invites"]["F"], "name": "away"}).json()
    for _ in range(400):                        # nobody answers: the clock runs out on every question
        st = client.get(f"/api/tables/{t['id']}/state", headers=auth(me["token"])).json()
        if st["finished"]:
            break
        time.sleep(0.05)
    assert st["finished"]
    events = _stream(client, t["id"], me["token"])
    timeouts = [e for e in events if e["kind"] == "timeout"]
    assert timeouts and all(e["player"] == "F" and "clock ran out" in e["text"] for e in timeouts)


# ------------------------------------------------------------------ the server killed and started again

def _descendants(pid: int) -> list[int]:
    """Every process below ``pid`` (Linux /proc; empty elsewhere)."""
    out, todo = [], [pid]
    while todo:
        p = todo.pop()
        try:
            kids = [int(x) for x in Path(f"/proc/{p}/task/{p}/children").read_text().split()]
        except OSError:
            kids = []
        out += kids
        todo += kids
    return out


def _alive(pid: int) -> bool:
    """Running (not gone, not a zombie waiting for its parent)."""
    try:
        return Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0] != "Z"
    except OSError:
        return False


def _serve(db: Path, port: int) -> subprocess.Popen:
    """A server on ``port`` keeping its tables in ``db`` (its log beside it)."""
    return start_server("--workers", "1", "--db", str(db), log=db.with_suffix(".log"), port=port)[0]


class Http:
    """The bot API over real HTTP (the killed server test)."""

    def __init__(self, port: int):
        self.base = f"http://127.0.0.1:{port}"

    def _call(self, method: str, path: str, body=None, headers=None):
        data = json.dumps(body).encode() if body is not None else (b"" if method == "POST" else None)
        req = urllib.request.Request(self.base + path, data=data, method=method,
                                     headers={"Content-Type": "application/json", **(headers or {})})
        try:
            with urllib.request.urlopen(req, timeout=60) as r:
                return _Resp(r.status, r.read())
        except urllib.error.HTTPError as e:
            return _Resp(e.code, e.read())

    def get(self, path, headers=None):
        return self._call("GET", path, headers=headers)

    def post(self, path, json=None, headers=None):
        return self._call("POST", path, json, headers)


class _Resp:
    def __init__(self, status: int, body: bytes):
        self.status_code, self.text = status, body.decode()

    def json(self):
        return json.loads(self.text)


def _records(http: Http, tid: str, token: str) -> list[dict]:
    return [json.loads(x) for x in http.get(f"/api/tables/{tid}/records", headers=auth(token)).text.splitlines()]


def made_table(tmp_path: Path, seats: dict, copies: tuple[str, ...], secret: int = 1, join: bool = True,
               **settings) -> tuple[dict, dict, list[Path]]:
    """A table made (dealing from the known secret ``secret``: :func:`deal_from`) and, with
    ``join``, joined by every person, before any answer, by a server in this process that then
    stops; its store copied to ``copies`` (each then holds the same table: the same cards and the
    same tokens) for the servers of the test."""
    made = tmp_path / "made.sqlite"
    with pytest.MonkeyPatch.context() as mp:
        deal_from(mp, secret)
        with TestClient(create_app(workers=1, db=str(made))) as c:
            t = _table(c, seats, **settings)
            tokens = _join_all(c, t) if join else {}
    paths = []
    for name in copies:
        for suffix in ("", "-wal", "-shm"):
            if Path(f"{made}{suffix}").exists():
                shutil.copy(f"{made}{suffix}", tmp_path / f"{name}.sqlite{suffix}")
        paths.append(tmp_path / f"{name}.sqlite")
    return t, tokens, paths


def uninterrupted(db: Path, t: dict, tokens: dict[str, str]) -> list[dict]:
    """The table of ``db`` played to its end by :func:`_play` on a server nobody interrupts; its
    deal records."""
    port = free_port()
    server = _serve(db, port)
    try:
        http = Http(port)
        _play(http, t["id"], tokens)
        return _records(http, t["id"], tokens["F"])
    finally:
        server.terminate()
        server.wait(timeout=20)


def test_a_server_killed_mid_deal_continues_every_table_with_the_same_cards(tmp_path):
    t, tokens, (whole_db, killed_db) = made_table(tmp_path, {"F": "person", "M": "person", "R": "computer:rules"},
                                                  ("whole", "killed"), deals=2)
    whole = uninterrupted(whole_db, t, tokens)
    port = free_port()
    # the same table, the server killed with SIGKILL after 12 answers, in the middle of the first deal
    server = _serve(killed_db, port)
    http = Http(port)
    _play(http, t["id"], tokens, until=lambda made: made >= 12)
    started = _descendants(server.pid)
    assert started, "the table plays in a process of its own"
    server.send_signal(signal.SIGKILL)
    server.wait(timeout=20)
    for _ in range(100):                       # the table's process dies with the server: none lingers
        if not any(_alive(p) for p in started):
            break
        time.sleep(0.1)
    assert not [p for p in started if _alive(p)], "processes outlived the killed server"
    server = _serve(killed_db, port)
    try:
        st = http.get(f"/api/tables/{t['id']}/state", headers=auth(tokens["F"]))
        assert st.status_code == 200 and not st.json()["finished"]
        _play(http, t["id"], tokens)
        again = _records(http, t["id"], tokens["M"])
    finally:
        server.terminate()
        server.wait(timeout=20)
    assert again == whole


#: a secret whose deal the two rules computers play (the person passes): the test sees ten tricks
JOIN_SECRET = 2


def test_skat_join_plays_a_seat_from_the_terminal(tmp_path):
    t, _, (db,) = made_table(tmp_path, {"F": "person", "M": "computer:rules", "R": "computer:rules"}, ("served",),
                             secret=JOIN_SECRET, join=False, deals=1)
    port = free_port()
    server = _serve(db, port)
    p = None
    try:
        link = f"http://127.0.0.1:{port}/#table?id={t['id']}&invite={t['invites']['F']}"
        env = dict(os.environ, PYTHONPATH=str(ROOT), XDG_DATA_HOME=str(tmp_path), COLUMNS="120")
        p = subprocess.Popen([sys.executable, "-m", "cli.main", "join", link, "--name", "terminal"], cwd=ROOT,
                             env=env, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
        out, hinted, tried = "", False, []
        for _ in range(400):
            chunk = _until_prompt(p)
            out += chunk
            if p.poll() is not None or not chunk.strip():
                break
            last = chunk.strip().splitlines()[-1]
            if last.startswith(("Bid", "Hold", "Play at 18")):
                answer = "?" if not hinted else "n"
                hinted = True
            elif "play (? hint)" in last:
                mine = last.split("Your cards", 1)[1].split("—")[0].split()
                if "is not allowed" not in chunk:
                    tried = []
                answer = next(c for c in mine if c not in tried)
                tried.append(answer)
            elif "Pick up the skat" in last:
                answer = "p"
            elif last.startswith("Discard"):
                answer = " ".join(out.rsplit("Your twelve cards:", 1)[1].split("\n")[0].split()[-2:])
            elif last.startswith("Game"):
                answer = "grand"
            else:
                answer = "n"
            try:
                p.stdin.write((answer + "\n").encode())
                p.stdin.flush()
            except BrokenPipeError:                 # (it ended: its output below says why)
                break
        code = p.wait(timeout=60)
        assert code == 0, out[-2000:]
        assert "final standings" in out and "terminal" in out
        assert "the cards are fixed: commitment" in out and "the deal is verified" in out
        assert "hint: bid advice by your cards" in out
        assert out.count(" take it (") + out.count(" takes it (") == 10 and "you takes" not in out
        assert "you plays" not in out
        assert "on the table: " in out                 # the trick so far, before a card is asked
        # the seat's token was kept: the same command again returns to the finished table
        again = subprocess.run([sys.executable, "-m", "cli.main", "join", link], cwd=ROOT, env=env,
                               capture_output=True, text=True, timeout=60, input="")
        assert again.returncode == 0 and "final standings" in again.stdout, again.stdout + again.stderr
    finally:
        if p is not None and p.poll() is None:
            p.kill()
        server.terminate()
        server.wait(timeout=20)


def _until_prompt(proc) -> str:
    """The process's output up to its next prompt: output that ends in ': ' or '? ' and is then
    quiet for half a second (a prompt waits; a line being printed goes on)."""
    import select
    buf = b""
    deadline = time.time() + 120
    fd = proc.stdout.fileno()
    while time.time() < deadline:
        ready, _, _ = select.select([fd], [], [], 0.5)
        if ready:
            chunk = os.read(fd, 4096)
            if not chunk:
                return buf.decode(errors="replace")
            buf += chunk
            continue
        if buf.decode(errors="replace").endswith((": ", "? ")):
            return buf.decode(errors="replace")
        if proc.poll() is not None:
            return buf.decode(errors="replace")
    raise AssertionError("no prompt came:\n" + buf.decode(errors="replace")[-2000:])


def test_four_at_a_table_and_two_people_at_offiziersskat(client):
    # four: the dealer sits out each deal, so each person sits out one of four deals
    t = _table(client, {"F": "person", "M": "computer:rules", "R": "computer:random", "X": "person"}, deals=4)
    tokens = _join_all(client, t)
    final = _play(client, t["id"], tokens)
    assert final["finished"] and len(final["end"]["records"]) == 4
    for slot, token in tokens.items():
        deals = [e for e in _stream(client, t["id"], token) if e["kind"] == "deal"]
        player = "FMRX".index(slot)
        assert sum(player not in d["seats"] for d in deals) == 1, (slot, [d["seats"] for d in deals])
    # two people choosing Offiziersskat play it, each declaring in turn
    t = _table(client, {"F": "person", "R": "person"}, variant="offiziersskat", deals=2)
    assert t["rules"] == "offiziersskat"                # (not "tournament rules": a game of its own)
    tokens = _join_all(client, t)
    final = _play(client, t["id"], tokens)
    records = final["end"]["records"]
    assert [r["variant"] for r in records] == ["offiziersskat", "offiziersskat"]
    assert all(check_record(r) == [] for r in records)              # the piles are the committed deal's
    assert {r["players"]["F"] for r in records} == {"bot F", "bot R"}      # the first player changes


def test_a_restarted_server_restores_the_clocks(tmp_path, monkeypatch):
    db = str(tmp_path / "tables.sqlite")
    monkeypatch.setattr(T, "CLOCK_QUICK", 0.0)           # every move is slow: no credit, the clock only runs down
    deal_from(monkeypatch, 9)
    with TestClient(create_app(workers=1, db=db, limits=Limits(max_tables=4))) as c:
        t = _table(c, {"F": "person", "M": "person", "R": "computer:rules"}, deals=1, clock=True)
        tokens = _join_all(c, t)
        for _ in range(6):                              # some answers, each after a little thinking
            time.sleep(0.15)
            _play(c, t["id"], tokens, until=lambda made: True)
        before = {p["seat"]: p["clock"] for p in c.get(f"/api/tables/{t['id']}/state",
                                                         headers=auth(t["host"])).json()["players"]
                  if p["kind"] == "person" and not p["to_act"]}
        assert before and min(before.values()) < 120
    with TestClient(create_app(workers=1, db=db, limits=Limits(max_tables=4))) as c:   # the same file: it goes on
        for _ in range(200):
            st = c.get(f"/api/tables/{t['id']}/state", headers=auth(t["host"])).json()
            if any(p["to_act"] for p in st["players"]):
                break
            time.sleep(0.05)
        after = {p["seat"]: p["clock"] for p in st["players"] if p["seat"] in before}
        assert after == before


def test_a_deals_end_stays_on_every_seat_until_each_is_ready_or_the_time_is_up(client, monkeypatch):
    """After each deal but the last every person is asked 'next' with the deal's result on his
    page; the table (its computers too) waits until all are ready, or the pause's seconds pass."""
    monkeypatch.setattr(table_routes, "PAUSE", 1.5)
    t = _table(client, {"F": "person", "M": "person", "R": "computer:rules"}, deals=3)
    tokens = _join_all(client, t)

    def until_pause() -> dict[str, dict]:
        for _ in range(3000):
            states = {s: client.get(f"/api/tables/{t['id']}/state", headers=auth(tok)).json()
                      for s, tok in tokens.items()}
            kinds = {s: x["question"]["kind"] for s, x in states.items() if x["to_act"]}
            if kinds and all(k == "next" for k in kinds.values()) and len(kinds) == len(tokens):
                return states
            for s, k in kinds.items():
                if k != "next":
                    client.post(f"/api/tables/{t['id']}/act", json={"answer": choose(states[s]["question"])},
                                headers=auth(tokens[s]))
            time.sleep(0.01)
        raise AssertionError("no pause came")

    states = until_pause()
    assert all(x["phase"] == "between deals" for x in states.values())
    for token in tokens.values():                        # the deal's end reached every seat before the pause
        events = _stream(client, t["id"], token)
        assert [e["kind"] for e in events].count("record") == 1 and events[-1]["kind"] in ("sheet", "record")
    # one is ready, the other does not answer: the table waits, then goes on when the time is up
    assert client.post(f"/api/tables/{t['id']}/act", json={"answer": "next"}, headers=auth(tokens["F"])).json() == \
        {"ok": True}
    assert client.post(f"/api/tables/{t['id']}/act", json={"answer": "pass"},
                       headers=auth(tokens["M"])).status_code == 400
    time.sleep(0.5)
    st = client.get(f"/api/tables/{t['id']}/state", headers=auth(tokens["M"])).json()
    assert st["question"]["kind"] == "next"             # still paused
    for _ in range(300):
        st = client.get(f"/api/tables/{t['id']}/state", headers=auth(tokens["M"])).json()
        if not st["to_act"] or st["question"]["kind"] != "next":
            break
        time.sleep(0.05)
    assert not st["to_act"] or st["question"]["kind"] != "next"
    # the second deal's end: both ready, the table goes on at once
    until_pause()
    for token in tokens.values():
        client.post(f"/api/tables/{t['id']}/act", json={"answer": "next"}, headers=auth(token))
    st = client.get(f"/api/tables/{t['id']}/state", headers=auth(t["host"])).json()
    assert st["phase"] != "between deals" or not any(p["to_act"] for p in st["players"])
    final = _play(client, t["id"], tokens)
    assert final["finished"] and len(final["end"]["records"]) == 3
