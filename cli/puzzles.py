"""``skat puzzles``: positions cut from played games where the mover's card was a mistake or a
blunder and one card was clearly best (:mod:`solver.analysis.puzzles`)."""

from __future__ import annotations

import json
import os
import sys

import click
from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn
from rich.table import Table

from solver.analysis import JUDGING
from solver.analysis.puzzles import PUZZLE_SAMPLES, cut_puzzles_many
from solver.records import read_lines

from .io import items_or_say_empty, open_lines, open_output
from .render import card_text


@click.command()
@click.argument("file", required=False, default="-")
@click.option("--out", "out_path", type=click.Path(dir_okay=False), required=True,
              help="write the puzzles here, one JSON line each (a game's as soon as it is done)")
@click.option("--game", "game_id", help="only the game with this id")
@click.option("--samples", type=click.IntRange(min=8), default=PUZZLE_SAMPLES, show_default=True,
              help="worlds a candidate position's cards are valued on by what the mover knew")
@click.option("--seed", type=int, default=0, show_default=True, help="fixes the worlds")
@click.option("--workers", type=click.IntRange(min=1), default=None, help="processes, a game each (default: all cores)")
def puzzles(file: str, out_path: str, game_id: str | None, samples: int, seed: int, workers: int | None) -> None:
    """Cut puzzles from played games: every position where the card played
    was a mistake or a blunder by what its player knew, and one card was
    clearly best both by what he knew and with every card open.  Each line of
    --out: the record up to the position, who is to move, the solution, the
    card played, every legal card's values and a difficulty (easy, medium,
    hard: how far the solution leads the next card).

    FILE holds deal records with their played cards, or ISS game lines.

    \b
    Example: skat puzzles data/iss_games.sgf --out puzzles.jsonl
    """
    console = Console(highlight=False, stderr=True)
    workers = workers or os.cpu_count() or 1
    games = []
    bad = 0
    for it in items_or_say_empty(read_lines(open_lines(file)), file):
        if game_id is not None and it.id != game_id:
            continue
        if it.error:
            bad += 1
            console.print(f"[red]error[/red] {it.error}")
        elif it.deal is not None and it.deal.played and not it.deal.declaration.is_ramsch:
            games.append((str(it.id), it.deal))
    if game_id is not None and not games:
        raise click.ClickException(f"no played game with id {game_id!r} in {file}")
    out = open_output(out_path, "--out")
    found = []
    with out, Progress(TextColumn("puzzles"), BarColumn(), MofNCompleteColumn(), TextColumn("games"),
                       TimeElapsedColumn(), console=console, disable=not console.is_terminal) as bar:
        task = bar.add_task("cut", total=len(games))
        for i in range(0, len(games), workers):
            chunk = games[i:i + workers]
            for cut in cut_puzzles_many(chunk, seed=seed, judging=JUDGING, samples=samples, workers=workers):
                for p in cut:
                    rec = p.to_record()
                    out.write(json.dumps(rec, ensure_ascii=False) + "\n")
                    found.append(rec)
                out.flush()
            bar.advance(task, len(chunk))
    t = Table(title=f"{len(found)} puzzle{'' if len(found) == 1 else 's'} from {len(games)} game"
                    f"{'' if len(games) == 1 else 's'} -> {out_path}", title_justify="left", box=None)
    for col in ("puzzle", "to move", "played", "solution", "difficulty", "lead"):
        t.add_column(col)
    for r in found:
        t.add_row(r["id"], r["to_move"], card_text(r["played"]), card_text(r["solution"]), r["difficulty"],
                  f"{r['lead'][0]:+.1f}")
    Console(highlight=False).print(t)
    sys.exit(1 if bad else 0)
