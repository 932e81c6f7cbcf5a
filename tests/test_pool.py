"""The kept worker pool (many small batches, as the bid advice sends them) and the table
sessions that follow a caller's rows into whichever worker solves them."""

from __future__ import annotations

import os

import numpy as np
import pytest

from solver.deal import load_deal
from solver.pool import kept_pool
from solver.search import layout as K
from solver.search.api import Solver, job_rows, position, run_rows

from .conftest import load_jsonl, strip_solved


def _square(x: int) -> int:
    return x * x


def _fail_on_three(x: int) -> int:
    if x == 3:
        raise ValueError("three")
    return x


def _pid(_: int) -> int:
    return os.getpid()


def _unpicklable(_: int):
    return lambda: None


def test_a_kept_pool_answers_in_order_and_a_failure_ends_it():
    pool = kept_pool(2)
    assert pool.map(_square, range(20)) == [x * x for x in range(20)]
    assert len(set(pool.map(_pid, range(8)))) == 2          # both workers served
    with pytest.raises(ValueError, match="three"):
        pool.map(_fail_on_three, range(8))
    assert not any(p.is_alive() for p in pool.procs)          # no worker left computing
    again = kept_pool(2)
    assert again is not pool and again.map(_square, [4, 5]) == [16, 25]


def test_an_answer_that_does_not_pickle_is_an_error_not_a_dead_worker():
    with pytest.raises(RuntimeError, match="pickle|Pickl"):
        kept_pool(2).map(_unpicklable, range(4))
    assert kept_pool(2).map(_square, [3]) == [9]


def test_a_worker_that_dies_is_one_error_and_the_next_batch_gets_new_workers():
    pool = kept_pool(2)
    pool.procs[0].kill()
    pool.procs[0].join()
    with pytest.raises(RuntimeError, match="worker process died"):
        pool.map(_square, range(8))
    assert not any(p.is_alive() for p in pool.procs)
    assert kept_pool(2).map(_square, range(3)) == [0, 1, 4]


def _deals() -> list[dict]:
    return [r for r in load_jsonl("bench_deals.jsonl") if r["game"] != "null"][:12]


def test_a_callers_rows_get_the_reference_values_on_one_and_two_workers_with_a_token():
    """The 61 query of each deal, then the same rows again under the same token (their table
    session in the worker that gets them): the answers are the reference's every time."""
    recs = _deals()
    want = [r["dd_points"] >= 61 for r in recs]
    pos = [position(load_deal(strip_solved(r))) for r in recs]
    rows = job_rows([(p, K.JOB_AT_LEAST, 61 - p.base_points) for p in pos])
    for workers in (1, 2):
        for token in (None, ("test", workers), ("test", workers)):
            got = run_rows(rows.copy(), workers, Solver(8) if workers == 1 else None, token=token)
            assert [bool(x) for x in got] == want


def test_a_token_keeps_one_table_session_per_game_kind():
    s = Solver(8)
    rows = job_rows([(position(load_deal(strip_solved(r))), K.JOB_AT_LEAST, 1) for r in _deals()])
    first = s.stamp_for(rows.copy(), "a")[:, K.P_STAMP]
    again = s.stamp_for(rows.copy(), "a")[:, K.P_STAMP]
    other = s.stamp_for(rows.copy(), "b")[:, K.P_STAMP]
    assert np.array_equal(first, again)
    assert not set(first) & set(other)
    kinds = rows[:, K.P_GAMEKIND]
    for k in set(kinds):
        assert len(set(first[kinds == k])) == 1                # one session a kind ...
    assert len(set(first)) == len(set(kinds))                  # ... and a session each


def test_a_token_session_is_not_kept_over_a_wrap_of_the_stamps():
    """When the stamps wrap round (the table is cleared and the numbers come again), a caller's
    old session must not be reused: its number may go to another caller, of another game."""
    s = Solver(8)
    rows = job_rows([(position(load_deal(strip_solved(r))), K.JOB_AT_LEAST, 1) for r in _deals()[:1]])
    before = int(s.stamp_for(rows.copy(), "a")[0, K.P_STAMP])        # a low number: a fresh solver
    wrapped = False
    while not wrapped or s.stamp <= before + 8:                       # wrap, then hand its number out again
        last = s.stamp
        s.new_session()
        wrapped = wrapped or s.stamp < last
    after = int(s.stamp_for(rows.copy(), "a")[0, K.P_STAMP])
    assert after != before
