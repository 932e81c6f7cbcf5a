"""Rendering finished result records as text: card symbols, colours, tables.

Rendering reads records that already carry their values; it never solves.
"""

from __future__ import annotations

from typing import Any

from rich.console import Console
from rich.table import Table
from rich.text import Text

from solver.cards import format_card, parse_card, sort_key

RED = {"H", "D"}


def card_text(code: str) -> Text:
    """One card with its suit symbol, red for hearts and diamonds."""
    sym = format_card(parse_card(code), "symbol")
    return Text(sym, style="red" if code[0] in RED else "")


def cards_text(codes: list[str]) -> Text:
    t = Text()
    for i, c in enumerate(sorted(codes, key=lambda c: sort_key(parse_card(c)))):
        if i:
            t.append(" ")
        t.append_text(card_text(c))
    return t


def _val(v: Any) -> str:
    if isinstance(v, bool):
        return "wins" if v else "loses"
    return str(v)


def solved_table(rec: dict[str, Any], console: Console) -> None:
    """Print one solved record: the position, its value, every legal card with its value."""
    title = f"{rec.get('id', '')} {rec['game']}{' hand' if rec.get('hand') else ''}, declarer {rec['declarer']}"
    t = Table(title=title.strip(), show_header=False, box=None, pad_edge=False)
    t.add_column(style="bold")
    t.add_column()
    for seat in "FMR":
        hand = rec["hands"][seat] if isinstance(rec["hands"], dict) else rec["hands"]["FMR".index(seat)]
        label = seat + (" (declarer)" if rec["declarer"] == seat else "")
        t.add_row(label, cards_text([c.upper() for c in hand] if isinstance(hand, list) else hand.split()))
    t.add_row("skat", cards_text(list(rec.get("skat", []))))
    if rec.get("played"):
        t.add_row("played", Text(" ").join(card_text(c) for c in rec["played"]))
    console.print(t)
    if "dd_points" in rec:
        line = (f"double-dummy: declarer {rec['dd_points']} card points, "
                f"{'wins' if rec['dd_declarer_wins'] else 'loses'}"
                f"{', takes every trick' if rec.get('dd_all_tricks') else ''}")
    else:
        line = f"double-dummy: Null {'won' if rec['dd_declarer_wins'] else 'lost'} by the declarer"
    console.print(line)
    best = rec.get("dd_best")
    if best:
        bt = Table(show_header=True, box=None)
        bt.add_column("card")
        bt.add_column("value after it", justify="right")
        top = next(iter(best.values()))
        for card, v in best.items():
            bt.add_row(card_text(card), Text(_val(v), style="bold green" if v == top else ""))
        console.print(bt)
    console.print()
