"""The web app's state, typed: what the routers share (the solving pool, the jobs, the matches,
the tables, the limits), reached through a FastAPI dependency (:func:`app_state`)."""

from __future__ import annotations

import asyncio
import multiprocessing
import os
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from multiprocessing.managers import SyncManager
from collections.abc import Callable
from typing import Annotated, Any

from fastapi import Depends, HTTPException, Request

from .jobs import BadInput
from .lifeline import die_with
from .limits import InFlight, Limits, client_of
from .tables import Store, Table


def one_line(msg: str) -> str:
    return " ".join(str(msg).split())


@dataclass
class AppState:
    """One server's state.  ``pool``: the processes that solve (advice, solves, reviews);
    ``manager``: the process that keeps the jobs' progress, started with the first job;
    ``jobs``: job id -> (future, progress); ``games``: a person's matches against computers;
    ``tables``: the tables of people (:mod:`web.routers.tables`)."""

    limits: Limits
    store: Store | None = None
    idle_seconds: float = 600.0
    listen: tuple[str, int] | None = None
    pool: ProcessPoolExecutor | None = None
    manager: SyncManager | None = None
    jobs: dict[str, tuple[Any, Any]] = field(default_factory=dict)
    games: dict[str, Any] = field(default_factory=dict)
    tables: dict[str, Table] = field(default_factory=dict)
    #: best's scores on a challenge's deals, by (code, opponents, strength): the duplicate's other table
    challenge_best: dict[tuple[str, str, int], list[int]] = field(default_factory=dict)
    advice: InFlight = field(init=False)

    def __post_init__(self) -> None:
        self.advice = InFlight(self.limits.client_advice, "requests that solve (advice, solve, analyse)")

    def progress_manager(self) -> SyncManager:
        """The process that keeps the jobs' progress, started when the first job comes."""
        if self.manager is None:
            manager = SyncManager(ctx=multiprocessing.get_context("spawn"))
            manager.start(die_with, (os.getpid(),))
            self.manager = manager
        return self.manager

    async def advise(self, request: Request, fn: Callable[[dict], dict], params: dict) -> dict:
        """Work for the solving pool (advice, a solve, a review: seconds to minutes) under the
        client's cap of such requests running."""
        client = client_of(request)
        self.advice.take(client)
        try:
            return await asyncio.get_running_loop().run_in_executor(self.pool, fn, params)
        except BadInput as e:
            raise HTTPException(400, str(e)) from None
        finally:
            self.advice.give_back(client)


def app_state(request: Request) -> AppState:
    """The app's state, for a route's ``Depends``."""
    return request.app.state.skat


#: A route's parameter for the app's state: ``st: State``.
State = Annotated[AppState, Depends(app_state)]
