"""``skat bid`` and ``skat declare``: hand evaluation and bid advice."""

from __future__ import annotations

import json
import sys

import click
from rich.console import Console
from rich.progress import BarColumn, Progress, TextColumn, TimeElapsedColumn
from rich.table import Table

from solver.evaluate import EvaluationError, HandEvaluation, evaluate_declare, evaluate_hand

from .render import cards_text

COMMON = [
    click.option("--seat", required=True, help="F, M or R (F leads the first trick)"),
    click.option("--scoring", type=click.Choice(["simple", "seeger-fabian"]), default="simple", show_default=True),
    click.option("--samples", type=int, default=400, show_default=True,
                 help="most worlds sampled for the leading declarations"),
    click.option("--seed", type=int, default=0, show_default=True, help="the same seed gives the same numbers"),
    click.option("--precision", type=float, default=0.05, show_default=True,
                 help="stop when the leaders' 95%% interval is within this"),
    click.option("--min-win", type=float, default=None,
                 help="safe bid: highest bid with at least this win probability (default: positive expectation)"),
    click.option("--workers", type=int, default=None, help="processes (default: all cores)"),
    click.option("--json", "as_json", is_flag=True, help="one JSON object instead of the table"),
]


def common(f):
    for opt in reversed(COMMON):
        f = opt(f)
    return f


def _pct(p: float) -> str:
    return f"{100 * p:.0f}%"


def verdict(ev: HandEvaluation) -> str:
    """The one-line answer to "bid N?"."""
    r = ev.recommended
    d = r.to_dict(ev.at, ev.min_win)
    lo, hi = d["p_win_ci"]
    what = d["name"].replace("(pick-up)", "after pick-up")
    what = what[0].upper() + what[1:]
    ok = r.max_bid(ev.min_win) is not None and r.max_bid(ev.min_win) >= ev.at and \
        (r.expected_score(ev.at) > 0 if ev.min_win is None else r.p_win(ev.at) >= ev.min_win)
    head = f"Yes — bid {ev.at}" if ok else f"No — do not bid {ev.at}"
    tail = f"(safe up to {ev.safe_bid})" if ev.safe_bid else "(pass)"
    return (f"{head}: {what} wins {_pct(d['p_win'])} ± {_pct((hi - lo) / 2)}, "
            f"expected {d['expected_score']:+.0f} {tail}")


def show(ev: HandEvaluation, console: Console, declare: bool = False) -> None:
    t = Table(title=f"{'declare' if declare else 'bid'}: seat {'FMR'[ev.seat]}, at {ev.at}, "
                    f"{ev.samples} worlds, {ev.solves} solves, {ev.seconds:.1f} s", title_justify="left")
    t.add_column("declaration")
    if declare:
        t.add_column("discard")
    t.add_column("P(win)", justify="right")
    t.add_column("95% interval", justify="right")
    t.add_column(f"E(score) at {ev.at}", justify="right")
    t.add_column("max bid", justify="right")
    t.add_column("n", justify="right")
    for i, r in enumerate(ev.ranked()):
        d = r.to_dict(ev.at, ev.min_win)
        cells = [d["name"]]
        if declare:
            cells.append(cards_text(d["discard"]))
        cells += [_pct(d["p_win"]), f"{_pct(d['p_win_ci'][0])}–{_pct(d['p_win_ci'][1])}",
                  f"{d['expected_score']:+.1f}", str(d["max_bid"] or "-"), str(d["samples"])]
        t.add_row(*cells, style="bold" if i == 0 else None)
    console.print(t)
    if not declare:
        console.print(f"highest safe bid: {ev.safe_bid}" if ev.safe_bid else "advice: pass at 18")


def _run(fn, as_json: bool, console: Console, **kw) -> HandEvaluation:
    err = Console(stderr=True)
    try:
        if as_json or not err.is_terminal:
            return fn(**kw)
        with Progress(TextColumn("sampling"), BarColumn(), TextColumn("{task.completed}/{task.total} worlds"),
                      TimeElapsedColumn(), console=err, transient=True) as prog:
            task = prog.add_task("worlds", total=kw["samples"])
            return fn(progress=lambda done, total: prog.update(task, completed=done, total=total), **kw)
    except EvaluationError as e:
        raise click.ClickException(str(e)) from None


@click.command()
@click.argument("cards")
@click.option("--to", "to", type=int, default=None, help="the bid being asked about")
@common
def bid(cards, seat, to, scoring, samples, seed, precision, min_win, workers, as_json):
    """Should these ten CARDS bid? Every declaration's win probability (95%
    interval), expected score and highest bid, from sampled hidden cards solved
    double-dummy.

    \b
    Example: skat bid "CJ SJ HA HT HK H9 SA S7 D8 D7" --seat F --to 27
    """
    console = Console(highlight=False)
    ev = _run(evaluate_hand, as_json, console, cards=cards, seat=seat, bid=to, samples=samples, seed=seed,
              scoring=scoring, min_win=min_win, precision=precision, workers=workers)
    if as_json:
        click.echo(json.dumps(ev.to_dict()))
        return
    if to is not None:
        console.print(verdict(ev))
    show(ev, console)


@click.command()
@click.argument("cards")
@click.option("--skat", default=None, help="the two skat cards, when CARDS are the ten dealt cards")
@click.option("--bid", "bid_", type=int, required=True, help="the bid the declarer won at")
@click.option("--discards", type=int, default=3, show_default=True, help="discards tried per game")
@common
def declare(cards, skat, bid_, discards, seat, scoring, samples, seed, precision, min_win, workers, as_json):
    """After the pick-up: the best discards and declarations for these twelve
    CARDS (or ten plus --skat) at the bid, ranked by expected score.

    \b
    Example: skat declare "CJ SJ HA HT HK H9 SA S7 D8 D7" --skat "CK DT" --seat F --bid 27
    """
    console = Console(highlight=False)
    ev = _run(evaluate_declare, as_json, console, cards=cards, skat=skat, seat=seat, bid=bid_, samples=samples,
              seed=seed, scoring=scoring, min_win=min_win, precision=precision, discards_per_game=discards,
              workers=workers)
    if as_json:
        click.echo(json.dumps(ev.to_dict()))
        return
    show(ev, console, declare=True)
    sys.stdout.flush()
