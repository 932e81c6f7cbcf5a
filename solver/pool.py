"""The one process-pool helper: every batch form (solves, reviews, bulk chunks) runs on it.

Workers are forked, so they start with the parent's compiled kernels and
imports; each has its own transposition table.
"""

from __future__ import annotations

import multiprocessing as mp
from concurrent.futures import ProcessPoolExecutor
from typing import TypeVar
from collections.abc import Callable, Iterable, Iterator

T = TypeVar("T")
R = TypeVar("R")

_kept: dict[int, ProcessPoolExecutor] = {}


def fork_pool(workers: int) -> ProcessPoolExecutor:
    """A new pool of ``workers`` forked processes (the caller closes it)."""
    return ProcessPoolExecutor(workers, mp_context=mp.get_context("fork"))


def kept_pool(workers: int) -> ProcessPoolExecutor:
    """A pool of ``workers`` processes kept for the next call (repeated small batches)."""
    ex = _kept.get(workers)
    if ex is None:
        ex = _kept[workers] = fork_pool(workers)
    return ex


def map_processes(fn: Callable[[T], R], items: Iterable[T], workers: int, keep: bool = False) -> list[R]:
    """``[fn(x) for x in items]`` on ``workers`` processes, in order (in this process for one)."""
    items = list(items)
    if workers <= 1 or len(items) < 2:
        return [fn(x) for x in items]
    if keep:
        return list(kept_pool(workers).map(fn, items))
    with fork_pool(workers) as ex:
        return list(ex.map(fn, items))


def imap_unordered(fn: Callable[[T], R], items: Iterable[T], workers: int,
                   scheduler: str | None = None, window: int | None = None) -> Iterator[tuple[T, R]]:
    """``(x, fn(x))`` for every item, as each finishes: on the Dask cluster at ``scheduler``, on
    ``workers`` forked processes, or in this process for one.  At most ``window`` items (default
    four a worker) are in flight, so a long input is read as it goes; a slow item never holds up
    the others (:func:`map_processes` waits for its whole list).

    >>> sorted(imap_unordered(abs, [-2, 1, -3], workers=1))
    [(-3, 3), (-2, 2), (1, 1)]
    """
    window = window or 4 * max(workers, 1)
    if scheduler:
        from distributed import Client, as_completed
        client = Client(scheduler)
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
    from concurrent.futures import FIRST_COMPLETED, wait
    with fork_pool(workers) as ex:
        inflight: dict = {}
        for x in items:
            inflight[ex.submit(fn, x)] = x
            while len(inflight) >= window:
                ready, _ = wait(list(inflight), return_when=FIRST_COMPLETED)
                for f in ready:
                    yield inflight.pop(f), f.result()
        while inflight:
            ready, _ = wait(list(inflight), return_when=FIRST_COMPLETED)
            for f in ready:
                yield inflight.pop(f), f.result()
