"""The one process-pool helper: every batch form (solves, reviews, bulk chunks) runs on it.

Workers are forked, so they start with the parent's compiled kernels and
imports; each has its own transposition table.  A worker never outlives its
parent: it ignores Ctrl-C (the parent decides), dies with the parent (Linux's
parent-death signal, so even ``kill -9`` of the parent leaves no orphan), and
:func:`imap_unordered` terminates its workers when the run is interrupted.
"""

from __future__ import annotations

import ctypes
import multiprocessing as mp
import signal
import threading
from contextlib import contextmanager
from concurrent.futures import FIRST_COMPLETED, ProcessPoolExecutor
from concurrent.futures import wait as wait_futures
from multiprocessing.connection import Connection, wait
from typing import Any, TypeVar, cast
from collections.abc import Callable, Generator, Iterable, Iterator

from .search.compile import compile_kernel

T = TypeVar("T")
R = TypeVar("R")

_kept: dict[int, "KeptPool"] = {}


class SchedulerUnreachable(ConnectionError):
    """The Dask scheduler named does not answer (refused, unknown host, or no answer in time)."""


#: Seconds to wait for a Dask scheduler to answer before giving up.
SCHEDULER_TIMEOUT = 5.0


def _worker_init() -> None:
    """In each forked worker: leave Ctrl-C to the parent, end at once on SIGTERM (not by a
    handler the parent had installed when it forked), and die when the parent dies."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, signal.SIG_DFL)
    try:
        libc = ctypes.CDLL("libc.so.6", use_errno=True)
        libc.prctl(1, signal.SIGTERM)                # PR_SET_PDEATHSIG
    except (OSError, AttributeError):                # not Linux: the parent's terminate() still holds
        pass


def fork_pool(workers: int) -> ProcessPoolExecutor:
    """A new pool of ``workers`` forked processes (the caller closes it).  The search is
    compiled (or loaded from the cache) here first, so the workers inherit it: one compile, one
    notice, not one per worker."""
    compile_kernel()
    return ProcessPoolExecutor(workers, mp_context=mp.get_context("fork"), initializer=_worker_init)


@contextmanager
def _running(workers: int) -> Iterator[ProcessPoolExecutor]:
    """A fork pool for one batch: shut down when the batch is done, terminated at once when it
    is interrupted, fails or (a generator's) is closed early -- no worker goes on computing."""
    ex = fork_pool(workers)
    try:
        yield ex
    except BaseException:
        terminate(ex)
        raise
    ex.shutdown(wait=True)


def terminate(ex: ProcessPoolExecutor) -> None:
    """Stop a pool now: cancel what has not started and end the worker processes (a run that
    was interrupted must not leave them computing)."""
    procs = list((getattr(ex, "_processes", None) or {}).values())
    ex.shutdown(wait=False, cancel_futures=True)
    for p in procs:
        if p.is_alive():
            p.terminate()
    for p in procs:
        p.join(timeout=5)


def _serve(conn: Connection) -> None:
    """A kept worker's loop: ``(fn, x)`` in, ``(True, fn(x))`` or ``(False, error)`` out."""
    _worker_init()
    while True:
        try:
            fn, x = conn.recv()
        except EOFError:                            # the parent closed its end: done
            return
        try:
            r = (True, fn(x))
        except Exception as e:                      # (the parent raises it)
            r = (False, e)
        try:
            conn.send(r)
        except Exception as e:                      # an answer or error that does not pickle
            conn.send((False, RuntimeError(f"{type(e).__name__}: {e}")))


class KeptPool:
    """Forked workers kept for many small batches, each fed through a pipe of its own.

    A batch's items go to the workers as they free up, so a worker that drew a hard item
    does not hold up the others, at a tenth of a millisecond an item (a process pool's queue
    and threads cost ~0.6 ms an item; the bid advice sends some twenty batches of small items
    a hand).  An interrupted or failed batch ends the pool (the next call forks a new one):
    no worker is left computing what nobody will read.
    """

    def __init__(self, workers: int):
        compile_kernel()                            # once, here: the workers inherit it
        ctx = mp.get_context("fork")
        self.conns: list[Connection] = []
        self.procs: list[Any] = []
        for _ in range(workers):
            mine, theirs = ctx.Pipe()
            proc = ctx.Process(target=_serve, args=(theirs,), daemon=True)
            proc.start()
            theirs.close()
            self.conns.append(mine)
            self.procs.append(proc)
        self._lock = threading.Lock()               # one batch at a time on the pipes

    def map(self, fn: Callable[[T], R], items: Iterable[T]) -> list[R]:
        """``[fn(x) for x in items]``, in order (one caller at a time: others wait)."""
        with self._lock:
            return self._map(fn, list(items))

    def _map(self, fn: Callable[[T], R], items: list[T]) -> list[R]:
        out: list[Any] = [None] * len(items)
        busy: dict[Connection, int] = {}
        todo = iter(enumerate(items))

        def give(c: Connection) -> None:
            for i, x in todo:
                c.send((fn, x))
                busy[c] = i
                return

        try:
            for c in self.conns:
                give(c)
            while busy:
                for ready in wait(list(busy)):
                    c = cast(Connection, ready)          # (it waits on the pipes alone)
                    ok, r = c.recv()
                    if not ok:
                        raise r
                    out[busy.pop(c)] = r
                    give(c)
        except (EOFError, BrokenPipeError, ConnectionResetError):
            self.close()
            raise RuntimeError("a solver worker process died") from None
        except BaseException:
            self.close()
            raise
        return out

    def close(self) -> None:
        """End the workers now (and forget the pool)."""
        for k, v in list(_kept.items()):
            if v is self:
                del _kept[k]
        for c in self.conns:
            c.close()
        for p in self.procs:
            if p.is_alive():
                p.terminate()
        for p in self.procs:
            p.join(timeout=5)


def kept_pool(workers: int) -> KeptPool:
    """A pool of ``workers`` processes kept for the next call (repeated small batches)."""
    ex = _kept.get(workers)
    if ex is None:
        ex = _kept[workers] = KeptPool(workers)
    return ex


def map_processes(fn: Callable[[T], R], items: Iterable[T], workers: int, keep: bool = False) -> list[R]:
    """``[fn(x) for x in items]`` on ``workers`` processes, in order (in this process for one)."""
    items = list(items)
    if workers <= 1 or len(items) < 2:
        return [fn(x) for x in items]
    if keep:
        return list(kept_pool(workers).map(fn, items))
    with _running(workers) as ex:
        return list(ex.map(fn, items))


@contextmanager
def started(fn: Callable[..., R], items: Iterable[T], workers: int, *local: Any) -> Iterator[Callable[[], list[R]]]:
    """``[fn(x) for x in items]`` started on ``workers`` processes while the block runs in this
    one; the block calls what it is given for the results, in order.  With one worker (or one
    item) they are computed in this process when asked, as ``fn(x, *local)`` (``local``: what
    this process lends, a solver)."""
    items = list(items)
    if workers <= 1 or len(items) < 2:
        yield lambda: [fn(x, *local) for x in items]
        return
    with _running(workers) as ex:
        futures = [ex.submit(fn, x) for x in items]
        yield lambda: [f.result() for f in futures]


def imap_unordered(fn: Callable[[T], R], items: Iterable[T], workers: int, *,
                   scheduler: str | None = None, window: int | None = None,
                   on_wait: Callable[[], None] | None = None) -> Generator[tuple[T, R], None, None]:
    """``(x, fn(x))`` for every item, as each finishes: on the Dask cluster at ``scheduler``, on
    ``workers`` forked processes, or in this process for one.  At most ``window`` items (default
    four a worker) are in flight, so a long input is read as it goes; a slow item never holds up
    the others (:func:`map_processes` waits for its whole list).  ``on_wait`` is called about
    four times a second while the local workers compute (to report progress from within items).
    Closing the iterator early (an interrupted run) terminates the local workers.  A scheduler
    that does not answer within :data:`SCHEDULER_TIMEOUT` raises :class:`SchedulerUnreachable`.

    >>> sorted(imap_unordered(abs, [-2, 1, -3], workers=1))
    [(-3, 3), (-2, 2), (1, 1)]
    """
    window = window or 4 * max(workers, 1)
    if scheduler:
        from distributed import Client, as_completed     # (an optional dependency: pip install '.[cluster]')
        try:
            client = Client(scheduler, timeout=SCHEDULER_TIMEOUT)
        except (OSError, TimeoutError, ValueError) as e:
            why = str(e).splitlines()[0] if str(e) else type(e).__name__
            raise SchedulerUnreachable(f"cannot reach the Dask scheduler at {scheduler} within "
                                       f"{SCHEDULER_TIMEOUT:.0f} s ({why})") from None
        try:
            pending: dict = {}
            ac = as_completed()
            for x in items:
                fut = client.submit(fn, x, pure=False)
                pending[fut] = x
                ac.add(fut)
                while len(pending) >= window:
                    f = next(ac)
                    yield pending.pop(f), f.result()
            for f in ac:
                yield pending.pop(f), f.result()
        finally:
            client.close()
        return
    if workers <= 1:
        for x in items:
            yield x, fn(x)
        return
    with _running(workers) as ex:
        inflight: dict = {}

        def ready() -> Iterator:
            while True:
                done, _ = wait_futures(list(inflight), timeout=0.25 if on_wait else None, return_when=FIRST_COMPLETED)
                if on_wait:
                    on_wait()
                if done:
                    return iter(done)

        for x in items:
            inflight[ex.submit(fn, x)] = x
            while len(inflight) >= window:
                for f in ready():
                    yield inflight.pop(f), f.result()
        while inflight:
            for f in ready():
                yield inflight.pop(f), f.result()
