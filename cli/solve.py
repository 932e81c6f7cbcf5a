"""``skat solve``: double-dummy values of deals, from the command line or records."""

from __future__ import annotations

import sys

import click
from rich.console import Console

from solver.deal import DealError
from solver.records import Item, item_from_record, read_lines, record_from_fields
from solver.search.api import solve_many
from solver.settlement import at_the_bid

from .io import emit, open_lines, run_file_command
from .render import offiziers_table, solved_table

CHUNK = 64


def _solve_chunk(items: list[Item], best: bool, workers: int = 1) -> list[dict]:
    """Solve a chunk in one call; a record that cannot be solved becomes an error line."""
    try:
        return [r.to_record() for r in solve_many([it.deal for it in items if it.deal is not None], best=best,
                                                   workers=workers)]
    except DealError:
        out: list[dict] = []
        for it in items:
            try:
                out.extend(r.to_record() for r in solve_many([it.deal] if it.deal is not None else [], best=best))
            except DealError as e:
                out.append({"line": it.line, "id": it.id, "error": f"line {it.line}: {e}"})
        return out


PASSED = "passed in: no game to solve"


@click.command()
@click.argument("file", required=False)
@click.option("--F", "F", help="forehand's cards, e.g. \"CJ SJ HA HT HK H9 SA S7 D8 D7\"")
@click.option("--M", "M", help="middlehand's cards")
@click.option("--R", "R", help="rearhand's cards")
@click.option("--skat", help="the two skat cards (after a pick-up: the discard)")
@click.option("--game", help="diamonds hearts spades clubs grand null (or D H S C G N)")
@click.option("--declarer", help="F, M or R")
@click.option("--played", help="cards played so far, in order")
@click.option("--leader", help="who leads first (endgame studies only)")
@click.option("--bid", type=int, help="the bid the declarer won at: a game worth less is overbid and lost, as "
                                      "the rules say (dd_overbid, dd_game_value, dd_score)")
@click.option("--hand", is_flag=True, help="Hand game")
@click.option("--schneider", is_flag=True, help="Schneider announced")
@click.option("--schwarz", is_flag=True, help="Schwarz announced")
@click.option("--ouvert", is_flag=True, help="Ouvert (the declarer's cards open)")
@click.option("--best", is_flag=True, help="also give every legal card's value (dd_best)")
@click.option("--json", "as_json", is_flag=True, help="one JSON line per record instead of tables")
@click.option("--workers", type=click.IntRange(min=1), default=1, show_default=True,
              help="processes for large files")
def solve(file: str | None, best: bool, as_json: bool, workers: int, **opts) -> None:
    """Solve deals double-dummy: the declarer's card points under perfect play
    (suit, Grand), whether he takes every trick, and whether he wins (Null: can
    he avoid every trick).

    Give one deal with --F/--M/--R/--skat/--game/--declarer, or a FILE of deal
    records or ISS game lines ('-' for stdin; .gz/.bz2/.xz read directly). A
    finished game is solved from the deal's start, a record with part of the
    play from its current position (dd_from: "start" or "position"); a
    passed-in deal has no game to solve. Tables show every legal card with its
    value; with --json each record comes back with dd_points, dd_all_tricks,
    dd_declarer_wins and dd_from added (dd_best with --best).
    """
    if file is None and not opts["F"]:
        raise click.UsageError("give a FILE of deal records, or a deal with --F --M --R --skat --game --declarer")
    if file is not None and opts["F"]:
        raise click.UsageError("give either a FILE or a deal on the command line, not both")
    items = read_lines(open_lines(file), variants=True) if file is not None else \
        iter([item_from_record(1, record_from_fields(opts), variants=True)])
    console = Console(highlight=False)
    want_best = best or not as_json                         # the tables show every legal card

    def process(good: list[Item]) -> list[dict]:
        """The chunk's classic deals solved in one call, another variant's one by one."""
        classic = [it for it in good if it.classic and it.deal is not None]
        results = iter([at_the_bid(r, it.deal) if "error" not in r else r
                        for it, r in zip(classic, _solve_chunk(classic, want_best, workers))]) if classic else iter(())
        return [next(results) if it.classic and it.deal is not None else
                it.variant.solve(it.deal, want_best) if not it.classic else
                {"id": it.id, "passed": True, "message": PASSED} for it in good]

    def show(it: Item, r: dict) -> None:
        if r.get("passed"):
            emit(r) if as_json else console.print(f"{r['id']}: {PASSED}")
        elif "error" in r:
            emit(r) if as_json else console.print(f"[red]error[/red] {r['error']}")
        elif as_json:
            emit(r if best else {k: v for k, v in r.items() if k != "dd_best"})
        elif it.classic:
            solved_table(r, console)
        else:
            offiziers_table(r, console)

    failed = run_file_command(items, file, process, show, CHUNK * max(1, workers))
    sys.exit(1 if failed else 0)
