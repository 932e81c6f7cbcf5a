"""Every solved value in ../shared/reference must be matched exactly."""

import pytest

from solver.search.api import solve_many

from .conftest import load_jsonl, strip_solved

KEYS = ("dd_points", "dd_all_tricks", "dd_declarer_wins")


def check(name: str, chunk: slice) -> None:
    recs = load_jsonl(name)[chunk]
    got = [s.to_record() for s in solve_many([strip_solved(r) for r in recs])]
    for r, g in zip(recs, got):
        for k in KEYS:
            if k in r:
                assert g[k] == r[k], f"{r['id']}: {k} {g[k]} != reference {r[k]}"
        if r["game"] == "null":
            assert "dd_points" not in g


def test_small_endgames():
    check("dd_small.jsonl", slice(None))


def test_mid_game_positions():
    check("dd_mid.jsonl", slice(None))


@pytest.mark.parametrize("part", range(4))
@pytest.mark.slow
def test_full_deals(part):
    check("dd_full.jsonl", slice(part, None, 4))


@pytest.mark.parametrize("part", range(4))
@pytest.mark.slow
def test_bench_deals(part):
    check("bench_deals.jsonl", slice(part, None, 4))


def test_reference_sizes():
    assert [len(load_jsonl(f)) for f in ("dd_small.jsonl", "dd_mid.jsonl", "dd_full.jsonl", "bench_deals.jsonl")] \
        == [500, 300, 420, 300]
