"""Streaming input: plain, gzip, bzip2 or xz text, detected by content (or suffix)."""

from __future__ import annotations

import bz2
import gzip
import io
import lzma
from typing import IO

MAGIC = {b"\x1f\x8b": gzip.open, b"BZh": bz2.open, b"\xfd7zXZ\x00": lzma.open}


def open_text(path: str) -> IO[str]:
    """Open a possibly compressed text file for reading, line by line, in constant memory."""
    with open(path, "rb") as fh:
        head = fh.read(6)
    for magic, opener in MAGIC.items():
        if head.startswith(magic):
            return io.TextIOWrapper(opener(path, "rb"), encoding="utf-8", errors="replace")  # type: ignore[arg-type]
    return open(path, encoding="utf-8", errors="replace")
