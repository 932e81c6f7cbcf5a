"""The pages and what they ask of the server: the rules' data (``/api/meta``), where the server
can be reached (``/api/server``), a link as a QR code, and the pages themselves."""

from __future__ import annotations

import io
from pathlib import Path
from typing import Any

import segno
from fastapi import APIRouter, HTTPException, Request
from fastapi.responses import FileResponse, Response

from solver.games import GAME_NAMES, SEAT_NAMES
from solver.house import HOUSE_HELP, HOUSE_LABELS, HOUSE_OPTIONS, IMPLIES
from solver.players import PLAYERS
from solver.scoring import BID_LADDER, SCORINGS

from ..server import network_addresses
from ..state import State

router = APIRouter()

STATIC = Path(__file__).resolve().parent.parent / "static"

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


@router.get("/api/meta", summary="the rules' data the pages use: the bid ladder, games, seats, house rules, "
                                 "players and variants (from the library's registries, not copied into the pages)")
async def meta() -> dict:
    return META


@router.get("/api/server", summary="where this server can be reached: for invite links that friends can open")
async def server_info(request: Request, st: State) -> dict:
    host, port = st.listen or (request.url.hostname or "127.0.0.1", request.url.port or 80)
    loopback = host in ("127.0.0.1", "localhost", "::1")
    addresses = [] if loopback else network_addresses()
    return {"listen": host, "port": port, "loopback_only": loopback,
            "addresses": [f"http://{a}:{port}/" for a in addresses]}


@router.get("/api/qr", summary="a QR code (SVG) of a link, for a phone's camera")
async def qr(text: str) -> Response:
    if not 0 < len(text) <= 600:
        raise HTTPException(400, "text: a link of at most 600 characters")
    out = io.BytesIO()
    segno.make(text, error="m").save(out, kind="svg", scale=4, border=2, xmldecl=False)
    return Response(out.getvalue(), media_type="image/svg+xml", headers={"Cache-Control": "max-age=3600"})


@router.get("/", include_in_schema=False)
async def index():
    return FileResponse(STATIC / "index.html")


@router.get("/docs", include_in_schema=False)
async def docs():
    return FileResponse(STATIC / "docs.html")
