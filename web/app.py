"""The local web app: JSON API and the pages that use it.

Every ``/api`` endpoint takes the command line's argument and option names
and returns what the command prints with ``--json`` (:mod:`web.jobs` builds
both with the same library calls).  Solves run in worker processes, never on
the event loop; long advice runs as a job whose progress the page polls.
Bad input is a 400 with a one-line ``error``; nothing in a request names a
file to open; request bodies are limited to :data:`MAX_BODY` bytes.
"""

from __future__ import annotations

import asyncio
import multiprocessing
import os
from concurrent.futures import ProcessPoolExecutor
from contextlib import asynccontextmanager
from typing import Any

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from fastapi.staticfiles import StaticFiles
from starlette.exceptions import HTTPException as StarletteHTTPException

from .lifeline import background_helper
from .limits import Limits
from .models import MAX_BODY
from .routers import advice, games, jobs, pages
from .routers import tables as table_routes
from .routers.pages import STATIC
from .routers.tables import pump, restore
from .state import AppState, one_line
from .tables import Store, StoreError

#: A match nobody has looked at for this long is stopped (an open page keeps its event stream open).
IDLE_SECONDS = 600


def create_app(workers: int | None = None, idle: float | None = None, *, db: str | None = None,
               limits: Limits | None = None, hosts: tuple[str, ...] | None = None,
               listen: tuple[str, int] | None = None) -> FastAPI:
    """The app; ``workers`` processes solve (default: all cores); a match nobody has looked at for
    ``idle`` seconds (default :data:`IDLE_SECONDS`: a closed tab) is stopped.  Tables for people
    (:mod:`web.routers.tables`) are kept in the SQLite file ``db`` (None: in memory only, lost
    when the server stops); a server started again on the same file continues every table, and
    a table whose rows cannot be read is set aside (``app.state.set_aside``: its id and why).
    ``limits`` bound what clients can make it do (:class:`~web.limits.Limits`); ``hosts``:
    the names the server answers to in the Host header (None: any), so that a web page of
    another name cannot reach it through DNS rebinding; ``listen``: the address and port it
    listens on (``GET /api/server`` tells the pages, for invite links friends can open).  A
    store that cannot be used is a :class:`~web.tables.StoreError` naming the file."""
    limits = limits or Limits()
    store = Store(db) if db else None
    try:
        kept, set_aside = store.tables() if store is not None else ([], [])
    except StoreError:
        if store is not None:
            store.close()
        raise
    state = AppState(limits, store, IDLE_SECONDS if idle is None else idle, listen)

    @asynccontextmanager
    async def lifespan(app: FastAPI):
        ctx = multiprocessing.get_context("spawn")
        # (each helper process ends with the server, also after kill -9: lifeline.die_with)
        state.pool = ProcessPoolExecutor(max_workers=workers or os.cpu_count() or 1, mp_context=ctx,
                                         initializer=background_helper, initargs=(os.getpid(),))
        if store is not None:
            restore(kept, store, state)             # every table the store holds, playing on
        pumping = asyncio.create_task(pump(state, limits))
        try:
            yield
        finally:
            pumping.cancel()                        # (first: a table stopped below is not a finished one)
            for t in state.tables.values():
                t.stop()                            # (the store keeps them playing: a restart continues)
            for g in state.games.values():
                g.stop()
            state.games.clear()                     # (their queues' semaphores are unlinked as they go)
            state.pool.shutdown(cancel_futures=True)
            if state.manager is not None:
                state.manager.shutdown()
            if store is not None:
                store.close()

    # (FastAPI's own /docs loads its viewer from a CDN: ours is a page of the package, offline)
    app = FastAPI(title="skat-solver", lifespan=lifespan, docs_url=None, redoc_url=None,
                  description="Bid advice, double-dummy solving and reviews of Skat deals. Every endpoint "
                              "returns what the matching `skat` command prints with `--json`.")
    app.state.skat = state
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
            return JSONResponse({"error": one_line(f"the request body is not valid JSON: {error} at character "
                                                    f"{first.get('loc', ('', '?'))[-1]}")}, 400)
        where = ".".join(str(x) for x in first.get("loc", ()) if x != "body")
        return JSONResponse({"error": one_line(f"{where}: {first.get('msg')}" if where else str(first.get("msg")))},
                            400)

    @app.exception_handler(Exception)
    async def internal(request: Request, exc: Exception):
        return JSONResponse({"error": one_line(f"internal error: {type(exc).__name__}: {exc}")}, 500)

    # (Starlette's own: an unknown path, a method not allowed; FastAPI's HTTPException is one)
    @app.exception_handler(StarletteHTTPException)
    async def http_error(request: Request, exc: StarletteHTTPException):
        detail = str(exc.detail)
        if exc.status_code == 404 and detail == "Not Found":
            detail = f"no such path: {request.url.path}"
        elif exc.status_code == 405:
            detail = f"{request.method} is not allowed on {request.url.path}"
        return JSONResponse({"error": one_line(detail)}, exc.status_code, headers=exc.headers)

    for router in (advice.router, jobs.router, games.router, table_routes.router, pages.router):
        app.include_router(router)
    app.mount("/static", StaticFiles(directory=STATIC), name="static")
    return app


def host_name(host: str) -> str:
    """The name of a Host header, without its port: ``[::1]:8000`` -> ``[::1]``.

    >>> host_name("Example.org:8000"), host_name("[::1]:80"), host_name("127.0.0.1")
    ('example.org', '[::1]', '127.0.0.1')
    """
    host = host.strip().lower()
    if host.startswith("["):
        return host[:host.index("]") + 1] if "]" in host else host
    return host.rsplit(":", 1)[0] if host.count(":") == 1 else host
