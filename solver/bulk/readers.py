"""Streaming input for bulk runs: plain, gzip, bzip2 or xz text, detected by content.

Formats (detected from the first data line, or forced):

* ``jsonl`` — deal records, one JSON object a line;
* ``iss`` — ISS game lines (``.sgf``), one game a line;
* ``csv`` — hands, one row each, with a header: ``cards`` (ten card codes
  separated by spaces), ``seat`` (F, M or R), optional ``id`` and ``bid``.

Every input row keeps its line number, which identifies it in outputs,
errors and resumed runs.
"""

from __future__ import annotations

import bz2
import csv
import gzip
import io
import lzma
from typing import IO, Any
from collections.abc import Callable, Iterator

MAGIC: dict[bytes, Callable[..., Any]] = {b"\x1f\x8b": gzip.open, b"BZh": bz2.open, b"\xfd7zXZ\x00": lzma.open}
FORMATS = ("jsonl", "iss", "csv")


def open_text(path: str) -> IO[str]:
    """Open a possibly compressed text file for reading, line by line, in constant memory."""
    with open(path, "rb") as fh:
        head = fh.read(6)
    for magic, opener in MAGIC.items():
        if head.startswith(magic):
            return io.TextIOWrapper(opener(path, "rb"), encoding="utf-8", errors="replace")  # type: ignore[arg-type]
    return open(path, encoding="utf-8", errors="replace")


def detect_format(path: str) -> str:
    """``jsonl``, ``iss`` or ``csv`` from the first non-blank line (then the file name)."""
    with open_text(path) as fh:
        for line in fh:
            s = line.strip()
            if not s or s.startswith("#"):
                continue
            if s.startswith("{"):
                return "jsonl"
            if s.startswith("(;") or "MV[" in s:
                return "iss"
            if "cards" in s.lower().split(",") or "," in s:
                return "csv"
            break
    name = path.lower()
    for ext, fmt in ((".sgf", "iss"), (".csv", "csv"), (".jsonl", "jsonl"), (".json", "jsonl")):
        if ext in name:
            return fmt
    raise ValueError(f"{path}: cannot tell the format (use --format jsonl, iss or csv)")


def iter_rows(path: str, fmt: str) -> Iterator[tuple[int, str | dict]]:
    """(line number, raw line or CSV row dict), skipping blank lines and comments."""
    with open_text(path) as fh:
        if fmt == "csv":
            header_line = None
            lines = enumerate(fh, start=1)
            for _no, line in lines:
                if line.strip() and not line.startswith("#"):
                    header_line = line
                    break
            if header_line is None:
                return
            header = [h.strip().lower() for h in next(csv.reader([header_line]))]
            for no, line in lines:
                if not line.strip() or line.startswith("#"):
                    continue
                values = next(csv.reader([line]))
                yield no, dict(zip(header, (v.strip() for v in values)), _width=len(values),
                               _header=len(header))
            return
        for no, line in enumerate(fh, start=1):
            s = line.strip()
            if s and not s.startswith("#"):
                yield no, s


def count_rows(path: str, fmt: str) -> int:
    """How many rows a run will see (one quick pass, for the progress bar)."""
    return sum(1 for _ in iter_rows(path, fmt))
