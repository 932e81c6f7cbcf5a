"""``skat stats``: card play rated per player over a file of games."""

from __future__ import annotations

import json
import os
import sys
import tempfile

import click
from rich import box
from rich.console import Console
from rich.table import Table

from solver.analysis import BULK_JUDGING, ratings
from solver.bulk.tasks import SCHEMAS
from solver.bulk.writers import read_output

from .bulk import run_with_progress


@click.command()
@click.argument("file", type=click.Path(exists=True, dir_okay=False))
@click.option("--out", default=None, help="keep the per-seat rows here (.jsonl, .csv or .parquet; with --resume a "
                                          "stopped run goes on); default: a temporary file")
@click.option("--samples", type=click.IntRange(min=2), default=None,
              help="worlds a card for the review by what each player knew (8); a card whose mark they do not "
                   "settle gets more, up to 16 times as many")
@click.option("--precision", type=click.FloatRange(0, 1, min_open=True), default=None,
              help="wanted half-width of the 95% interval of a card's drop in winning chance: more worlds until "
                   "then, up to --samples (0.2)")
@click.option("--seed", type=int, default=0, show_default=True, help="fixes those worlds (each game derives its own)")
@click.option("--workers", type=click.IntRange(min=1), default=None, help="local processes (default: all cores)")
@click.option("--scheduler", help="a Dask scheduler address (tcp://host:8786) instead of local processes")
@click.option("--resume", is_flag=True, help="continue an interrupted run into the same --out")
@click.option("--progress", "progress_mode", type=click.Choice(["auto", "bar", "plain", "none"]), default="auto",
              show_default=True, help="progress: a bar on a terminal, plain lines otherwise, or none")
@click.option("--json", "as_json", is_flag=True, help="one JSON object instead of the table")
def stats(file, out, samples, precision, seed, workers, scheduler, resume, progress_mode, as_json):
    """Rate each player's card play over FILE (ISS game lines or deal records
    with "players"): every game is reviewed by what each player knew, and per
    player name come the cards reviewed, his accuracy (0-100: the share of his
    side's winning chance his cards kept, by what he knew), the mean information cost per card
    (expected score given up against the best card, with a 95% interval over
    the games), inaccuracies, mistakes and blunders per game, and as declarer
    the games won against his winning chance by the played-out advice for his
    hand, game and auction.

    \b
    Example: skat stats data/iss_games.sgf
    """
    samples = samples or BULK_JUDGING.samples
    precision = precision or BULK_JUDGING.precision
    err = Console(stderr=True)
    with tempfile.TemporaryDirectory() as tmp:
        path = out or os.path.join(tmp, "stats.jsonl")
        summary = run_with_progress("stats", file, path, None, None, workers, resume, scheduler, 4,
                                    {"samples": samples, "precision": precision, "seed": seed}, progress_mode, err)
        rows = read_output(path, SCHEMAS["stats"])
    table = ratings(rows)
    if summary.rows_failed:
        n = summary.rows_failed
        err.print(f"{n} game{'s' if n != 1 else ''} could not be reviewed (passed in, Ramsch or unreadable)"
                  + (f": see {summary.errors}" if out else ""), soft_wrap=True)
    if as_json:
        click.echo(json.dumps({"games": summary.rows_in, "reviewed": summary.rows_in - summary.rows_failed,
                               "samples": samples, "precision": precision, "seed": seed, "players": table}))
        return
    t = Table(title=f"card play by what each player knew: {summary.rows_in - summary.rows_failed} games, "
                    f"up to {samples} worlds a card (±{precision:g})", title_justify="left", box=box.SIMPLE_HEAD,
              pad_edge=False,
              caption="acc.: accuracy, the share of his side's winning chance his cards kept (0-100, mean over his "
                      "games, 95% interval); cost/card: expected score given up a card; inacc. mist. blund.: "
                      "inaccuracies, mistakes, blunders a game; decl/won/exp: games declared, won, and expected by "
                      "the declarer's own chances",
              caption_justify="left")
    for col in ("player", "games", "cards", "acc.", "cost/card", "inacc.", "mist.", "blund.", "decl", "won", "exp"):
        t.add_column(col, justify="left" if col == "player" else "right", no_wrap=col == "player")
    for r in table:
        ci = r["accuracy_ci95"]
        t.add_row(r["player"], str(r["games"]), str(r["cards"]),
                  "-" if r["accuracy"] is None else
                  f"{r['accuracy']:.0f}" + (f" {ci[0]:.0f}-{ci[1]:.0f}" if ci else ""),
                  "-" if r["info_cost_per_card"] is None else f"{r['info_cost_per_card']:.2f}",
                  f"{r['inaccuracy_per_game']:.2f}", f"{r['mistake_per_game']:.2f}", f"{r['blunder_per_game']:.2f}",
                  str(r["declared"]), str(r["won"]), "-" if r["expected_wins"] is None else f"{r['expected_wins']:.1f}")
    Console().print(t)
    sys.stdout.flush()
