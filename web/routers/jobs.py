"""Advice as a job (``/api/jobs``): bid or declare advice started at once, its progress polled by
the page, its result when done; the server remembers at most :data:`MAX_JOBS`."""

from __future__ import annotations

import asyncio
import uuid

from fastapi import APIRouter, HTTPException, Request

from .. import jobs
from ..limits import client_of
from ..models import BidRequest, DeclareRequest, JobRequest, with_asked
from ..state import State, one_line

router = APIRouter()

#: The most jobs remembered; past it the oldest finished ones are forgotten.
MAX_JOBS = 200


@router.post("/api/jobs", summary="start bid or declare advice as a job (poll GET /api/jobs/{id})")
async def start_job(req: JobRequest, request: Request, st: State) -> dict:
    model = BidRequest if req.kind == "bid" else DeclareRequest
    try:
        params = with_asked(model(**req.params))
    except Exception as e:                                   # pydantic's ValidationError
        raise HTTPException(400, _validation_line(e)) from None
    client = client_of(request)
    st.advice.take(client)
    job_id = uuid.uuid4().hex
    progress = st.progress_manager().dict({"done": 0, "total": params["samples"]})
    fut = asyncio.get_running_loop().run_in_executor(st.pool, _with_progress, req.kind, params, progress)
    fut.add_done_callback(lambda _f: st.advice.give_back(client))
    st.jobs[job_id] = (fut, progress)
    if len(st.jobs) > MAX_JOBS:                              # forget the oldest finished jobs
        for k in [k for k, (f, _) in st.jobs.items() if f.done()][:MAX_JOBS // 2]:
            st.jobs.pop(k)
    return {"id": job_id}


@router.get("/api/jobs/{job_id}", summary="a job's progress, and its result when done")
async def job(job_id: str, st: State) -> dict:
    if job_id not in st.jobs:
        raise HTTPException(404, f"no job {job_id}")
    fut, progress = st.jobs[job_id]
    out = {"id": job_id, "done": int(progress.get("done", 0)), "total": int(progress.get("total", 0))}
    if not fut.done():
        return out | {"state": "running"}
    exc = fut.exception()
    if isinstance(exc, jobs.BadInput):
        return out | {"state": "failed", "error": str(exc)}
    if exc is not None:
        return out | {"state": "failed", "error": one_line(f"internal error: {type(exc).__name__}: {exc}")}
    return out | {"state": "done", "result": fut.result()}


def _validation_line(e: Exception) -> str:
    errs: list = getattr(e, "errors", lambda: [])()
    if errs:
        where = ".".join(str(x) for x in errs[0].get("loc", ()))
        return one_line(f"{where}: {errs[0].get('msg')}")
    return one_line(str(e))


def _with_progress(kind: str, params: dict, progress) -> dict:
    def report(done: int, total: int) -> None:
        progress.update(done=done, total=total)
    fn = jobs.bid if kind == "bid" else jobs.declare
    out = fn(params, progress=report)
    progress.update(done=progress.get("total", 0))
    return out
