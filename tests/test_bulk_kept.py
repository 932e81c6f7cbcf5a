"""Bulk never loses work: a truncated compressed input is evaluated up to the break and named in
one line; kept work is never discarded without --resume or --restart; a stop keeps every
finished row, also the rows of a chunk in progress, and a resume does not compute them again."""

from __future__ import annotations

import gzip
import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from cli.main import cli
from solver.bulk import tasks
from solver.bulk.runner import BulkError, BulkInterrupted, run_bulk

DATA = Path(__file__).resolve().parents[1] / "data" / "bulk"


def _cut_gzip(tmp_path: Path) -> tuple[Path, int]:
    """Eight copies of deals.jsonl gzipped and cut in the middle; (the cut file, how many whole
    lines a reader gets before the break)."""
    whole = gzip.compress((DATA / "deals.jsonl").read_bytes() * 8)
    cut_path = tmp_path / "cut.jsonl.gz"
    cut_path.write_bytes(whole[: len(whole) // 2])
    n = 0
    with gzip.open(cut_path, "rt") as fh:
        try:
            for line in fh:
                n += line.endswith("\n")
        except EOFError:
            pass
    return cut_path, n


def test_a_truncated_input_is_one_line_and_keeps_the_rows_before(tmp_path):
    cut, n = _cut_gzip(tmp_path)
    assert n > 0
    out = tmp_path / "dd.jsonl"
    r = CliRunner().invoke(cli, ["bulk", "dd", str(cut), "--out", str(out), "--quiet"])
    assert r.exit_code == 1 and "Traceback" not in r.output and "Aborted" not in r.output
    err = r.output.strip().splitlines()[-1]
    assert err.startswith(f"Error: {cut}: the gzip file is truncated or corrupt after line {n} ")
    rows = [json.loads(x) for x in out.read_text().splitlines()]
    errors = [json.loads(x) for x in Path(str(out) + ".errors.jsonl").read_text().splitlines()]
    # every line before the break is answered: an output row or an error row, none beyond it
    assert sorted({x["row"] for x in rows} | {e["row"] for e in errors}) == list(range(1, n + 1))
    # and as a run over the same lines uncompressed answers them
    plain = tmp_path / "plain.jsonl"
    plain.write_bytes(b"".join(((DATA / "deals.jsonl").read_bytes() * 8).splitlines(keepends=True)[:n]))
    run_bulk("dd", str(plain), str(tmp_path / "p.jsonl"), workers=1)
    assert (tmp_path / "p.jsonl").read_text() == out.read_text()


@pytest.mark.parametrize("command", [["solve"], ["score"], ["convert"], ["analyse"]])
def test_the_file_commands_name_a_truncated_input(tmp_path, command):
    whole = (DATA / "games.sgf.bz2").read_bytes()
    cut = tmp_path / "t.sgf.bz2"
    cut.write_bytes(whole[:500])
    r = CliRunner().invoke(cli, [*command, str(cut)])
    assert r.exit_code == 1 and "Aborted" not in r.output and "Traceback" not in r.output
    assert r.output.strip().splitlines()[-1] == (
        f"Error: {cut}: the bzip2 file is truncated or corrupt after line 0 (500 compressed bytes read): "
        "Compressed file ended before the end-of-stream marker was reached; nothing before it could be read")


def _stop_after(rows: int):
    seen = [0]

    def progress(n: int) -> None:
        seen[0] += n
        if seen[0] >= rows:
            raise KeyboardInterrupt
    return progress


def test_kept_work_is_refused_without_resume_or_restart(tmp_path):
    out = tmp_path / "dd.jsonl"
    src = str(DATA / "deals.jsonl")
    with pytest.raises(BulkInterrupted):
        run_bulk("dd", src, str(out), workers=1, chunk_size=4, progress=_stop_after(6))
    with pytest.raises(BulkError, match="--resume to finish it, or with --restart"):
        run_bulk("dd", src, str(out), workers=1, chunk_size=4)
    r = CliRunner().invoke(cli, ["bulk", "dd", src, "--out", str(out), "--chunk-size", "4", "--quiet"])
    assert r.exit_code == 1 and "--restart" in r.output.strip().splitlines()[-1]
    assert Path(str(out) + ".parts").is_dir(), "the refused run leaves the kept work alone"
    r = CliRunner().invoke(cli, ["bulk", "dd", src, "--out", str(out), "--chunk-size", "4", "--quiet", "--restart"])
    assert r.exit_code == 0 and json.loads(r.output.strip().splitlines()[-1])["chunks_resumed"] == 0


def test_a_stop_keeps_the_rows_of_a_chunk_in_progress(tmp_path, monkeypatch):
    src = str(DATA / "deals.jsonl")
    whole = tmp_path / "whole.jsonl"
    run_bulk("dd", src, str(whole), workers=1, chunk_size=8)
    out = tmp_path / "dd.jsonl"
    with pytest.raises(BulkInterrupted) as stop:
        run_bulk("dd", src, str(out), workers=1, chunk_size=8, progress=_stop_after(11))
    # one whole chunk of 8 and 3 rows of the second
    assert (stop.value.written, stop.value.rows) == (1, 3)
    assert "1 chunk and 3 finished rows of chunks in progress kept" in str(stop.value)
    computed: list[int] = []
    one_row = tasks._one_row

    def counting(task, fmt, no, raw, opts):
        computed.append(no)
        return one_row(task, fmt, no, raw, opts)
    monkeypatch.setattr(tasks, "_one_row", counting)
    s = run_bulk("dd", src, str(out), workers=1, chunk_size=8, resume=True)
    rows_in = s.rows_in
    assert len(computed) == rows_in - 11, "neither the whole chunk nor the journalled rows are computed again"
    assert out.read_text() == whole.read_text()
    assert Path(s.errors).read_text() == Path(str(whole) + ".errors.jsonl").read_text()


def test_a_row_cut_by_a_kill_is_computed_again(tmp_path):
    """The journal's last line, cut by a kill, is not a row: the resume writes it whole."""
    src = str(DATA / "deals.jsonl")
    whole = tmp_path / "whole.jsonl"
    run_bulk("dd", src, str(whole), workers=1, chunk_size=8)
    out = tmp_path / "dd.jsonl"
    with pytest.raises(BulkInterrupted):
        run_bulk("dd", src, str(out), workers=1, chunk_size=8, progress=_stop_after(3))
    journal = Path(str(out) + ".parts") / "rows-0000000.jsonl"
    data = journal.read_bytes()
    journal.write_bytes(data[: len(data) - 7])
    assert len(tasks.read_journal(journal)[0]) == 2
    run_bulk("dd", src, str(out), workers=1, chunk_size=8, resume=True)
    assert out.read_text() == whole.read_text()
