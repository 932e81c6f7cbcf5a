"""``skat convert``: ISS game lines -> deal records (JSON lines)."""

from __future__ import annotations

import sys

import click

from solver.records import read_lines

from .io import emit, open_lines


@click.command()
@click.argument("file", required=False, default="-")
def convert(file: str) -> None:
    """Convert ISS game lines (FILE or stdin) to deal records, one JSON line each.

    Passed-in deals become records with "passed": true; the auction and the
    server's recorded result are kept as extra keys. A line that cannot be
    read gives an {"error": ...} line and the exit status 1.
    """
    failed = 0
    for item in read_lines(open_lines(file), fmt="iss"):
        if item.error:
            failed += 1
            emit(item.error_record())
            continue
        assert item.iss is not None
        emit(item.iss.to_record())
    sys.exit(1 if failed else 0)
