"""Tables where people play each other: seats, invites, tokens, the clock, live events, and a
SQLite store from which every table continues after a restart.

A table is one match in a process of its own (:func:`web.games.run_table`): each seat a
person (answering over HTTP with the seat's token, from a browser page, ``skat join`` or any
program) or a computer.  One person against computers -- the browser's match of
``/api/games`` -- is a table with computer seats: the same code path.

What a seat may see is decided in the table process: every message it sends names whom it is
for (a person's own cards and the skat he picks up go to him alone), and this module hands each
seat only the events addressed to it.  Another seat's hints and auto-bid limit never leave the
process or this module.

**Persistence.**  Every answer a person gives is written to the store before it is handed to
the table (``decisions``: the table, the player, the answer and the seconds it took); the table
process is a function of its settings, its seed and those answers, so a server started again
(also after ``kill -9``) starts each unfinished table's process with its recorded answers and
it stands where it stood, the same cards dealt and the same computer moves made; the clocks
are the sums of the recorded seconds.  A finished table keeps its score sheet, its deal records
and its ISS lines.

**The clock** (seed 002): a person has 120 seconds for his first move of a deal, 10 seconds are
credited for every move made within 10 seconds, and the balance is never above 120 seconds.  At
zero the server times the question out: the table's computer (the ``rules`` player) makes that
one move for the seat, every seat is told (a ``timeout`` event), and the seat starts its next
move with the 10 seconds a quick move earns -- a person who was only away plays on.
"""

from __future__ import annotations

import asyncio
import fcntl
import hashlib
import hmac
import json
import multiprocessing
import os
import queue
import secrets
import sqlite3
import threading
import time
import uuid
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from .games import run_table

CLOCK_START = 120.0            # seconds for the first move of a deal, and the most a balance holds
CLOCK_QUICK = 10.0             # a move within this many seconds ...
CLOCK_BONUS = 10.0             # ... is credited this many
SLOTS = ("F", "M", "R", "X")   # the seats as the host names them (X: the fourth at a table of four)


def new_token() -> str:
    """A long random token (256 bits, URL-safe)."""
    return secrets.token_urlsafe(32)


def digest(token: str) -> str:
    """What the store keeps of a token: its SHA-256 (a stolen database holds no usable token)."""
    return hashlib.sha256(token.encode()).hexdigest()


def same_token(token: str | None, stored: str | None) -> bool:
    """``token`` is the one whose digest is ``stored``, compared in constant time."""
    if not token or not stored:
        return False
    return hmac.compare_digest(digest(token), stored)


# ------------------------------------------------------------------ the store

class StoreError(Exception):
    """The store cannot be used; the message is one line naming the file."""


class Store:
    """The tables, their seats and every decision, in SQLite (one file; WAL, every write its own
    transaction, so that a killed server loses nothing it had answered).  One server a store: the
    file ``PATH.lock`` beside it is held (``flock``) while the store is open, and a second server
    on the same file is refused (:class:`StoreError`)."""

    SCHEMA = """
    CREATE TABLE IF NOT EXISTS tables (
        id TEXT PRIMARY KEY, created REAL, settings TEXT, host TEXT, state TEXT, result TEXT);
    CREATE TABLE IF NOT EXISTS seats (
        table_id TEXT, slot TEXT, player INTEGER, kind TEXT, computer TEXT, invite TEXT, token TEXT,
        name TEXT, auto_bid INTEGER, PRIMARY KEY (table_id, slot));
    CREATE TABLE IF NOT EXISTS decisions (
        table_id TEXT, n INTEGER, player INTEGER, answer TEXT, used REAL, at REAL,
        PRIMARY KEY (table_id, n));
    """

    def __init__(self, path: str | Path):
        p = Path(path)
        self.path = str(p)
        if not p.parent.is_dir():
            raise StoreError(f"{p}: the folder {p.parent} does not exist (make it, or name another --db)")
        self._hold = open(f"{p}.lock", "a")           # noqa: SIM115 - held open while the store is
        try:
            fcntl.flock(self._hold, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError:
            self._hold.close()
            raise StoreError(f"{p} is kept by another skat serve already (one server a store)") from None
        self.lock = threading.Lock()
        self.db: sqlite3.Connection | None = None
        try:
            self.db = sqlite3.connect(self.path, check_same_thread=False, isolation_level=None)
            self.db.execute("PRAGMA journal_mode=WAL")
            self.db.executescript(self.SCHEMA)
            self.db.execute("SELECT count(*) FROM tables, seats, decisions LIMIT 1").fetchall()
        except sqlite3.DatabaseError as e:
            self.close()
            raise StoreError(f"{p} is not a tables store, or it is damaged ({e})") from None

    def close(self) -> None:
        if self.db is not None:
            self.db.close()
            self.db = None
        if not self._hold.closed:
            fcntl.flock(self._hold, fcntl.LOCK_UN)
            self._hold.close()

    def run(self, sql: str, args: tuple = ()) -> list[tuple]:
        with self.lock:
            return self._db().execute(sql, args).fetchall()

    def _db(self) -> sqlite3.Connection:
        if self.db is None:
            raise StoreError(f"{self.path} is closed")
        return self.db

    def create(self, table_id: str, settings: dict, host: str, seats: list[dict]) -> None:
        with self.lock:
            db = self._db()
            db.execute("BEGIN")
            db.execute("INSERT INTO tables VALUES (?, ?, ?, ?, 'waiting', NULL)",
                       (table_id, time.time(), json.dumps(settings), host))
            for s in seats:
                db.execute("INSERT INTO seats VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
                           (table_id, s["slot"], s["player"], s["kind"], s.get("computer"), s.get("invite"),
                            s.get("token"), s.get("name"), s.get("auto_bid")))
            db.execute("COMMIT")

    def seat(self, table_id: str, slot: str, **fields: Any) -> None:
        sets = ", ".join(f"{k} = ?" for k in fields)
        self.run(f"UPDATE seats SET {sets} WHERE table_id = ? AND slot = ?", (*fields.values(), table_id, slot))

    def state(self, table_id: str, state: str, result: dict | None = None) -> None:
        self.run("UPDATE tables SET state = ?, result = ? WHERE id = ?",
                 (state, json.dumps(result) if result is not None else None, table_id))

    def decide(self, table_id: str, n: int, player: int, answer: Any, used: float) -> None:
        """Decision ``n`` of the table (numbers are never used twice: a second write of one fails)."""
        self.run("INSERT INTO decisions VALUES (?, ?, ?, ?, ?, ?)",
                 (table_id, n, player, json.dumps(answer), used, time.time()))

    def forget(self, table_id: str, n: int) -> None:
        """An answer the table did not take: kept as a number, never replayed."""
        self.run("UPDATE decisions SET answer = NULL WHERE table_id = ? AND n = ?", (table_id, n))

    def tables(self) -> tuple[list[dict], list[tuple[str, str]]]:
        """Every table the store holds, and those whose rows cannot be read (id, why): set aside,
        so that one bad row stops no other table."""
        out, bad = [], []
        try:
            rows = self.run("SELECT id, created, settings, host, state, result FROM tables ORDER BY created")
        except sqlite3.DatabaseError as e:
            raise StoreError(f"{self.path} is damaged: its tables cannot be read ({e})") from None
        for tid, created, settings, host, st, result in rows:
            try:
                out.append(self._table(tid, created, settings, host, st, result))
            except (sqlite3.DatabaseError, ValueError, TypeError, KeyError) as e:
                bad.append((str(tid), f"{type(e).__name__}: {e}"))
        return out, bad

    def _table(self, tid: Any, created: Any, settings: Any, host: Any, st: Any, result: Any) -> dict:
        if not isinstance(tid, str) or st not in ("waiting", "playing", "finished", "stopped", "closed"):
            raise ValueError(f"state {st!r}")
        seats = [dict(zip(("slot", "player", "kind", "computer", "invite", "token", "name", "auto_bid"), row))
                 for row in self.run("SELECT slot, player, kind, computer, invite, token, name, auto_bid "
                                     "FROM seats WHERE table_id = ? ORDER BY player", (tid,))]
        if not seats or [s["player"] for s in seats] != list(range(len(seats))) or \
                any(s["slot"] not in SLOTS or s["kind"] not in ("person", "computer") for s in seats):
            raise ValueError("its seats are not a table's")
        rows = self.run("SELECT n, player, answer, used FROM decisions WHERE table_id = ? ORDER BY n", (tid,))
        decisions = []
        for _n, p, a, used in rows:
            if not isinstance(p, int) or not 0 <= p < len(seats):
                raise ValueError(f"a decision of player {p!r}")
            if a is not None:                     # (NULL: an answer the table refused)
                decisions.append((p, json.loads(a), float(used or 0.0)))
        opts = json.loads(settings)
        if not isinstance(opts, dict):
            raise ValueError("its settings are not an object")
        return {"id": tid, "created": float(created), "settings": opts, "host": host, "state": st,
                "result": json.loads(result) if result else None, "seats": seats, "decisions": decisions,
                "next": (max(r[0] for r in rows) + 1) if rows else 0}


# ------------------------------------------------------------------ a table

@dataclass
class Seat:
    """A seat as the server knows it: ``player`` is its index in the table process."""

    slot: str
    player: int
    kind: str                                 # "person" or "computer"
    computer: str | None = None               # the computer's name (best, pimc, rules, random)
    invite: str | None = None                 # the invite's digest (persons)
    token: str | None = None                  # the seat token's digest, once joined
    name: str | None = None
    auto_bid: int | None = None
    connections: int = 0                      # open event streams
    question: dict | None = None              # what is asked of the seat now
    asked: float | None = None                # when (monotonic), for the clock
    hint: dict | None = None
    hint_pending: bool = False                # a hint asked for and not yet given (one at a time)
    hint_key: str | None = None               # the question the hint is (being) worked out for
    hand: list[str] = field(default_factory=list)
    clock: float = CLOCK_START
    replay: int = 0                           # recorded answers still to be taken in again
    replay_used: list[float] = field(default_factory=list)        # the seconds each of them took
    waiting: list[asyncio.Future] = field(default_factory=list)    # acts awaiting the table's ack


class Table:
    """One table: its seats, its process, the events each seat may see, its clock."""

    def __init__(self, table_id: str, settings: dict, seats: list[Seat], host: str | None = None,
                 store: Store | None = None, created: float | None = None, owner: str | None = None):
        self.id, self.settings, self.seats, self.host, self.store = table_id, settings, seats, host, store
        self.created = time.time() if created is None else created     # (wall clock: a waiting table expires)
        self.owner = owner                    # the client address that made it (its per-client cap)
        self.by_player = {s.player: s for s in seats}
        self.events: list[tuple[tuple[int, ...] | None, dict]] = []      # (audience, event)
        self.state = "waiting"                # waiting, playing, finished, stopped
        self.end: dict | None = None
        self.proc: Any = None
        self.inboxes: list[Any] = []
        self.outbox: Any = None
        self.control: Any = None
        self.pause: dict | None = None        # between two deals: {"until", "ready"} (persons ready)
        self.decisions = 0
        self.seen = time.monotonic()
        self.deal_seats: list[int] = []       # this deal: seat -> player index
        self.subscribers: set[tuple[int | None, asyncio.Queue]] = set()
        self.lock = threading.Lock()
        self.act_lock = asyncio.Lock()        # one answer at a time is stored, handed over and acknowledged
        self.tickets: dict[str, tuple[int | None, float]] = {}       # event-stream tickets: digest -> (player, until)

    # -- the process
    def start(self, decisions: list[tuple[int, Any, float]] | None = None, next_decision: int | None = None) -> None:
        """Start the table's process; ``decisions`` (recorded answers) are taken in first, and the
        next answer is numbered ``next_decision`` (numbers are never used twice)."""
        ctx = table_context()
        self.outbox = ctx.Queue()
        self.control = ctx.Queue()              # (the server lets the table go on after a deal's pause)
        self.inboxes = [ctx.Queue() if s.kind == "person" else None for s in self.seats]
        for player, answer, used in decisions or []:
            seat = self.by_player[player]
            self.inboxes[player].put(answer)
            seat.replay += 1
            seat.replay_used.append(used or 0.0)  # (the clock as it stood: charged as each is taken in)
            self.decisions += 1
        if next_decision is not None:
            self.decisions = max(self.decisions, next_decision)
        specs = [{"kind": s.kind, "player": s.computer, "auto_bid": s.auto_bid, "name": s.name} for s in self.seats]
        names = [s.name or (computer_name(s.computer) if s.kind == "computer" else s.slot) for s in self.seats]
        options = dict(self.settings, seats=specs, names=self.settings.get("names") or names, server=os.getpid())
        self.proc = ctx.Process(target=run_table, args=(options, self.inboxes, self.outbox, self.control), daemon=True)
        self.proc.start()
        self.state = "playing"

    def stop(self) -> None:
        if self.proc is not None and self.proc.is_alive():
            for q in [*self.inboxes, self.control]:
                if q is not None:
                    q.put(None)
            self.proc.join(timeout=2)
            if self.proc.is_alive():
                self.proc.terminate()
                self.proc.join(timeout=2)
        for q in [*self.inboxes, self.outbox, self.control]:
            if q is not None:
                q.close()
                q.join_thread()
        self.inboxes, self.outbox, self.control = [], None, None
        if self.state == "playing":
            self.state = "stopped"

    def close(self, why: str) -> None:
        """The host closed the table, or nobody joined it in time: its process ends, every seat
        is told, and the store keeps it as closed."""
        self.stop()
        self.end = {"closed": why}
        self.state = "closed"
        for s in self.seats:
            s.question = None
        if self.store is not None:
            self.store.state(self.id, "closed", self.end)
        self._push(None, "end", self.end)

    def idle(self) -> float:
        """Seconds since anybody looked: none while an event stream is open."""
        return 0.0 if self.subscribers else time.monotonic() - self.seen

    # -- messages from the process
    def drain(self) -> bool:
        """Take in what the process said; True if anything came."""
        if self.outbox is None:
            return False
        got = False
        while True:
            try:
                kind, who, data = self.outbox.get_nowait()
            except (queue.Empty, OSError, ValueError):
                break
            got = True
            with self.lock:
                self._take(kind, who, data)
        if self.state == "playing" and self.proc is not None and not self.proc.is_alive() and self.end is None:
            self._finish({"error": "the table stopped"})
            got = True
        return got

    def _take(self, kind: str, who: Any, data: Any) -> None:
        if kind == "event":
            self._event(tuple(who) if who is not None else None, data)
        elif kind == "question":
            seat = self.by_player[who]
            seat.question = data                  # (a hint asked for it stays until the seat answers)
            if data.get("cards") and len(data["cards"]) <= 10:      # (not the twelve before the discard)
                seat.hand = list(data["cards"])
            if seat.replay == 0 and seat.asked is None:
                seat.asked = time.monotonic()
            self._push(who, "question", self.question_for(seat))
            if seat.replay == 0:
                self._push(None, "presence", self.players())     # (whose turn it is: every page's marker)
        elif kind == "hint":
            self.by_player[who].hint = data
            self.by_player[who].hint_pending = False
            self._push(who, "hint", data)
        elif kind == "ack":
            seat = self.by_player[who]
            if seat.replay > 0:
                seat.replay -= 1                  # a recorded answer taken in again
                used = seat.replay_used.pop(0)
                if data.get("ok"):
                    seat.question = None
                    seat.clock = _credit(seat.clock, used)
                return
            if data.get("ok"):
                seat.question = None
                seat.hint, seat.hint_key = None, None
                self._push(who, "question", None)     # (the seat's page stops asking)
                self._push(None, "presence", self.players())
            if seat.waiting:                      # (drained on the event loop's thread: settled at once)
                _settle(seat.waiting.pop(0), data)
        elif kind == "pause":
            self._pause(float(data["seconds"]))
        elif kind == "end":
            self._finish(data)

    # -- between two deals
    def _pause(self, seconds: float) -> None:
        """A deal is over: each person is asked 'next' (the deal's end stays on every page) until
        all are ready or ``seconds`` pass.  Recorded answers still to be taken in again (a
        restart) go on at once."""
        persons = [s for s in self.seats if s.kind == "person"]
        if any(s.replay > 0 for s in persons) or not persons:
            self.control.put("go")
            return
        self.pause = {"until": time.monotonic() + seconds, "ready": set()}
        for s in persons:
            s.question = {"kind": "next", "legal": ["next"], "seconds": seconds}
            self._push(s.player, "question", self.question_for(s))
        self._push(None, "presence", self.players())

    def ready(self, seat: Seat) -> None:
        """The person is ready for the next deal; the last one lets the table go on."""
        if self.pause is None:
            return
        self.pause["ready"].add(seat.player)
        seat.question = None
        self._push(seat.player, "question", None)
        if all(s.player in self.pause["ready"] for s in self.seats if s.kind == "person"):
            self.go()
        else:
            self._push(None, "presence", self.players())

    def go(self) -> None:
        """The next deal starts (every person was ready, or the pause's time is up)."""
        if self.pause is None:
            return
        self.pause = None
        for s in self.seats:
            if s.question is not None and s.question.get("kind") == "next":
                s.question = None
                self._push(s.player, "question", None)
        if self.control is not None:
            self.control.put("go")
        self._push(None, "presence", self.players())

    def _finish(self, data: dict) -> None:
        self.end = data
        self.state = "finished" if "standings" in data else "stopped"
        for s in self.seats:
            s.question = None
        if self.store is not None:
            self.store.state(self.id, self.state, data)
        self._push(None, "presence", self.players())
        self._push(None, "end", data)

    def _event(self, audience: tuple[int, ...] | None, ev: dict) -> None:
        if ev["kind"] == "deal":
            self.deal_seats = list(ev["seats"])
            for s in self.seats:                  # the clock of seed 002: two minutes for a deal's first move
                s.clock = CLOCK_START
        if ev["kind"] in ("hand", "discarded") and audience:
            for p in audience:
                self.by_player[p].hand = list(ev["cards"])
        if ev["kind"] == "card" and self.deal_seats:
            letters = "FMR" if len(self.deal_seats) == 3 else "FR"
            if ev["seat"] in letters:
                mover = self.by_player[self.deal_seats[letters.index(ev["seat"])]]
                if ev["card"] in mover.hand:
                    mover.hand.remove(ev["card"])
        self.events.append((audience, ev))
        n = len(self.events) - 1
        for player, q in list(self.subscribers):
            if audience is None or (player is not None and player in audience):
                q.put_nowait(("event", {"id": n, **ev}))

    def _push(self, player: int | None, kind: str, data: Any) -> None:
        for p, q in list(self.subscribers):
            if player is None or p == player:
                q.put_nowait((kind, data))

    # -- what a seat sees
    def visible(self, player: int | None, since: int = 0) -> list[dict]:
        """The events ``player`` may see, from index ``since`` (None: the host, public events only)."""
        return [{"id": i, **ev} for i, (aud, ev) in enumerate(self.events[since:], start=since)
                if aud is None or (player is not None and player in aud)]

    def question_for(self, seat: Seat) -> dict | None:
        q = seat.question
        if q is None or seat.replay > 0:
            return None
        return dict(q) | ({"clock": self.clock_left(seat)} if self.settings.get("clock") else {})

    def clock_left(self, seat: Seat) -> float:
        used = time.monotonic() - seat.asked if seat.asked is not None else 0.0
        return round(max(0.0, seat.clock - used), 1)

    def position(self, seat: Seat) -> str | None:
        """The seat's place in this deal (F, M, R; Offiziersskat F, R), None if it sits out."""
        if seat.player not in self.deal_seats:
            return None
        letters = "FMR" if len(self.deal_seats) == 3 else "FR"
        return letters[self.deal_seats.index(seat.player)]

    def phase(self, seat: Seat | None) -> str:
        if self.state != "playing":
            return self.state
        q = seat.question if seat is not None else None
        if q is not None:
            return {"next": "between deals", "bid": "auction", "answer": "auction", "play18": "auction",
                    "hand": "declaring", "discard": "declaring", "offiziers-game": "declaring",
                    "ramsch-pickup": "declaring", "ramsch-discard": "declaring", "card": "play"}.get(q["kind"], "play")
        for _aud, ev in reversed(self.events):
            k = ev["kind"]
            if k in ("result", "passed", "record", "sheet"):
                return "between deals"
            if k in ("card", "trick", "declaration", "ramsch", "piles", "kontra", "re"):
                return "play"
            if k in ("auction", "pickup"):
                return "declaring"
            if k == "deal":
                return "auction"
        return "auction"

    def players(self) -> list[dict]:
        return [{"seat": s.slot, "name": s.name or (computer_name(s.computer) if s.kind == "computer" else None),
                 "kind": s.kind, "joined": s.kind == "computer" or s.token is not None,
                 "connected": s.kind == "computer" or s.connections > 0, "position": self.position(s),
                 "to_act": s.question is not None and s.replay == 0,
                 **({"clock": self.clock_left(s)} if self.settings.get("clock") and s.kind == "person" else {})}
                for s in self.seats]

    def state_for(self, seat: Seat) -> dict:
        """What ``seat`` sees now (the bot API's ``state``)."""
        q = self.question_for(seat)
        return {"table": self.id, "phase": self.phase(seat), "seat": seat.slot, "player": seat.player,
                "position": self.position(seat),
                "hand": list(seat.hand), "finished": self.state == "finished", "to_act": q is not None,
                "question": q, "hint": seat.hint if q is not None else None, "players": self.players(),
                "events": len(self.visible(seat.player)), "end": self.end, "settings": public_settings(self.settings)}

    # -- answers
    def record(self, seat: Seat, answer: Any, used: float | None = None) -> int:
        """Write ``answer`` to the store as the table's next decision; its number (never used
        again, also when the table refuses the answer: :meth:`Store.forget`)."""
        n = self.decisions
        self.decisions += 1
        if self.store is not None:
            self.store.decide(self.id, n, seat.player, answer, used if used is not None else 0.0)
        return n

    def send(self, seat: Seat, answer: Any) -> None:
        """Hand ``answer`` (checked by the caller) to the table's process."""
        self.inboxes[seat.player].put(answer)

    def forward(self, seat: Seat, answer: Any, used: float | None = None) -> int | None:
        """Record ``answer`` (unless it asks for a hint) and hand it to the table."""
        n = None if isinstance(answer, dict) and answer.get("hint") else self.record(seat, answer, used)
        self.send(seat, answer)
        return n

    def taken(self, seat: Seat, used: float) -> None:
        """An answer the table took: the seat's clock is charged, and every seat told."""
        seat.clock = _credit(seat.clock, used)
        seat.asked = None
        if self.settings.get("clock") and seat.kind == "person":
            self._push(None, "clock", {"seat": seat.slot, "left": round(seat.clock, 1)})

    def timed_out(self) -> list[Seat]:
        """The persons whose clock ran out on the question before them."""
        if not self.settings.get("clock") or self.state != "playing":
            return []
        now = time.monotonic()
        return [s for s in self.seats if s.kind == "person" and s.question is not None and s.replay == 0
                and s.asked is not None and now - s.asked >= s.clock]

    def connected(self, player: int | None, delta: int) -> None:
        if player is not None:
            self.by_player[player].connections += delta
        self._push(None, "presence", self.players())


def table_context():
    """How table processes start: forked from one server process that has imported the table's
    code once (``forkserver``: each table shares those pages instead of importing the solver
    again: 45 -> 10 MB a table, proportional set size, bench_tables_load.py), a fresh interpreter
    (``spawn``) where there is no fork."""
    if "forkserver" not in multiprocessing.get_all_start_methods():
        return multiprocessing.get_context("spawn")
    ctx = multiprocessing.get_context("forkserver")
    ctx.set_forkserver_preload(["web.games"])
    return ctx


def computer_name(spec: str | None) -> str:
    """How a computer seat is named at the table: 'computer (best)', 'computer (best, strength 2)'."""
    name, _, level = (spec or "best").partition(":")
    return f"computer ({name}, strength {level})" if level else f"computer ({name})"


def question_key(question: dict) -> str:
    """What makes a question the same question when the table asks it again (after a hint, or a
    refused answer, with its ``error``)."""
    return json.dumps({k: v for k, v in question.items() if k != "error"}, sort_keys=True)


def _credit(balance: float, used: float) -> float:
    """The clock after a move that took ``used`` seconds (seed 002): charged, 10 s credited for a
    move within 10 s, never above two minutes; a move at zero (timed out) leaves the credit."""
    left = max(0.0, balance - used)
    return min(CLOCK_START, left + (CLOCK_BONUS if used <= CLOCK_QUICK or left == 0.0 else 0.0))


def _settle(fut: asyncio.Future, data: dict) -> None:
    if not fut.done():
        fut.set_result(data)


def public_settings(settings: dict) -> dict:
    """The table's settings as every seat may see them (no seed or secret: the cards follow from them)."""
    return {k: v for k, v in settings.items() if k not in ("seed", "secret", "names")}


def table_id() -> str:
    return uuid.uuid4().hex[:16]
