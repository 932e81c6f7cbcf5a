"""The tables' HTTP API (the bot API): create a table, join it with an invite, act with the
seat's token, read the seat's state, follow its events live (Server-Sent Events).

The contract (fixed, so that outside programs can rely on it; more fields may come):

* ``POST /api/tables`` ``{"variant", "seats": {"F": "person" | "computer" | "computer:best" ...,
  "M": ..., "R": ...}, ...settings}`` -> ``{"id", "host", "invites": {SEAT: INVITE}}``; no
  ``seed``: a table of people deals from a secret nobody chooses (:mod:`solver.fair`);
* ``POST /api/tables/{id}/start`` with ``Authorization: Bearer HOST`` (a table whose person seats
  are all taken starts by itself);
* ``DELETE /api/tables/{id}`` with the host's token closes the table;
* ``POST /api/tables/{id}/join`` ``{"invite", "name"}`` -> ``{"seat", "token"}``;
* ``GET /api/tables/{id}/state`` with the seat's token -> ``{"phase", "seat", "hand", "finished",
  "to_act", "question": {"kind", "legal": [...]} | null, ...}``; any entry of ``legal`` is taken;
* ``POST /api/tables/{id}/act`` ``{"answer"}`` with the seat's token: 200 when the table took it,
  400 ``{"error"}`` naming what was wrong (the answer's shape, or the rule) when it did not, and
  then nothing changed; 403 with another token (the host's too), 409 when nothing is asked of the
  seat, 429 while the seat's last hint is being worked out;
* ``POST /api/tables/{id}/ticket`` with a seat's or the host's token -> ``{"ticket"}``: good for
  one event stream within a minute (a browser's ``EventSource`` cannot send a header);
* ``GET /api/tables/{id}/events`` (``text/event-stream``; the token as ``Authorization``, or
  ``?ticket=``) streams the seat's events, its questions, hints, the clocks and who is connected.

Every deal's ``deal`` event carries its ``commitment``, and its finished record the ``reveal``
(:mod:`solver.fair`): ``skat verify`` checks a match's records.
"""

from __future__ import annotations

import asyncio
import json
import logging
import time
from typing import Any, Literal

from fastapi import APIRouter, HTTPException, Request
from fastapi.responses import PlainTextResponse, StreamingResponse
from pydantic import BaseModel, ConfigDict, Field, StrictBool, StrictInt, field_validator

from solver.bidding import auto_bid_limit
from solver.fair import new_table_secret
from solver.house import HouseRules
from solver.scoring import SCORINGS

from ..answers import is_hint, legal_answer, shape_error
from ..limits import Limits, client_of
from ..state import AppState, State
from ..tables import (SLOTS, Seat, Store, Table, digest, new_token, public_settings, question_key, same_token,
                     table_id)

ACT_TIMEOUT = 60.0               # seconds an act waits for the table's answer
PAUSE = 20.0                     # seconds a deal's end stays on every seat at most (each person clicks 'next')
COMPUTERS = ("best", "pimc", "rules", "random")
MAX_NAME = 40
log = logging.getLogger("skat.tables")
#: the largest event number a client may name (Last-Event-ID, ?since=)
MAX_EVENT_ID = 10 ** 9


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)   # (no "3" or true for a number)


def check_name(v: str) -> str:
    """A person's name at the table: 1-40 printable characters, no square bracket (names go into
    the ISS export's properties); spaces at the ends dropped."""
    v = v.strip()
    if not v:
        raise ValueError("a name has at least one character that is not a space")
    if len(v) > MAX_NAME:
        raise ValueError(f"a name has at most {MAX_NAME} characters")
    bad = next((c for c in v if not c.isprintable() or c in "[]\\"), None)
    if bad is not None:
        raise ValueError(f"a name has printable characters and no brackets or backslash, got {bad!r}")
    return v


class TableRequest(_Strict):
    variant: Literal["skat", "offiziersskat"] = "skat"
    seats: dict[str, str] = Field(description="per seat (F, M, R, and X at a table of four; Offiziersskat F, R): "
                                              "'person', 'computer', 'computer:NAME' (best, pimc, rules, random) "
                                              "or 'computer:best:LEVEL' (strength 1-3, else the table's)",
                                  max_length=4)
    deals: StrictInt = Field(3, ge=1, le=36)
    rounds: StrictInt | None = Field(None, ge=1, le=50)
    target: StrictInt | None = Field(None, ge=1, le=100000)
    scoring: str = Field("simple", description="simple, or seeger-fabian (tournament scoring)", max_length=40)
    house: str = Field("", max_length=200)
    clock: StrictBool = Field(False, description="the tournament clock for every person: two minutes for a "
                                                 "deal's first move, ten seconds back for a move within ten")
    hints: StrictBool = Field(True, description="may the persons ask for hints (never using a hidden card)")
    strength: StrictInt = Field(1, ge=1, le=3)
    seed: Any = Field(None, description="refused: a table of people deals from a secret nobody chooses")

    @field_validator("scoring")
    @classmethod
    def _scoring(cls, v: str) -> str:
        if v not in SCORINGS:
            raise ValueError(f"scoring is one of {', '.join(SCORINGS)}")
        return v

    @field_validator("seats")
    @classmethod
    def _seats(cls, v: dict[str, str]) -> dict[str, str]:
        for slot, spec in v.items():
            if len(slot) > 2 or len(spec) > 40:
                raise ValueError(f"a seat is F, M, R or X and a seat's kind at most 40 characters, got {slot!r}")
        return v

    @field_validator("seed")
    @classmethod
    def _seed(cls, v: Any) -> None:
        if v is not None:
            raise ValueError("a table of people deals from a secret nobody chooses, so that no seat can know "
                             "another's cards; a seed is for skat play, the arena and a match against computers")
        return None


class JoinRequest(_Strict):
    invite: str = Field(max_length=200)
    name: str = Field(min_length=1, max_length=MAX_NAME * 4)
    auto_bid: StrictInt | None = Field(None, description="bid and hold automatically up to this value (0: always "
                                                         "pass); nobody else sees it")

    @field_validator("auto_bid")
    @classmethod
    def _auto(cls, v: int | None) -> int | None:
        return auto_bid_limit(v)

    @field_validator("name")
    @classmethod
    def _name(cls, v: str) -> str:
        return check_name(v)


class StartRequest(_Strict):
    empty: str | None = Field(None, description="give the seats nobody took to this computer ('computer:rules')",
                              max_length=40)


class InviteRequest(_Strict):
    seat: Literal["F", "M", "R", "X"] = Field(description="the person seat whose invite is issued again")


class ActRequest(_Strict):
    answer: Any = Field(description="an entry of the question's 'legal' list (or {'hint': true})")


def computer_of(spec: str, field: str) -> str:
    """The computer a seat spec names: 'computer' (best), 'computer:NAME' or 'computer:best:LEVEL'
    (best's strength 1-3, else the table's); as 'NAME' or 'NAME:LEVEL'.  Anything else is a 400 naming
    ``field``."""
    kind, _, rest = spec.strip().lower().partition(":")
    name, _, level = rest.partition(":")
    name = name or "best"
    if kind != "computer" or name not in COMPUTERS or level not in ("", "1", "2", "3") or (level and name != "best"):
        raise HTTPException(400, f"{field}: 'computer', 'computer:NAME' or 'computer:best:LEVEL' (NAME one of "
                                 f"{', '.join(COMPUTERS)}; LEVEL best's strength 1-3), got {spec!r}")
    return f"{name}:{level}" if level else name


def _seats_of(req: TableRequest) -> tuple[list[Seat], bool]:
    """The seats in player order, and whether the table plays duel rules (two persons and a
    computer who defends: the computer is player 2, as the table's duel mode wants)."""
    want = ("F", "R") if req.variant == "offiziersskat" else \
        ("F", "M", "R", "X") if "X" in req.seats else ("F", "M", "R")
    if set(req.seats) != set(want):
        raise HTTPException(400, f"seats: {'Offiziersskat' if req.variant == 'offiziersskat' else 'a table'} has the "
                                 f"seats {', '.join(want)}, got {', '.join(req.seats) or 'none'}")
    kinds: dict[str, tuple[str, str | None]] = {}
    for slot in want:
        spec = req.seats[slot].strip().lower()
        if spec == "person":
            kinds[slot] = ("person", None)
        elif spec.startswith("computer"):
            kinds[slot] = ("computer", computer_of(spec, f"seats.{slot}"))
        else:
            raise HTTPException(400, f"seats.{slot}: 'person', 'computer', 'computer:NAME' or "
                                     f"'computer:best:LEVEL', got {spec!r}")
    persons = [s for s in want if kinds[s][0] == "person"]
    if not persons:
        raise HTTPException(400, "seats: a table needs at least one person")
    duel = req.variant == "skat" and len(want) == 3 and len(persons) == 2
    order = [*persons, *(s for s in want if kinds[s][0] == "computer")] if duel else list(want)
    return [Seat(slot, i, kinds[slot][0], computer=kinds[slot][1]) for i, slot in enumerate(order)], duel


def event_number(request: Request) -> int:
    """The first event a stream sends: after ``Last-Event-ID`` (or ``?since=``), a whole number
    from 0; anything else is a 400."""
    raw = request.headers.get("last-event-id") or request.query_params.get("since")
    if raw is None or raw == "":
        return 0
    raw = raw.strip()
    if not raw.isascii() or not raw.isdigit() or int(raw) > MAX_EVENT_ID:
        raise HTTPException(400, f"Last-Event-ID (or since): the number of an event, 0 to {MAX_EVENT_ID}, "
                                 f"got {raw[:20]!r}")
    return int(raw) + 1


def bearer(request: Request) -> str | None:
    """The token of ``Authorization: Bearer TOKEN`` (never from the URL: a URL is logged and kept
    in histories)."""
    auth = request.headers.get("authorization", "")
    if auth.lower().startswith("bearer "):
        return auth[7:].strip()
    return None


router = APIRouter()


def open_tables(st: AppState, owner: str | None = None) -> int:
    return sum(1 for t in st.tables.values() if t.state in ("waiting", "playing")
               and (owner is None or t.owner == owner))


def table_of(st: AppState, tid: str) -> Table:
    t = st.tables.get(tid) if len(tid) <= 64 else None
    if t is None:
        raise HTTPException(404, f"no table {tid[:64]}")
    return t


def seat_of(t: Table, request: Request) -> Seat:
    token = bearer(request)
    if token is None:
        raise HTTPException(401, "give the seat's token (Authorization: Bearer TOKEN)")
    for s in t.seats:
        if same_token(token, s.token):
            return s
    raise HTTPException(403, "that token is not a seat's at this table (the host cannot act for a seat)")


def is_host(t: Table, request: Request) -> bool:
    return same_token(bearer(request), t.host)


@router.post("/api/tables", summary="create a table: its seats (persons, computers) and settings; "
                                    "returns the host's token and one invite per person seat")
async def create(req: TableRequest, request: Request, st: State) -> dict:
    if open_tables(st) >= st.limits.max_tables:
        raise HTTPException(429, f"{open_tables(st)} tables are open on this server, its most (--max-tables); "
                                 "try again when one ends")
    client = client_of(request)
    if open_tables(st, client) >= st.limits.client_tables:
        raise HTTPException(429, f"this address has {open_tables(st, client)} open tables, its most; close one "
                                 f"(DELETE /api/tables/ID with its host token) or wait until one ends")
    seats, duel = _seats_of(req)
    try:
        HouseRules.parse(req.house)
    except ValueError as e:
        raise HTTPException(400, f"house: {e}") from None
    if req.variant == "offiziersskat" and req.house:
        raise HTTPException(400, "house: Offiziersskat has no house rules")
    if req.variant == "offiziersskat" and req.deals % 2 and not req.rounds and not req.target:
        raise HTTPException(400, "deals: an Offiziersskat match has an even number of deals")
    settings = req.model_dump(exclude={"seats", "seed"})
    settings["secret"] = new_table_secret()          # (every deal's cards follow from it: solver.fair)
    settings["players"] = len(seats)
    settings["duel"] = duel
    settings["pause"] = PAUSE
    tid = table_id()
    host = new_token()
    invites = {s.slot: new_token() for s in seats if s.kind == "person"}
    for s in seats:
        if s.slot in invites:
            s.invite = digest(invites[s.slot])
    t = Table(tid, settings, seats, digest(host), st.store, owner=client)
    if st.store is not None:
        st.store.create(tid, settings, t.host or "", [{"slot": s.slot, "player": s.player, "kind": s.kind,
                                                    "computer": s.computer, "invite": s.invite} for s in seats])
    st.tables[tid] = t
    return {"id": tid, "host": host, "invites": invites,
            "rules": "duel" if duel else "offiziersskat" if req.variant == "offiziersskat" else
                     "tournament" if all(s.kind == "person" for s in seats) else "table",
            "players": t.players(), "expires": round(st.limits.table_expiry)}


def start_table(t: Table) -> None:
    t.start()
    if t.store is not None:
        t.store.state(t.id, "playing")
    t._push(None, "started", {"players": t.players()})


@router.post("/api/tables/{tid}/join", summary="take a person seat with its invite; again with the seat's "
                                               "token to come back")
async def join(tid: str, req: JoinRequest, request: Request, st: State) -> dict:
    t = table_of(st, tid)
    for s in t.seats:
        if s.kind == "person" and same_token(req.invite, s.invite):
            if s.token is not None:
                if same_token(bearer(request), s.token):         # the same person coming back
                    return {"seat": s.slot, "token": bearer(request)}
                raise HTTPException(409, f"the invite to seat {s.slot} was used already (come back with the "
                                         f"seat's token)")
            if t.state not in ("waiting", "playing"):
                raise HTTPException(409, f"the table is {t.state}")
            token = new_token()
            s.token, s.name, s.auto_bid = digest(token), req.name, req.auto_bid
            if t.store is not None:
                t.store.seat(t.id, s.slot, token=s.token, name=s.name, auto_bid=s.auto_bid)
            t._push(None, "presence", t.players())
            if t.state == "waiting" and all(x.token is not None for x in t.seats if x.kind == "person"):
                start_table(t)                                   # every person is there: it starts
            return {"seat": s.slot, "token": token}
    raise HTTPException(403, "that invite is not one of this table's")


@router.post("/api/tables/{tid}/start", summary="the host starts the match (empty seats may go to a computer)")
async def start(tid: str, request: Request, st: State, req: StartRequest | None = None) -> dict:
    t = table_of(st, tid)
    if not is_host(t, request):
        raise HTTPException(403, "only the host starts the table (Authorization: Bearer HOST)")
    if t.state != "waiting":
        raise HTTPException(409, f"the table is {t.state} already")
    empty = [s for s in t.seats if s.kind == "person" and s.token is None]
    if empty:
        if req is None or not req.empty:
            raise HTTPException(409, f"seat{'s' if len(empty) > 1 else ''} {', '.join(s.slot for s in empty)} "
                                     f"{'are' if len(empty) > 1 else 'is'} not taken: wait, or start with "
                                     f"{{\"empty\": \"computer:rules\"}}")
        name = computer_of(req.empty, "empty")
        for s in empty:
            s.kind, s.computer, s.invite = "computer", name, None
            if t.store is not None:
                t.store.seat(t.id, s.slot, kind="computer", computer=name, invite=None)
        if t.settings.get("duel"):
            t.settings["duel"] = False           # (a computer more: no longer two people)
    start_table(t)
    return {"ok": True, "players": t.players()}


@router.post("/api/tables/{tid}/invite", summary="the host issues a seat's invite again (a second device, or a "
                                                 "person who lost it): the old invite and token stop working")
async def reissue(tid: str, req: InviteRequest, request: Request, st: State) -> dict:
    t = table_of(st, tid)
    if not is_host(t, request):
        raise HTTPException(403, "only the host issues invites (Authorization: Bearer HOST)")
    seat = next((s for s in t.seats if s.slot == req.seat), None)
    if seat is None or seat.kind != "person":
        raise HTTPException(400, f"seat: {req.seat} is not a person seat at this table")
    if t.state not in ("waiting", "playing"):
        raise HTTPException(409, f"the table is {t.state}")
    invite = new_token()
    seat.invite, seat.token = digest(invite), None
    if t.store is not None:
        t.store.seat(t.id, seat.slot, invite=seat.invite, token=None)
    for entry in [e for e in t.subscribers if e[0] == seat.player]:       # the old device's streams end
        entry[1].put_nowait(("end", {"closed": "this seat's invite was issued again: open the new link"}))
        entry[1].put_nowait(("close", None))
    t._push(None, "presence", t.players())
    return {"seat": seat.slot, "invite": invite}


@router.delete("/api/tables/{tid}", summary="the host closes the table (its match ends for every seat)")
async def close(tid: str, request: Request, st: State) -> dict:
    t = table_of(st, tid)
    if not is_host(t, request):
        raise HTTPException(403, "only the host closes the table (Authorization: Bearer HOST)")
    t.drain()
    if t.state not in ("waiting", "playing"):
        raise HTTPException(409, f"the table is {t.state} already")
    async with t.act_lock:                    # (not between an answer and its acknowledgement)
        t.close("the host closed the table")
    return {"ok": True}


@router.get("/api/tables/{tid}/state", summary="what the seat of this token sees now")
async def table_state(tid: str, request: Request, st: State) -> dict:
    t = table_of(st, tid)
    t.drain()
    t.seen = time.monotonic()
    if is_host(t, request):
        return {"table": t.id, "phase": t.phase(None), "finished": t.state == "finished", "players": t.players(),
                "end": t.end, "settings": public_settings(t.settings)}
    return t.state_for(seat_of(t, request))


@router.post("/api/tables/{tid}/act", summary="answer the seat's question (an entry of its 'legal' list)")
async def act(tid: str, req: ActRequest, request: Request, st: State) -> dict:
    t = table_of(st, tid)
    seat = seat_of(t, request)
    if (wrong := shape_error(req.answer)) is not None:
        raise HTTPException(400, wrong)
    if is_hint(req.answer):
        return ask_hint(t, seat)
    async with t.act_lock:                    # one answer at a time: stored, handed over, acknowledged
        t.drain()
        if t.state != "playing" or seat.question is None or seat.replay > 0:
            raise HTTPException(409, "nothing is asked of this seat right now")
        if seat.question.get("kind") == "next":        # (the server's question between deals, not the table's)
            if req.answer != "next":
                raise HTTPException(400, "the deal is over: answer 'next' when you are ready for the next one")
            t.ready(seat)
            return {"ok": True}
        used = time.monotonic() - seat.asked if seat.asked is not None else 0.0
        answer = legal_answer(seat.question, req.answer)
        n = None
        if answer is not None:                # one of the legal answers: stored before the table has it
            n = t.record(seat, answer, used)
        else:                                 # the table says which rule it breaks (and keeps nothing)
            answer = req.answer
        ack = await handed(t, seat, answer)
        if not ack.get("ok"):
            if n is not None and t.store is not None:
                t.store.forget(t.id, n)
            raise HTTPException(400, ack.get("error") or "the table did not take that answer")
        if n is None:                         # (a spelling the table took that legal did not list)
            t.record(seat, answer, used)
        t.taken(seat, used)
    return {"ok": True}


def ask_hint(t: Table, seat: Seat) -> dict:
    t.drain()
    if t.state != "playing" or seat.question is None or seat.replay > 0:
        raise HTTPException(409, "nothing is asked of this seat right now")
    if not t.settings.get("hints", True):
        raise HTTPException(400, "hints are off at this table")
    if seat.question.get("kind") == "next":
        raise HTTPException(409, "the deal is over: there is nothing to hint until the next one")
    if seat.hint_pending:
        raise HTTPException(429, "this seat's hint is being worked out; it comes on the event stream")
    key = question_key(seat.question)
    if seat.hint is not None and seat.hint_key == key:      # (one hint a question: the same again)
        t._push(seat.player, "hint", seat.hint)
        return {"ok": True, "hint": "given"}
    seat.hint_pending, seat.hint_key = True, key
    t.send(seat, {"hint": True})
    return {"ok": True, "hint": "asked"}


async def handed(t: Table, seat: Seat, answer: Any) -> dict:
    """Hand ``answer`` to the table and wait for its acknowledgement (taken, or refused with the
    rule)."""
    fut: asyncio.Future = asyncio.get_running_loop().create_future()
    seat.waiting.append(fut)
    t.send(seat, answer)
    deadline = time.monotonic() + ACT_TIMEOUT
    while not fut.done():                   # the table answers within milliseconds: look often
        t.drain()
        if fut.done():
            break
        if t.state != "playing":
            raise HTTPException(409, f"the table is {t.state}")
        if time.monotonic() > deadline:     # (the future stays: a late acknowledgement settles it)
            raise HTTPException(504, "the table did not answer in time")
        await asyncio.sleep(0.002)
    return fut.result()


@router.post("/api/tables/{tid}/ticket", summary="a ticket for one event stream within a minute (for a "
                                                 "browser, whose EventSource sends no header)")
async def ticket(tid: str, request: Request, st: State) -> dict:
    t = table_of(st, tid)
    player = None if is_host(t, request) else seat_of(t, request).player
    now = time.monotonic()
    t.tickets = {k: v for k, v in t.tickets.items() if v[1] > now}
    if len(t.tickets) >= 4 * len(t.seats) * st.limits.seat_streams:
        raise HTTPException(429, "too many event-stream tickets of this table are waiting to be used")
    token = new_token()
    t.tickets[digest(token)] = (player, now + st.limits.stream_ticket)
    return {"ticket": token, "expires": round(st.limits.stream_ticket)}


def stream_viewer(st: AppState, t: Table, request: Request) -> Seat | None:
    """Who opens a stream: the seat (its token, or a ticket of it), or the host (None)."""
    ticket = request.query_params.get("ticket")
    if ticket is not None:
        entry = t.tickets.pop(digest(ticket), None) if len(ticket) <= 100 else None
        if entry is None or entry[1] < time.monotonic():
            raise HTTPException(403, "that event-stream ticket is unknown, used or expired (ask for one: "
                                     "POST /api/tables/ID/ticket)")
        return None if entry[0] is None else t.by_player[entry[0]]
    if request.query_params.get("token") is not None:
        raise HTTPException(400, "token: a token never goes in a URL; send it as Authorization: Bearer TOKEN, "
                                 "or open the stream with a ticket (POST /api/tables/ID/ticket)")
    return None if is_host(t, request) else seat_of(t, request)


@router.get("/api/tables/{tid}/events", summary="the seat's events as Server-Sent Events (token as "
                                                "Authorization, or ?ticket=)")
async def events(tid: str, request: Request, st: State) -> StreamingResponse:
    t = table_of(st, tid)
    since = event_number(request)
    viewer = stream_viewer(st, t, request)
    return await seat_stream(t, viewer if isinstance(viewer, Seat) else None, request, since, st.limits)


async def seat_stream(t: Table, seat: Seat | None, request: Request, since: int, limits: Limits) -> StreamingResponse:
    """The one event path of the web app: a seat's (None: the host's) Server-Sent Events at table
    ``t`` from event ``since``: its events, its questions and hints, the clocks, who is connected
    and the end.  A table of people and a match against computers alike."""
    player = seat.player if seat is not None else None
    mine = sum(1 for p, _q in t.subscribers if p == player)
    if mine >= limits.seat_streams:
        raise HTTPException(429, f"{'this seat' if seat is not None else 'the host'} has {mine} open event "
                                 f"streams at this table, its most; close one")
    q: asyncio.Queue = asyncio.Queue()
    entry = (player, q)

    async def stream():
        # counted above, then in one step with no await: what came so far is taken as it stands
        # and the stream registered, so that every later message comes once, through the queue
        t.drain()
        backlog = [_sse("event", ev, ev["id"]) for ev in t.visible(player, since)]
        if seat is not None and (question := t.question_for(seat)) is not None:
            backlog.append(_sse("question", question))
        t.subscribers.add(entry)
        t.connected(player, +1)
        backlog.append(_sse("presence", t.players()))
        if t.end is not None:
            backlog.append(_sse("end", t.end))
        try:
            yield ": connected\n\n" + "".join(backlog)
            while True:
                if await request.is_disconnected():
                    return
                try:
                    kind, data = await asyncio.wait_for(q.get(), 15)
                except TimeoutError:
                    yield ": keep-alive\n\n"
                    continue
                if kind == "close":
                    return
                yield _sse(kind, data, data.get("id") if kind == "event" else None)
        finally:
            t.subscribers.discard(entry)
            t.connected(player, -1)
            t.seen = time.monotonic()           # (a match's idle time runs from its last stream)

    body = stream()
    first = await body.__anext__()           # registered now (a stream never started would leak its count)

    async def sent():
        yield first
        async for chunk in body:
            yield chunk
    return StreamingResponse(sent(), media_type="text/event-stream",
                             headers={"Cache-Control": "no-cache", "X-Accel-Buffering": "no"})


@router.get("/api/tables/{tid}/records", summary="the table's finished deals: deal records (JSON lines) or "
                                                 "?format=iss (ISS game lines)")
async def records(tid: str, request: Request, st: State,
                  format: Literal["jsonl", "iss"] = "jsonl") -> PlainTextResponse:
    t = table_of(st, tid)
    if not is_host(t, request):
        seat_of(t, request)
    t.drain()
    if t.end is None or "records" not in t.end:
        raise HTTPException(409, "the match is not finished yet")
    lines = t.end["iss"] if format == "iss" else [json.dumps(r) for r in t.end["records"]]
    return PlainTextResponse("".join(line + "\n" for line in lines),
                             media_type="text/plain" if format == "iss" else "application/x-ndjson")


def _sse(kind: str, data: Any, event_id: int | None = None) -> str:
    head = f"id: {event_id}\n" if event_id is not None else ""
    return f"{head}event: {kind}\ndata: {json.dumps(data)}\n\n"


async def pump(state: AppState, limits: Limits) -> None:
    """The server's one loop over its tables (the clients never poll): takes in what every
    table process said, pushes it to the event streams, times out the questions whose clock ran
    out (the table's computer moves for the seat, and every seat is told), and closes the tables
    nobody joined in ``limits.table_expiry`` seconds."""
    while True:
        now = time.time()
        for t in list(state.tables.values()) + [g.table for g in list(state.games.values())]:
            try:
                t.drain()
                if t.state == "waiting" and now - t.created > limits.table_expiry and \
                        not any(s.token for s in t.seats if s.kind == "person"):
                    t.close(f"nobody joined within {round(limits.table_expiry / 60)} minutes")
                if t.pause is not None and time.monotonic() > t.pause["until"]:
                    t.go()                        # (not everybody clicked 'next' in time)
                if t.act_lock.locked():           # (an answer is being taken: the clock waits for it)
                    continue
                for seat in t.timed_out():
                    used = seat.clock
                    seat.question = None
                    t.forward(seat, {"timeout": True}, used)
                    t.taken(seat, used)
                    with t.lock:
                        t._event(None, {"kind": "timeout", "seat": t.position(seat) or seat.slot,
                                        "player": seat.slot, "text": f"{seat.name or seat.slot}'s clock ran out: "
                                                                     f"the computer moved for them"})
            except Exception:                   # noqa: BLE001 - one table's trouble never stops the others'
                log.exception("table %s", t.id)
        await asyncio.sleep(0.05)


def restore(records: list[dict], store: Store, state: AppState) -> int:
    """The tables ``records`` (:meth:`Store.tables`) back in ``state.tables``, the unfinished
    ones playing on from their recorded answers; how many play on."""
    tables = state.tables
    going = 0
    for rec in records:
        seats = [Seat(s["slot"], s["player"], s["kind"], computer=s["computer"], invite=s["invite"], token=s["token"],
                      name=s["name"], auto_bid=s["auto_bid"]) for s in rec["seats"]]
        t = Table(rec["id"], rec["settings"], seats, rec["host"], store, created=rec["created"])
        tables[t.id] = t
        if rec["state"] == "playing":
            t.start(rec["decisions"], rec["next"])
            going += 1
        elif rec["state"] in ("finished", "stopped", "closed"):
            t.state, t.end = rec["state"], rec["result"]
    return going


__all__ = ["router", "pump", "restore", "SLOTS"]
