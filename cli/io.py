"""Input and output helpers shared by the commands (files, stdin, JSON lines)."""

from __future__ import annotations

import json
import sys
from typing import Any
from collections.abc import Iterable, Iterator

import click


def stdin_is_terminal() -> bool:
    return sys.stdin.isatty()


def open_lines(path: str | None) -> Iterator[str]:
    """Lines of a file, or of stdin for '-' or no path; .gz/.bz2/.xz are opened transparently.

    With no file and stdin a terminal, nothing would ever arrive: the command's
    usage is printed instead of waiting.
    """
    if path in (None, "-"):
        if stdin_is_terminal():
            ctx = click.get_current_context()
            click.echo(ctx.get_usage() + "\n\nGive a FILE, or pipe records into stdin. "
                       f"'{ctx.command_path} --help' says more.", err=True)
            ctx.exit(2)
        yield from sys.stdin
        return
    from solver.bulk.readers import open_text
    try:
        with open_text(path) as fh:
            yield from fh
    except OSError as e:
        raise click.ClickException(f"cannot read {path}: {e.strerror or e}") from None


def items_or_say_empty(items: Iterable, path: str | None) -> Iterator:
    """Pass the input items through; if there were none, one line saying so and exit status 1."""
    n = 0
    for it in items:
        n += 1
        yield it
    if n == 0:
        raise click.ClickException(f"{path if path not in (None, '-') else 'stdin'}: no records "
                                   f"(the input is empty, or only blank lines and comments)")


def open_output(path: str | None, option: str):
    """A file to write to, or None; a missing folder or a refused write is one line, exit 1."""
    if path is None:
        return None
    try:
        return open(path, "w", encoding="utf-8")
    except OSError as e:
        raise click.ClickException(f"{option} {path}: {e.strerror or e}") from None


def emit(obj: dict[str, Any]) -> None:
    click.echo(json.dumps(obj, ensure_ascii=False))
