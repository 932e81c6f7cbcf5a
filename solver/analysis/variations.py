"""The double-dummy values of a record's variations (other cards tried: :mod:`solver.variations`).

>>> from solver.deal import load_deal
>>> hands = {"F": "CJ SJ HJ DJ CA CT SA ST HA HT".split(), "M": "C9 C8 C7 S9 S8 S7 H9 H8 H7 D7".split(),
...          "R": "CK CQ SK SQ HK HQ DA DT DK DQ".split()}
>>> deal = load_deal({"hands": hands, "skat": ["D9", "D8"], "game": "grand", "declarer": "F",
...                   "played": ["CJ", "C7", "CK"], "variations": [{"name": "ace first", "at": 0, "cards": ["CA"]}]})
>>> variation_values(deal, variations_of(deal))
[[120]]
"""

from __future__ import annotations

from typing import Any

from ..deal import Deal, DealError
from ..search.api import Position, Solver, default_solver, position_of
from ..variations import Variation, variations_of
from .position import in_review_units

__all__ = ["variation_values", "variations_of"]


def variation_values(deal: Deal, variations: list[Variation], solver: Solver | None = None) -> list[list[Any]]:
    """Per variation: the double-dummy value of the position after each of its cards (the
    review's units: suit/Grand the declarer's final card points, Null whether he wins; a
    finished game its final value), all solved in one batch.  A Ramsch has no one value line:
    :class:`~solver.deal.DealError`."""
    if deal.declaration.is_ramsch:
        raise DealError("variations are valued for suit, Grand and Null games, not a Ramsch")
    s = solver or default_solver()
    # per card: ("final", the finished game's value) or ("solve", its place in the batch)
    slots: list[list[tuple[str, Any]]] = []
    todo: list[Position] = []
    for v in variations:
        st = deal.start_state()
        for c in deal.played[:v.at]:
            st.push(c)
        row: list[tuple[str, Any]] = []
        for c in v.cards:
            st.push(c)
            if st.over:
                row.append(("final", st.final_value()))
            else:
                row.append(("solve", len(todo)))
                todo.append(position_of(deal, st))
        slots.append(row)
    with s.shared_table():
        solved = (s.null_many(todo) if deal.declaration.is_null else s.points_many(todo)) if todo else []
    return [[in_review_units(solved[x] if kind == "solve" else x, deal)[0] for kind, x in row] for row in slots]
