"""pytest-benchmark timings of the solver (run: pytest benchmarks --benchmark-enable).

Each benchmark solves a fixed handful of ``bench_deals.jsonl`` deals; a warm-up
round runs first so numba compilation is never timed.  Speed figures live here
and in ``bench_solver.py``, never as assertions in the test suite.
"""

from __future__ import annotations

import pytest

from benchmarks.bench_position import positions
from benchmarks.bench_solver import load, strip
from solver.analysis import position_values
from solver.search.api import Solver, position

GROUPS = load(10)


@pytest.fixture(scope="module")
def solver() -> Solver:
    s = Solver()
    s.points_many([position(strip(GROUPS["suit"][0]))])
    return s


@pytest.mark.parametrize("kind", ["suit", "grand"])
def test_exact_value(benchmark, solver, kind):
    positions = [position(strip(r)) for r in GROUPS[kind]]
    got = benchmark.pedantic(solver.points_many, args=(positions,), rounds=3, warmup_rounds=1)
    assert got == [r["dd_points"] for r in GROUPS[kind]]


@pytest.mark.parametrize("kind", ["suit", "grand"])
def test_reach_61(benchmark, solver, kind):
    positions = [position(strip(r)) for r in GROUPS[kind]]
    got = benchmark.pedantic(solver.reach_many, args=(positions, [61] * len(positions)), rounds=3,
                             warmup_rounds=1)
    assert got == [r["dd_points"] >= 61 for r in GROUPS[kind]]


def test_null_outcome(benchmark, solver):
    positions = [position(strip(r)) for r in GROUPS["null"]]
    got = benchmark.pedantic(solver.null_many, args=(positions,), rounds=5, warmup_rounds=1)
    assert got == [r["dd_declarer_wins"] for r in GROUPS["null"]]


def test_position_values(benchmark):
    """The analysis board's one position: every legal card double-dummy and on 32 worlds by what
    the mover knew (bench_position.py times 100 of them)."""
    todo = positions(5, 2026)
    got = benchmark.pedantic(lambda: [position_values(d, at) for d, at in todo], rounds=2, warmup_rounds=1)
    assert all(p.worlds > 0 and p.cards for p in got)
