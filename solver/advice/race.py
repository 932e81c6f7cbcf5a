"""The sampling race: which declarations get how many worlds, and when sampling stops.

The :class:`Evaluator` solves worlds for candidates; :func:`race` runs successive elimination
over them (see its docstring); the stopping rules and the time budget's clock are beside it."""


from __future__ import annotations

import dataclasses
import itertools
import math
import time
from dataclasses import dataclass, field
from collections.abc import Callable, Iterable, Sequence

import numpy as np

from ..deal import Deal
from ..heuristics import choose_discard, ranked_discards
from ..games import NULL, Declaration
from ..play import spitze_card
from ..sampling import NoWorld, World, WorldSampler
from ..scoring import SCHNEIDER_ESCAPE, SCHNEIDER_POINTS, WIN_POINTS, matadors, play_outcome
from ..search import layout as K
from ..search.api import Position, Solver, job_rows, position, run_rows
from ..calibration import game_class
from .options import Sampling
from .pickup import OPTION_SHARE
from .results import DeclarationResult, EvaluationError


@dataclass(frozen=True)
class Candidate:
    """A declaration to sample; ``discard`` fixes the skat (else: Hand, or the heuristic discard)."""

    declaration: Declaration
    discard: int | None = None


@dataclass
class Outcome:
    q61: list[bool] = field(default_factory=list)
    q90: list[bool] = field(default_factory=list)
    qall: list[bool] = field(default_factory=list)
    q31: list[bool] = field(default_factory=list)
    qany: list[bool] = field(default_factory=list)
    q90h: list[bool] = field(default_factory=list)      # won, and Schneider reached with the defenders' help
    mats: list[int] = field(default_factory=list)
    ids: list[int] = field(default_factory=list)        # each world's number in the race's draw
    #: lost worlds whose Schneider and Schwarz probes wait (:attr:`Evaluator.defer`): their
    #: index here and the position to probe; q31 and qany hold True for them meanwhile
    pending: dict[int, Position] = field(default_factory=dict)


#: Switch: a lost world's Schneider and Schwarz probes wait until its declaration could matter
#: (off: every world is probed at once, as the race draws it).  The answers are the same.
DEFER_LOST_LEVELS = True


_TOKENS = itertools.count()


class Evaluator:
    """Runs worlds through the solver for a set of candidates (one player's cards)."""

    def __init__(self, cards: int, seat: int, solver: Solver, workers: int = 1):
        self.cards, self.seat, self.solver, self.workers = cards, seat, solver, workers
        self.solves = 0
        self._token = next(_TOKENS)                 # this evaluation's table sessions (:meth:`_run`)
        #: a lost world's Schneider and Schwarz probes (the costliest of a hopeless game) wait until
        #: its declaration could matter (:meth:`resolve`; the race's ``best``, :func:`_settled`)
        self.defer = DEFER_LOST_LEVELS

    def _deal(self, cand: Candidate, w: World) -> Deal:
        hands = list(w.hands)
        decl = cand.declaration
        if cand.discard is not None:                 # twelve cards known, discard fixed
            skat = cand.discard
            hands[self.seat] = self.cards & ~skat
        elif decl.hand:
            skat = w.skat
        else:                                        # pick-up: discard from the twelve cards alone
            twelve = self.cards | w.skat
            skat = choose_discard(twelve, decl.game)
            if decl.spitze and (skat >> spitze_card(decl.game)) & 1:      # a Spitze keeps its card
                skat = next(d for d in ranked_discards(twelve, decl.game) if not (d >> spitze_card(decl.game)) & 1)
            hands[self.seat] = twelve & ~skat
        return Deal(hands, skat, self.seat, decl)

    def _run(self, jobs: list[tuple[Position, int, int]]) -> list[int]:
        """jobs: (position, kernel job, target) -> answers, in one batch.

        Every job of one game kind shares the table with the evaluation's other jobs of that
        kind in the process that solves it (the evaluation's token, :meth:`Solver.stamp_for`: an
        entry bounds the value still to win from a position, whichever world or threshold
        asked), so that the 90 and 31 probes of a world reuse its 61 probe's tree there."""
        if not jobs:
            return []
        out = run_rows(job_rows(jobs), self.workers, self.solver, token=self._token)
        self.solves += len(jobs)
        return [int(x) for x in out]

    def run(self, cands: Sequence[Candidate], worlds: Sequence[World], outcomes: dict) -> None:
        """Solve ``worlds`` for each candidate, appending to ``outcomes[candidate]``.

        Suit and Grand: 61; if made, 90 and then every trick; if not, 31 and
        then a trick at all (else the defenders make him Schwarz).  Null: the
        outcome."""
        pos = {}
        for c in cands:
            for i, w in enumerate(worlds):
                deal = self._deal(c, w)
                pos[(c, i)] = position(deal)
                outcomes[c].mats.append(matadors(deal.hands[self.seat] | deal.skat, c.declaration.game))
        keys = [(c, i) for c in cands for i in range(len(worlds))]
        nulls = [k for k in keys if k[0].declaration.is_null]
        for k, r in zip(nulls, self._run([(pos[k], K.JOB_NULL, 0) for k in nulls])):
            o = outcomes[k[0]]
            o.q61.append(bool(r))
            o.q90.append(False)
            o.qall.append(False)
            o.q31.append(True)
            o.qany.append(not r)
            o.q90h.append(False)

        def reach(ks, points, kept=False, job=K.JOB_AT_LEAST):
            # kept: the Spitze condition too (a Spitze game's win and Schneider need it)
            return self._run([(pos[k], job, points - pos[k].base_points +
                               (K.SPITZE_BONUS if kept and k[0].declaration.spitze else 0)) for k in ks])
        pts = [k for k in keys if not k[0].declaration.is_null]
        r61 = reach(pts, WIN_POINTS, kept=True)
        won = [k for k, r in zip(pts, r61) if r]
        lost = [k for k, r in zip(pts, r61) if not r]
        r90 = dict(zip(won, reach(won, SCHNEIDER_POINTS, kept=True)))
        big = [k for k in won if r90[k]]
        # won short of Schneider: could any play make it?  (the play model may price it only there)
        short = [k for k in won if not r90[k]]
        r90h = dict(zip(short, reach(short, SCHNEIDER_POINTS, kept=True, job=K.JOB_HELPED)))
        rall = dict(zip(big, self._run([(pos[k], K.JOB_ALL_TRICKS, 0) for k in big])))
        r31, rany = ({}, {}) if self.defer else self._lost_levels([pos[k] for k in lost], lost)
        for k, r in zip(pts, r61):
            o = outcomes[k[0]]
            if self.defer and not r:
                o.pending[len(o.q61)] = pos[k]
            o.q61.append(bool(r))
            o.q90.append(bool(r90.get(k, False)))
            o.qall.append(bool(rall.get(k, False)))
            o.q31.append(bool(r31.get(k, True)))
            o.qany.append(bool(rany.get(k, True)))
            o.q90h.append(bool(r90.get(k, False) or r90h.get(k, False)))


    def _lost_levels(self, positions: list[Position], keys: list) -> tuple[dict, dict]:
        """Lost worlds: does the declarer escape Schneider (31), and if not, take a trick at all
        (else the defenders make him Schwarz)?  Two dicts by ``keys``."""
        r31 = dict(zip(keys, self._run([(p, K.JOB_AT_LEAST, SCHNEIDER_ESCAPE - p.base_points) for p in positions])))
        small = [i for i, k in enumerate(keys) if not r31[k]]
        rany = dict(zip([keys[i] for i in small], self._run([(positions[i], K.JOB_ANY_TRICK, 0) for i in small])))
        return r31, rany

    def resolve(self, cands: Iterable[Candidate], outcomes: dict) -> None:
        """Run the waiting Schneider and Schwarz probes of ``cands``' lost worlds, in one batch."""
        keys = [(c, i) for c in cands for i in outcomes[c].pending]
        if not keys:
            return
        r31, rany = self._lost_levels([outcomes[c].pending[i] for c, i in keys], keys)
        for c, i in keys:
            o = outcomes[c]
            o.q31[i] = bool(r31[c, i])
            o.qany[i] = bool(rany.get((c, i), True))
            del o.pending[i]


def result_of(cand: Candidate, o: Outcome, scoring: str, decl: Declaration | None = None) -> DeclarationResult:
    """Raw query outcomes -> per-world facts; ``decl`` may add announcements to the candidate's play."""
    decl = decl or cand.declaration
    won, schneider, schwarz = play_outcome(decl, o.q61, o.q90, o.q31, o.qall, o.qany)
    return DeclarationResult(decl, won, np.array(o.mats, dtype=np.int64), schneider, schwarz, scoring,
                             cand.discard, can_schneider=won & np.array(o.q90h, dtype=bool),
                             worlds=np.array(o.ids, dtype=np.int64) if len(o.ids) == len(o.q61) else None)


#: The levels a waiting lost world may turn out to have, as (escaped Schneider, took a trick):
#: plain lost, lost Schneider, lost Schwarz.
LOST_LEVELS = ((True, True), (False, True), (False, False))


def filled(o: Outcome) -> list[Outcome]:
    """``o`` with its waiting lost worlds given each of :data:`LOST_LEVELS` (``[o]`` where none
    waits)."""
    if not o.pending:
        return [o]
    return [dataclasses.replace(o, q31=[escaped if i in o.pending else v for i, v in enumerate(o.q31)],
                                qany=[took if i in o.pending else v for i, v in enumerate(o.qany)], pending={})
            for escaped, took in LOST_LEVELS]


class Readings:
    """Each solved candidate's results as the race and the settling read them: one per
    :data:`LOST_LEVELS` its waiting lost worlds may turn out to have (:func:`filled`; one where
    none waits, the first being the outcome as it stands), judged by ``judge`` (the play model's
    :func:`calibrate`), and kept while the outcome stays as it is.  Between two rounds the race
    reads every candidate many times, and a kept result keeps its settlements too: made, settled
    and calibrated afresh at every reading, they were a fifth of a bulk ``bid`` row's time.  An
    outcome changes only by growing (a round's worlds) or by its waiting worlds being probed, so
    its worlds and waiting worlds counted name its state."""

    def __init__(self, scoring: str,
                 judge: Callable[[Candidate, DeclarationResult], DeclarationResult] = lambda c, r: r):
        self.scoring, self.judge = scoring, judge
        self._kept: dict[tuple, list[DeclarationResult]] = {}

    def __call__(self, c: Candidate, o: Outcome, decl: Declaration | None = None) -> list[DeclarationResult]:
        """``c``'s results (``decl``: an announcement played as ``c``), judged."""
        key = (c, decl, len(o.q61), len(o.pending))
        got = self._kept.get(key)
        if got is None:
            got = self._kept[key] = [self.judge(c, result_of(c, f, self.scoring, decl)) for f in filled(o)]
        return got


def score_span(results: Sequence[DeclarationResult], bid: int) -> tuple[float, float]:
    """The expected score at ``bid`` whatever the waiting lost worlds' levels, from one result per
    :data:`LOST_LEVELS`: (lowest, highest).  The weights do not depend on those levels (they come
    from the worlds won), so each world's lowest and highest score bound the sum exactly."""
    s = np.array([r._expect(bid, 2) for r in results], dtype=float)
    w = results[0].weights()
    return float(w @ s.min(axis=0)), float(w @ s.max(axis=0))


def shared(c: Candidate) -> Candidate:
    """Null Ouvert plays like Null double-dummy: sample one, share the outcome."""
    d = c.declaration
    return Candidate(Declaration(NULL, hand=d.hand), c.discard) if d.is_null and d.ouvert else c


def _precise(results: list[DeclarationResult], at: int, precision: float) -> bool:
    """Are the leaders' P(win) as precise as ``precision`` (half their 95% interval) as far as
    more worlds can make them (:meth:`DeclarationResult.p_win_sampling_ci`)?  The play model's
    own uncertainty stays in the reported interval; worlds drawn to narrow it would not.  A
    runner-up the leader is surely ahead of (:func:`_ahead`) is out of the question: only the
    leader's P(win) must be precise then."""
    counted = results[:1] if _ahead(results, at) else results
    return max((hi - lo) / 2 for lo, hi in (r.p_win_sampling_ci(at) for r in counted)) <= precision


def _ahead(results: list[DeclarationResult], at: int) -> bool:
    """Is the leader's expected score at the bid above the runner-up's beyond the 95% interval
    of their difference on the worlds both were solved on
    (:meth:`DeclarationResult.expected_gap_ci`; without the worlds' numbers, beyond both
    scores' own intervals)?"""
    if len(results) < 2:
        return False
    gap = results[0].expected_gap_ci(results[1], at)
    if gap is not None:
        return gap[0] > 0
    return results[0].expected_score_ci(at)[0] > results[1].expected_score_ci(at)[1]


def _pass_settled(results: list[DeclarationResult], at: int) -> bool:
    """Is pass settled?  Every leader's expected score at the bid is below 0 beyond its 95%
    interval: none of them pays, whichever would lose less, so ranking them is not worth more
    worlds."""
    return len(results) >= 2 and all(r.expected_score_ci(at)[1] < 0 for r in results)


def _decided(results: list[DeclarationResult], at: int) -> bool:
    """Is the advice clear already?  The leader's expected score at the bid is above the
    runner-up's beyond the 95% interval of their difference on the worlds both were solved on
    (:meth:`DeclarationResult.expected_gap_ci`; without the worlds' numbers, beyond both
    scores' own intervals), and its own interval excludes 0 (bid or pass is settled); more
    worlds would only narrow numbers that change nothing."""
    if len(results) < 2:
        return False
    lo1, hi1 = results[0].expected_score_ci(at)
    return _ahead(results, at) and (lo1 > 0 or hi1 < 0)


class _Clock:
    """The time budget of one evaluation: a round of worlds starts only if the last round's cost
    per world says it ends within ``budget`` seconds (None: no budget)."""

    def __init__(self, budget: float | None):
        self.t0, self.budget = time.perf_counter(), budget
        self.per_world = 0.0                        # seconds a world cost each candidate, last round
        self.last = 0                               # candidates in the last round

    def run(self, ev: "Evaluator", cands: list, worlds: list, outcomes: dict) -> None:
        t = time.perf_counter()
        ev.run(cands, worlds, outcomes)
        self.per_world = (time.perf_counter() - t) / max(len(worlds), 1)
        self.last = len(cands)

    def worlds_that_fit(self, n: int, cands: int) -> int:
        """How many of ``n`` more worlds for ``cands`` candidates end within the budget.  A
        smaller set of candidates is assumed to cost at least three quarters of the last round's
        (the ones kept are the close, expensive games)."""
        if self.budget is None:
            return n
        left = self.budget - (time.perf_counter() - self.t0)
        cost = self.per_world * max(cands / max(self.last, 1), 0.75)
        return n if cost <= 0 else max(0, min(n, int(left / cost)))


#: The fewest worlds a round adds after the first one (smaller rounds are not worth starting).
MIN_ROUND = 2


class Race:
    """Racing (successive elimination) over the declarations, each reported with its own count
    (:meth:`run`):

    1. every candidate is solved on the same worlds: the whole first batch, or its first half
       (at least four worlds) when ``contenders`` is set;
    2. the ``contenders`` best by expected score at ``at`` get the rest of the first batch,
       among those still in the race (successive elimination: a candidate whose 95% interval
       lies below the leader's is out);
    3. the ``leaders`` best get ``batch`` more at a time until their P(win) is within
       ``precision`` (None: never) or the advice is :func:`_decided` or :func:`_pass_settled`
       (``decide`` False: never; the user asked for ``samples`` worlds, :meth:`Sampling.asked`);
    4. every pick-up declaration is solved on the leading pick-up declaration's first
       ``option_worlds`` worlds it lacks, apart from its own numbers (:meth:`option_round`).

    ``budget``: no round starts that the last round's cost says would end after ``budget``
    seconds (phase 1 always runs; the intervals reported say how far it got).  ``read``: how a
    candidate's results are read for the race (:class:`Readings`, judged by the play model's
    :func:`calibrate`), so the race ranks as the advice will."""

    def __init__(self, ev: Evaluator, cands: list[Candidate], sampler: WorldSampler, at: int,
                 sampling: Sampling, *, read: Readings, progress: Callable[[int, int], None] | None = None):
        self.ev, self.sampler, self.at, self.sampling = ev, sampler, at, sampling
        self.read, self.progress = read, progress
        self.clock = _Clock(sampling.budget)
        self.solved = list(dict.fromkeys(shared(c) for c in cands))
        self.outcomes: dict[Candidate, Outcome] = {c: Outcome() for c in self.solved}
        self.drawn = 0                      # worlds drawn so far: the next round's worlds are numbered from here
        self.total = 0                      # worlds the leaders have
        self.worlds: list[World] = []       # every world drawn, by its number
        #: the pick-up declarations on the worlds the option's round added (:meth:`option_round`)
        self.option_outcomes: dict[Candidate, Outcome] = {}

    def _round(self, cs: list[Candidate], n: int) -> None:
        """``n`` more worlds for ``cs``: every candidate of a round gets the same worlds,
        numbered, so results pair on them."""
        worlds = _draw(self.sampler, n)
        self.clock.run(self.ev, cs, worlds, self.outcomes)
        for c in cs:
            self.outcomes[c].ids.extend(range(self.drawn, self.drawn + len(worlds)))
        self.drawn += len(worlds)
        self.worlds.extend(worlds)
        self.total += n
        if self.progress:
            self.progress(self.total, self.sampling.samples)

    def result(self, c: Candidate) -> DeclarationResult:
        return self.read(c, self.outcomes[c])[0]

    def span(self, c: Candidate) -> tuple[float, float]:
        o = self.outcomes[c]
        if not o.pending:
            e = self.result(c).expected_score(self.at)
            return e, e
        return score_span(self.read(c, o), self.at)

    def best(self, k: int, pool: list[Candidate] | None = None) -> list[Candidate]:
        """The ``k`` best of ``pool`` (default: every candidate) by expected score.  A candidate
        with waiting lost worlds is resolved when, at its best, it could be among the k: the k
        returned are ranked on exact scores, as if nothing had waited."""
        pool = self.solved if pool is None else pool
        while True:
            spans = {c: self.span(c) for c in pool}
            kth = sorted((lo for lo, _ in spans.values()), reverse=True)[min(k, len(pool)) - 1]
            need = [c for c in pool if self.outcomes[c].pending and spans[c][1] >= kth]
            if not need:
                break
            self.ev.resolve(need, self.outcomes)
        results = {c: self.result(c) for c in pool}
        return sorted(pool, key=lambda c: -results[c].expected_score(self.at) if not self.outcomes[c].pending
                      else math.inf)[:k]

    def reaches(self, c: Candidate, floor: float) -> bool:
        """Does the upper end of ``c``'s 95% interval on the expected score reach ``floor``?  Its
        waiting lost worlds are resolved where their levels decide it, so the answer is the one
        every world probed at once would give."""
        ups = [r.expected_score_ci(self.at)[1] for r in self.read(c, self.outcomes[c])]
        if self.outcomes[c].pending and min(ups) < floor <= max(ups):
            self.ev.resolve([c], self.outcomes)
            ups = [self.result(c).expected_score_ci(self.at)[1]]
        return max(ups) >= floor

    def run(self, option_round: bool = True) -> tuple[dict[Candidate, Outcome], int, str]:
        """The race: the outcomes, the worlds solved and what stopped the sampling (:data:`STOPPED`);
        ``option_round``: it ends with :meth:`option_round` (else the caller may ask it after)."""
        sp, at = self.sampling, self.at
        first = min(sp.first_batch, sp.samples)
        contenders = sp.contenders
        half = first if contenders is None or contenders >= len(self.solved) else min(first, max(4, first // 2))
        self._round(self.solved, half)
        if self.total < first and contenders is not None:      # phase 2: the contenders
            # out of the race: a candidate whose interval lies below the leader's
            leader = self.best(1)[0]
            floor = self.result(leader).expected_score_ci(at)[0]
            kept = self.best(contenders, [c for c in self.solved if c == leader or self.reaches(c, floor)])
            n = self.clock.worlds_that_fit(first - self.total, len(kept))
            if n >= MIN_ROUND:
                self._round(kept, n)
            if self.total < first:                              # the budget is spent
                return self.outcomes, self.total, "budget"
        stopped = "samples" if sp.decide else "asked"
        while self.total < sp.samples:                          # phase 3: the leaders
            lead = self.best(sp.leaders)
            results = [self.result(c) for c in lead]
            if sp.precision is not None and _precise(results, at, sp.precision):
                stopped = "precision"
                break
            if sp.decide and _pass_settled(results, at):
                stopped = "pass"
                break
            if sp.decide and _decided(results, at):
                stopped = "decided"
                break
            n = self.clock.worlds_that_fit(min(sp.batch, sp.samples - self.total), len(lead))
            if n < MIN_ROUND:
                stopped = "budget"
                break
            self._round(lead, n)
        if option_round:
            self.option_round()
        return self.outcomes, self.total, stopped

    def option_round(self) -> None:
        """Phase 4: every pick-up declaration solved on the first ``option_worlds`` worlds of the
        leading pick-up declaration that it lacks (where the budget leaves them all, and the
        leader's game class takes a share of the gap, :data:`~.pickup.OPTION_SHARE`), kept apart in
        :attr:`option_outcomes` (each its race outcome and those worlds): the pick-up's option
        compares them world by world there (:class:`~solver.advice.pickup.PickupOption`), while
        the declarations' own numbers stay the race's."""
        pickups = [c for c in self.solved if not c.declaration.hand and c.discard is None]
        if self.sampling.option_worlds <= 0 or len(pickups) < 2:
            return
        lead = self.best(1, pickups)[0]
        if not OPTION_SHARE.get(game_class(lead.declaration), 0.0):
            return                          # the option takes none of the gap: nothing to pair
        target = self.outcomes[lead].ids[:self.sampling.option_worlds]
        lacking: dict[tuple[int, ...], list[Candidate]] = {}
        for c in pickups:
            have = set(self.outcomes[c].ids)
            lacking.setdefault(tuple(i for i in target if i not in have), []).append(c)
        if not any(lacking):
            return
        if any(self.clock.worlds_that_fit(len(ids), len(cs)) < len(ids) for ids, cs in lacking.items()):
            return
        extra = {c: _copy(self.outcomes[c]) for c in pickups}
        for ids, cs in lacking.items():
            if ids:
                self.clock.run(self.ev, cs, [self.worlds[i] for i in ids], extra)
                for c in cs:
                    extra[c].ids.extend(ids)
        self.option_outcomes = extra


def _copy(o: Outcome) -> Outcome:
    """An outcome's own copy (its lists and waiting probes), to be extended apart."""
    new = Outcome()
    for f in dataclasses.fields(o):
        v = getattr(o, f.name)
        setattr(new, f.name, dict(v) if isinstance(v, dict) else list(v))
    return new


def _draw(sampler: WorldSampler, n: int) -> list[World]:
    """``n`` worlds of the race; worlds that cannot be drawn (an auction no world explains) are
    an :class:`EvaluationError` saying so."""
    try:
        return sampler.draw(n)
    except NoWorld as e:
        raise EvaluationError(str(e)) from None


