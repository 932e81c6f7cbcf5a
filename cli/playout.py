"""``skat playout``: play deal records to the end with computer players."""

from __future__ import annotations

import json
import sys

import click

from solver.records import read_lines

from .io import emit, items_or_say_empty, open_lines, open_output

CHUNK = 16


@click.command()
@click.argument("file", required=False, default="-")
@click.option("--players", "spec", default="best,best,best", show_default=True,
              help="the players in seats F, M, R: best, pimc, rules or random")
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
    from solver.players import PLAYERS, VARIANTS
    from solver.players.playout import playout_many
    players = [p.strip() for p in spec.split(",")]
    unknown = [p for p in players if p not in PLAYERS and p not in VARIANTS]
    if len(players) != 3 or unknown:
        raise click.BadParameter(f"name three of {', '.join(PLAYERS)} (F, M, R), got {spec!r}",
                                 param_hint="--players")
    fh = open_output(out, "--out")
    write = (lambda rec: fh.write(json.dumps(rec, ensure_ascii=False) + "\n")) if fh else emit
    failed = 0
    done = 0
    batch: list = []

    def flush() -> None:
        nonlocal failed, done
        good = [it for it in batch if not it.error and it.deal is not None]
        deals = []
        for it in good:
            d = it.deal
            if start == "start":
                d.played = []
            deals.append(d)
        results = iter(playout_many(deals, players, samples, seed, workers, first=done)) if good else iter(())
        for it in batch:
            if it.error or it.deal is None:
                failed += 1
                write(it.error_record() if it.error else
                      {"line": it.line, "id": it.id, "error": f"line {it.line}: passed in: no game to play"})
            else:
                write(next(results))
        done += len(good)
        batch.clear()

    try:
        for item in items_or_say_empty(read_lines(open_lines(file)), file):
            batch.append(item)
            if len(batch) >= CHUNK * workers:
                flush()
        flush()
    finally:
        if fh:
            fh.close()
    sys.exit(1 if failed else 0)
