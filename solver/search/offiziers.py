"""Offiziersskat's search encoding: a pile state as the one kernel's position row, and the
queries the players and the review ask (F's final card points, a threshold, every card's value).

A face-down card is covered by its pile's upper card while that is there (``P_COVER``); F is the
declarer (seat 0), R seat 1 (``P_TWO``); in Ramsch F keeps his points low (``P_MINIMISE``).
"""

from __future__ import annotations

import numpy as np

from ..cards import CARD_NAMES
from ..games import RAMSCH
from ..offiziersskat import OffiziersDeal, OffiziersState, f_wins
from ..scoring import TOTAL_POINTS, WIN_POINTS
from .api import default_solver
from . import layout as K


def kernel_row(st: OffiziersState, job: int = 0, target: int = 0) -> np.ndarray:
    """The kernel's position row of a game state, every face-down card known (double-dummy):
    F is the declarer (seat 0), R seat 1; a face-down card is covered by its pile's upper card
    while that is there.  Ramsch: F keeps his points low, R makes him take them."""
    r = st.rules
    row = np.zeros(K.POS_FIELDS, dtype=np.int64)
    for side in range(2):
        cards = 0
        for i, (d, u) in enumerate(st.deal.piles[side]):
            if st.up[side][i]:
                cards |= 1 << u
                if st.down[side][i]:
                    row[K.P_COVER + int(r.to_game[d])] = 1 + int(r.to_game[u])
            if st.down[side][i]:
                cards |= 1 << d
        row[K.P_H0 + side] = r.set_to_game(cards)
    row[K.P_LEADER] = st.leader
    row[K.P_N] = len(st.trick)
    row[K.P_C0] = int(r.to_game[st.trick[0]]) if st.trick else -1
    row[K.P_C1] = -1
    row[K.P_DECL] = 0
    row[K.P_TRUMP] = r.trump
    row[K.P_GAMEKIND] = st.deal.rules_game
    row[K.P_MINIMISE] = 1 if st.deal.game == RAMSCH else 0
    row[K.P_TWO] = 1
    row[K.P_JOB] = job
    row[K.P_TARGET] = target
    return row


def solve_points(states: list[OffiziersState], solver=None) -> list[int]:
    """F's final card points with best play by both from each state (Ramsch: the fewest F can
    end with), every card known."""
    s = solver or default_solver()
    todo = [i for i, st in enumerate(states) if not st.finished]
    out = [st.points[0] for st in states]
    if todo:
        rows = np.array([kernel_row(states[i], K.JOB_POINTS) for i in todo], dtype=np.int64)
        vals, _ = s.run(rows)
        for i, v in zip(todo, vals):
            out[i] = states[i].points[0] + int(v)
    return out


def reach_points(st: OffiziersState, points: int, solver=None) -> bool:
    """Threshold query: can F end with at least ``points`` card points (every card known)?"""
    need = points - st.points[0]
    if st.finished or need <= 0:
        return st.points[0] >= points
    vals, _ = (solver or default_solver()).run(np.array([kernel_row(st, K.JOB_AT_LEAST, need)], dtype=np.int64))
    return bool(vals[0])


def points_bands(states: list[OffiziersState], cuts: list[int], solver=None) -> tuple[list[int], int]:
    """For each state, how many of the rising F-point ``cuts`` F's final card points reach with
    best play by both (every card known), and the search nodes that took: threshold queries
    that bisect the cuts, one batch a round, in one shared table (the states of one deal).
    Cheaper than :func:`solve_points` when the cuts are few: what the stakes depend on is
    which band the points fall in (won or lost, Schneider), not the points themselves.

    (A state's band b means ``cuts[b - 1] <= points < cuts[b]``; in Ramsch too, where the
    points are the fewest R cannot make F exceed.)"""
    s = solver or default_solver()
    lo = [0] * len(states)
    hi = [len(cuts)] * len(states)
    nodes = 0
    with s.shared_table():
        while True:
            ask = [i for i in range(len(states)) if lo[i] < hi[i]]
            if not ask:
                return lo, nodes
            rows, mids = [], []
            for i in ask:
                mid = (lo[i] + hi[i] + 1) // 2
                st = states[i]
                need = cuts[mid - 1] - st.points[0]
                if st.finished or need <= 0:
                    if st.points[0] >= cuts[mid - 1]:
                        lo[i] = mid
                    else:
                        hi[i] = mid - 1
                    continue
                rows.append(kernel_row(st, K.JOB_AT_LEAST, need))
                mids.append((i, mid))
            if rows:
                vals, n = s.run(np.array(rows, dtype=np.int64))
                nodes += int(n.sum())
                for (i, mid), v in zip(mids, vals):
                    if v:
                        lo[i] = mid
                    else:
                        hi[i] = mid - 1


def successors(st: OffiziersState, cards: list[int]) -> list[OffiziersState]:
    """The state after each of ``cards`` (legal ones) is played."""
    out = []
    for c in cards:
        child = st.copy()
        child.push(c)
        out.append(child)
    return out


def best_cards(st: OffiziersState, solver=None, cards: list[int] | None = None) -> list[tuple[int, int]]:
    """Every playable card of the side to move (or those of ``cards``) with F's final card points
    after it, best first for that side (F wants many points, R few; in Ramsch the reverse)."""
    s = solver or default_solver()
    if cards is None:
        cards = [c for c in range(32) if (st.legal() >> c) & 1]
    children = successors(st, cards)
    with s.shared_table():
        vals = solve_points(children, s)
    f_wants = (st.to_move == 0) != (st.deal.game == RAMSCH)
    return sorted(zip(cards, vals), key=lambda cv: (-cv[1] if f_wants else cv[1], cv[0]))


def f_makes_it(st: OffiziersState, solver=None) -> bool:
    """Threshold query: does F win with best play by both from here (every card known)?"""
    if st.deal.game == RAMSCH:                     # F wins when R makes 61: F keeps to 59
        return not reach_points(st, TOTAL_POINTS - WIN_POINTS + 1, solver)
    return reach_points(st, WIN_POINTS, solver)


def solve_offiziers(deal: OffiziersDeal, best: bool = False, solver=None) -> dict:
    """``skat solve`` of an Offiziersskat record, every face-down card known: ``dd_points`` (F's
    card points with best play by both; a finished deal from its start, a part-played one from
    its position, ``dd_from``), ``dd_declarer_wins``, and with ``best`` each playable card's
    ``dd_points`` after it (``dd_best``)."""
    st = deal.replay()
    where = "position" if deal.played else "start"
    if st.finished:
        st = OffiziersDeal(deal.piles, deal.game, deal.kontra, [], deal.id).start_state()
        where = "start"
    v = solve_points([st], solver)[0]
    out = {**deal.to_record(), "dd_points": v, "dd_declarer_wins": f_wins(deal.game, v), "dd_from": where}
    if best:
        out["dd_best"] = {CARD_NAMES[c]: x for c, x in best_cards(st, solver)}
    return out
