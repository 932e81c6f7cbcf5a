"""Input and output helpers shared by the commands (files, stdin, JSON lines)."""

from __future__ import annotations

import json
import sys
from typing import Any, Iterator

import click


def open_lines(path: str | None) -> Iterator[str]:
    """Lines of a file, or of stdin for '-' or no path; .gz/.bz2/.xz are opened transparently."""
    if path in (None, "-"):
        yield from sys.stdin
        return
    from solver.bulk.readers import open_text
    try:
        with open_text(path) as fh:
            yield from fh
    except OSError as e:
        raise click.ClickException(f"cannot read {path}: {e.strerror or e}") from None


def emit(obj: dict[str, Any]) -> None:
    click.echo(json.dumps(obj, ensure_ascii=False))
