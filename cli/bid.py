"""``skat bid`` and ``skat declare``: hand evaluation and bid advice."""

from __future__ import annotations

import json
import sys

import click
from rich.console import Console
from rich.progress import BarColumn, Progress, TextColumn, TimeElapsedColumn
from rich import box
from rich.table import Table

from solver.bidding import BiddingError, auction_for_question
from solver.cards import parse_cards
from solver.advice import (ADVICE, DEFAULT, Advice, EvaluationError, HandEvaluation, Sampling,
                           evaluate_declare, evaluate_hand)
from solver.advice.sentences import (answer_record, auction_note, declare_verdict, estimate_line, evidence_line, pct,
                                     pickup_line, short, stopped_note, verdict)
from solver.games import parse_seat
from solver.handmodel.model import HandModelMissing, estimate_hand
from solver.scoring import SCORINGS

from .render import cards_text

COMMON = [
    click.option("--seat", required=True, type=click.Choice(["F", "M", "R"], case_sensitive=False),
                 help="your seat: F (forehand, leads the first trick), M or R"),
    click.option("--scoring", type=click.Choice(SCORINGS), default="simple", show_default=True,
                 help="settlement: the game value, or tournament points (+50 won, -50 lost, 40 to the defenders)"),
    click.option("--samples", type=click.IntRange(min=1), default=DEFAULT.samples, show_default=True,
                 help="most worlds sampled for the leading declarations"),
    click.option("--seed", type=int, default=0, show_default=True, help="the same seed gives the same numbers"),
    click.option("--precision", type=click.FloatRange(0, 1, min_open=True), default=DEFAULT.precision,
                 show_default=True,
                 help="stop when the leaders' 95% interval on P(win) is within plus or minus this, as far as "
                      "more worlds narrow it (the play model's own uncertainty stays in p_win_ci); a runner-up "
                      "surely behind the leader need not be"),
    click.option("--min-win", type=click.FloatRange(0, 1), default=None,
                 help="safe bid: highest bid with at least this win probability (default: positive expectation)"),
    click.option("--workers", type=click.IntRange(min=1), default=None, help="processes (default: all cores)"),
    click.option("--budget", type=click.FloatRange(0, min_open=True), default=None,
                 help="seconds within which sampling stops (default: none, and the answer depends on the cards, "
                      "the options and --seed alone; with a budget how many worlds fit depends on the machine, "
                      "and the output says the budget stopped it)"),
    click.option("--auction", "auction_text", default=None,
                 help="the auction so far, seat:call words (\"M:18 F:yes M:20 F:yes M:pass\") or ISS's form "
                      "(\"1 18 0 y 1 p\"): the worlds are weighted by how likely the others' calls are"),
    click.option("--wide", is_flag=True, help="the full table (long names, every column) instead of the compact one"),
    click.option("--spitze", is_flag=True, help="house rule: also Spitze announced (winning the last trick with "
                                                "the lowest trump, one more level) where the cards hold it"),
    click.option("--json", "as_json", is_flag=True, help="one JSON object instead of the table"),
]


def common(f):
    for opt in reversed(COMMON):
        f = opt(f)
    return f


def quick_estimate(cards: str, seat: str, to: int | None) -> None:
    """The hand-value model's instant answer on a terminal's stderr, before the Monte Carlo's
    (as the progress bar: for a person waiting; stdout keeps the answer alone)."""
    err = Console(stderr=True, highlight=False)
    if not err.is_terminal:
        return
    try:
        err.print(estimate_line(estimate_hand(parse_cards(cards), parse_seat(seat), to)), style="dim")
    except ValueError:
        pass                            # a bad hand: the evaluation names what is wrong
    except HandModelMissing as e:
        err.print(f"(no quick estimate: {e})", style="dim")


def evidence(ev: HandEvaluation, console: Console) -> None:
    """The line under the answer that says what its played-out chance rests on."""
    if line := evidence_line(ev):
        console.print(line, style="dim")


def show(ev: HandEvaluation, console: Console, declare: bool = False, wide: bool = False) -> None:
    """The declarations, best first: a compact table that fits 80 columns (``wide``: every
    column, with the long names)."""
    title = (f"{'declare' if declare else 'bid'}: seat {'FMR'[ev.seat]}, at {ev.at}, {ev.samples} worlds, "
             f"{ev.solves} solves, {ev.seconds:.1f} s")
    if ev.auction:
        title += f"\n{auction_note(ev)}"
    t = Table(title=title, title_justify="left", box=box.SIMPLE_HEAD if not wide else box.HEAVY_HEAD,
              pad_edge=False, padding=(0, 1))
    t.add_column("declaration" if wide else "game")
    if declare:
        t.add_column("discard")
    t.add_column(("P(win) played" if ev.model else "P(win)") if wide else "win", justify="right")
    t.add_column("95% interval" if wide else "95%", justify="right")
    if ev.model:
        t.add_column("P(win) dd" if wide else "dd", justify="right")
    t.add_column("P(Schneider)" if wide else "Sch", justify="right")
    t.add_column(f"E(score) at {ev.at}" if wide else f"E@{ev.at}", justify="right")
    t.add_column("max bid" if wide else "max", justify="right")
    t.add_column("n", justify="right")
    for i, r in enumerate(ev.ranked()):
        d = r.to_dict(ev.at, ev.min_win)
        name = d["name"] if wide else short(d["name"])
        if "overbid" in d:
            name += f" (worth {d['overbid']['worth']})"
        cells = [name]
        if declare:
            cells.append(cards_text(d["discard"]) if wide else " ".join(d["discard"]))
        cells += [pct(d["p_win"]), f"{pct(d['p_win_ci'][0])}–{pct(d['p_win_ci'][1])}"]
        if ev.model:
            cells.append(pct(d["p_win_dd"]))
        cells += [pct(d["p_schneider"]) if d["game"] != "null" else "-", f"{d['expected_score']:+.1f}",
                  str(d["max_bid"] or "-"), str(d["samples"])]
        t.add_row(*cells, style="bold" if i == 0 else None)
    console.print(t)
    console.print(stopped_note(ev), style="dim")


class RefusedQuestion(click.UsageError):
    """A question the auction makes meaningless: one line naming the call, exit 2 (a usage error
    without the usage text, which says nothing about the call)."""

    def show(self, file=None) -> None:
        click.echo(f"Error: {self.format_message()}", err=True, file=file)


def _auction(text: str | None, seat: str, bid: int | None, declare: bool = False) -> list[tuple[int, str]] | None:
    """``--auction`` read and checked against the bidding rules and against the question asked
    (:func:`~solver.bidding.auction_for_question`: ``--seat`` the next caller, not passed, ``--to``
    or ``--bid`` one the auction allows); a bad call is a usage error naming it."""
    try:
        return auction_for_question(text, seat, bid, declare)
    except BiddingError as e:
        raise RefusedQuestion(f"--auction: {e}") from None


def _asked(name: str) -> bool:
    """Did the user give option ``name`` on the command line (not its default)?"""
    return click.get_current_context().get_parameter_source(name) == click.core.ParameterSource.COMMANDLINE


def _options(samples: int, seed: int, precision: float, budget: float | None, scoring: str,
             min_win: float | None, spitze: bool) -> dict:
    """The command line's option objects; an explicit --samples is honoured: the race stops early
    only where no number was asked for (:meth:`~solver.advice.options.Sampling.asked`)."""
    sampling = Sampling(samples=samples, seed=seed, precision=precision, budget=budget)
    return {"sampling": sampling.asked(_asked("samples"), _asked("precision")),
            "advice": Advice(scoring=scoring, min_win=min_win, spitze=spitze, model=ADVICE.model)}


def _run(fn, as_json: bool, console: Console, **kw) -> HandEvaluation:
    err = Console(stderr=True)
    try:
        if as_json or not err.is_terminal:
            return fn(**kw)
        with Progress(TextColumn("sampling"), BarColumn(), TextColumn("{task.completed}/{task.total} worlds"),
                      TimeElapsedColumn(), console=err, transient=True) as prog:
            task = prog.add_task("worlds", total=kw["sampling"].samples)
            return fn(progress=lambda done, total: prog.update(task, completed=done, total=total), **kw)
    except EvaluationError as e:
        raise click.ClickException(str(e)) from None


@click.command()
@click.argument("cards")
@click.option("--to", "to", type=int, default=None, help="the bid being asked about (18, 20, 22, 23, 24, 27, ...)")
@common
def bid(cards, seat, to, scoring, samples, seed, precision, min_win, workers, budget, auction_text, wide, spitze,
        as_json):
    """Should these ten CARDS bid? Every declaration's win probability (95%
    interval), expected score and highest bid, from sampled hidden cards solved
    double-dummy.

    \b
    Example: skat bid "CJ SJ HA HT HK H9 SA S7 D8 D7" --seat F --to 27
    """
    console = Console(highlight=False)
    if not as_json and scoring == "simple" and not auction_text:
        quick_estimate(cards, seat, to)
    ev = _run(evaluate_hand, as_json, console, cards=cards, seat=seat, bid=to, workers=workers,
              **_options(samples, seed, precision, budget, scoring, min_win, spitze),
              auction=_auction(auction_text, seat, to))
    if as_json:
        click.echo(json.dumps(answer_record(ev, "bid", asked=to is not None)))
        return
    console.print(verdict(ev, asked=to is not None))
    if line := pickup_line(ev):
        console.print(line)
    evidence(ev, console)
    show(ev, console, wide=wide)


@click.command()
@click.argument("cards")
@click.option("--skat", default=None, help="the two skat cards, when CARDS are the ten dealt cards")
@click.option("--bid", "bid_", type=int, required=True, help="the bid the declarer won at")
@click.option("--discards", type=click.IntRange(min=1), default=3, show_default=True,
              help="discards tried per game (the best by the discard heuristic)")
@common
def declare(cards, skat, bid_, discards, seat, scoring, samples, seed, precision, min_win, workers, budget,
            auction_text, wide, spitze, as_json):
    """After the pick-up: the best discards and declarations for these twelve
    CARDS (or ten plus --skat) at the bid, ranked by expected score.

    \b
    Example: skat declare "CJ SJ HA HT HK H9 SA S7 D8 D7" --skat "CK DT" --seat F --bid 27
    """
    console = Console(highlight=False)
    ev = _run(evaluate_declare, as_json, console, cards=cards, skat=skat, seat=seat, bid=bid_,
              discards_per_game=discards, workers=workers,
              **_options(samples, seed, precision, budget, scoring, min_win, spitze),
              auction=_auction(auction_text, seat, bid_, declare=True))
    if as_json:
        click.echo(json.dumps(answer_record(ev, "declare")))
        return
    console.print(declare_verdict(ev))
    evidence(ev, console)
    show(ev, console, declare=True, wide=wide)
    sys.stdout.flush()
