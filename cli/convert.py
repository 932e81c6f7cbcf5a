"""``skat convert``: ISS game lines -> deal records (JSON lines)."""

from __future__ import annotations

import sys

import click

from solver.records import read_lines

from .io import emit, open_lines, run_file_command


@click.command()
@click.argument("file", required=False, default="-")
def convert(file: str) -> None:
    """Convert ISS game lines (FILE or stdin; .gz/.bz2/.xz read directly) into
    deal records, one JSON line each.

    Passed-in deals become records with "passed": true; the auction, the
    players and the server's recorded result are kept as extra keys. A deal
    record in the input is refused (it is converted already: every command
    reads it as it is). A line that cannot be read gives an {"error": ...}
    line naming it, and the exit status 1.
    """
    def iss_only(items):
        for item in items:
            if item.error is None and item.iss is None:
                item.error = (f"line {item.line}: a deal record, not an ISS game line (skat convert turns ISS lines "
                              f"into deal records; every command reads deal records as they are)")
            yield item

    failed = run_file_command(iss_only(read_lines(open_lines(file), require_deal=False)), file,
                              lambda good: [it.iss.to_record() for it in good], lambda it, r: emit(r))
    sys.exit(1 if failed else 0)
