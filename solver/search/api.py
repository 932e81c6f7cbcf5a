"""Double-dummy solving of deal records: exact values, threshold queries, best cards.

Records (or :class:`~solver.deal.Deal` objects) become integer position rows
once; one compiled call (:func:`~solver.search.kernel.solve_batch`) answers a
whole batch; a single position is a batch of one.

Position ``small-4`` of ``shared/reference/dd_small.jsonl`` (an endgame
study with a trick in progress; the independent solver's value is 15):

>>> rec = {"hands": {"F": ["SQ", "HA", "D7"], "M": ["C7", "ST", "HQ"], "R": ["CQ", "SJ", "D9"]},
...        "skat": ["CK", "DA"], "declarer": "F", "game": "hearts", "played": ["D7", "ST"], "leader": "F"}
>>> r = solve(rec); r.points, r.all_tricks
(15, False)
>>> r.to_record()["dd_points"]
15
"""

from __future__ import annotations

from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any
from collections.abc import Iterable, Sequence

import numpy as np

from ..cards import CARD_NAMES, card_points, iter_cards
from ..deal import Deal, DealError, load_deal, replay
from ..games import SEATS
from ..play import GameRules, rules_for, spitze_card
from ..pool import map_processes
from ..scoring import SCHNEIDER_ESCAPE, SCHNEIDER_POINTS, TOTAL_POINTS, WIN_POINTS, points_needed
from ..state import GameState
from . import layout as K
from .compile import compile_kernel     # (compiling lives apart: the worker pool compiles before it forks)

TOTAL_GAMES = 7          # the six games and Ramsch (Grand's trick rules, its own row kind)


@dataclass
class Position:
    """A game state ready for the kernel: the deal, a snapshot of its state and the kernel row.

    ``viewpoint``: whose card points the kernel counts, the declarer's; in a Ramsch the player
    who minimises his own points against the other two."""

    deal: Deal
    state: GameState
    rules: GameRules
    row: np.ndarray            # kernel position row (without job)
    viewpoint: int = 0

    @property
    def base_points(self) -> int:
        """The viewpoint's card points already won (the declarer's skat included)."""
        if self.state.declaration.is_ramsch:
            return self.state.points[self.viewpoint]
        return self.state.declarer_points

    @property
    def points_in_play(self) -> int:
        """Card points still in hands or in the trick in progress."""
        return card_points(self.state.alive())


def _as_deal(x: Deal | dict | str) -> Deal:
    return x if isinstance(x, Deal) else load_deal(x)


def position_of(deal: Deal, state: GameState, viewpoint: int | None = None) -> Position:
    """The kernel position of a game state (copied: later pushes do not change it).

    A Ramsch is searched from ``viewpoint`` (default: the player to move), who keeps his own
    card points as low as he can against the other two (paranoid); the skat's points go with the
    last trick.  A Spitze game counts :data:`~solver.scoring.SPITZE_BONUS` more when the
    declarer wins the last trick with his lowest trump."""
    st = state.copy()
    if st.over:
        raise DealError("every card has been played: nothing left to solve")
    rules = st.rules
    row = np.zeros(K.POS_FIELDS, dtype=np.int64)
    row[K.P_H0:K.P_H2 + 1] = [rules.set_to_game(hnd) for hnd in st.hands]
    row[K.P_LEADER] = st.leader
    row[K.P_N] = len(st.trick)
    row[K.P_C0] = rules.to_game[st.trick[0]] if len(st.trick) > 0 else -1
    row[K.P_C1] = rules.to_game[st.trick[1]] if len(st.trick) > 1 else -1
    row[K.P_DECL] = st.declarer
    row[K.P_TRUMP] = rules.trump
    row[K.P_GAMEKIND] = st.game
    decl = st.declaration
    if decl.is_ramsch:
        viewpoint = st.to_move if viewpoint is None else viewpoint
        row[K.P_DECL] = viewpoint
        row[K.P_MINIMISE] = 1
        row[K.P_LAST_BONUS] = card_points(st.skat)
    elif decl.spitze:
        row[K.P_LAST_BONUS] = K.SPITZE_BONUS
        row[K.P_LAST_CARDS] = 1 << int(rules.to_game[spitze_card(st.game)])
    return Position(deal, st, rules, row, st.declarer if viewpoint is None else viewpoint)


def split_spitze(value: int) -> tuple[int, bool]:
    """A Spitze game's solved value -> (the declarer's card points, Spitze kept)."""
    return (value - K.SPITZE_BONUS, True) if value >= K.SPITZE_BONUS else (value, False)


def position(deal: Deal | dict | str, played: Sequence[int] | None = None) -> Position:
    """The position after the deal's ``played`` cards (or ``played`` given here)."""
    d = _as_deal(deal)
    return position_of(d, replay(d, played))


def job_row(pos: Position, job: int, target: int = 0) -> np.ndarray:
    """The kernel row asking ``job`` (``layout.JOB_*``) of a position; ``target``: the
    declarer's card points still to win, for ``JOB_AT_LEAST``."""
    row = pos.row.copy()
    row[K.P_JOB] = job
    row[K.P_TARGET] = target
    return row


def stamped(rows: np.ndarray, session: int) -> np.ndarray:
    """``rows`` (changed in place) stamped with ``session`` (:meth:`Solver.new_session`): one
    stamp per kind of value, so that exact and threshold probes of points share entries."""
    rows[:, K.P_STAMP] = session + np.asarray(K.JOB_VALUE_KIND)[rows[:, K.P_JOB]]
    return rows


def job_rows(jobs: Iterable[tuple[Position, int, int]]) -> np.ndarray:
    """Many (position, job, target) as one array of kernel rows."""
    return np.array([job_row(p, j, t) for p, j, t in jobs], dtype=np.int64).reshape(-1, K.POS_FIELDS)


class Solver:
    """Owns a transposition table and the stamp that keeps solves apart.

    ``tt_megabytes`` bounds the table (default 64 MB); ``opts`` switches the
    kernel's techniques (``layout.OPT_*``), for measurement.
    """

    def __init__(self, tt_megabytes: float = 64.0, opts: int = K.OPT_ALL):
        self.work = K.new_work(tt_megabytes)        # the kernel's work array, its table in it
        self.tt = K.table_of(self.work)
        self.opts = opts
        self.stamp = 1
        self.effs = np.stack([rules_for(g).eff for g in range(TOTAL_GAMES)])
        self.ptss = np.stack([rules_for(g).points for g in range(TOTAL_GAMES)])
        self.last_nodes = 0
        self.session: int | None = None
        self._tokens: dict[tuple[Any, int], int] = {}

    # -------------------------------------------------------------- raw jobs
    def run(self, rows: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """Run kernel job rows; returns (answers, node counts)."""
        kernel = compile_kernel()
        out = np.zeros(rows.shape[0], dtype=np.int64)
        nodes = np.zeros(rows.shape[0], dtype=np.int64)
        if rows.shape[0]:
            if self.session is not None:
                rows = stamped(rows.copy(), self.session)
            stamp = self.session if self.session is not None else self._take_stamps(rows.shape[0])
            kernel.solve_batch(rows, self.effs, self.ptss, stamp, self.opts, out, nodes, self.work)
        self.last_nodes = int(nodes.sum())
        return out, nodes

    def new_session(self) -> int:
        """The first of a run of stamps, one per kind of value (``JOB_VALUE_KIND``): rows of one
        game kind given them by :func:`stamped` share table entries (:meth:`shared_table`)."""
        return self._take_stamps(len(set(K.JOB_VALUE_KIND)))

    def stamp_for(self, rows: np.ndarray, token: Any) -> np.ndarray:
        """``rows`` (changed in place) stamped with this solver's session for ``token`` and each
        row's game kind: the rows of one caller (an evaluation's worlds and probes) share table
        entries across calls, in whichever process solves them.  A token names one caller for
        the life of its process (and of the pool forked from it)."""
        if len(self._tokens) > 4096:
            self._tokens.clear()                # (sessions of finished callers: nobody asks again)
        for kind in np.unique(rows[:, K.P_GAMEKIND]):
            key = (token, int(kind))
            first = self._tokens.get(key)
            if first is None:                   # (a wrap of the stamps forgets every token's: _take_stamps)
                first = self._tokens[key] = self.new_session()
            at = rows[:, K.P_GAMEKIND] == kind
            rows[at] = stamped(rows[at], first)
        return rows

    def _take_stamps(self, n: int) -> int:
        if self.stamp + n >= K.STAMP_LIMIT:
            if self.session is not None:
                raise RuntimeError("table stamps ran out inside a shared-table session")
            self.tt[:] = 0                  # stamps wrap: forget everything rather than risk a stale hit
            self.stamp = 1
            self._tokens.clear()            # (and the callers' sessions: their numbers will come again)
        first = self.stamp
        self.stamp += n
        return first

    @contextmanager
    def shared_table(self):
        """Within this block every solve is of one deal and game: solves share table entries.

        Sound because an entry bounds the value still to win from a position,
        which does not depend on how the position was reached.
        """
        if self.session is not None:
            yield self
            return
        if self.stamp + 1000 >= K.STAMP_LIMIT:
            self.tt[:] = 0
            self.stamp = 1
        self.session = self.new_session()
        try:
            yield self
        finally:
            self.session = None

    # -------------------------------------------------------------- queries
    def points_many(self, positions: Sequence[Position]) -> list[int]:
        """Exact ``dd_points`` of suit/Grand positions."""
        v, _ = self.run(job_rows((p, K.JOB_POINTS, 0) for p in positions))
        return [p.base_points + int(x) for p, x in zip(positions, v)]

    def reach_many(self, positions: Sequence[Position], points: Sequence[int]) -> list[bool]:
        """Can the declarer end with at least ``points`` card points?"""
        v, _ = self.run(job_rows((p, K.JOB_AT_LEAST, t - p.base_points) for p, t in zip(positions, points)))
        return [bool(x) for x in v]

    def helped_many(self, positions: Sequence[Position], points: Sequence[int]) -> list[bool]:
        """Could the declarer end with at least ``points`` card points if the defenders helped
        him (``JOB_HELPED``: all three maximise)?  Where this says no, no play reaches them."""
        v, _ = self.run(job_rows((p, K.JOB_HELPED, t - p.base_points) for p, t in zip(positions, points)))
        return [bool(x) for x in v]

    def _still_possible(self, positions: Sequence[Position], job: int, possible) -> list[bool]:
        """A yes/no job for the positions where ``possible(position)``; False for the others."""
        todo = [i for i, p in enumerate(positions) if possible(p)]
        res = [False] * len(positions)
        if todo:
            v, _ = self.run(job_rows((positions[i], job, 0) for i in todo))
            for i, x in zip(todo, v):
                res[i] = bool(x)
        return res

    def all_tricks_many(self, positions: Sequence[Position]) -> list[bool]:
        """Can the declarer take every trick (counting those already played)?"""
        return self._still_possible(positions, K.JOB_ALL_TRICKS, lambda p: p.state.defender_tricks == 0)

    def any_trick_many(self, positions: Sequence[Position]) -> list[bool]:
        """Can the declarer take a trick (counting those already played)?  No: he is Schwarz."""
        done = [p.state.declarer_tricks > 0 for p in positions]
        todo = [p for p, d in zip(positions, done) if not d]
        got = iter(self._still_possible(todo, K.JOB_ANY_TRICK, lambda p: True))
        return [True if d else next(got) for d in done]

    def facts_many(self, positions: Sequence[Position]) -> list[dict[str, Any]]:
        """What a settlement needs of each position, double-dummy (values, never a settled game:
        :func:`solver.settlement.settle_dd` settles them): :meth:`solve_positions`' keys and
        ``dd_any_trick``, whether the declarer takes a trick (asked only where his points leave
        it open: points beyond what he has already won come from a trick he takes)."""
        solved_all = self.solve_positions(positions)
        unsure = [i for i, (p, r) in enumerate(zip(positions, solved_all))
                  if not p.deal.declaration.is_null and r["dd_points"] <= p.base_points]
        any_trick = dict(zip(unsure, self.any_trick_many([positions[i] for i in unsure])))
        for i, (p, r) in enumerate(zip(positions, solved_all)):
            if not p.deal.declaration.is_null:
                r["dd_any_trick"] = any_trick.get(i, True)
        return solved_all

    def null_many(self, positions: Sequence[Position]) -> list[bool]:
        """Null: can the declarer avoid every trick (counting those already played)?"""
        return self._still_possible(positions, K.JOB_NULL, lambda p: p.state.declarer_tricks == 0)

    def solve_positions(self, positions: Sequence[Position]) -> list[dict[str, Any]]:
        """The solved keys (``dd_points``, ``dd_all_tricks``, ``dd_declarer_wins``) of each position."""
        out: list[dict[str, Any]] = [{} for _ in positions]
        nulls = [i for i, p in enumerate(positions) if p.deal.declaration.is_null]
        ramsch = [i for i, p in enumerate(positions) if p.deal.declaration.is_ramsch]
        others = [i for i, p in enumerate(positions) if not p.deal.declaration.is_null and i not in ramsch]
        if ramsch:
            # the fewest card points the viewpoint can keep to, whatever the other two do
            for i, v in zip(ramsch, self.points_many([positions[i] for i in ramsch])):
                out[i]["dd_points"] = v
        if nulls:
            for i, w in zip(nulls, self.null_many([positions[i] for i in nulls])):
                out[i]["dd_declarer_wins"] = w
        if others:
            raw = self.points_many([positions[i] for i in others])
            spitze = [positions[i].deal.declaration.spitze for i in others]
            pts = [split_spitze(v)[0] if sp else v for v, sp in zip(raw, spitze)]
            # every trick is possible only if the declarer also gets every point still in play
            cand = [i for i, v in zip(others, pts)
                    if v == positions[i].base_points + positions[i].points_in_play]
            alls = dict(zip(cand, self.all_tricks_many([positions[i] for i in cand])))
            for i, v, r, sp in zip(others, pts, raw, spitze):
                d = positions[i].deal.declaration
                at = alls.get(i, False)
                out[i]["dd_points"] = v
                out[i]["dd_all_tricks"] = at
                out[i]["dd_declarer_wins"] = at if d.schwarz else v >= points_needed(d)
                if sp:
                    kept = split_spitze(r)[1]
                    out[i]["dd_spitze"] = kept
                    out[i]["dd_declarer_wins"] = out[i]["dd_declarer_wins"] and kept
        return out

    def best_moves(self, deal: Deal | dict | str, played: Sequence[int] | None = None) -> list[tuple[int, Any]]:
        """Every legal card of the player to move with its value after it is played.

        Suit/Grand: the ``dd_points`` after the card (a Spitze game: plus
        ``SPITZE_BONUS`` while the Spitze can still be kept, :func:`split_spitze`);
        Null: whether the declarer still wins; Ramsch: the fewest card points the
        player to move can end with.  Sorted best first for the player to move.
        Equivalent cards (adjacent in the remaining order of one suit, worth
        the same) are solved once and get the same value by construction.
        """
        d = _as_deal(deal)
        return self.best_moves_of(d, replay(d, played))

    def best_moves_of(self, deal: Deal, state: GameState) -> list[tuple[int, Any]]:
        """:meth:`best_moves` of a game state (left as it was)."""
        return self.best_moves_many([(deal, state)])[0]

    def best_moves_many(self, positions: Sequence[tuple[Deal, GameState]]) -> list[list[tuple[int, Any]]]:
        """:meth:`best_moves_of` for many (deal, game state) pairs in one batch of kernel jobs
        (a card player's sampled worlds: one table, one call)."""
        plans, live = self._children(positions)
        is_null = positions[0][1].declaration.is_null if positions else False
        with self.shared_table():
            vals = (self.null_many(live) if is_null else self.points_many(live)) if live else []
        return self._ranked(plans, vals)

    def threshold_moves_many(self, positions: Sequence[tuple[Deal, GameState]],
                             earlier: int = 0) -> list[list[tuple[int, Any]]]:
        """:meth:`best_moves_many` of a suit or Grand game told only as far as the settlement
        needs: each card's value is the highest of the thresholds 31, 61, 90 and 120 that the
        declarer's card points (``earlier`` ones from tricks before the position's deal counted
        in) still reach, less ``earlier``, or the points he holds already when he reaches none.
        Three zero-window probes a card at most instead of an exact value's bisection."""
        plans, live = self._children(positions)
        vals = [p.base_points for p in live]
        if live:
            with self.shared_table():
                # the next threshold to ask after a yes and after a no (0: none)
                ladder = {WIN_POINTS: (SCHNEIDER_POINTS, SCHNEIDER_ESCAPE), SCHNEIDER_POINTS: (TOTAL_POINTS, 0),
                          SCHNEIDER_ESCAPE: (0, 0), TOTAL_POINTS: (0, 0)}
                asks = {i: WIN_POINTS for i in range(len(live))}
                while asks:
                    idx = list(asks)
                    got = self.reach_many([live[i] for i in idx], [asks[i] - earlier for i in idx])
                    nxt: dict[int, int] = {}
                    for i, yes in zip(idx, got):
                        t = asks[i]
                        if yes:
                            vals[i] = max(vals[i], t - earlier)
                        then = ladder[t][0 if yes else 1]
                        if then:
                            nxt[i] = then
                    asks = nxt
        return self._ranked(plans, vals)

    def _children(self, positions: Sequence[tuple[Deal, GameState]]) -> tuple[list, list[Position]]:
        """Per (deal, state): its legal cards, one representative per run of equivalent cards, and
        the positions after each representative that still need solving (``live``)."""
        plans = []
        live: list[Position] = []
        for deal, st in positions:
            rules = st.rules
            if st.over:
                raise DealError("every card has been played: nothing left to solve")
            hand_g = rules.set_to_game(st.hands[st.to_move])
            legal_g = rules.set_to_game(st.legal())
            others = rules.set_to_game(st.alive()) & ~hand_g
            # one representative per run of equivalent cards
            rep: dict[int, int] = {}
            prev = -1
            apart = int(rules.to_game[spitze_card(st.game)]) if st.declaration.spitze else -1
            for g in iter_cards(legal_g):
                if prev >= 0 and (rules.eff[g] >> prev) & 1 and rules.points[g] == rules.points[prev] and \
                        apart not in (g, prev) and \
                        not others & ((1 << g) - 1) & ~((2 << prev) - 1) & int(rules.eff[g]):
                    rep[g] = rep[prev]
                else:
                    rep[g] = g
                prev = g
            got: dict[int, Any] = {}
            pending: list[tuple[int, int]] = []          # (game-order card, index into live)
            mover = st.to_move
            for g in sorted(set(rep.values())):
                st.push(int(rules.from_game[g]))
                if st.over:
                    got[g] = st.final_value(mover)
                else:
                    pending.append((g, len(live)))
                    live.append(position_of(deal, st, mover if st.declaration.is_ramsch else None))
                st.pop()
            plans.append((st, rules, rep, got, pending))
        return plans, live

    @staticmethod
    def _ranked(plans: list, vals: Sequence[Any]) -> list[list[tuple[int, Any]]]:
        """Each plan's cards with their values (``vals``: of its ``live`` positions), best first for
        the player to move."""
        out = []
        for st, rules, rep, got, pending in plans:
            got.update((g, vals[i]) for g, i in pending)
            children = [(int(rules.from_game[g]), got[rep[g]]) for g in rep]
            declarer_moves = st.to_move == st.declarer        # (in a Ramsch nobody: each keeps his points low)
            children.sort(key=lambda cv: (-int(cv[1]) if declarer_moves else int(cv[1]), cv[0]))
            out.append(children)
        return out


_default: Solver | None = None


def _run_rows_worker(job: tuple[np.ndarray, Any]) -> np.ndarray:
    rows, token = job
    s = default_solver()
    return s.run(rows if token is None else s.stamp_for(rows, token))[0]


#: Pieces a worker's share of a batch is cut into: they are handed out as workers free up, so a
#: worker that drew the hard positions does not hold up the batch (a position's search may cost
#: a hundred times another's).
PIECES_PER_WORKER = 4


def run_rows(rows: np.ndarray, workers: int = 1, solver: Solver | None = None, token: Any = None) -> np.ndarray:
    """Kernel job rows -> answers, on ``workers`` processes (each with its own table).

    The worker pool is kept for the next call; rows are dealt out interleaved in small
    pieces (:data:`PIECES_PER_WORKER`), each handed to the next free worker.  ``token``: the
    rows share table entries with the earlier rows of the same token (:meth:`Solver.stamp_for`)
    in the process that solves them; the answers are the same either way.
    """
    if workers <= 1 or rows.shape[0] < 2 * workers:
        s = solver or default_solver()
        return s.run(rows if token is None else s.stamp_for(rows, token))[0]
    pieces = min(rows.shape[0] // 2, PIECES_PER_WORKER * workers)
    out = np.zeros(rows.shape[0], dtype=np.int64)
    jobs = [(rows[i::pieces], token) for i in range(pieces)]
    for i, r in enumerate(map_processes(_run_rows_worker, jobs, workers, keep=True)):
        out[i::pieces] = r
    return out


def default_solver() -> Solver:
    global _default
    if _default is None:
        _default = Solver()
    return _default


@dataclass(frozen=True)
class Solved:
    """One record solved double-dummy (:func:`solve`); :meth:`to_record` gives the record with the
    ``dd_`` keys the commands write.

    A suit or Grand game has ``points`` (the declarer's card points with best play on both
    sides), ``all_tricks`` and ``declarer_wins`` (and ``spitze_kept`` when Spitze is announced);
    a Null only ``declarer_wins``; a Ramsch only ``ramsch``, each seat's fewest card points
    against the other two.
    """

    record: dict[str, Any]                  # the record as read (codes normalised, unknown keys kept)
    solved_from: str                        # "start" or "position" (:func:`solve_point`)
    points: int | None = None
    all_tricks: bool | None = None
    declarer_wins: bool | None = None
    spitze_kept: bool | None = None
    ramsch: dict[str, int] | None = None
    best: dict[str, Any] | None = None      # every legal card's value, on request

    def to_record(self) -> dict[str, Any]:
        """The record with ``dd_points``, ``dd_all_tricks``, ``dd_declarer_wins`` (Null: only it;
        Spitze: ``dd_spitze``; Ramsch: ``dd_ramsch``), ``dd_from`` and, on request, ``dd_best``."""
        keys: dict[str, Any] = {}
        if self.ramsch is not None:
            keys["dd_ramsch"] = self.ramsch
        else:
            for name, v in (("dd_points", self.points), ("dd_all_tricks", self.all_tricks),
                            ("dd_declarer_wins", self.declarer_wins), ("dd_spitze", self.spitze_kept)):
                if v is not None:
                    keys[name] = v
        keys["dd_from"] = self.solved_from
        if self.best is not None:
            keys["dd_best"] = self.best
        return {**self.record, **keys}


def solve(record: dict | str | Deal, *, best: bool = False, solver: Solver | None = None) -> Solved:
    """Solve one record (:class:`Solved`; ``best``: every legal card's value too)."""
    return solve_many([record], best=best, solver=solver)[0]


def _solve_chunk(args: tuple[list, bool]) -> list[Solved]:
    recs, best = args
    return solve_many(recs, best=best)


def solve_many(records: Iterable[dict | str | Deal], *, best: bool = False,
               solver: Solver | None = None, workers: int = 1) -> list[Solved]:
    """Solve many records in one kernel call (per worker process).

    ``workers`` > 1 splits the batch over that many processes, each with its
    own compiled kernel and transposition table.  A bad record raises
    :class:`DealError`.
    """
    recs = list(records)
    if workers > 1 and len(recs) > 1:
        # small chunks handed out as workers free up: hard deals do not leave a worker idle
        size = max(1, min(4, len(recs) // (workers * 8)))
        chunks = [(recs[i:i + size], best) for i in range(0, len(recs), size)]
        return [r for part in map_processes(_solve_chunk, chunks, workers) for r in part]
    s = solver or default_solver()
    deals = [_as_deal(r) for r in recs]
    points = [solve_point(d) for d in deals]
    results = s.solve_positions([position(d) for d, _ in points])
    # a Ramsch: every seat's fewest card points, each against the other two
    ramsch = [i for i, d in enumerate(deals) if d.declaration.is_ramsch]
    if ramsch:
        each = s.points_many([position_of(points[i][0], replay(points[i][0]), q) for i in ramsch for q in range(3)])
        for j, i in enumerate(ramsch):
            results[i] = {"dd_ramsch": {SEATS[q]: each[3 * j + q] for q in range(3)}}
    out = []
    for d, (solved, where), keys in zip(deals, points, results):
        out.append(Solved(d.to_record(), where, points=keys.get("dd_points"), all_tricks=keys.get("dd_all_tricks"),
                          declarer_wins=keys.get("dd_declarer_wins"), spitze_kept=keys.get("dd_spitze"),
                          ramsch=keys.get("dd_ramsch"),
                          best={CARD_NAMES[c]: v for c, v in s.best_moves(solved)} if best else None))
    return out


def solve_point(deal: Deal) -> tuple[Deal, str]:
    """Where a record is solved from, the same for every command: a finished game from the
    deal's start (what was this deal worth double-dummy?), a partial play from its position.

    Returns the deal to solve and ``"start"`` or ``"position"``.
    """
    if deal.played and replay(deal).finished:
        return Deal(deal.hands, deal.skat, deal.declarer, deal.declaration, [], deal.bid, deal.leader, deal.id,
                    deal.extra), "start"
    return deal, ("position" if deal.played else "start")


def reach(record: dict | str | Deal, points: int = WIN_POINTS, *, solver: Solver | None = None) -> bool:
    """Threshold query: can the declarer end with at least ``points`` card points?"""
    s = solver or default_solver()
    return s.reach_many([position(_as_deal(record))], [points])[0]


def best_moves(record: dict | str | Deal, *, solver: Solver | None = None) -> list[tuple[int, Any]]:
    """Every legal card (its id, as everywhere in the library: ``CARD_NAMES[c]`` names it) of the
    player to move with its value, best first (see :meth:`Solver.best_moves`)."""
    s = solver or default_solver()
    return s.best_moves(_as_deal(record))
