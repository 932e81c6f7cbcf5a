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

from .deal import Deal
from .scoring import SCHNEIDER_POINTS, game_value, matadors, outcome, settle
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
        won, value, score, _ = settle(d, mats, won=won, schneider=schneider, schwarz=schwarz, bid=bid)
        out.append({**solved, "dd_declarer_wins": won, "score": score, "game_value": value,
                    "schneider": bool(schneider), "schwarz": bool(schwarz)})
    return out


def at_the_bid(rec: dict[str, Any], deal: Deal) -> dict[str, Any]:
    """A solved record (``dd_points``, ``dd_all_tricks``, ``dd_declarer_wins``) settled at the
    bid its deal was won at: a game worth less than the bid is overbid and lost, as the rules
    say.  Adds ``dd_game_value`` (what the game is worth with double-dummy play) and ``dd_score``
    (its settlement at the bid), and ``dd_overbid`` where the bid turned a won game into a lost
    one; a record without a bid, or a Ramsch, comes back as it is.

    >>> from solver.deal import load_deal
    >>> d = load_deal({"hands": {"F": "CJ SJ HA HT HK H9 SA S7 D8 D7", "M": "C8 C9 CT CK CQ CA S8 S9 ST SK",
    ...                "R": "H7 H8 HQ DJ HJ SQ D9 DT DK DQ"}, "skat": "DA C7", "declarer": "M", "game": "clubs",
    ...                "bid": 100})
    >>> r = at_the_bid({"dd_points": 88, "dd_all_tricks": False, "dd_declarer_wins": True}, d)
    >>> r["dd_declarer_wins"], r["dd_overbid"], r["dd_game_value"], r["dd_score"]
    (False, True, 60, -216)
    """
    d = deal.declaration
    if deal.bid is None or d.is_ramsch or "dd_declarer_wins" not in rec:
        return rec
    mats = matadors(deal.hands[deal.declarer] | deal.skat, d.game)
    won = bool(rec["dd_declarer_wins"])
    schneider = not d.is_null and rec.get("dd_points", 0) >= SCHNEIDER_POINTS
    schwarz = not d.is_null and bool(rec.get("dd_all_tricks"))
    won_at_bid, _, score, _ = settle(d, mats, won=won, schneider=schneider, schwarz=schwarz, bid=deal.bid)
    value = d.value_base if d.is_null else game_value(d, mats, schneider, schwarz)
    out = {**rec, "dd_declarer_wins": bool(won_at_bid), "dd_game_value": int(value), "dd_score": int(score)}
    if won and not won_at_bid:
        out["dd_overbid"] = True
    return out


__all__ = ["at_the_bid", "settle_dd"]
