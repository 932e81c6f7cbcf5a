"""Input and output helpers shared by the commands (files, stdin, JSON lines)."""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path
from typing import Any
from collections.abc import Callable, Iterable, Iterator

import click

from solver.bulk.readers import CorruptInput, open_text


def data_folder() -> Path:
    """The user's data folder for skat-solver ($XDG_DATA_HOME/skat-solver, or
    ~/.local/share/skat-solver), made when missing: the tables' store, the seats' tokens."""
    base = Path(os.environ.get("XDG_DATA_HOME") or Path.home() / ".local" / "share") / "skat-solver"
    base.mkdir(parents=True, exist_ok=True)
    return base


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


def run_file_command(items: Iterable, path: str | None, process: Callable[[list], list],
                     show: Callable[[Any, Any], None], chunk: int = 1,
                     keep: Callable[[Any], bool] | None = None) -> int:
    """The one loop of the file commands (``solve``, ``analyse``, ``playout``, ``score``,
    ``convert``): read every input item (an empty input is one line and exit status 1), hand
    the readable ones to ``process`` ``chunk`` at a time (it returns one result per item, in
    their order), and give every item with its result to ``show`` in input order; an unreadable
    item's result is its error record.  Returns how many results were error records (``{"error":
    ...}``), for the exit status.

    >>> shown = []
    >>> class It:
    ...     def __init__(self, n, error=None): self.n, self.error = n, error
    ...     def error_record(self): return {"error": self.error}
    >>> run_file_command([It(1), It(2, "bad"), It(3)], "f", lambda good: [it.n * 10 for it in good],
    ...                  lambda it, r: shown.append(r), chunk=2)
    1
    >>> shown
    [10, {'error': 'bad'}, 30]
    """
    failed = 0
    batch: list = []

    def flush() -> None:
        nonlocal failed
        good = [it for it in batch if not it.error]
        results = iter(process(good) if good else ())
        for it in batch:
            r = it.error_record() if it.error else next(results)
            if isinstance(r, dict) and "error" in r:
                failed += 1
            show(it, r)
        batch.clear()

    try:
        for item in items_or_say_empty(items, path):
            if keep is not None and not keep(item):
                continue
            batch.append(item)
            if len(batch) >= chunk:
                flush()
    except CorruptInput as e:
        flush()                                         # the items read before the break are answered
        plural = e.lines != 1
        kept = "nothing before it could be read" if e.lines == 0 else \
            f"the {e.lines} line{'s' if plural else ''} before it {'are' if plural else 'is'} answered above"
        raise click.ClickException(f"{e}; {kept}") from None
    flush()
    return failed
