"""The local web app: JSON API and the pages that use it.

Every ``/api`` endpoint takes the command line's argument and option names
and returns what the command prints with ``--json`` (:mod:`cli.web.jobs` builds
both with the same library calls).  Solves run in worker processes, never on
the event loop; long advice runs as a job whose progress the page polls.
Bad input is a 400 with a one-line ``error``; nothing in a request names a
file to open; request bodies are limited to :data:`MAX_BODY` bytes.
"""

from __future__ import annotations

import asyncio
import io
import multiprocessing
import os
import time
import uuid
from concurrent.futures import ProcessPoolExecutor
from contextlib import asynccontextmanager
from multiprocessing.managers import SyncManager
from pathlib import Path
from typing import Any, Literal

from fastapi import FastAPI, HTTPException, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import FileResponse, JSONResponse, Response
from fastapi.staticfiles import StaticFiles
from starlette.exceptions import HTTPException as StarletteHTTPException
from pydantic import BaseModel, ConfigDict, Field, field_validator
import segno

from solver.advice import DEFAULT
from solver.analysis import PRECISION
from solver.bidding import auto_bid_limit
from solver.games import GAME_NAMES, SEAT_NAMES
from solver.house import HOUSE_HELP, HOUSE_LABELS, HOUSE_OPTIONS, IMPLIES, HouseRules
from solver.players import PLAYERS
from solver.scoring import BID_LADDER, SCORINGS

from solver.fair import new_table_secret

from . import jobs
from .answers import shape_error
from .games import default_names
from .lifeline import background_helper, die_with
from .limits import InFlight, Limits, client_of
from .server import network_addresses
from .table_api import add_table_routes, pump, restore
from .tables import SLOTS, Seat, Store, StoreError, Table

#: The form fields that name a registry entry take that registry's names.
Scoring = Literal[SCORINGS]  # type: ignore[valid-type]
Opponent = Literal[tuple(PLAYERS)]  # type: ignore[misc,valid-type]

#: The house rules the browser app asks its player about: every one ``skat play --house`` takes.
WEB_HOUSE_RULES = HOUSE_OPTIONS

STATIC = Path(__file__).parent / "static"
#: The largest request body accepted (an ISS line or a record is a few kilobytes).
MAX_BODY = 256 * 1024
#: The most worlds a web request may ask for.
MAX_SAMPLES = 2000
#: A match nobody has polled for this long is stopped (an open page polls four times a second).
IDLE_SECONDS = 600


#: ``GET /api/meta``: what the pages need of the rules, from the library's own registries.
META: dict[str, Any] = {
    "bid_ladder": list(BID_LADDER),
    "games": list(GAME_NAMES[:6]),
    "seats": dict(SEAT_NAMES),
    "players": list(PLAYERS),
    "house": [{"name": n, "label": HOUSE_LABELS[n], "help": HOUSE_HELP[n], "implies": list(IMPLIES.get(n, ()))}
              for n in HOUSE_OPTIONS],
    "variants": {"skat": "Skat", "offiziersskat": "Offiziersskat (two players, piles)"},
    "scorings": list(SCORINGS),
}


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)   # (no "3" or true for a number)


class BidRequest(_Strict):
    cards: str = Field(description='ten cards, e.g. "CJ SJ HA HT HK H9 SA S7 D8 D7"', max_length=200)
    seat: Literal["F", "M", "R"]
    to: int | None = Field(None, description="the bid being asked about", ge=18, le=264)
    scoring: Scoring = "simple"
    samples: int = Field(DEFAULT.samples, ge=1, le=MAX_SAMPLES)
    seed: int = Field(0, ge=0, le=2 ** 63 - 1)
    precision: float = Field(DEFAULT.precision, gt=0, le=1)
    min_win: float | None = Field(None, ge=0, le=1)
    auction: str | None = Field(None, max_length=400, description='the auction so far: "M:18 F:yes M:20 F:pass" '
                                                                  'or ISS\'s "1 18 0 y 1 20 0 p"')


class EstimateRequest(_Strict):
    cards: str = Field(description='ten cards, e.g. "CJ SJ HA HT HK H9 SA S7 D8 D7"', max_length=200)
    seat: Literal["F", "M", "R"]
    to: int | None = Field(None, description="the bid being asked about", ge=18, le=264)


class DeclareRequest(_Strict):
    cards: str = Field(description="twelve cards, or ten with skat", max_length=240)
    skat: str | None = Field(None, max_length=40)
    bid: int = Field(ge=18, le=264)
    seat: Literal["F", "M", "R"]
    discards: int = Field(3, ge=1, le=66)
    scoring: Scoring = "simple"
    samples: int = Field(DEFAULT.samples, ge=1, le=MAX_SAMPLES)
    seed: int = Field(0, ge=0, le=2 ** 63 - 1)
    precision: float = Field(DEFAULT.precision, gt=0, le=1)
    min_win: float | None = Field(None, ge=0, le=1)
    auction: str | None = Field(None, max_length=400, description="the auction as it went")


def _asked(req: BaseModel) -> dict[str, Any]:
    """An advice request's fields, with ``asked``: those the request gave (not defaults), so an
    explicit ``samples`` is honoured as on the command line (:meth:`solver.advice.options.Sampling.asked`)."""
    return dict(req.model_dump(), asked=sorted(req.model_fields_set))


class DealFields(_Strict):
    record: dict[str, Any] | None = Field(None, description="a deal record (deal-json)")
    iss: str | None = Field(None, description="one ISS game line", max_length=MAX_BODY)
    F: str | None = None
    M: str | None = None
    R: str | None = None
    skat: str | None = None
    game: str | None = None
    declarer: str | None = None
    played: str | None = None
    leader: str | None = None
    bid: int | None = None
    hand: bool = False
    schneider: bool = False
    schwarz: bool = False
    ouvert: bool = False


class SolveRequest(DealFields):
    best: bool = Field(False, description="every legal card's value too")


class AnalyseRequest(_Strict):
    record: dict[str, Any] | None = None
    iss: str | None = Field(None, max_length=MAX_BODY)
    no_declaration: bool = False
    info: bool = Field(True, description="also judge every card by what its player knew (skat analyse --info)")
    samples: int = Field(PRECISION["samples"], ge=2, le=256,
                         description="worlds a card for that judgement (an unsettled mark: up to 32 times as many)")
    precision: float = Field(PRECISION["precision"], gt=0, le=1,
                             description="wanted half-width of the 95% interval of a card's drop in winning chance "
                                         "(more worlds until then)")
    seed: int = Field(0, ge=0, le=2 ** 63 - 1)


class GameRequest(_Strict):
    deals: int = Field(1, ge=1, le=36)
    seed: int | None = Field(None, ge=0, le=2 ** 63 - 1, description="the deals of this seed (none: dealt from a "
                                                                     "secret, as at a table of people)")
    scoring: Scoring = "simple"
    kontra: bool = False
    clock: bool = Field(False, description="2 minutes to start, +10 s after a quick move (as skat play --clock)")
    opponents: Opponent = "best"  # type: ignore[valid-type]
    strength: int = Field(1, ge=1, le=3)
    house: str = Field("", max_length=200, description="house rules as skat play --house takes them")
    rounds: int | None = Field(None, ge=1, le=50)
    target: int | None = Field(None, ge=1, le=100000)
    players: int = Field(3, ge=3, le=4, description="at the table: 3, or 4 (the dealer sits out)")
    variant: Literal["skat", "offiziersskat"] = Field("skat", description="Skat, or Offiziersskat (two players, "
                                                                           "piles; an even number of deals)")
    duel: bool = Field(False, description="duel mode: you against one computer, the third your partner who never bids")
    auto_bid: int | None = Field(None, description="bid and hold automatically up to this value and pass above "
                                                   "it (the others do not see it); 0: always pass, as skat play "
                                                   "--auto-bid")

    @field_validator("auto_bid")
    @classmethod
    def _auto_bid(cls, v: int | None) -> int | None:
        return auto_bid_limit(v)


class AnswerRequest(_Strict):
    answer: Any = Field(description="'yes'/'pass' in the auction, 'pickup' or a game for Hand, "
                                    "{discard, game} after the pick-up, a card in play; {'hint': true} asks for a hint")


class JobRequest(_Strict):
    kind: Literal["bid", "declare"]
    params: dict[str, Any]


def _one_line(msg: str) -> str:
    return " ".join(str(msg).split())


def create_app(workers: int | None = None, idle: float | None = None, *, db: str | None = None,
               limits: Limits | None = None, hosts: tuple[str, ...] | None = None,
               listen: tuple[str, int] | None = None) -> FastAPI:
    """The app; ``workers`` processes solve (default: all cores); a match nobody has polled for
    ``idle`` seconds (default :data:`IDLE_SECONDS`: a closed tab) is stopped.  Tables for people
    (:mod:`cli.web.table_api`) are kept in the SQLite file ``db`` (None: in memory only, lost
    when the server stops); a server started again on the same file continues every table, and
    a table whose rows cannot be read is set aside (``app.state.set_aside``: its id and why).
    ``limits`` bound what clients can make it do (:class:`~cli.web.limits.Limits`); ``hosts``:
    the names the server answers to in the Host header (None: any), so that a web page of
    another name cannot reach it through DNS rebinding; ``listen``: the address and port it
    listens on (``GET /api/server`` tells the pages, for invite links friends can open).  A
    store that cannot be used is a :class:`~cli.web.tables.StoreError` naming the file."""
    state: dict[str, Any] = {}
    limits = limits or Limits()
    idle_seconds = IDLE_SECONDS if idle is None else idle
    store = Store(db) if db else None
    try:
        kept, set_aside = store.tables() if store is not None else ([], [])
    except StoreError:
        if store is not None:
            store.close()
        raise
    advice = InFlight(limits.client_advice, "requests that solve (advice, solve, analyse)")

    @asynccontextmanager
    async def lifespan(app: FastAPI):
        ctx = multiprocessing.get_context("spawn")
        # (each helper process ends with the server, also after kill -9: lifeline.die_with)
        state["pool"] = ProcessPoolExecutor(max_workers=workers or os.cpu_count() or 1, mp_context=ctx,
                                            initializer=background_helper, initargs=(os.getpid(),))
        state["manager"] = None                     # (the jobs' progress: started with the first job)
        state["jobs"] = {}
        state["games"] = {}
        state.setdefault("tables", {})
        if store is not None:
            restore(kept, store, state)             # every table the store holds, playing on
        pumping = asyncio.create_task(pump(state, limits))
        try:
            yield
        finally:
            pumping.cancel()                        # (first: a table stopped below is not a finished one)
            for t in state["tables"].values():
                t.stop()                            # (the store keeps them playing: a restart continues)
            for g in state["games"].values():
                g.stop()
            state["games"].clear()                  # (their queues' semaphores are unlinked as they go)
            state["pool"].shutdown(cancel_futures=True)
            if state["manager"] is not None:
                state["manager"].shutdown()
            if store is not None:
                store.close()

    # (FastAPI's own /docs loads its viewer from a CDN: ours is a page of the package, offline)
    app = FastAPI(title="skat-solver", lifespan=lifespan, docs_url=None, redoc_url=None,
                  description="Bid advice, double-dummy solving and reviews of Skat deals. Every endpoint "
                              "returns what the matching `skat` command prints with `--json`.")

    app.state.set_aside = set_aside
    allowed = None if hosts is None else {h.lower() for h in hosts}

    @app.middleware("http")
    async def limit_body(request: Request, call_next):
        if allowed is not None and "*" not in allowed and host_name(request.headers.get("host", "")) not in allowed:
            return JSONResponse({"error": f"this server answers to {', '.join(sorted(allowed))}, not to the Host "
                                          f"{request.headers.get('host', '')[:80]!r} (skat serve --allow-host)"},
                                400)
        if request.method == "POST":
            size = request.headers.get("content-length")
            if size is None or not size.isdigit():
                return JSONResponse({"error": "a request body needs its length (Content-Length)"}, 411)
            if int(size) > MAX_BODY:
                return JSONResponse({"error": f"request body over {MAX_BODY} bytes"}, 413)
        return await call_next(request)

    @app.exception_handler(RequestValidationError)
    async def bad_request(request: Request, exc: RequestValidationError):
        first: dict[str, Any] = dict(exc.errors()[0]) if exc.errors() else {"loc": (), "msg": "invalid request"}
        if first.get("type") == "json_invalid":            # (its loc is a character position, not a field)
            error = (first.get("ctx") or {}).get("error", "")
            return JSONResponse({"error": _one_line(f"the request body is not valid JSON: {error} at character "
                                                    f"{first.get('loc', ('', '?'))[-1]}")}, 400)
        where = ".".join(str(x) for x in first.get("loc", ()) if x != "body")
        return JSONResponse({"error": _one_line(f"{where}: {first.get('msg')}" if where else str(first.get("msg")))},
                            400)

    @app.exception_handler(Exception)
    async def internal(request: Request, exc: Exception):
        return JSONResponse({"error": _one_line(f"internal error: {type(exc).__name__}: {exc}")}, 500)

    def progress_manager() -> SyncManager:
        """The process that keeps the jobs' progress, started when the first job comes."""
        if state["manager"] is None:
            manager = SyncManager(ctx=multiprocessing.get_context("spawn"))
            manager.start(die_with, (os.getpid(),))
            state["manager"] = manager
        return state["manager"]

    async def advise(request: Request, fn, params: dict) -> dict:
        """Work for the solving pool (advice, a solve, a review: seconds to minutes) under the
        client's cap of such requests running."""
        client = client_of(request)
        advice.take(client)
        try:
            return await asyncio.get_running_loop().run_in_executor(state["pool"], fn, params)
        except jobs.BadInput as e:
            raise HTTPException(400, str(e)) from None
        finally:
            advice.give_back(client)

    # (Starlette's own: an unknown path, a method not allowed; FastAPI's HTTPException is one)
    @app.exception_handler(StarletteHTTPException)
    async def http_error(request: Request, exc: StarletteHTTPException):
        detail = str(exc.detail)
        if exc.status_code == 404 and detail == "Not Found":
            detail = f"no such path: {request.url.path}"
        elif exc.status_code == 405:
            detail = f"{request.method} is not allowed on {request.url.path}"
        return JSONResponse({"error": _one_line(detail)}, exc.status_code, headers=exc.headers)

    @app.post("/api/bid", summary="skat bid: bid advice for ten cards")
    async def bid(req: BidRequest, request: Request) -> dict:
        return await advise(request, jobs.bid, _asked(req))

    @app.post("/api/estimate", summary="the hand-value model's instant estimate of a bid question (no worlds)")
    async def estimate(req: EstimateRequest) -> dict:
        try:
            return jobs.estimate(req.model_dump())
        except jobs.BadInput as e:
            raise HTTPException(400, str(e)) from None

    @app.post("/api/declare", summary="skat declare: discards and declarations after the pick-up")
    async def declare(req: DeclareRequest, request: Request) -> dict:
        return await advise(request, jobs.declare, _asked(req))

    @app.post("/api/solve", summary="skat solve: the double-dummy value of a deal or position")
    async def solve(req: SolveRequest, request: Request) -> dict:
        return await advise(request, jobs.solve, req.model_dump())

    @app.post("/api/analyse", summary="skat analyse: a card-by-card double-dummy review")
    async def analyse(req: AnalyseRequest, request: Request) -> dict:
        return await advise(request, jobs.analyse, req.model_dump())

    @app.post("/api/jobs", summary="start bid or declare advice as a job (poll GET /api/jobs/{id})")
    async def start_job(req: JobRequest, request: Request) -> dict:
        model = BidRequest if req.kind == "bid" else DeclareRequest
        try:
            params = _asked(model(**req.params))
        except Exception as e:                                   # pydantic's ValidationError
            raise HTTPException(400, _validation_line(e)) from None
        client = client_of(request)
        advice.take(client)
        job_id = uuid.uuid4().hex
        progress = progress_manager().dict({"done": 0, "total": params["samples"]})
        fut = asyncio.get_running_loop().run_in_executor(state["pool"], _with_progress, req.kind, params, progress)
        fut.add_done_callback(lambda _f: advice.give_back(client))
        state["jobs"][job_id] = (fut, progress)
        if len(state["jobs"]) > 200:                              # forget the oldest finished jobs
            for k in [k for k, (f, _) in state["jobs"].items() if f.done()][:100]:
                state["jobs"].pop(k)
        return {"id": job_id}

    @app.get("/api/jobs/{job_id}", summary="a job's progress, and its result when done")
    async def job(job_id: str) -> dict:
        if job_id not in state["jobs"]:
            raise HTTPException(404, f"no job {job_id}")
        fut, progress = state["jobs"][job_id]
        out = {"id": job_id, "done": int(progress.get("done", 0)), "total": int(progress.get("total", 0))}
        if not fut.done():
            return out | {"state": "running"}
        exc = fut.exception()
        if isinstance(exc, jobs.BadInput):
            return out | {"state": "failed", "error": str(exc)}
        if exc is not None:
            return out | {"state": "failed", "error": _one_line(f"internal error: {type(exc).__name__}: {exc}")}
        return out | {"state": "done", "result": fut.result()}

    def session_of(request: Request) -> str:
        return request.cookies.get(SESSION_COOKIE, "")

    def forget_idle() -> None:
        """Stop matches nobody has looked at for ``idle`` seconds (a closed tab)."""
        for k in [k for k, g in state["games"].items() if g.idle() > idle_seconds]:
            state["games"].pop(k).stop()

    def game_of(request: Request, game_id: str) -> "GameSession":
        forget_idle()
        g = state["games"].get(game_id)
        if g is None or g.session != session_of(request):          # another browser's game is not there
            raise HTTPException(404, f"no game {game_id}")
        return g

    @app.post("/api/games", summary="start a match against two computer players")
    async def new_game(req: GameRequest, request: Request) -> JSONResponse:
        forget_idle()
        session = session_of(request) or uuid.uuid4().hex
        mine = [k for k, g in state["games"].items() if g.session == session]
        for k in mine:                                              # one match per browser at a time
            state["games"].pop(k).stop()
        running = [g for g in state["games"].values() if g.end is None and g.proc.is_alive()]
        if len(running) >= limits.max_matches:
            raise HTTPException(429, f"{len(running)} matches are being played on this server, its most; "
                                     "try again when one ends")
        client = client_of(request)
        if sum(g.owner == client for g in running) >= limits.client_matches:
            raise HTTPException(429, f"this address plays {limits.client_matches} matches on this server already, "
                                     "its most; end one (DELETE /api/games/ID) or finish it")
        opts = req.model_dump()
        try:
            HouseRules.parse(opts["house"]).check_playable(WEB_HOUSE_RULES, "in the browser app")
        except ValueError as e:
            raise HTTPException(400, f"house: {e}") from None
        if opts["duel"] and opts["players"] != 3:
            raise HTTPException(400, "duel: duel mode is for three at the table")
        if opts["variant"] == "offiziersskat":
            if opts["house"] or opts["duel"] or opts["players"] != 3:
                raise HTTPException(400, "variant: Offiziersskat is two players with no house rules")
            if opts["deals"] % 2 and not opts["rounds"] and not opts["target"]:
                raise HTTPException(400, "deals: an Offiziersskat match has an even number of deals, "
                                         "so that each deals equally often")
        if opts["seed"] is None:                                    # (dealt as at a table of people)
            opts["secret"] = new_table_secret()
        game_id = uuid.uuid4().hex
        state["games"][game_id] = GameSession(session, opts, client)
        resp = JSONResponse({"id": game_id, "seed": opts["seed"]})
        resp.set_cookie(SESSION_COOKIE, session, httponly=True, samesite="strict")
        return resp

    @app.get("/api/games/{game_id}", summary="the match's events since `since`, and the question to answer")
    async def game_state(game_id: str, request: Request, since: int = 0) -> dict:
        return game_of(request, game_id).view(since)

    @app.post("/api/games/{game_id}/answer", summary="answer the match's question")
    async def answer(game_id: str, req: AnswerRequest, request: Request) -> dict:
        g = game_of(request, game_id)
        g.drain()
        if g.question is None:
            raise HTTPException(409, "nothing is asked right now")
        if (wrong := shape_error(req.answer)) is not None:
            raise HTTPException(400, wrong)
        g.answer(req.answer)
        return {"ok": True}

    @app.delete("/api/games/{game_id}", summary="abandon the match")
    async def end_game(game_id: str, request: Request) -> dict:
        game_of(request, game_id)
        state["games"].pop(game_id).stop()
        return {"ok": True}

    add_table_routes(app, state, store, limits)

    @app.get("/api/meta", summary="the rules' data the pages use: the bid ladder, games, seats, house rules, "
                                   "players and variants (from the library's registries, not copied into the pages)")
    async def meta() -> dict:
        return META

    @app.get("/api/server", summary="where this server can be reached: for invite links that friends can open")
    async def server_info(request: Request) -> dict:
        host, port = listen or (request.url.hostname or "127.0.0.1", request.url.port or 80)
        loopback = host in ("127.0.0.1", "localhost", "::1")
        addresses = [] if loopback else network_addresses()
        return {"listen": host, "port": port, "loopback_only": loopback,
                "addresses": [f"http://{a}:{port}/" for a in addresses]}

    @app.get("/api/qr", summary="a QR code (SVG) of a link, for a phone's camera")
    async def qr(text: str) -> Response:
        if not 0 < len(text) <= 600:
            raise HTTPException(400, "text: a link of at most 600 characters")
        out = io.BytesIO()
        segno.make(text, error="m").save(out, kind="svg", scale=4, border=2, xmldecl=False)
        return Response(out.getvalue(), media_type="image/svg+xml", headers={"Cache-Control": "max-age=3600"})

    app.mount("/static", StaticFiles(directory=STATIC), name="static")

    @app.get("/", include_in_schema=False)
    async def index():
        return FileResponse(STATIC / "index.html")

    @app.get("/docs", include_in_schema=False)
    async def docs():
        return FileResponse(STATIC / "docs.html")

    return app


SESSION_COOKIE = "skat_session"


class GameSession:
    """One person against computers (the browser's match): a table
    (:class:`cli.web.tables.Table`) whose other seats are computers -- the tables' one code path,
    seen through the match's own small protocol (the events since, the question, the hint)."""

    def __init__(self, session: str, options: dict, owner: str = ""):
        self.session, self.owner = session, owner
        size = 2 if options.get("variant") == "offiziersskat" else int(options.get("players") or 3)
        seats = [Seat("F", 0, "person", auto_bid=options.get("auto_bid"))] + \
            [Seat(SLOTS[i], i, "computer", computer=options.get("opponents", "best")) for i in range(1, size)]
        self.table = Table(uuid.uuid4().hex, dict(options, names=list(default_names(options, size))), seats)
        self.table.start()

    @property
    def proc(self):
        return self.table.proc

    @property
    def end(self) -> dict | None:
        return self.table.end

    @property
    def question(self) -> dict | None:
        return self.table.by_player[0].question

    def drain(self) -> None:
        self.table.drain()

    def idle(self) -> float:
        return self.table.idle()

    def view(self, since: int) -> dict:
        t = self.table
        t.seen = time.monotonic()
        t.drain()
        seat = t.by_player[0]
        mine = [{k: v for k, v in ev.items() if k != "id"} for ev in t.visible(0)]
        return {"events": mine[since:], "next": len(mine), "question": seat.question, "hint": seat.hint,
                "end": t.end}

    def answer(self, a) -> None:
        seat = self.table.by_player[0]
        seat.question = None
        seat.hint = None
        self.table.forward(seat, a)

    def stop(self) -> None:
        self.table.stop()


def host_name(host: str) -> str:
    """The name of a Host header, without its port: ``[::1]:8000`` -> ``[::1]``.

    >>> host_name("Example.org:8000"), host_name("[::1]:80"), host_name("127.0.0.1")
    ('example.org', '[::1]', '127.0.0.1')
    """
    host = host.strip().lower()
    if host.startswith("["):
        return host[:host.index("]") + 1] if "]" in host else host
    return host.rsplit(":", 1)[0] if host.count(":") == 1 else host


def _validation_line(e: Exception) -> str:
    errs: list = getattr(e, "errors", lambda: [])()
    if errs:
        where = ".".join(str(x) for x in errs[0].get("loc", ()))
        return _one_line(f"{where}: {errs[0].get('msg')}")
    return _one_line(str(e))


def _with_progress(kind: str, params: dict, progress) -> dict:
    def report(done: int, total: int) -> None:
        progress.update(done=done, total=total)
    fn = jobs.bid if kind == "bid" else jobs.declare
    out = fn(params, progress=report)
    progress.update(done=progress.get("total", 0))
    return out
