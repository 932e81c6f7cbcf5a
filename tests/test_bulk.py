"""Bulk runs: every input format, bad rows, reference values, resume after a real kill, Dask."""

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pyarrow.parquet as pq
import pytest

from solver.bulk.runner import BulkError, run_bulk

from .conftest import REF, load_jsonl, strip_solved

DATA = Path(__file__).resolve().parents[1] / "data" / "bulk"


def table(path):
    return pq.read_table(path).to_pylist()


@pytest.mark.parametrize("name,task,rows_out,failed", [
    ("deals.jsonl", "dd", 16, 3), ("deals.jsonl.gz", "dd", 16, 3),
    ("games.sgf", "dd", 5, 1), ("games.sgf.bz2", "dd", 5, 1),
    ("hands.csv", "bid", 4, 3), ("hands.csv.xz", "bid", 4, 3),
    ("played.jsonl", "analyse", 6, 1),
    ("games.sgf", "analyse", 4, 2),          # the passed deal and the broken line fail; no play: start value only
    ("games.sgf", "bid", 15, 1),             # every seat of every readable deal, passed ones too
])
@pytest.mark.slow
def test_every_input_format(tmp_path, name, task, rows_out, failed):
    out = tmp_path / "out.parquet"
    s = run_bulk(task, str(DATA / name), str(out), workers=1,
                 options={"samples": 16, "precision": 0.2} if task == "bid" else {})
    assert (s.rows_out, s.rows_failed) == (rows_out, failed)
    errors = [json.loads(x) for x in Path(s.errors).read_text().splitlines()]
    assert all(e["error"].startswith(f"line {e['row']}:") for e in errors)
    rows = table(out)
    assert [r["row"] for r in rows] == sorted(r["row"] for r in rows)


def test_dd_values_match_the_reference(tmp_path):
    refs = load_jsonl("dd_full.jsonl")[:18]
    src = tmp_path / "in.jsonl"
    src.write_text("".join(json.dumps(strip_solved(r)) + "\n" for r in refs))
    out = tmp_path / "dd.jsonl"
    s = run_bulk("dd", str(src), str(out), workers=2, chunk_size=4)
    got = [json.loads(x) for x in out.read_text().splitlines()]
    assert s.rows_out == 18 and [g["id"] for g in got] == [r["id"] for r in refs]
    for g, r in zip(got, refs):
        for k in ("dd_points", "dd_all_tricks", "dd_declarer_wins"):
            if k in r:
                assert g[k] == r[k], (r["id"], k)


def test_iss_dd_carries_the_recorded_result(tmp_path):
    out = tmp_path / "iss.jsonl"
    run_bulk("dd", str(REF / "iss_sample.sgf"), str(out), workers=1)
    rows = {r["id"]: r for r in map(json.loads, out.read_text().splitlines())}
    assert rows["756788"]["passed"] is True
    assert rows["541932"]["recorded_score"] == -54 and rows["541932"]["played_points"] == 59
    assert rows["1390253"]["ended_early"] == "resigned"


def test_bid_rows_do_not_depend_on_order(tmp_path):
    lines = (DATA / "hands.csv").read_text().splitlines()
    good = [lines[0]] + [x for x in lines[1:] if x.startswith("h")]
    a, b = tmp_path / "a.csv", tmp_path / "b.csv"
    a.write_text("\n".join(good) + "\n")
    b.write_text("\n".join([good[0]] + good[:0:-1]) + "\n")
    opts = {"samples": 24, "seed": 5}
    run_bulk("bid", str(a), str(tmp_path / "a.jsonl"), workers=1, options=opts)
    run_bulk("bid", str(b), str(tmp_path / "b.jsonl"), workers=2, chunk_size=1, options=opts)
    ra = {r["id"]: {k: v for k, v in r.items() if k != "row"} for r in
          map(json.loads, (tmp_path / "a.jsonl").read_text().splitlines())}
    rb = {r["id"]: {k: v for k, v in r.items() if k != "row"} for r in
          map(json.loads, (tmp_path / "b.jsonl").read_text().splitlines())}
    assert ra == rb


@pytest.mark.slow
def test_resume_after_kill_gives_the_same_output(tmp_path):
    refs = load_jsonl("dd_full.jsonl")[:60]
    src = tmp_path / "in.jsonl"
    src.write_text("".join(json.dumps(strip_solved(r)) + "\n" for r in refs))
    whole = tmp_path / "whole.parquet"
    run_bulk("dd", str(src), str(whole), workers=1, chunk_size=3)
    out = tmp_path / "out.parquet"
    cmd = [sys.executable, "-m", "cli.main", "bulk", "dd", str(src), "--out", str(out), "--workers", "1",
           "--chunk-size", "3", "--quiet"]
    env = dict(os.environ, PYTHONPATH=str(Path(__file__).resolve().parents[1]))
    proc = subprocess.Popen(cmd, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                            start_new_session=True)
    parts = tmp_path / "out.parquet.parts"
    deadline = time.time() + 120
    while time.time() < deadline and len(list(parts.glob("part-*.parquet"))) < 3:
        time.sleep(0.05)
    os.killpg(proc.pid, signal.SIGKILL)
    proc.wait()
    done_before = len(list(parts.glob("part-*.parquet")))
    assert 3 <= done_before < 20, "the run was not interrupted in the middle"
    assert not out.exists()
    r = subprocess.run(cmd + ["--resume"], env=env, capture_output=True, text=True, timeout=300)
    assert r.returncode == 0, r.stderr
    summary = json.loads(r.stdout.splitlines()[-1])
    assert summary["chunks_resumed"] >= done_before and summary["rows_in"] == 60
    assert table(out) == table(whole)


def test_resume_refuses_other_options(tmp_path):
    parts = tmp_path / "o.parquet.parts"
    parts.mkdir()
    (parts / "manifest.json").write_text(json.dumps({"task": "bid"}))
    with pytest.raises(BulkError, match="different run"):
        run_bulk("dd", str(DATA / "deals.jsonl"), str(tmp_path / "o.parquet"), resume=True, workers=1)


def test_resume_refuses_parts_written_with_other_columns(tmp_path, monkeypatch):
    """Parts an older version wrote (other columns) cannot be merged with new ones: a resume says
    so before it runs, instead of failing at the merge or shifting CSV columns."""
    import solver.bulk.runner as runner
    src = DATA / "deals.jsonl"
    out = tmp_path / "o.csv"

    def stop(*a, **k):
        raise KeyboardInterrupt                   # interrupted after the parts, before the merge
    monkeypatch.setattr(runner, "merge", stop)
    with pytest.raises(KeyboardInterrupt):
        run_bulk("dd", str(src), str(out), workers=1, chunk_size=4)
    monkeypatch.undo()
    mf = tmp_path / "o.csv.parts" / "manifest.json"
    old = json.loads(mf.read_text())
    assert old["columns"][:2] == ["row", "id"]
    mf.write_text(json.dumps(dict(old, columns=old["columns"][:-1])))
    with pytest.raises(BulkError, match="columns"):
        run_bulk("dd", str(src), str(out), resume=True, workers=1, chunk_size=4)


@pytest.mark.slow
def test_dask_cluster_output_equals_local(tmp_path):
    distributed = pytest.importorskip("distributed")
    local = tmp_path / "local.parquet"
    run_bulk("dd", str(DATA / "deals.jsonl"), str(local), workers=1, chunk_size=4)
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True,
                                  dashboard_address=None) as cluster:
        remote = tmp_path / "dask.parquet"
        s = run_bulk("dd", str(DATA / "deals.jsonl"), str(remote), scheduler=cluster.scheduler_address,
                     workers=2, chunk_size=4)
    assert s.rows_failed == 3
    assert table(remote) == table(local)
    assert Path(str(remote) + ".errors.jsonl").read_text() == Path(str(local) + ".errors.jsonl").read_text()


def test_a_bid_row_answers_as_skat_bid_does_where_the_pick_up_s_option_turns_it(tmp_path):
    # a bulk row settles only the declarations its answer needs, but where its best single game
    # does not say bid and a suit game leads the pick-ups, it keeps every pick-up declaration, so
    # that the pick-up priced as the game chosen after the skat turns its answer as it turns skat
    # bid's (the full advice on the row's seed)
    from solver.advice import evaluate_hand
    from solver.bulk.tasks import VERDICT_WORDS
    hands = ["HJ CQ C8 C7 SQ S9 S8 HA HT DQ", "SJ DJ C8 C7 SA SQ HQ H9 DT DK",
             "HJ C8 C7 ST SQ S9 S7 DA DT D7", "CJ C8 C7 SA S9 S8 S7 HA HQ DQ"]
    src = tmp_path / "hands.csv"
    src.write_text("id,cards,seat\n" + "".join(f"h{i},{h},{'FMR'[i % 3]}\n" for i, h in enumerate(hands)))
    opts = {"samples": 48, "seed": 3}
    run_bulk("bid", str(src), str(tmp_path / "out.jsonl"), workers=1, options=opts)
    rows = [json.loads(x) for x in (tmp_path / "out.jsonl").read_text().splitlines()]
    assert len(rows) == len(hands)
    for r in rows:
        a = evaluate_hand(r["cards"], r["seat"], samples=48, seed=r["seed"], workers=1).advice()
        assert (r["verdict"], r["verdict_basis"]) == (VERDICT_WORDS[a["verdict"]], a["verdict_basis"]), r["id"]
        pickup = a["pickup"]
        if r["pickup_expected_score"] is None:
            # the best single game says bid already (which the option cannot turn), or no suit game
            # leads the pick-ups (the option takes no share of the gap)
            assert r["verdict"] == "bid" or pickup["expected_score"] == pickup["committed_expected_score"]
        else:
            assert (r["pickup_expected_score"], r["pickup_up_to"]) == (pickup["expected_score"],
                                                                       pickup["max_bid"]), r["id"]
    assert any(r["verdict_basis"] == "pickup" for r in rows)
    # the hand model's labels are the same rows, the option's price and interval beside them
    run_bulk("labels", str(src), str(tmp_path / "labels.jsonl"), workers=1, options=opts)
    labels = [json.loads(x) for x in (tmp_path / "labels.jsonl").read_text().splitlines()]
    for r, lab in zip(rows, labels):
        a = evaluate_hand(r["cards"], r["seat"], samples=48, seed=r["seed"], workers=1).advice()
        assert (lab["verdict"], lab["verdict_basis"]) == (r["verdict"], r["verdict_basis"])
        assert lab["pickup_expected_score"] == r["pickup_expected_score"]
        if lab["pickup_expected_score"] is not None:
            assert [lab["pickup_expected_score_low"], lab["pickup_expected_score_high"]] == \
                a["pickup"]["expected_score_ci"]
            assert lab["pickup_gap"] == a["pickup"]["gap"]
            assert lab["pickup_up_to"] == a["pickup"]["max_bid"] == r["pickup_up_to"]
