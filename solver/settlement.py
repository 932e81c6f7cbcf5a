"""Double-dummy results settled by the one settlement: the search gives values
(:meth:`~solver.search.api.Solver.facts_many`), this module turns them into games won or lost
with their value and score (:func:`~solver.scoring.outcome`, :func:`~solver.scoring.settle`).

>>> from solver.search.api import position
>>> rec = {"hands": {"F": ["S7", "D9"], "M": ["C7", "DA"], "R": ["H7", "C8"]}, "skat": ["D7", "D8"],
...        "declarer": "F", "game": "grand", "leader": "F"}
>>> r = settle_dd([position(rec)])[0]
>>> r["dd_points"], r["schneider"], r["schwarz"], r["score"]      # one 0-point trick: not Schwarz
(0, True, False, -288)
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from .scoring import matadors, outcome, settle
from .search.api import Position, Solver, default_solver


def settle_dd(positions: Sequence[Position], bid: int | None = None, solver: Solver | None = None
              ) -> list[dict[str, Any]]:
    """The double-dummy result of each position, settled at ``bid``: the solver's keys, with
    ``dd_declarer_wins``, ``score``, ``game_value``, ``schneider`` and ``schwarz`` (Schwarz by
    tricks: every trick when he can take them all, none when the defenders can)."""
    s = solver or default_solver()
    out = []
    for pos, solved in zip(positions, s.facts_many(positions)):
        d = pos.deal.declaration
        mats = matadors(pos.deal.hands[pos.deal.declarer] | pos.deal.skat, d.game)
        if d.is_null:
            won, schneider, schwarz = outcome(d, 0, False, not solved["dd_declarer_wins"])
        else:
            won, schneider, schwarz = outcome(d, solved["dd_points"], solved["dd_all_tricks"],
                                              solved.pop("dd_any_trick"), solved.get("dd_spitze", True))
        won, value, score, _ = settle(d, mats, won, schneider, schwarz, bid)
        out.append({**solved, "dd_declarer_wins": won, "score": score, "game_value": value,
                    "schneider": bool(schneider), "schwarz": bool(schwarz)})
    return out


__all__ = ["settle_dd"]
