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
import zlib
from typing import IO, Any
from collections.abc import Callable, Iterator

MAGIC: dict[bytes, tuple[str, Callable[..., Any]]] = {
    b"\x1f\x8b": ("gzip", gzip.open), b"BZh": ("bzip2", bz2.open), b"\xfd7zXZ\x00": ("xz", lzma.open)}
FORMATS = ("jsonl", "iss", "csv")


class CorruptInput(ValueError):
    """A compressed input that ends early or does not decompress: it names the file, the
    compression and how far the reading got (the lines before it were read and are kept)."""

    def __init__(self, path: str, kind: str, lines: int, offset: int, reason: str):
        self.path, self.kind, self.lines, self.offset = path, kind, lines, offset
        super().__init__(f"{path}: the {kind} file is truncated or corrupt after line {lines} "
                         f"({offset:,} compressed bytes read): {reason}")


class CompressedText:
    """The lines of a compressed file; a stream that breaks off raises :class:`CorruptInput`
    (not the ``EOFError`` that a command line would take for Ctrl-D)."""

    def __init__(self, path: str, kind: str, opener: Callable[..., Any]):
        self.path, self.kind = path, kind
        self._raw = open(path, "rb")
        self._text = io.TextIOWrapper(opener(self._raw, "rb"), encoding="utf-8", errors="replace")
        self.lines = 0

    def __iter__(self) -> CompressedText:
        return self

    def __next__(self) -> str:
        try:
            line = next(self._text)
        except StopIteration:
            raise
        except (EOFError, OSError, lzma.LZMAError, zlib.error) as e:
            raise CorruptInput(self.path, self.kind, self.lines, self._raw.tell(), str(e) or type(e).__name__) \
                from None
        self.lines += 1
        return line

    def close(self) -> None:
        self._text.close()
        self._raw.close()

    def __enter__(self) -> CompressedText:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


def open_text(path: str) -> IO[str] | CompressedText:
    """Open a possibly compressed text file for reading, line by line, in constant memory.

    >>> import gzip, tempfile, os
    >>> path = os.path.join(tempfile.mkdtemp(), "cut.jsonl.gz")
    >>> whole = gzip.compress(b"".join(b'{"n": %d}\\n' % i for i in range(2000)))
    >>> _ = open(path, "wb").write(whole[: len(whole) // 2])
    >>> lines = []
    >>> try:
    ...     lines.extend(open_text(path))
    ... except CorruptInput as e:
    ...     print(e.kind, e.lines == len(lines) > 0)
    gzip True
    """
    with open(path, "rb") as fh:
        head = fh.read(6)
    for magic, (kind, opener) in MAGIC.items():
        if head.startswith(magic):
            return CompressedText(path, kind, opener)
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
    """How many rows a run will see (one quick pass, for the progress bar); of a truncated
    file, the rows before the break (the run itself reports the break)."""
    n = 0
    try:
        for _ in iter_rows(path, fmt):
            n += 1
    except CorruptInput:
        pass
    return n
