"""The one process-pool helper: every batch form (solves, reviews, bulk chunks) runs on it.

Workers are forked, so they start with the parent's compiled kernels and
imports; each has its own transposition table.
"""

from __future__ import annotations

import multiprocessing as mp
from concurrent.futures import ProcessPoolExecutor
from typing import Callable, Iterable, TypeVar

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
