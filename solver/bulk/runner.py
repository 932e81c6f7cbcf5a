"""Running a bulk task: chunks over local processes or a Dask cluster, resumable.

The input is read in chunks of ``chunk_size`` rows, in order; each chunk is
processed by :func:`~solver.bulk.tasks.run_chunk` somewhere and written as a
part file the moment it finishes (atomically: a part exists whole or not at
all).  On local processes each finished row of a chunk in progress is also
appended to the chunk's journal, so a stop keeps every finished row, not only
the whole chunks.  ``resume`` skips the chunks whose part exists and takes the
journalled rows as they are, so an interrupted run (Ctrl-C, kill -9, a
crashed worker) continues where it stopped; the final output is the parts
merged in input order, identical to an uninterrupted run's.  A manifest
records the task and options; resuming with others is refused, and a run
that would overwrite kept work without ``resume`` or ``restart`` is refused.

A compressed input that breaks off is read up to the break: the rows before
it are evaluated and written, and the run ends with a :class:`BulkError`
naming the file and the line.
"""

from __future__ import annotations

import functools
import hashlib
import json
import multiprocessing as mp
import os
import shutil
import signal
import threading
import time
from dataclasses import dataclass
from itertools import islice
from pathlib import Path
from typing import Any
from collections.abc import Callable, Iterator

from ..pool import SchedulerUnreachable, imap_unordered
from .readers import FORMATS, CorruptInput, detect_format, iter_rows
from .tasks import SCHEMAS, TASKS, read_journal, run_chunk
from .writers import done_chunks, merge, output_format, write_part


class BulkError(ValueError):
    """A bulk run that cannot start (bad options, a manifest that does not match, a scheduler
    that does not answer)."""


class BulkInterrupted(Exception):
    """The run was stopped (Ctrl-C, SIGTERM): the workers are stopped too, every row finished so
    far is kept (whole chunks and the journalled rows of chunks in progress), and the same
    command with ``--resume`` completes the run."""

    def __init__(self, signame: str, parts: Path, written: int, rows: int = 0):
        also = f" and {rows} finished row{'s' if rows != 1 else ''} of chunks in progress" if rows else ""
        super().__init__(f"interrupted by {signame}: {written} chunk{'s' if written != 1 else ''}{also} kept in "
                         f"{parts}; the same command with --resume finishes the run")
        self.signame, self.parts, self.written, self.rows = signame, parts, written, rows
        self.exit_code = 128 + (signal.SIGTERM if signame == "SIGTERM" else signal.SIGINT)


class _Stop(BaseException):
    """Raised in the main thread by the SIGTERM handler during a run."""


#: Set before the local pool forks: counts the rows done (in any process), for progress by the
#: row; ``_IN_PROCESS``: the run's own process id and its look at the count, when rows are
#: computed there too (one worker).
_ROWS_DONE: Any = None
_IN_PROCESS: tuple[int, Callable[[], None]] | None = None


def _tick() -> None:
    if _ROWS_DONE is not None:
        with _ROWS_DONE.get_lock():
            _ROWS_DONE.value += 1
        if _IN_PROCESS is not None and _IN_PROCESS[0] == os.getpid():
            _IN_PROCESS[1]()


@dataclass
class BulkSummary:
    rows_in: int
    rows_out: int
    rows_failed: int
    chunks: int
    chunks_resumed: int
    seconds: float
    output: str
    errors: str

    @property
    def rate(self) -> float:
        return self.rows_in / self.seconds if self.seconds > 0 else 0.0

    def to_dict(self) -> dict:
        d = self.__dict__.copy()
        d["rows_per_second"] = round(self.rate, 2)
        return d


def _chunks(path: str, fmt: str, size: int, broken: list[CorruptInput]) -> Iterator[list[tuple[int, Any]]]:
    """The input in chunks of ``size`` rows; at a break in a compressed input, the rows before it
    and the break put in ``broken``."""
    it = iter_rows(path, fmt)
    while True:
        block: list[tuple[int, Any]] = []
        try:
            block.extend(islice(it, size))
        except CorruptInput as e:
            broken.append(e)
            if block:
                yield block
            return
        if not block:
            return
        yield block


def _journal(parts: Path, chunk: int) -> Path:
    return parts / f"rows-{chunk:07d}.jsonl"


def _journalled_rows(parts: Path) -> int:
    return sum(len(read_journal(p)[0]) for p in parts.glob("rows-*.jsonl"))


def _fingerprint(path: str) -> str:
    st = os.stat(path)
    h = hashlib.sha256()
    with open(path, "rb") as fh:
        h.update(fh.read(1 << 20))
    return f"{st.st_size}:{h.hexdigest()[:16]}"


def _chunk_job(task: str, fmt: str, options: dict, parts: Path | None,
               chunk: tuple[int, list]) -> tuple[list[dict], list[dict]]:
    return run_chunk(task, fmt, chunk[1], options, on_row=_tick if _ROWS_DONE is not None else None,
                     journal=_journal(parts, chunk[0]) if parts is not None else None)


def run_bulk(task: str, input_path: str, out: str, *, fmt: str | None = None, out_format: str | None = None,
             workers: int | None = None, resume: bool = False, scheduler: str | None = None,
             chunk_size: int = 16, options: dict | None = None,
             progress: Callable[[int], None] | None = None, restart: bool = False) -> BulkSummary:
    """Run ``task`` (dd, bid, analyse) over ``input_path`` into ``out``; see the module docs.

    Work an earlier run kept for ``out`` is continued with ``resume``, discarded with
    ``restart``, and never silently: without either the run is refused.

    ``progress(rows)`` is called with the rows done since its last call: row by row on local
    processes, chunk by chunk on a Dask cluster.  Ctrl-C or SIGTERM stops the workers with the
    run and raises :class:`BulkInterrupted` (the parts written so far are kept for ``resume``);
    a scheduler that does not answer is a :class:`BulkError` within seconds.
    """
    t0 = time.perf_counter()
    fmt, out_p, ofmt = _checked(task, input_path, out, fmt, out_format, chunk_size)
    options = dict(options or {})
    schema = SCHEMAS[task]
    parts = out_p.with_name(out_p.name + ".parts")
    manifest = {"task": task, "input": os.path.abspath(input_path), "fingerprint": _fingerprint(input_path),
                "format": fmt, "output_format": ofmt, "chunk_size": chunk_size, "options": options,
                "columns": schema.names}
    _open_parts(parts, manifest, out, resume, restart)
    done = done_chunks(parts, ofmt) if resume else set()
    count = {"rows": 0, "chunks": 0}
    broken: list[CorruptInput] = []

    def todo() -> Iterator[tuple[int, list]]:
        """The chunks still to compute, in order; resumed ones only count."""
        for k, block in enumerate(_chunks(input_path, fmt, chunk_size, broken)):
            count["chunks"] += 1
            count["rows"] += len(block)
            if k in done:
                if progress:
                    progress(len(block))
                continue
            yield k, block

    job = functools.partial(_chunk_job, task, fmt, options, parts if scheduler is None else None)
    _compute(job, todo(), parts, schema, ofmt, workers=workers or os.cpu_count() or 1,
             scheduler=scheduler, progress=progress, resumed=len(done))
    rows_in, n_chunks = count["rows"], count["chunks"]
    errors_p = out_p.with_name(out_p.name + ".errors.jsonl")
    if rows_in == 0:
        shutil.rmtree(parts)
        if broken:
            raise BulkError(f"{broken[0]}; nothing before it could be read")
        raise BulkError(f"{input_path}: no rows (the input is empty, or only blank lines and comments)")
    n_out, n_err = merge(parts, out_p, errors_p, schema, ofmt, n_chunks)
    shutil.rmtree(parts)
    if broken:
        raise BulkError(f"{broken[0]}; the {rows_in} row{'s' if rows_in != 1 else ''} before it "
                        f"{'are' if rows_in != 1 else 'is'} evaluated in {out_p} ({n_out} output rows, "
                        f"{n_err} failed)")
    return BulkSummary(rows_in, n_out, n_err, n_chunks, len(done & set(range(n_chunks))),
                       time.perf_counter() - t0, str(out_p), str(errors_p))


def _checked(task: str, input_path: str, out: str, fmt: str | None, out_format: str | None,
             chunk_size: int) -> tuple[str, Path, str]:
    """A run's arguments checked before anything is written: the input's format, the output's
    path and its format (each bad one a :class:`BulkError` that names it)."""
    if task not in TASKS:
        raise BulkError(f"unknown task {task!r} (expected {', '.join(TASKS)})")
    if not os.path.exists(input_path):
        raise BulkError(f"{input_path}: no such file")
    fmt = fmt or detect_format(input_path)
    if fmt not in FORMATS:
        raise BulkError(f"unknown input format {fmt!r}")
    if chunk_size < 1:
        raise BulkError(f"chunk size must be at least 1, got {chunk_size}")
    out_p = Path(out)
    if out_p.is_dir():
        raise BulkError(f"--out {out} is a folder: name the output file, e.g. {out_p / 'out.parquet'}")
    try:
        ofmt = output_format(out, out_format)
    except ValueError as e:
        raise BulkError(str(e)) from None
    if not out_p.parent.is_dir():
        raise BulkError(f"--out {out}: the folder {out_p.parent} does not exist (create it first)")
    return fmt, out_p, ofmt


def _open_parts(parts: Path, manifest: dict, out: str, resume: bool, restart: bool) -> None:
    """The folder of a run's finished chunks, with its manifest: an earlier run's is continued
    (``resume``, only the same run's), discarded (``restart``), or else the run is refused."""
    mf = parts / "manifest.json"
    if parts.exists() and resume:
        old = json.loads(mf.read_text()) if mf.exists() else {}
        if {k: v for k, v in old.items() if k != "input"} != {k: v for k, v in manifest.items() if k != "input"}:
            raise BulkError(f"{parts} belongs to a different run (task, input, options or the output "
                            f"columns of the version that wrote it differ): "
                            f"remove it or run without --resume")
    elif parts.exists():
        kept = len(list(parts.glob("part-*"))) + len(list(parts.glob("rows-*.jsonl")))
        if kept and not restart:
            raise BulkError(f"--out {out}: an earlier run kept its finished work in {parts}: run the same "
                            f"command with --resume to finish it, or with --restart to discard it and start over")
        shutil.rmtree(parts)
    parts.mkdir(parents=True, exist_ok=True)
    mf.write_text(json.dumps(manifest, indent=1))


def _compute(job: Callable, todo: Iterator[tuple[int, list]], parts: Path, schema: Any, ofmt: str, *,
             workers: int, scheduler: str | None, progress: Callable[[int], None] | None, resumed: int) -> int:
    """Compute the chunks ``todo`` on the workers (local processes, or the Dask ``scheduler``),
    each written to ``parts`` as it is done; the number written.  Progress goes row by row on
    local processes, chunk by chunk on a cluster; Ctrl-C or SIGTERM stop the workers and raise
    :class:`BulkInterrupted`."""
    global _ROWS_DONE, _IN_PROCESS
    by_row = scheduler is None                       # local processes report each row as it is done
    seen = [0]
    written = [0]

    def rows_done() -> None:
        """Forward the rows the workers finished since the last look."""
        if progress and by_row and _ROWS_DONE is not None:
            n = _ROWS_DONE.value
            if n > seen[0]:
                progress(n - seen[0])
                seen[0] = n

    _ROWS_DONE = mp.get_context("fork").Value("q", 0) if by_row else None
    _IN_PROCESS = (os.getpid(), rows_done) if by_row and workers <= 1 else None
    results = imap_unordered(job, todo, workers, scheduler=scheduler, on_wait=rows_done)
    stopping = signal.getsignal(signal.SIGTERM) if threading.current_thread() is threading.main_thread() else None

    def on_term(signum, frame) -> None:
        raise _Stop()
    try:
        if stopping is not None:
            signal.signal(signal.SIGTERM, on_term)
        for (k, block), (rows, errors) in results:
            write_part(parts, k, rows, errors, schema, ofmt)
            _journal(parts, k).unlink(missing_ok=True)
            written[0] += 1
            if progress:
                rows_done() if by_row else progress(len(block))
    except (KeyboardInterrupt, _Stop) as e:
        results.close()                              # the workers stop before their journals are counted
        raise BulkInterrupted("SIGTERM" if isinstance(e, _Stop) else "SIGINT", parts,
                              resumed + written[0], _journalled_rows(parts)) from None
    except SchedulerUnreachable as e:
        raise BulkError(str(e)) from None
    finally:
        results.close()                              # an interrupted run: stops the workers now
        _ROWS_DONE, _IN_PROCESS = None, None
        if stopping is not None:
            signal.signal(signal.SIGTERM, stopping)
    return written[0]
