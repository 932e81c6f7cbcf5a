"""``skat playout``: play deal records to the end with computer players."""

from __future__ import annotations

import json
import sys

import click

from solver.players import BEST_FORMS, PLAYERS
from solver.players.playout import playout_many
from solver.records import read_lines

from .io import emit, open_lines, open_output, run_file_command

CHUNK = 16


@click.command()
@click.argument("file", required=False, default="-")
@click.option("--players", "spec", default="best,best,best", show_default=True,
              help="the players in seats F, M, R (Offiziersskat: F, R): best, pimc, rules or random")
@click.option("--samples", type=click.IntRange(min=1), default=None,
              help="worlds a move for the sampling players (default: theirs, best 16, pimc 12)")
@click.option("--seed", type=int, default=0, show_default=True, help="fixes the players' sampling")
@click.option("--workers", type=click.IntRange(min=1), default=1, show_default=True, help="processes")
@click.option("--from", "start", type=click.Choice(["position", "start"]), default="position", show_default=True,
              help="play from the record's position, or from the first card (a finished game played anew)")
@click.option("--out", type=click.Path(dir_okay=False, writable=True), default=None,
              help="write the finished records here (JSONL) instead of stdout")
def playout(file: str, spec: str, samples: int | None, seed: int, workers: int, start: str, out: str | None) -> None:
    """Play every deal record in FILE (deal records or ISS lines; '-': stdin)
    to the end with the named players, the declarer and the declaration fixed
    by the record, each player seeing only its own seat's cards.

    Writes each finished record with its play, "players" and "result"
    (declarer points, tricks, won, game value, score). Bad records give an
    error line and the exit status 1.

    \b
    Example: skat playout data/deals.jsonl --players pimc,rules,rules --samples 6
    """
    players = [p.strip() for p in spec.split(",")]
    unknown = [p for p in players if p not in PLAYERS and p not in BEST_FORMS]
    if len(players) not in (2, 3) or unknown:
        raise click.BadParameter(f"name three of {', '.join(PLAYERS)} (F, M, R; two, F and R, for Offiziersskat), "
                                 f"got {spec!r}", param_hint="--players")
    fh = open_output(out, "--out")
    write = (lambda rec: fh.write(json.dumps(rec, ensure_ascii=False) + "\n")) if fh else emit
    done = 0

    def process(good: list) -> list[dict]:
        nonlocal done
        def why_not(it) -> str | None:
            if it.deal is None:
                return "passed in: no game to play"
            seats = it.variant.seats
            if len(seats) != len(players):
                return (f"this {it.variant.name} deal needs {len(seats)} players ({', '.join(seats)}), "
                        f"--players names {len(players)}")
            return None

        playable = [it for it in good if why_not(it) is None]
        deals = []
        for it in playable:
            if start == "start":
                it.deal.played = []
            deals.append(it.deal)
        results = iter(playout_many(deals, players, samples=samples, seed=seed, workers=workers, first=done)) \
            if deals else iter(())
        done += len(playable)
        return [next(results) if why_not(it) is None else
                {"line": it.line, "id": it.id, "error": f"line {it.line}: {why_not(it)}"} for it in good]

    try:
        failed = run_file_command(read_lines(open_lines(file), variants=True), file, process, lambda it, r: write(r),
                                  CHUNK * workers)
    finally:
        if fh:
            fh.close()
    sys.exit(1 if failed else 0)
