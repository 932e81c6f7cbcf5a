"""The advice routes: ``skat bid``, ``declare``, ``solve``, ``analyse`` and a position (``--at``) as JSON, and the hand
model's instant estimate (advice as a job whose progress the page polls: :mod:`.jobs`)."""

from __future__ import annotations

from fastapi import APIRouter, HTTPException, Request

from .. import jobs
from ..models import (AnalyseRequest, BidRequest, CompareRequest, DeclareRequest, EstimateRequest, MoveRequest,
                      PositionRequest, PuzzlesRequest, SolveRequest, with_asked)
from ..state import State

router = APIRouter()

@router.post("/api/bid", summary="skat bid: bid advice for ten cards")
async def bid(req: BidRequest, request: Request, st: State) -> dict:
    return await st.advise(request, jobs.bid, with_asked(req))


@router.post("/api/estimate", summary="the hand-value model's instant estimate of a bid question (no worlds)")
async def estimate(req: EstimateRequest) -> dict:
    try:
        return jobs.estimate(req.model_dump())
    except jobs.BadInput as e:
        raise HTTPException(400, str(e)) from None


@router.post("/api/declare", summary="skat declare: discards and declarations after the pick-up")
async def declare(req: DeclareRequest, request: Request, st: State) -> dict:
    return await st.advise(request, jobs.declare, with_asked(req))


@router.post("/api/solve", summary="skat solve: the double-dummy value of a deal or position")
async def solve(req: SolveRequest, request: Request, st: State) -> dict:
    return await st.advise(request, jobs.solve, req.model_dump())


@router.post("/api/analyse", summary="skat analyse: a card-by-card double-dummy review")
async def analyse(req: AnalyseRequest, request: Request, st: State) -> dict:
    return await st.advise(request, jobs.analyse, req.model_dump())


@router.post("/api/position", summary="the analysis board: every legal card's value at the position a record's "
                                      "played cards end at (skat analyse --at)")
async def position(req: PositionRequest, request: Request, st: State) -> dict:
    return await st.advise(request, jobs.position, req.model_dump())


@router.post("/api/position/move", summary="playing on from a position: a computer player's card there")
async def position_move(req: MoveRequest, request: Request, st: State) -> dict:
    return await st.advise(request, jobs.move, req.model_dump())


@router.post("/api/position/compare", summary="playing on from a position: the result beside the deal as played "
                                              "and the best line")
async def position_compare(req: CompareRequest, request: Request, st: State) -> dict:
    return await st.advise(request, jobs.compare, req.model_dump())


@router.post("/api/puzzles", summary="skat puzzles: the puzzles of one played game")
async def puzzles(req: PuzzlesRequest, request: Request, st: State) -> dict:
    return await st.advise(request, jobs.puzzles, req.model_dump())
