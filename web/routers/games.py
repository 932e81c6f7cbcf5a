"""A person's match against computer players (``/api/games``): a table whose other seats are
computers (:class:`~web.tables.Table`), one match per browser at a time.  The browser follows it
on the tables' event stream (``/api/games/ID/events``); ``GET /api/games/ID`` answers the same as
one JSON snapshot (the events since, the question, the hint, the end) for a program."""

from __future__ import annotations

import time
import uuid

from fastapi import APIRouter, HTTPException, Request
from fastapi.responses import JSONResponse, StreamingResponse

from solver.challenge import MAX_DEALS, MAX_SEED, PLAIN_TABLE, Challenge, ChallengeError, at_plain_table
from solver.fair import new_table_secret
from solver.house import HOUSE_OPTIONS, HouseRules

from ..answers import shape_error
from ..games import default_names
from ..limits import client_of
from ..models import AnswerRequest, ChallengeRequest, GameRequest
from ..state import AppState, State
from .tables import event_number, seat_stream
from ..tables import SLOTS, Seat, Table

router = APIRouter()

#: The house rules the browser app asks its player about: every one ``skat play --house`` takes.
WEB_HOUSE_RULES = HOUSE_OPTIONS

SESSION_COOKIE = "skat_session"


def session_of(request: Request) -> str:
    return request.cookies.get(SESSION_COOKIE, "")

def forget_idle(st: AppState) -> None:
    """Stop matches nobody has looked at for ``idle`` seconds (a closed tab)."""
    for k in [k for k, g in st.games.items() if g.idle() > st.idle_seconds]:
        st.games.pop(k).stop()

def game_of(request: Request, game_id: str, st: AppState) -> "GameSession":
    forget_idle(st)
    g = st.games.get(game_id)
    if g is None or g.session != session_of(request):          # another browser's game is not there
        raise HTTPException(404, f"no game {game_id[:64]}")
    return g

@router.post("/api/games", summary="start a match against two computer players")
async def new_game(req: GameRequest, request: Request, st: State) -> JSONResponse:
    forget_idle(st)
    session = session_of(request) or uuid.uuid4().hex
    mine = [k for k, g in st.games.items() if g.session == session]
    for k in mine:                                              # one match per browser at a time
        st.games.pop(k).stop()
    running = [g for g in st.games.values() if g.end is None and g.proc.is_alive()]
    if len(running) >= st.limits.max_matches:
        raise HTTPException(429, f"{len(running)} matches are being played on this server, its most; "
                                 "try again when one ends")
    client = client_of(request)
    if sum(g.owner == client for g in running) >= st.limits.client_matches:
        raise HTTPException(429, f"this address plays {st.limits.client_matches} matches on this server already, "
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
    plain = at_plain_table(house=opts["house"], kontra=opts["kontra"], players=opts["players"], duel=opts["duel"],
                           rounds=opts["rounds"], target=opts["target"], clock=opts["clock"], variant=opts["variant"])
    if opts["challenge"] is not None:
        if not plain:
            raise HTTPException(400, f"challenge: a challenge is played at the plain table ({PLAIN_TABLE})")
        try:
            c = Challenge.parse(opts["challenge"])
        except ChallengeError as e:
            raise HTTPException(400, f"challenge: {e}") from None
        opts.update(deals=c.deals, seed=c.seed, scoring=c.scoring)
    if opts["seed"] is None:                                    # (dealt as at a table of people)
        opts["secret"] = new_table_secret()
    game_id = uuid.uuid4().hex
    st.games[game_id] = GameSession(session, opts, client)
    code = Challenge(opts["deals"], opts["seed"], opts["scoring"]).code if plain and opts["seed"] is not None and \
        opts["deals"] <= MAX_DEALS and opts["seed"] <= MAX_SEED else None
    resp = JSONResponse({"id": game_id, "seed": opts["seed"], "challenge": code})
    resp.set_cookie(SESSION_COOKIE, session, httponly=True, samesite="strict")
    return resp

@router.post("/api/challenge/best", summary="a challenge's deals played by best in the person's seat against the "
                                          "same computers: its score in each deal (the duplicate's other table)")
async def challenge_best(req: ChallengeRequest, request: Request, st: State) -> dict:
    try:
        c = Challenge.parse(req.code)
    except ChallengeError as e:
        raise HTTPException(400, f"code: {e}") from None
    key = (c.code, req.opponents, req.strength)
    if key not in st.challenge_best:
        scores = await st.advise(request, _best_scores, {"code": c.code, "opponents": req.opponents,
                                                         "strength": req.strength})
        if len(st.challenge_best) >= 64:                       # (the oldest forgotten)
            st.challenge_best.pop(next(iter(st.challenge_best)))
        st.challenge_best[key] = scores["best"]
    return {"code": c.code, "opponents": req.opponents, "strength": req.strength, "best": st.challenge_best[key]}


def _best_scores(p: dict) -> dict:
    """(In the solving pool.)"""
    return {"best": Challenge.parse(p["code"]).benchmark(opponents=p["opponents"], strength=p["strength"])}


@router.get("/api/games/{game_id}", summary="the match's events since `since`, and the question to answer")
async def game_state(game_id: str, request: Request, st: State, since: int = 0) -> dict:
    return game_of(request, game_id, st).view(since)

@router.get("/api/games/{game_id}/events", summary="the match's events, questions, hints and end as Server-Sent "
                                                  "Events (the browser's one event path, as at a table)")
async def game_events(game_id: str, request: Request, st: State) -> StreamingResponse:
    g = game_of(request, game_id, st)
    return await seat_stream(g.table, g.table.by_player[0], request, event_number(request), st.limits)

@router.post("/api/games/{game_id}/answer", summary="answer the match's question")
async def answer(game_id: str, req: AnswerRequest, request: Request, st: State) -> dict:
    g = game_of(request, game_id, st)
    g.drain()
    if g.question is None:
        raise HTTPException(409, "nothing is asked right now")
    if (wrong := shape_error(req.answer)) is not None:
        raise HTTPException(400, wrong)
    g.answer(req.answer)
    return {"ok": True}

@router.delete("/api/games/{game_id}", summary="abandon the match")
async def end_game(game_id: str, request: Request, st: State) -> dict:
    game_of(request, game_id, st)
    st.games.pop(game_id).stop()
    return {"ok": True}


class GameSession:
    """One person against computers (the browser's match): a table
    (:class:`web.tables.Table`) whose other seats are computers -- the tables' one code path,
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
        """End the match, and its event streams with it (a stream of a stopped match would stay open
        on keep-alives)."""
        for _player, q in list(self.table.subscribers):
            q.put_nowait(("close", None))
        self.table.stop()
