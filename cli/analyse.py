"""``skat analyse``: a trick-by-trick double-dummy review of played deals."""

from __future__ import annotations

import os
import sys
from pathlib import Path

import click
from rich.console import Console

from solver.analysis import JUDGING, POSITION_SAMPLES, positions_values, review, review_many
from solver.deal import DealError
from solver.records import read_lines

from .io import emit, open_lines, run_file_command
from .render import offiziers_table, position_table, review_html, review_table

CHUNK = 8


@click.command()
@click.argument("file", required=False, default="-")
@click.option("--game", "game_id", help="analyse only the game with this id (ISS ID or record id)")
@click.option("--json", "as_json", is_flag=True, help="one JSON line per game: the record plus analysis and summary")
@click.option("--html", "html_out", type=click.Path(dir_okay=False), help="write a self-contained HTML report")
@click.option("--no-declaration", is_flag=True, help="skip the check of other discards and games")
@click.option("--workers", type=click.IntRange(min=1), default=None,
              help="processes: many games one each, or one game's cards shared (default: all cores)")
@click.option("--info/--no-info", default=True, show_default=True,
              help="also judge every card by what its player knew (sampled worlds; a few seconds a game); "
                   "--no-info: the double-dummy review alone")
@click.option("--samples", type=click.IntRange(min=2), default=None,
              help="worlds a card for the review by what the player knew (32); a card whose mark they do not "
                   "settle gets more, up to 32 times as many")
@click.option("--precision", type=click.FloatRange(0, 1, min_open=True), default=None,
              help="wanted half-width of the 95% interval of a card's drop in winning chance: more worlds until "
                   "then, up to --samples (0.1)")
@click.option("--seed", type=int, default=0, show_default=True, help="fixes those worlds")
@click.option("--at", "at", type=click.IntRange(min=1), default=None,
              help="the position before card K (1: the opening lead): every legal card's double-dummy value and, "
                   "by what the mover knew, its win chance and expected points on the same --samples worlds (32), "
                   "and the best line from there")
def analyse(file: str, game_id: str | None, as_json: bool, html_out: str | None, no_declaration: bool,
            workers: int | None, info: bool, samples: int | None, precision: float | None, seed: int,
            at: int | None) -> None:
    """Review played deals card by card: the double-dummy value before and after
    every card, the best cards, each mistake's cost, and whether another
    discard or game would have done better; and every card judged by what its
    player knew (the worlds he could not tell apart): its cost in expected
    score and its class, best, good, inaccuracy, mistake or blunder.

    FILE holds deal records with their played cards, or ISS game lines ('-':
    stdin).

    With --at K, the position before card K instead: every legal card valued
    (the analysis board's question: what if another card had been played?).

    \b
    Example: skat analyse data/iss_games.sgf --game 541932 --html review.html
             skat analyse data/iss_games.sgf --game 541932 --at 4
    """
    console = Console(highlight=False)
    if html_out and not Path(html_out).resolve().parent.is_dir():
        raise click.ClickException(f"--html {html_out}: the folder {Path(html_out).parent} does not exist")
    workers = workers or os.cpu_count() or 1
    judging = JUDGING.asked(samples=samples or None, precision=precision or None)
    found = 0
    reviews = []

    def chosen(item) -> bool:
        nonlocal found
        if game_id is not None and item.id != game_id:
            return False
        found += 1
        return True

    def process(good: list) -> list:
        """The chunk's classic deals reviewed on the workers (a single one: its cards' judgements
        shared by the workers); another variant's through its own review; a deal passed in has
        nothing to review."""
        classic = [it for it in good if it.classic and it.deal is not None]
        one = len(classic) == 1
        done = iter(review_many([it.deal for it in classic], workers=1 if one else workers,
                                declaration=not no_declaration, info=info, seed=seed, judging=judging,
                                card_workers=workers if one else 1)) if classic else iter(())
        return [next(done) if it.classic and it.deal is not None else
                review(it.deal).to_record() if not it.classic else {"id": it.id, "passed": True} for it in good]

    def at_position(good: list) -> list:
        """The chunk's classic deals' positions before card ``at``, valued on the workers; a deal
        with fewer cards, passed in or of another variant gets its error record."""
        k = (at or 1) - 1                                   # (the cards played before the position)
        todo = [it for it in good if it.classic and it.deal is not None and len(it.deal.played) >= k]
        worlds = (samples or POSITION_SAMPLES) if info else 0            # --no-info: the double-dummy values alone
        done = iter(positions_values([(it.deal, k) for it in todo], samples=worlds, seed=seed, workers=workers,
                                     errors=True))
        out = []
        for it in good:
            if it in todo:
                pv = next(done)
                out.append({"id": it.id, "error": f"{it.id}: {pv}"} if isinstance(pv, DealError) else
                           {"id": it.id, **pv.to_record()})
            elif it.deal is None:
                out.append({"id": it.id, "error": f"{it.id}: passed in: no position to analyse"})
            elif not it.classic:
                out.append({"id": it.id, "error": f"{it.id}: --at analyses classic Skat deals"})
            else:
                out.append({"id": it.id, "error": f"{it.id}: --at {at}: only {len(it.deal.played)} cards were "
                                                  f"played (a position is before card 1 to {len(it.deal.played) + 1})"})
        return out

    def show_position(item, rec) -> None:
        if "error" in rec:
            emit(rec) if as_json else console.print(f"[red]error[/red] {rec['error']}")
        else:
            emit(rec) if as_json else position_table(rec, console, title=str(item.id))

    def show(item, rv) -> None:
        if isinstance(rv, dict) and "error" in rv:
            emit(rv) if as_json else console.print(f"[red]error[/red] {item.error}")
        elif isinstance(rv, dict) and rv.get("passed"):
            reviews.append(rv)                          # (the HTML report lists it too)
            emit(rv) if as_json else console.print(f"{item.id}: passed in\n")
        elif isinstance(rv, dict):                          # another variant's review record
            emit(rv) if as_json else offiziers_table(rv, console)
        else:
            reviews.append(rv)
            if as_json:
                rec = rv.to_record()
                if item.iss is not None:
                    rec["iss_result"] = item.iss.recorded
                emit(rec)
            else:
                review_table(rv, console)

    if at is not None and html_out:
        raise click.ClickException("--at values one position; --html reports whole reviews")
    failed = run_file_command(read_lines(open_lines(file), variants=True), file,
                              process if at is None else at_position, show if at is None else show_position,
                              CHUNK * workers, keep=chosen)
    if game_id is not None and not found:
        raise click.ClickException(f"no game with id {game_id!r} in {file}")
    if html_out:
        try:
            Path(html_out).write_text(review_html(reviews), encoding="utf-8")
        except OSError as e:
            raise click.ClickException(f"cannot write {html_out}: {e.strerror or e}") from None
        if not as_json:
            console.print(f"report written to {html_out}")
    sys.exit(1 if failed else 0)
