"""The analysis board's question: what is every legal card worth at one position of a deal?

:func:`position_values` answers it for the side to move, by both yardsticks the review uses:
double-dummy (every card open: the value of the position after the card, in the units of the
review's ``value_before``) and by what the mover knew (the worlds he could not tell apart, the
*same* worlds for every card, with 95% intervals), and gives the principal variation from
there (``line``: best play by every seat, every card open, to the end).  :func:`positions_values`
is its batch form.

>>> from solver.deal import load_deal
>>> hands = {"F": "CJ SJ HJ DJ CA CT SA ST HA HT".split(), "M": "C9 C8 C7 S9 S8 S7 H9 H8 H7 D7".split(),
...          "R": "CK CQ SK SQ HK HQ DA DT DK DQ".split()}
>>> deal = load_deal({"hands": hands, "skat": ["D9", "D8"], "game": "grand", "declarer": "F", "played": ["CA"]})
>>> pv = position_values(deal, samples=0)         # M to follow to the ace of clubs
>>> pv.to_move, pv.value, pv.best_dd, len(pv.line)
(1, 120, ['C7', 'C8', 'C9'], 29)
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

from ..cards import CARD_NAMES
from ..deal import Deal, DealError
from ..games import SEATS
from ..pool import map_processes
from ..scoring import SPITZE_BONUS
from ..search.api import Solver, default_solver, split_spitze
from ..state import GameState
from ..players.table import view_of
from .knew import _interval, _judged, _knower

#: The worlds a position's cards are valued on by default: the review's (:data:`~.options.JUDGING`).
POSITION_SAMPLES = 32


@dataclass(frozen=True)
class CardValue:
    """One legal card at a position.

    ``dd``: the double-dummy value of the position after it (suit/Grand: the declarer's final
    card points; Null: whether the declarer still wins; Ramsch: the fewest card points the
    mover can end with); ``spitze``: a Spitze game's card keeps the Spitze double-dummy.  By
    what the mover knew (None without worlds): the declarer's win chance ``p_win`` and
    expected final card points ``points`` (Null, Ramsch: None; a Ramsch has no winner, its
    ``points`` are the mover's own), each with its 95% interval over the worlds, and
    ``expected_score``, the mover's side's expected settlement (a Ramsch: minus his points)."""

    card: int
    dd: Any
    spitze: bool | None = None
    p_win: float | None = None
    p_win_ci: tuple[float, float] | None = None
    points: float | None = None
    points_ci: tuple[float, float] | None = None
    expected_score: float | None = None

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"card": CARD_NAMES[self.card], "dd": self.dd}
        if self.spitze is not None:
            out["dd_spitze"] = self.spitze
        if self.expected_score is not None:
            out["info"] = {"p_win": self.p_win, "p_win_ci": list(self.p_win_ci) if self.p_win_ci else None,
                           "points": self.points, "points_ci": list(self.points_ci) if self.points_ci else None,
                           "expected_score": self.expected_score}
        return out


@dataclass(frozen=True)
class PositionValues:
    """Every legal card of the side to move at a position (see :func:`position_values`).

    ``at``: the cards played before it; ``to_move``: the seat to play; ``value``: the
    position's double-dummy value (the review's ``value_before``); ``cards``: best first by
    double-dummy (ties in card order); ``best_dd`` and ``best_info``: the best cards by each
    yardstick (``best_info``: by the mover's expected score; empty without worlds);
    ``line``: the principal variation from the position to the end, every card open (it
    starts with ``best_dd[0]``); ``worlds``: how many the info values rest on, ``exact``:
    they were all the worlds there are; ``lead``: by what the mover knew, the best card's lead in
    expected score over the next best, paired over the same worlds, with its 95% interval (low,
    high; None with one legal card, or too few worlds for an interval)."""

    deal: Deal
    at: int
    to_move: int
    value: Any
    cards: list[CardValue]
    best_dd: list[str]
    best_info: list[str]
    line: list[int]
    worlds: int
    exact: bool
    lead: tuple[float, float, float] | None = None

    def to_record(self) -> dict[str, Any]:
        """The answer as JSON (``POST /api/position``, ``skat analyse --at K --json``)."""
        return {"at": self.at, "to_move": SEATS[self.to_move],
                "declarer": None if self.deal.declaration.is_ramsch else SEATS[self.deal.declarer], "value": self.value,
                "cards": [c.to_dict() for c in self.cards], "best_dd": self.best_dd, "best_info": self.best_info,
                "line": [CARD_NAMES[c] for c in self.line], "worlds": self.worlds, "exact": self.exact,
                "lead": None if self.lead is None else list(self.lead)}


def position_values(deal: Deal, at: int | None = None, *, samples: int = POSITION_SAMPLES, seed: int = 0,
                    line: bool = True, solver: Solver | None = None) -> PositionValues:
    """Every legal card at the position before card ``at`` of ``deal.played`` (default: after
    all of them), by double-dummy and by what the mover knew over ``samples`` worlds (0: the
    double-dummy values alone, at once), with the principal variation (``line``).

    The worlds are those :func:`~.knew.judge_card` draws first for that card (``seed`` and
    ``at``), every legal card valued on each: the differences between cards are paired, and
    the answer is the same on any machine.  Raises :class:`~solver.deal.DealError` when the
    game is over at that position or ``at`` is past the cards played."""
    s = solver or default_solver()
    n = len(deal.played)
    at = n if at is None else at
    if not 0 <= at <= n:
        raise DealError(f"no position {at}: the deal has {n} cards played (a position is 0 to {n} cards in)")
    st = deal.start_state()
    for c in deal.played[:at]:
        st.push(c)
    if st.over:
        raise DealError(f"the game is over after {at} cards: no card to play")
    mover = st.to_move
    with s.shared_table():
        moves = s.best_moves_of(deal, st)
        pv = _line(deal, st, s, moves) if line else []
    dd = {c: in_review_units(v, deal) for c, v in moves}
    info, worlds, exact, lead = _by_what_he_knew(deal, st, samples, [seed, at], s) if samples else \
        (None, 0, False, None)
    cards = []
    for c, _ in moves:
        value, kept = dd[c]
        if info is None:
            cards.append(CardValue(c, value, kept))
        else:
            cards.append(CardValue(c, value, kept, **info[c]))
    top = moves[0][1]
    best_dd = [CARD_NAMES[c] for c, v in moves if v == top]
    best_info: list[str] = []
    if info is not None:
        hi = max(v["expected_score"] for v in info.values())
        best_info = [CARD_NAMES[c] for c in sorted(info) if info[c]["expected_score"] >= hi - 1e-9]
    value = in_review_units(top, deal)[0]
    return PositionValues(deal, at, mover, value, cards, best_dd, best_info, pv, worlds, exact, lead)


def positions_values(jobs: Iterable[tuple[Deal, int | None]], *, samples: int = POSITION_SAMPLES, seed: int = 0,
                     line: bool = True, workers: int = 1, errors: bool = False) -> list[Any]:
    """:func:`position_values` of many (deal, at) pairs on ``workers`` processes (the same answers
    as one by one); with ``errors`` a position that has none (the game over, ``at`` past the
    cards played) answers its :class:`~solver.deal.DealError` instead of raising it."""
    return map_processes(_one, [(d, at, samples, seed, line, errors) for d, at in jobs], workers)


def _one(args: tuple[Deal, int | None, int, int, bool, bool]) -> Any:
    d, at, samples, seed, line, errors = args
    try:
        return position_values(d, at, samples=samples, seed=seed, line=line)
    except DealError as e:
        if errors:
            return e
        raise


def in_review_units(v: Any, deal: Deal) -> tuple[Any, bool | None]:
    """A solver value in the review's units (``value_before``/``value_after``): Null whether
    the declarer wins, a Spitze game's points without the bonus (and whether the Spitze is still
    kept, else None)."""
    if deal.declaration.is_null:
        return bool(v), None
    if deal.declaration.spitze:
        pts, kept = split_spitze(int(v))
        return pts, kept
    return int(v), None


def _line(deal: Deal, st: GameState, s: Solver, first: Sequence[tuple[int, Any]]) -> list[int]:
    """The principal variation from ``st`` (left as it was): at every position the best card for
    its mover (:meth:`~solver.search.api.Solver.best_moves_of`, ties in card order)."""
    out: list[int] = []
    moves = list(first)
    while True:
        card = moves[0][0]
        st.push(card)
        out.append(card)
        if st.over:
            break
        moves = s.best_moves_of(deal, st)
    for _ in out:
        st.pop()
    return out


def _by_what_he_knew(deal: Deal, st: GameState, samples: int, seed: list[int],
                     s: Solver) -> tuple[dict[int, dict[str, Any]] | None, int, bool, Any]:
    """Each legal card's values over the worlds the mover could not tell apart (the same worlds
    for every card), with 95% intervals (a point where they were every world there is); the
    number of worlds, whether that was all of them, and the best card's paired lead over the
    next (:attr:`PositionValues.lead`).  None when no world fits what he knows."""
    decl = deal.declaration
    seat = st.to_move
    view = view_of(st, seat, deal)
    player = _knower(samples, seed, "simple", s, points=True)
    vals = player.card_values(view)
    if vals is None:
        return None, 0, False, None
    exact = bool(vals["exact"])
    legal = vals["legal"]
    w, per_world, _, side, _ = _judged(vals, seat == deal.declarer, decl.is_ramsch)
    lead = None
    if len(legal) > 1:
        first, second = np.argsort(-side, kind="stable")[:2]
        m, half = _interval(per_world[:, first] - per_world[:, second], w)
        half = 0.0 if exact else half
        if math.isfinite(half):                    # (fewer than two worlds' worth: no interval, no lead)
            lead = (round(m, 2), round(m - half, 2), round(m + half, 2))
    won = vals["won"].astype(float)
    per_points = vals.get("world_points")
    out: dict[int, dict[str, Any]] = {}
    for j, c in enumerate(legal):
        row: dict[str, Any] = {"expected_score": round(float(side[j]), 2)}
        if not decl.is_ramsch:
            p, half = _interval(won[:, j], w)
            half = 0.0 if exact else half
            row["p_win"] = round(p, 4)
            row["p_win_ci"] = _ci(p, half, 0.0, 1.0, 4)
        if per_points is not None and not decl.is_null:
            col = per_points[:, j] + vals["earlier"]
            if decl.spitze:
                col = np.where(col >= SPITZE_BONUS, col - SPITZE_BONUS, col)
            p, half = _interval(col, w)
            half = 0.0 if exact else half
            row["points"] = round(p, 2)
            row["points_ci"] = _ci(p, half, 0.0, 120.0, 2)
        out[c] = row
    return out, int(vals["worlds"]), exact, lead


def _ci(mean: float, half: float, lo: float, hi: float, digits: int) -> tuple[float, float] | None:
    """A 95% interval clipped to the value's range; a point where every world was solved."""
    if not math.isfinite(half):
        return None
    return (round(max(lo, mean - half), digits), round(min(hi, mean + half), digits))
