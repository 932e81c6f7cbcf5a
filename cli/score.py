"""``skat score``: score finished games with the rules engine."""

from __future__ import annotations

import sys

import click

from solver.deal import DealError
from solver.records import read_lines, score_item
from solver.scoring import SCORINGS

from .io import emit, open_lines, run_file_command


@click.command()
@click.argument("file", required=False, default="-")
@click.option("--format", "fmt", type=click.Choice(["auto", "json", "iss"]), default="auto",
              show_default=True, help="input format (auto: detected per line)")
@click.option("--scoring", type=click.Choice(SCORINGS), default="simple", show_default=True,
              help="settlement: the game value, or tournament points (+50 won, -50 lost, 40 to the defenders)")
def score(file: str, fmt: str, scoring: str) -> None:
    """Score every game in FILE (deal records or ISS lines; '-' or none: stdin).

    Writes one JSON line per game: declarer, game, card points, tricks,
    matadors (with > 0, without < 0), game value, won, Schneider, Schwarz,
    overbid and the settlement, and `scores` per seat; a Ramsch (house rule)
    each seat's points and tricks, the losers, Jungfrau and Durchmarsch; a
    Spitze game whether it was kept; Offiziersskat records their settlement;
    for ISS games also the server's result and whether ours agrees. Bad lines
    give an error line and exit status 1.
    """
    def scored(item) -> dict:
        try:
            return score_item(item, scoring)
        except DealError as e:
            return {"line": item.line, "id": item.id, "error": f"line {item.line}: {e}"}

    failed = run_file_command(read_lines(open_lines(file), fmt=fmt, variants=True), file,
                              lambda good: [scored(it) for it in good], lambda it, r: emit(r))
    sys.exit(1 if failed else 0)
