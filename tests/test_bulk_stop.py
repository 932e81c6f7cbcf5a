"""A bulk run stops cleanly: Ctrl-C or SIGTERM ends the workers with the run, keeps the chunks
done and says how to finish with --resume; a scheduler that does not answer is one line within
seconds; progress moves by the row, and as plain lines where no terminal reads it."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import numpy as np
import pytest
from click.testing import CliRunner

from cli.main import cli
from solver.bulk.runner import BulkError, run_bulk
from solver.cards import card_codes
from solver.players.table import shuffle

from .conftest import ROOT


def _hands(path: Path, n: int) -> Path:
    lines = ["cards,seat"]
    for k in range(n):
        dealt = shuffle(np.random.default_rng([5, k]))
        lines.append(f"{' '.join(card_codes(dealt[k % 3]))},{'FMR'[k % 3]}")
    path.write_text("\n".join(lines) + "\n")
    return path


def _children(pid: int) -> list[int]:
    try:
        return [int(x) for x in Path(f"/proc/{pid}/task/{pid}/children").read_text().split()]
    except OSError:
        return []


def _gone(pid: int) -> bool:
    try:
        return Path(f"/proc/{pid}/stat").read_text().split(") ")[1].startswith("Z")
    except OSError:
        return True


#: the interrupted runs' options: every row runs to its 200 worlds (see below)
SLOW_ROWS = {"samples": 200, "seed": 0, "precision": 0.001, "seat": None}


@pytest.fixture(scope="module")
def uninterrupted(tmp_path_factory) -> list[dict]:
    """The rows of a run of the interrupted runs' input that nobody stopped (one for both signals)."""
    d = tmp_path_factory.mktemp("uninterrupted")
    out = d / "again.jsonl"
    run_bulk("bid", str(_hands(d / "hands.csv", 16)), str(out), workers=2, chunk_size=2, options=SLOW_ROWS)
    return sorted(map(json.loads, out.read_text().splitlines()), key=lambda x: x["row"])


@pytest.mark.slow
@pytest.mark.parametrize("sig", [signal.SIGTERM, signal.SIGINT])
def test_a_signal_stops_the_workers_keeps_the_chunks_and_resume_finishes(tmp_path, sig, uninterrupted):
    # rows slow enough that the run is still going when the signal comes (16 rows at 32 worlds
    # could all be done by then: every row here runs to its 200 worlds), and few enough that
    # every chunk is handed out at the start
    src = _hands(tmp_path / "hands.csv", 16)
    out = tmp_path / "bid.jsonl"
    args = ["bulk", "bid", str(src), "--out", str(out), "--chunk-size", "2", "--samples", "200",
            "--precision", "0.001", "--workers", "2"]
    # the run starts as from a terminal, Ctrl-C at its default: a suite started in the background
    # (``pytest &`` in a script) ignores SIGINT, and a child would inherit that
    p = subprocess.Popen([sys.executable, "-m", "cli.main", *args], cwd=ROOT, stdout=subprocess.PIPE,
                         stderr=subprocess.PIPE, text=True, env=dict(os.environ, PYTHONPATH=str(ROOT)),
                         preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))
    parts = Path(str(out) + ".parts")
    deadline = time.time() + 120
    while time.time() < deadline and not list(parts.glob("part-*.jsonl")):      # a whole part, not a .tmp
        time.sleep(0.05)
    kids = _children(p.pid)
    assert list(parts.glob("part-*.jsonl")) and kids, "the run wrote a chunk with its workers running"
    assert p.poll() is None, "the run must still be going when the signal comes"
    t = time.time()
    p.send_signal(sig)
    _, err = p.communicate(timeout=30)
    assert time.time() - t < 10
    assert p.returncode == 128 + sig
    assert "Traceback" not in err
    last = err.strip().splitlines()[-1]
    assert last.startswith(f"interrupted by {sig.name}") and "--resume" in last
    deadline = time.time() + 10
    while time.time() < deadline and not all(_gone(k) for k in kids):
        time.sleep(0.1)
    assert all(_gone(k) for k in kids), "no worker outlives the run"
    # --resume completes it; the rows are those of a run never interrupted
    r = CliRunner().invoke(cli, [*args, "--resume", "--quiet"])
    assert r.exit_code == 0, r.output
    summary = json.loads(r.output.strip().splitlines()[-1])
    assert summary["chunks_resumed"] >= 1 and summary["rows_out"] == 16, (summary, err)
    assert sorted(map(json.loads, out.read_text().splitlines()), key=lambda x: x["row"]) == uninterrupted


def test_an_unreachable_scheduler_is_one_line_within_seconds(tmp_path, monkeypatch):
    t = time.time()
    r = CliRunner().invoke(cli, ["bulk", "dd", str(ROOT / "data" / "deals.jsonl"), "--out", str(tmp_path / "o.jsonl"),
                                 "--scheduler", "tcp://127.0.0.1:1", "--quiet"])
    assert r.exit_code == 1 and "Traceback" not in r.output
    assert r.output.strip().splitlines() == [r.output.strip().splitlines()[0]]
    assert r.output.startswith("Error: cannot reach the Dask scheduler")
    assert time.time() - t < 15
    # the library call says the same (with a shorter wait, to keep the suite short)
    monkeypatch.setattr("solver.pool.SCHEDULER_TIMEOUT", 1.0)
    with pytest.raises(BulkError, match="cannot reach the Dask scheduler at tcp://127.0.0.1:1"):
        run_bulk("dd", str(ROOT / "data" / "deals.jsonl"), str(tmp_path / "o.jsonl"), scheduler="tcp://127.0.0.1:1")


@pytest.mark.slow
@pytest.mark.parametrize("workers", [1, 2])
def test_progress_moves_by_the_row(tmp_path, workers):
    src = _hands(tmp_path / "hands.csv", 6)
    steps: list[int] = []
    run_bulk("bid", str(src), str(tmp_path / "o.jsonl"), workers=workers, chunk_size=3,
             options={"samples": 16, "seed": 0, "precision": 0.05, "seat": None}, progress=steps.append)
    assert sum(steps) == 6
    assert len(steps) > 2, "two chunks of three rows, reported row by row, not at each chunk's end"


def test_plain_progress_is_one_line_each(tmp_path):
    r = CliRunner().invoke(cli, ["bulk", "dd", str(ROOT / "data" / "deals.jsonl"), "--out",
                                 str(tmp_path / "o.jsonl"), "--progress", "plain", "--workers", "1"])
    assert r.exit_code == 0, r.output
    lines = [x for x in r.output.splitlines() if x.startswith("dd: ")]
    assert lines and lines[-1].startswith("dd: 9/9 rows") and all(x.count("dd: ") == 1 for x in lines)
