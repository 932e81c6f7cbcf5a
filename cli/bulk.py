"""``skat bulk``: evaluate a whole data set, resumable, on all cores or a Dask cluster."""

from __future__ import annotations

import json
import sys
import time
from collections.abc import Callable

import click
from rich.console import Console
from rich.progress import (BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn,
                           TimeRemainingColumn)

from solver.advice import DEFAULT
from solver.bulk.readers import count_rows, detect_format
from solver.bulk.runner import BulkError, BulkInterrupted, BulkSummary, run_bulk


class PlainProgress:
    """Progress as plain lines, one every ``every`` seconds and one at the end (for logs and
    pipes, where a bar's redrawing would run together)."""

    def __init__(self, task: str, total: int, console: Console, every: float = 10.0):
        self.task, self.total, self.console, self.every = task, total, console, every
        self.done, self.t0 = 0, time.perf_counter()
        self.last = self.t0

    def step(self, n: int) -> None:
        self.done += n
        now = time.perf_counter()
        if now - self.last < self.every and self.done < self.total:
            return
        self.last = now
        rate = self.done / max(now - self.t0, 1e-9)
        eta = (self.total - self.done) / rate if rate > 0 else float("inf")
        left = f"ETA {int(eta) // 60}:{int(eta) % 60:02d}" if eta != float("inf") else "ETA -"
        self.console.print(f"{self.task}: {self.done}/{self.total} rows, {rate:.1f} rows/s, {left}", soft_wrap=True)


def run_with_progress(task: str, input_path: str, out: str, fmt: str | None, out_format: str | None,
                      workers: int | None, resume: bool, scheduler: str | None, chunk_size: int, opts: dict,
                      mode: str, err: Console, restart: bool = False):
    """:func:`~solver.bulk.runner.run_bulk` with progress as ``mode`` says (``auto``: a bar on a
    terminal, else plain lines; ``bar``, ``plain``, ``none``); an interrupted run says how to
    resume and exits 130/143, a run that cannot start is a one-line error."""
    mode = mode if mode != "auto" else "bar" if err.is_terminal else "plain"
    try:
        fmt = fmt or detect_format(input_path)
        def run(progress: Callable[[int], None] | None) -> BulkSummary:
            return run_bulk(task, input_path, out, fmt=fmt, out_format=out_format, workers=workers, resume=resume,
                            scheduler=scheduler, chunk_size=chunk_size, options=opts, restart=restart,
                            progress=progress)
        if mode == "none":
            return run(None)
        if mode == "plain":
            return run(PlainProgress(task, count_rows(input_path, fmt), err).step)
        total = count_rows(input_path, fmt)
        with Progress(TextColumn(f"{task}"), BarColumn(), MofNCompleteColumn(), TextColumn("rows"),
                      TextColumn("{task.fields[rate]}"), TimeElapsedColumn(), TextColumn("ETA"),
                      TimeRemainingColumn(), console=err) as prog:
            bar = prog.add_task(task, total=total, rate="")

            def step(n: int) -> None:
                prog.advance(bar, n)
                t = prog.tasks[0]
                if t.elapsed:
                    prog.update(bar, rate=f"{t.completed / t.elapsed:.1f} rows/s")
            return run(step)
    except BulkInterrupted as e:
        err.print(str(e), soft_wrap=True)
        sys.exit(e.exit_code)
    except (BulkError, ValueError) as e:
        raise click.ClickException(str(e)) from None


@click.command()
@click.argument("task", type=click.Choice(["dd", "bid", "analyse", "stats", "labels"]))
@click.argument("input_path", metavar="INPUT", type=click.Path(exists=True, dir_okay=False))
@click.option("--out", required=True, help="output file: .parquet, .csv or .jsonl (or any name with --out-format)")
@click.option("--format", "fmt", type=click.Choice(["jsonl", "iss", "csv"]), help="input format (default: detected)")
@click.option("--out-format", type=click.Choice(["parquet", "csv", "jsonl"]), help="default: from --out's suffix")
@click.option("--workers", type=click.IntRange(min=1), default=None, help="local processes (default: all cores)")
@click.option("--resume", is_flag=True, help="continue an interrupted run with the same options")
@click.option("--restart", is_flag=True, help="discard what an interrupted run kept for --out and start over")
@click.option("--scheduler", help="a Dask scheduler address (tcp://host:8786) instead of local processes")
@click.option("--quiet", is_flag=True, help="no progress (the same as --progress none)")
@click.option("--progress", "progress_mode", type=click.Choice(["auto", "bar", "plain", "none"]), default="auto",
              show_default=True, help="a bar (auto: when stderr is a terminal), a plain line every 10 seconds "
                                      "(auto: otherwise, e.g. into a log file), or nothing")
@click.option("--chunk-size", type=click.IntRange(min=1), default=16, show_default=True,
              help="rows per chunk (unit of resume)")
@click.option("--games", type=click.Choice(["recorded", "all"]), default="recorded", show_default=True,
              help="dd: the declared game only, or every suit, Grand and Null for the declarer")
@click.option("--seat", type=click.Choice(["F", "M", "R"]), help="bid on deals: only this seat (default: all three)")
@click.option("--samples", type=click.IntRange(min=1), default=None,
              help=f"bid: most worlds per hand ({DEFAULT.samples}); stats, analyse --info: worlds a card (8; a card "
                   "whose mark they do not settle gets up to 16 times as many)")
@click.option("--precision", type=click.FloatRange(0, 1, min_open=True), default=None,
              help=f"wanted half-width of a 95% interval: bid, on P(win) ({DEFAULT.precision}); stats, analyse "
                   "--info, on a card's drop in winning chance (0.2)")
@click.option("--seed", type=int, default=0, show_default=True,
              help="bid, stats, analyse --info: base seed (each row derives its own)")
@click.option("--fast", is_flag=True,
              help="bid: the hand-value model answers every hand it settles (column by: model), the Monte Carlo "
                   "the rest (by: search); see the bulk guide")
@click.option("--model-only", is_flag=True,
              help="bid: the hand-value model answers every hand, borderline where its expected score is within its "
                   "error of zero (thousands of rows/s; no search)")
@click.option("--info", is_flag=True, help="analyse: also by what each player knew (info_cost_F/M/R, inaccuracies, "
                                           "info_mistakes, blunders per seat, declarer_chance, luck; see --samples "
                                           "and --precision)")
def bulk(task, input_path, out, fmt, out_format, workers, resume, restart, scheduler, quiet, progress_mode,
         chunk_size, games, seat, samples, precision, seed, fast, model_only, info):
    """Run TASK over every row of INPUT and write one output row per input row
    (dd on deals: per game with --games all; bid on deals: per seat).

    \b
    TASK  dd       double-dummy value of each deal (and the recorded result)
          bid      hand evaluation and bid advice for each hand
          analyse  per-game review summary: start value, result, mistakes and their cost
          stats    per seat of each game, by what each player knew: information cost, classes
                   (skat stats sums them per player)
          labels   as bid, with every declaration's advice in its own columns (the hand
                   model's training data: benchmarks/fit_hand_model.py)
    INPUT deal records (.jsonl), ISS lines (.sgf) or CSV hands (columns: cards, seat[, id, bid]),
          optionally .gz/.bz2/.xz compressed.

    Bad rows go to OUT.errors.jsonl with their line number and id and never
    stop the run; the exit status is 1 when every row failed. Ctrl-C or
    SIGTERM stops the run and its workers, keeps every finished row, and says
    how to finish with --resume (exit status 130 or 143); a run whose --out
    holds such kept work is refused without --resume or --restart. A
    compressed INPUT that breaks off is evaluated up to the break, and the run
    ends with exit status 1 naming the file and the line.
    """
    if resume and restart:
        raise click.BadParameter("--resume continues the kept work and --restart discards it: give one",
                                 param_hint="--restart")
    if info and task != "analyse":
        raise click.BadParameter(f"--info is for the analyse task, not {task}", param_hint="--info")
    for flag, name in ((fast, "--fast"), (model_only, "--model-only")):
        if flag and task != "bid":
            raise click.BadParameter(f"{name} is for the bid task, not {task}", param_hint=name)
    judged = {"samples": samples, "precision": precision, "seed": seed}      # (None: the task's default)
    fast_opts = {**({"fast": True} if fast else {}), **({"model_only": True} if model_only else {})}
    opts = {"games": games} if task == "dd" else \
        {"seat": seat, "samples": samples or DEFAULT.samples, "precision": precision or DEFAULT.precision, "seed": seed,
         **fast_opts} \
        if task in ("bid", "labels") else \
        judged if task == "stats" else {"info": True, **judged} if task == "analyse" and info else {}
    err = Console(stderr=True)
    mode = "none" if quiet else progress_mode
    summary = run_with_progress(task, input_path, out, fmt, out_format, workers, resume, scheduler, chunk_size,
                                opts, mode, err, restart)
    s = summary.to_dict()
    if mode != "none":
        err.print(f"{s['rows_in']} rows in {s['seconds']:.1f} s ({s['rows_per_second']} rows/s): "
                  f"{s['rows_out']} output rows, {s['rows_failed']} failed"
                  + (f", {s['chunks_resumed']} of {s['chunks']} chunks resumed" if s["chunks_resumed"] else "")
                  + f"\noutput: {s['output']}  errors: {s['errors']}")
    click.echo(json.dumps(s))
    if s["rows_in"] and s["rows_out"] == 0 and s["rows_failed"]:
        err.print(f"every row failed: see {s['errors']}")
        sys.exit(1)
    sys.exit(0)
