"""Output for bulk runs: chunk part files written atomically, merged in input order."""

from __future__ import annotations

import csv
import io
import json
import os
from pathlib import Path

import pyarrow as pa
import pyarrow.csv as pacsv
import pyarrow.parquet as pq

OUTPUT_FORMATS = ("parquet", "csv", "jsonl")


OUTPUT_SUFFIXES = {".parquet": "parquet", ".pq": "parquet", ".csv": "csv", ".jsonl": "jsonl", ".json": "jsonl"}


def output_format(path: str, fmt: str | None) -> str:
    """The output format: ``fmt`` when given, else from the file's suffix (an unknown one is an error)."""
    if fmt:
        return fmt
    suffix = Path(path).suffix.lower()
    if suffix not in OUTPUT_SUFFIXES:
        raise ValueError(f"{path}: cannot tell the output format from {suffix or 'a name without a suffix'!r} "
                         f"(use .parquet, .csv or .jsonl, or give --out-format)")
    return OUTPUT_SUFFIXES[suffix]


def _atomic_write(path: Path, data: bytes) -> None:
    tmp = path.with_name(path.name + ".tmp")
    with open(tmp, "wb") as fh:
        fh.write(data)
        fh.flush()
        os.fsync(fh.fileno())
    os.replace(tmp, path)


def write_part(parts: Path, chunk: int, rows: list[dict], errors: list[dict], schema: pa.Schema, fmt: str) -> None:
    """Write one finished chunk: its errors first, then its rows (whose file marks it done)."""
    _atomic_write(parts / f"errors-{chunk:07d}.jsonl",
                  "".join(json.dumps(e, ensure_ascii=False) + "\n" for e in errors).encode())
    table = pa.Table.from_pylist(rows, schema=schema)
    if fmt == "parquet":
        buf = io.BytesIO()
        pq.write_table(table, buf)
        data = buf.getvalue()
    elif fmt == "csv":
        s = io.StringIO()
        w = csv.writer(s)
        for r in rows:
            w.writerow(["" if r.get(f.name) is None else r.get(f.name) for f in schema])
        data = s.getvalue().encode()
    else:
        data = "".join(json.dumps({f.name: r.get(f.name) for f in schema}, ensure_ascii=False) + "\n"
                       for r in rows).encode()
    _atomic_write(parts / f"part-{chunk:07d}.{fmt}", data)


def done_chunks(parts: Path, fmt: str) -> set[int]:
    return {int(p.name[5:12]) for p in parts.glob(f"part-*.{fmt}")}


def merge(parts: Path, out: Path, errors_out: Path, schema: pa.Schema, fmt: str, chunks: int) -> tuple[int, int]:
    """Concatenate the parts in chunk order into the final files; (rows, errors)."""
    n_rows = n_err = 0
    tmp = out.with_name(out.name + ".tmp")
    if fmt == "parquet":
        with pq.ParquetWriter(tmp, schema) as w:
            for k in range(chunks):
                t = pq.read_table(parts / f"part-{k:07d}.parquet")
                n_rows += t.num_rows
                w.write_table(t)
    else:
        with open(tmp, "w", encoding="utf-8", newline="") as fh:
            if fmt == "csv":
                csv.writer(fh).writerow([f.name for f in schema])
            for k in range(chunks):
                text = (parts / f"part-{k:07d}.{fmt}").read_text(encoding="utf-8")
                n_rows += sum(1 for line in text.splitlines() if line)
                fh.write(text)
    os.replace(tmp, out)
    with open(errors_out, "w", encoding="utf-8") as fh:
        for k in range(chunks):
            text = (parts / f"errors-{k:07d}.jsonl").read_text(encoding="utf-8")
            n_err += sum(1 for line in text.splitlines() if line)
            fh.write(text)
    return n_rows, n_err


def read_output(path: str, schema: pa.Schema, fmt: str | None = None) -> list[dict]:
    """A finished run's output rows, typed by its task's schema, whichever format it was written
    in (the format from ``fmt`` or the file's suffix, as :func:`output_format` has it)."""
    fmt = output_format(path, fmt)
    if fmt == "parquet":
        return pq.read_table(path).to_pylist()
    if fmt == "csv":
        return pacsv.read_csv(path, convert_options=pacsv.ConvertOptions(column_types=schema)).to_pylist()
    with open(path, encoding="utf-8") as fh:
        return [json.loads(line) for line in fh if line.strip()]
