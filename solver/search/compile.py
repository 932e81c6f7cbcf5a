"""Compiling the search for this machine: numba compiles the kernel and its techniques once and
caches them (``cache=True``); this module compiles them on two cores, drops stale cache entries,
and tells the user (:data:`compile_notice`) what a compile takes and how far it got.

Kept apart from :mod:`solver.search.api` so that the worker pool (:mod:`solver.pool`), which
compiles before it forks, and the search's API, which uses the pool, do not import each other.
"""

from __future__ import annotations

import os
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path

from . import layout as K
from .jit import precompile

#: Called with one line of text before the kernel compiles for this machine (a cold cache),
#: and with the time it took after; the command line sets it to print the lines.  The library
#: itself prints nothing.
compile_notice: Callable[[str], None] | None = None
#: What a first compile takes where it was never measured: 7 s on an idle two-core machine,
#: 15-30 s on a busy one (measured); after a compile, this machine's own time is kept beside
#: numba's cache and said instead.
COMPILE_RANGE = "7 s on an idle two-core machine, 15-30 s on a busy one"
COMPILE_TIME_FILE = "skat-compile-seconds.txt"


def compile_message() -> str:
    """The notice before a compile: what it took on this machine the last time (kept beside the
    cache), else the measured range on two cores."""
    for d in K._cache_places():
        try:
            took = float((d / COMPILE_TIME_FILE).read_text())
        except (OSError, ValueError):
            continue
        return f"compiling the solver for this machine, after an install or update only (it took {took:.0f} s " \
               f"here the last time)"
    return f"compiling the solver for this machine, first run only ({COMPILE_RANGE})"


def _record_compile_time(seconds: float) -> None:
    for d in K._cache_places():
        try:
            (d / COMPILE_TIME_FILE).write_text(f"{seconds:.1f}\n")
        except OSError:
            pass
        return
#: The search's modules whose helpers are compiled ahead of it on a cold cache
#: (:func:`compile_kernel`): these in this process, in this order ...  (The last two call helpers
#: of :mod:`solver.search.moves`, which the other process compiles; they come after ``prepare``,
#: which calls none, and those helpers come first in their module (``pile_cards``, ``cheapest``),
#: so that they are in the cache when asked for rather than compiled twice.  In the other order
#: one cold compile in five to ten compiled ``cheapest`` in both processes.)
COMPILED_HERE = ("solver.search.prepare", "solver.search.last_tricks", "solver.search.quick_tricks")
#: ... and these in a second process at the same time.
COMPILED_ALONGSIDE = ("solver.search.moves", "solver.search.transposition")


def compile_kernel():
    """The compiled search (:mod:`solver.search.kernel`), imported on first use: compiled for
    this machine then, or loaded from numba's cache; :data:`compile_notice` hears of a compile.

    On a cold cache with two cores or more, a second process compiles (and caches) the
    modules of :data:`COMPILED_ALONGSIDE` while this one compiles the other techniques; the
    kernel then links them all from the cache.  Entries older than a source they were made
    of are dropped first (:func:`layout.drop_stale_cache`)."""
    kernel = sys.modules.get("solver.search.kernel")
    if kernel is None:
        K.drop_stale_cache()
        cold = not K.kernel_cached()
        t0 = time.perf_counter()
        if cold:
            if compile_notice is not None:
                compile_notice(compile_message())
            _compile_techniques()
            if compile_notice is not None:
                compile_notice(f"  the search itself ({time.perf_counter() - t0:.0f} s so far)")
        from . import kernel    # (here, not at the top: importing the kernel compiles or loads it)
        if cold:
            took = time.perf_counter() - t0
            _record_compile_time(took)
            if compile_notice is not None:
                compile_notice(f"compiled in {took:.1f} s; later runs load it from the cache")
    return kernel


def _compile_techniques() -> None:
    """Compile the search's helpers on two cores: a child process compiles (and caches) those
    of :data:`COMPILED_ALONGSIDE` while this process compiles those of :data:`COMPILED_HERE`
    (:func:`solver.search.jit.precompile`).  If the child fails, compiling the kernel compiles
    what is missing itself."""
    child = None
    cores = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count() or 1
    if cores > 1:
        env = dict(os.environ)
        root = str(Path(__file__).resolve().parents[2])           # the folder holding the solver package
        env["PYTHONPATH"] = os.pathsep.join(p for p in (root, env.get("PYTHONPATH")) if p)
        code = f"from solver.search.jit import precompile; precompile(*{COMPILED_ALONGSIDE!r})"
        child = subprocess.Popen([sys.executable, "-c", code], env=env, stdin=subprocess.DEVNULL,
                                 stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    t0 = time.perf_counter()
    try:
        for k, m in enumerate(COMPILED_HERE):
            if compile_notice is not None:        # progress: one line a technique
                alongside = f", {' and '.join(x.rsplit('.', 1)[1] for x in COMPILED_ALONGSIDE)} in a second " \
                    f"process" if child is not None and k == 0 else ""
                compile_notice(f"  {m.rsplit('.', 1)[1].replace('_', ' ')}{alongside} "
                               f"({time.perf_counter() - t0:.0f} s so far)")
            precompile(m)
        if child is not None:
            child.wait()
    finally:
        if child is not None and child.poll() is None:
            child.kill()                                            # interrupted: no orphan compiling on
            child.wait()


