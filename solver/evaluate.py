"""Hand evaluation and bid advice by Monte Carlo over double-dummy solves.

"Should these ten cards bid 27?"  :func:`evaluate_hand` samples the hidden
cards (the two other hands and the skat) uniformly and reproducibly, solves
every sampled world double-dummy for every declaration the hand could make,
and reports per declaration the probability of winning with its 95% (Wilson)
interval, the expected score at the bid, the distribution of the game value
and the highest bid with a positive expectation (or a wanted win rate).

How each world is scored:

* the game value is computed per world: matadors count the skat (a Hand
  game "with 2" may turn out "with 3", "without 2" may become "with 1" and be
  overbid), and Schneider/Schwarz reached add their levels;
* a suit or Grand game is solved with threshold queries (61, then 90 and
  every trick when 61 is made, else 31), a Null game for its outcome;
* **pick-up games do not peek**: after seeing the skat the declarer chooses
  his discard from his twelve cards alone, by :func:`choose_discard` (a fixed
  heuristic: bank points, make voids, keep aces and trumps; in Null, shed the
  cards that would be caught), never by looking at the defenders' sampled
  hands.  ``benchmarks/bench_bid_quality.py`` measures how much the
  clairvoyant shortcut (the best discard for the actual world) would
  overstate P(win).  Double-dummy play also lets the defenders see every card,
  which understates Null and overstates the defence in general.

Sampling is adaptive, a race in which declarations drop out: half a first
batch for every declaration, the rest of it for the four best, then more
worlds for the two leading ones until their interval is within
``precision`` (default ±5 points of probability; the part of it that more
worlds narrow: the play model's own uncertainty is not), the advice is clear or
``samples`` is reached.  The plan depends on the cards, the options and the
seed alone, so the answer is the same on any machine, under any load and on
any number of processes; only a time ``budget``, when asked for, lets the
clock stop it (``stopped_by`` says what stopped it).  Each declaration's
interval is from its own worlds.
"""

from __future__ import annotations

import dataclasses
import itertools
import math
import time
from typing import Any
from dataclasses import dataclass, field
from collections.abc import Callable, Iterable, Sequence

import numpy as np

from .bidding import auction_record, parse_calls
from .calibration import PlayModel, default_model, game_class, hand_features
from .cards import card_list, popcount
from .deal import Deal
from .heuristics import choose_discard, ranked_discards
from .games import (BASE_VALUES, GAME_NAMES, GAMES, GRAND, NULL, SEATS, SUIT_GAMES, Declaration, DeclarationError,
                    parse_seat)
from .play import spitze_card
from .sampling import NoWorld, World, WorldSampler
from .scoring import (BID_LADDER, SCHNEIDER_ESCAPE, SCHNEIDER_POINTS, WIN_POINTS, check_bid, game_value, matadors,
                      play_outcome, settle)
from .search import layout as K
from .search.api import Position, Solver, default_solver, job_rows, position, run_rows

from .scoring import SCORINGS
from .stats import Z95, wilson


class EvaluationError(ValueError):
    """Bad input to the evaluator (wrong number of cards, unknown seat, bid off the ladder)."""


# ------------------------------------------------------------------ results

#: ``flipped`` for a world whose outcome (won or lost) is flipped by the play model
#: (:meth:`DeclarationResult.outcome_flip`), beside False (as the worlds have it) and True (its
#: Schneider flipped).
OUTCOME = "outcome"


@dataclass
class DeclarationResult:
    """What the samples say about one declaration (with its discard, for ``declare``)."""

    declaration: Declaration
    won: np.ndarray = field(repr=False)          # per world: won by play (points/tricks)
    mats: np.ndarray = field(repr=False)         # per world: matadors (the skat counts)
    schneider: np.ndarray = field(repr=False)    # per world: Schneider reached (either side)
    schwarz: np.ndarray = field(repr=False)      # per world: Schwarz reached (either side)
    scoring: str = "simple"
    discard: int | None = None                   # a fixed discard (skat declare), else None
    played: tuple[float, float, float] | None = None   # the play model's P(win by play) and its 95% interval
    played_schneider: float | None = None        # the play model's P(Schneider | won by play), trump games
    #: what the played-out P(win) rests on (:meth:`solver.calibration.PlayModel.evidence_for`)
    evidence: dict | None = None
    #: the play model's P(win) at the two ends of the double-dummy rate's interval: the part of
    #: :attr:`played`'s interval that more worlds narrow (the rest is the model's own uncertainty)
    played_sampling: tuple[float, float] | None = None
    #: per world: won, and some play reaches Schneider (double-dummy, or the defenders helping:
    #: ``JOB_HELPED``); None: not asked (every won world counts as open)
    can_schneider: np.ndarray | None = field(default=None, repr=False)
    #: per world: its number in the evaluation's draw (the race solves every candidate of a round
    #: on the same worlds, so two results are paired on the numbers they share); None: unknown
    worlds: np.ndarray | None = field(default=None, repr=False)

    def __post_init__(self) -> None:
        self._settled: dict[tuple[int, bool], tuple] = {}
        self._w: np.ndarray | None = None
        self._f: np.ndarray | None = None
        self._means: dict[tuple, float] = {}

    @property
    def calibrated(self) -> bool:
        """Is P(win) the played-out one?  Where the play model priced the declaration (not
        without a model, or for a game it does not cover), the worlds won in some and lost in
        others reweighted to it, or -- where every world (or none) is won -- each world's outcome
        flipped with the model's chance (:meth:`outcome_flip`)."""
        return self.played is not None and self.won.size > 0

    @property
    def at_an_end(self) -> bool:
        """Were the declaration's worlds all won, or all lost, double-dummy?"""
        k = int(self.won.sum())
        return k == 0 or k == self.won.size

    def outcome_flip(self) -> float:
        """For a declaration won (or lost) in every world, with the play model: each world's chance
        to go the other way in play -- the played-out P(win) where all were lost, 1 - P(win)
        where all were won (a flipped world is won or lost plainly, no Schneider); 0 elsewhere."""
        if not self.calibrated or not self.at_an_end or self.played is None:
            return 0.0
        return self.played[0] if not self.won.any() else 1.0 - self.played[0]

    def weights(self) -> np.ndarray:
        """Each world's weight: won worlds share the played-out P(win), lost ones the rest (the
        value of a won or lost game stays as the worlds have it); uniform without a model, and
        for a declaration won or lost in every world (its outcome flips instead,
        :meth:`outcome_flip`)."""
        if self._w is None:
            n = self.won.size
            if not self.calibrated or self.played is None or self.at_an_end:
                self._w = np.full(n, 1.0 / max(n, 1))
            else:
                p = self.played[0]
                k = int(self.won.sum())
                self._w = np.where(self.won, p / k, (1 - p) / (n - k))
        return self._w

    def schneider_flips(self) -> np.ndarray:
        """Per world: the chance it is settled with its Schneider flipped (:meth:`_settle`).  With
        the play model's P(Schneider | won) ``q`` against the won worlds' share ``d``: for q > d
        each won world without Schneider *that some play can still make Schneider*
        (:attr:`can_schneider`: where even the defenders' help leaves them 31 points, no play
        does) gains it with chance (q - d) / (r - d), r the share of won worlds where Schneider
        is possible at all (so P(Schneider | won) never exceeds r); for q < d each won with
        Schneider (or Schwarz) loses it with chance 1 - q / d, so the won worlds reach Schneider
        in q of cases (at most r) with the least change to any one of them; zeros without a
        model.  Hands won in every world are repriced too (their won worlds' Schneider share
        says as little about play as anyone's)."""
        if self._f is None:
            self._f = np.zeros(self.won.size)
            if self.played_schneider is not None and self.won.any():
                q = self.played_schneider
                won = float(self.won.sum())
                d = float((self.won & self.schneider).sum()) / won
                if q > d:
                    gain = self.won & ~self.schneider & self._schneider_open
                    r = d + float(gain.sum()) / won
                    if r > d:
                        self._f = np.where(gain, min(1.0, (q - d) / (r - d)), 0.0)
                elif q < d:
                    self._f = np.where(self.won & self.schneider, 1 - q / d, 0.0)
        return self._f

    def _average(self, x: np.ndarray) -> float:
        """The worlds' weighted mean (a plain mean where they are not reweighted: exact, no
        rounding for a game won in every world)."""
        return float(self.weights() @ x) if self.calibrated else float(np.mean(x))

    def _mean(self, bid: int, part: int) -> float:
        """The weighted mean of :meth:`_expect` (kept: the bid ladder asks for it many times)."""
        if (bid, part) not in self._means:
            self._means[bid, part] = self._average(self._expect(bid, part))
        return self._means[bid, part]

    def _blend(self, of: Callable[[Any], np.ndarray]) -> np.ndarray:
        """Per world: ``of(False)``, or ``of(True)`` (its Schneider flipped) with
        :meth:`schneider_flips`' chance; and where every world is won or lost, ``of(OUTCOME)``
        (its outcome flipped) with :meth:`outcome_flip`'s."""
        a = self._schneider_blend(of)
        q = self.outcome_flip()
        if q > 0:
            a = (1 - q) * a + q * of(OUTCOME)
        return a

    def _schneider_blend(self, of: Callable[[Any], np.ndarray]) -> np.ndarray:
        """Per world: ``of(False)``, or ``of(True)`` with :meth:`schneider_flips`' chance."""
        a = of(False)
        f = self.schneider_flips()
        return (1 - f) * a + f * of(True) if f.any() else a

    def _expect(self, bid: int, part: int) -> np.ndarray:
        """Per world: part ``part`` of the settlement (0 won, 2 score), Schneider flips blended."""
        return self._blend(lambda flipped: self._settle(bid, flipped)[part])

    def _levels(self, flipped: Any) -> tuple[np.ndarray, np.ndarray]:
        """Per world: (Schneider, Schwarz) reached; ``flipped``: each won world with Schneider if
        it had none, and without Schneider or Schwarz if it had them; :data:`OUTCOME`: none (a
        world whose outcome flipped is won or lost plainly)."""
        if flipped is OUTCOME:
            none = np.zeros(self.won.shape, dtype=bool)
            return none, none
        if not flipped:
            return self.schneider, self.schwarz
        return np.where(self.won, ~self.schneider, self.schneider), np.where(self.won, False, self.schwarz)

    @property
    def pickup(self) -> bool:
        return not self.declaration.hand

    @property
    def samples(self) -> int:
        return int(self.won.size)

    @property
    def value(self) -> np.ndarray:
        """Per world: the game value as played (before any overbid)."""
        return self._values(False)

    def _values(self, flipped: Any) -> np.ndarray:
        """Per world: the game value with the Schneider levels :meth:`_levels` gives."""
        v = game_value(self.declaration, self.mats, *self._levels(flipped))
        return np.broadcast_to(np.asarray(v, dtype=np.int64), self.won.shape)

    def _settle(self, bid: int, flipped: Any = False) -> tuple:
        """:func:`~solver.scoring.settle` over the worlds, their Schneider as :meth:`_levels` has it
        (:data:`OUTCOME`: each world's outcome flipped)."""
        if (bid, flipped) not in self._settled:
            won = ~self.won if flipped is OUTCOME else self.won
            self._settled[bid, flipped] = settle(self.declaration, self.mats, won, *self._levels(flipped), bid,
                                                 self.scoring)
        return self._settled[bid, flipped]

    def scores_at(self, bid: int) -> np.ndarray:
        """Each world's settlement for the declarer at ``bid`` (:func:`~solver.scoring.settle`)."""
        return self._settle(bid)[2]

    def wins_at(self, bid: int) -> np.ndarray:
        return self._settle(bid)[0]

    def p_win(self, bid: int = 18) -> float:
        """P(win) at ``bid``: played out when the play model calibrates it, else double-dummy."""
        if not self.samples:
            return 0.0
        return self._mean(bid, 0)

    def p_schneider(self, bid: int = 18) -> float:
        """P(won with Schneider or Schwarz) at ``bid``: played out when the play model calibrates
        it (:meth:`schneider_flips`), else double-dummy."""
        if not self.samples or self.declaration.is_null:
            return 0.0
        return self._average(self._blend(lambda flipped: self._settle(bid, flipped)[0] & self._levels(flipped)[0]))

    def p_schneider_dd(self, bid: int = 18) -> float:
        """The share of worlds won with Schneider double-dummy at ``bid``."""
        if not self.samples or self.declaration.is_null:
            return 0.0
        return float((self.wins_at(bid) & self.schneider).mean())

    def p_schneider_possible(self) -> float:
        """The share of worlds, weighed as :meth:`p_win` weighs them, won by play and where some
        play reaches Schneider (:attr:`can_schneider`): :meth:`p_schneider` never exceeds it, at
        any bid."""
        if not self.samples or self.declaration.is_null:
            return 0.0
        return self._average(self._schneider_open.astype(float))

    @property
    def _schneider_open(self) -> np.ndarray:
        """Per world: won, and Schneider within reach of some play (:attr:`can_schneider`; not
        asked: every won world)."""
        return self.won if self.can_schneider is None else self.can_schneider

    def p_win_dd(self, bid: int = 18) -> float:
        """The share of worlds won double-dummy at ``bid``."""
        return float(self.wins_at(bid).mean()) if self.samples else 0.0

    def p_win_ci(self, bid: int = 18) -> tuple[float, float]:
        """95% interval on :meth:`p_win`: the play model's (its coefficients' uncertainty over the
        double-dummy rate's interval, :func:`calibrate`), scaled by the
        share of won worlds the bid leaves won; else Wilson's over the worlds (widened to hold
        :meth:`p_win` where a repriced Schneider moves it)."""
        p = self.p_win(bid)
        if not self.calibrated or self.played is None:
            lo, hi = self.p_win_dd_ci(bid)
        else:
            p18, lo, hi = self.played
            keep = p / p18 if p18 > 0 else 0.0
            lo, hi = lo * keep, min(1.0, hi * keep)
        return (min(lo, p), max(hi, p))             # the estimate always inside its own interval

    def p_win_sampling_ci(self, bid: int = 18) -> tuple[float, float]:
        """The part of :meth:`p_win_ci` that more worlds narrow: the play model's P(win) at the
        ends of the double-dummy rate's interval, without the model's own uncertainty (which no
        number of worlds reduces); Wilson's over the worlds where the model does not calibrate."""
        if not self.calibrated or self.played is None or self.played_sampling is None:
            return self.p_win_ci(bid)
        p = self.p_win(bid)
        keep = p / self.played[0] if self.played[0] > 0 else 0.0
        lo, hi = self.played_sampling[0] * keep, min(1.0, self.played_sampling[1] * keep)
        return (min(lo, p), max(hi, p))

    def p_win_dd_ci(self, bid: int = 18) -> tuple[float, float]:
        return wilson(int(self.wins_at(bid).sum()), self.samples)

    def expected_score(self, bid: int = 18) -> float:
        if not self.samples:
            return 0.0
        return self._mean(bid, 2)

    def score_range(self, bid: int = 18) -> tuple[int, int]:
        """The lowest and the highest settlement any sampled world gives at ``bid`` (a world's
        Schneider flipped by the play model included): :meth:`expected_score` lies between."""
        if not self.samples:
            return (0, 0)
        f = self.schneider_flips() > 0
        scores = [self._settle(bid, False)[2]] + ([self._settle(bid, True)[2][f]] if f.any() else []) \
            + ([self._settle(bid, OUTCOME)[2]] if self.outcome_flip() > 0 else [])
        return (int(min(int(np.min(x)) for x in scores)), int(max(int(np.max(x)) for x in scores)))

    def expected_score_ci(self, bid: int = 18) -> tuple[float, float]:
        """A 95% interval on the expected score: the spread of the weighted worlds (normal
        approximation, with their effective number) and, where P(win) is played out, the play
        model's own uncertainty (:meth:`model_score_half`), added in quadrature."""
        s = self._expect(bid, 2).astype(float)
        if s.size < 2:
            return (-math.inf, math.inf)
        w = self.weights()
        m = float(w @ s)
        var = float(w @ (s - m) ** 2) * s.size / (s.size - 1)
        n_eff = 1.0 / float(w @ w)
        half = math.hypot(Z95 * math.sqrt(var / n_eff), self.model_score_half(bid))
        return (m - half, m + half)

    def won_lost_scores(self, bid: int = 18) -> tuple[float, float] | None:
        """The expected settlement at ``bid`` of the game won and of the game lost, as the advice
        weighs the worlds: its expected score is P(win) x the one + (1 - P(win)) x the other
        (None without a play model).  Where every world is won or lost, the other outcome is the
        worlds' flipped one (:meth:`outcome_flip`)."""
        if not self.calibrated or self.played is None:
            return None
        actual = self._schneider_blend(lambda flipped: self._settle(bid, flipped)[2]).astype(float)
        if not self.at_an_end:
            return float(actual[self.won].mean()), float(actual[~self.won].mean())
        flipped = self._settle(bid, OUTCOME)[2].astype(float)
        if self.won.all():
            return float(np.mean(actual)), float(np.mean(flipped))
        return float(np.mean(flipped)), float(np.mean(actual))

    def model_score_half(self, bid: int = 18) -> float:
        """Half the spread of the expected score over the play model's 95% interval on P(win)
        (:attr:`played`): the score is linear in P(win), between the won and the lost game's
        (:meth:`won_lost_scores`); 0 without a model."""
        wl = self.won_lost_scores(bid)
        if wl is None or self.played is None:
            return 0.0
        return abs(wl[0] - wl[1]) * (self.played[2] - self.played[1]) / 2

    def expected_gap_ci(self, other: "DeclarationResult", bid: int = 18) -> tuple[float, float] | None:
        """A 95% interval on this expected score minus ``other``'s, **paired** on the worlds both
        were solved on (common random numbers: where both games win or lose together, as a
        suit game and its Hand game mostly do, the difference is far surer than either score);
        None where the results do not say which worlds they were solved on, or share fewer than
        two.  Each world counts its weighted score (:meth:`weights`, times the number of worlds,
        so that their mean is :meth:`expected_score`)."""
        if self.worlds is None or other.worlds is None:
            return None
        _, ia, ib = np.intersect1d(self.worlds, other.worlds, assume_unique=True, return_indices=True)
        if ia.size < 2:
            return None
        va = self.samples * self.weights()[ia] * self._expect(bid, 2)[ia].astype(float)
        vb = other.samples * other.weights()[ib] * other._expect(bid, 2)[ib].astype(float)
        half = Z95 * math.sqrt(float(np.var(va - vb, ddof=1)) / ia.size)
        gap = self.expected_score(bid) - other.expected_score(bid)
        return gap - half, gap + half

    def top_value(self) -> int:
        """The highest game value this declaration reaches in any sampled world, with the
        Schneider level the play model may add (:meth:`schneider_flips`); a bid above it is
        overbid in every world."""
        v = int(self.value.max(initial=0))
        f = self.schneider_flips() > 0
        return v if self.declaration.is_null or not f.any() else max(v, int(self._values(True)[f].max()))

    def overbid_at(self, bid: int) -> bool:
        """Is ``bid`` above everything this declaration can be worth (so it is lost whatever the
        cards do)?"""
        return self.samples > 0 and bid > self.top_value()

    def max_bid(self, min_win: float | None = None) -> int | None:
        """The highest ladder bid with a positive expected score (or P(win) >= min_win)."""
        best = None
        # above every world's value, one Schneider level added (:meth:`schneider_flips`), every
        # world is overbid and lost: no higher bid can qualify
        top = int(self.value.max(initial=0)) + (0 if self.declaration.is_null else BASE_VALUES[self.declaration.game])
        for b in BID_LADDER:
            if b > top and (min_win is None or min_win > 0):
                break
            ok = self.p_win(b) >= min_win if min_win is not None else self.expected_score(b) > 0
            if ok:
                best = b
        return best

    def value_distribution(self) -> dict[int, float]:
        """The game value as played (before any overbid): each value's share, weighed as
        :meth:`p_win` weighs the worlds (the play model's won and lost shares, a won world's
        repriced Schneider at its :meth:`schneider_flips` chance, a world whose outcome flips at
        :meth:`outcome_flip`'s, plainly); the worlds' own shares where the model does not
        calibrate the declaration."""
        if not self.samples:
            return {}
        w, f, q = self.weights(), self.schneider_flips(), self.outcome_flip()
        vals, at = np.unique(np.concatenate([self._values(False), self._values(True), self._values(OUTCOME)]),
                             return_inverse=True)
        mass = np.bincount(at, weights=np.concatenate([(1 - q) * w * (1 - f), (1 - q) * w * f, q * w]),
                           minlength=vals.size)
        return {int(v): round(float(m), 4) for v, m in zip(vals, mass) if m > 0}

    def to_dict(self, bid: int, min_win: float | None = None) -> dict:
        d = self.declaration
        lo, hi = self.p_win_ci(bid)
        out = {"game": GAME_NAMES[d.game], "hand": d.hand, "schneider": d.schneider, "schwarz": d.schwarz,
               "ouvert": d.ouvert, "name": d.name + ("" if d.hand or self.discard is not None else " (pick-up)"),
               "p_win": round(self.p_win(bid), 4), "p_win_ci": [round(lo, 4), round(hi, 4)],
               "p_win_dd": round(self.p_win_dd(bid), 4),
               "p_win_dd_ci": [round(x, 4) for x in self.p_win_dd_ci(bid)], "played_out": self.calibrated,
               "evidence": self.evidence if self.calibrated else None,
               "p_schneider": round(self.p_schneider(bid), 4), "p_schneider_dd": round(self.p_schneider_dd(bid), 4),
               "p_schneider_possible": round(self.p_schneider_possible(), 4),
               "expected_score": round(self.expected_score(bid), 2), "max_bid": self.max_bid(min_win),
               "samples": self.samples, "values": self.value_distribution()}
        if self.overbid_at(bid):
            out["overbid"] = {"bid": bid, "worth": self.top_value()}
        if self.discard is not None:
            out["discard"] = card_list(self.discard)
        return out


@dataclass
class HandEvaluation:
    """The answer for one hand (``skat bid``) or one pick-up (``skat declare``)."""

    cards: int
    seat: int
    bid: int | None
    declarations: list[DeclarationResult]
    scoring: str
    min_win: float | None
    samples: int
    seed: int
    solves: int
    seconds: float
    model: dict | None = None          # the play model's provenance, when P(win) is played out
    stopped: str = "samples"           # what stopped the sampling (a key of STOPPED)
    budget: float | None = None        # the time budget asked for (None: none; the answer is the seed's alone)
    auction: list[tuple[int, str]] = field(default_factory=list)   # the calls the worlds were drawn by
    acceptance: float | None = None    # with an auction: the share of uniform worlds its calls kept

    @property
    def at(self) -> int:
        return self.bid if self.bid is not None else 18

    def rescored(self, scoring: str) -> "HandEvaluation":
        """The same worlds and outcomes settled under another scoring (no new solving)."""
        if scoring == self.scoring:
            return self
        cache = self.__dict__.setdefault("_rescored", {})
        if scoring not in cache:
            cache[scoring] = dataclasses.replace(self, scoring=scoring, declarations=[
                dataclasses.replace(r, scoring=scoring) for r in self.declarations])
        return cache[scoring]

    def calibrated_with(self, model: "PlayModel | None", cards10: int | None = None) -> "HandEvaluation":
        """A copy whose declarations carry ``model``'s played-out P(win) (see
        :meth:`DeclarationResult.weights`); ``cards10``: the ten cards the features describe
        (after a pick-up, the ten kept).  None: this evaluation as it is."""
        if model is None:
            return self
        out = []
        for r in self.declarations:
            ten = cards10 if cards10 is not None else (self.cards & ~r.discard if r.discard is not None
                                                       else self.cards)
            out.append(calibrate(r, ten, self.seat, model))
        return dataclasses.replace(self, declarations=out, model=model.about)

    def ranked(self) -> list[DeclarationResult]:
        return sorted(self.declarations, key=lambda r: -r.expected_score(self.at))

    @property
    def recommended(self) -> DeclarationResult:
        return self.ranked()[0]

    @property
    def safe_bid(self) -> int | None:
        """The highest bid at which the recommended declaration still pays: a positive expected
        score there, or ``min_win`` (None: it pays at no bid)."""
        return self.recommended.max_bid(self.min_win)

    @property
    def highest_bid(self) -> tuple[int | None, DeclarationResult | None]:
        """The highest bid at which any declaration still pays, with that declaration (the
        computer players bid up to it, then choose their game at the bid they get)."""
        best: tuple[int | None, DeclarationResult | None] = (None, None)
        for r in self.ranked():
            b = r.max_bid(self.min_win)
            if b is not None and (best[0] is None or b > best[0]):
                best = (b, r)
        return best

    def name_of(self, r: DeclarationResult) -> str:
        """A declaration as the advice names it ("hearts (pick-up)", "grand hand")."""
        return str(r.to_dict(self.at, self.min_win)["name"])

    def advice(self) -> dict:
        """One answer to "bid ``at``?": ``yes`` (the best declaration expects to gain there),
        ``no`` (it expects to lose, and the samples are sure of it) or ``borderline`` (the 95%
        interval of the expected score straddles zero: more samples or a coin decide), with
        the highest bid at which that declaration still pays (``up_to``, ``up_to_declaration``;
        None: pass), ``higher``: a bid another declaration pays beyond it and at least the
        asked bid (``{"bid", "declaration"}``, else None), and ``evidence``: what its played-out
        P(win) rests on (:meth:`~solver.calibration.PlayModel.evidence_for`, with its ``text``)."""
        r = self.recommended
        up = self.safe_bid
        top, top_r = self.highest_bid
        higher = None
        if top is not None and top_r is not None and top_r is not r and top >= self.at and (up is None or top > up):
            higher = {"bid": top, "declaration": self.name_of(top_r)}
        e = r.expected_score(self.at)
        lo, hi = r.expected_score_ci(self.at)
        if self.min_win is not None:
            plo, phi = r.p_win_ci(self.at)
            verdict = "yes" if plo >= self.min_win else "no" if phi < self.min_win else "borderline"
        else:
            verdict = "yes" if lo > 0 else "no" if hi < 0 else "borderline"
        return {"verdict": verdict, "bid": self.at, "declaration": self.name_of(r),
                "expected_score": round(e, 2), "expected_score_ci": [round(lo, 2), round(hi, 2)],
                "up_to": up, "up_to_declaration": self.name_of(r) if up is not None else None, "higher": higher,
                "evidence": r.evidence if r.calibrated else None}

    @property
    def p_win_basis(self) -> str:
        """What P(win) is: double-dummy, or played out by the play model; after the pick-up, by
        its models of the ten cards kept (a model fitted before those existed prices them as ten
        cards before the pick-up)."""
        if not self.model:
            return "double-dummy"
        if popcount(self.cards) == 10:
            return "played out (solver/data/bid_model.json)"
        if self.model.get("declare_hands"):
            return "played out after the pick-up (solver/data/bid_model.json, the kept cards' models)"
        return "played out, the kept cards priced as cards before the pick-up (an older play model)"

    def to_dict(self) -> dict:
        return {"cards": card_list(self.cards), "seat": SEATS[self.seat], "bid": self.bid,
                "advice": self.advice(),
                "scoring": self.scoring,
                "declarations": [r.to_dict(self.at, self.min_win) for r in self.ranked()],
                "recommended": self.recommended.to_dict(self.at, self.min_win),
                "safe_bid": self.safe_bid, "safe_bid_declaration": self.name_of(self.recommended),
                "samples": self.samples, "seed": self.seed,
                "p_win_basis": self.p_win_basis,
                "stopped_by": self.stopped, "budget": self.budget,
                "auction": auction_record(self.auction) if self.auction else None,
                "auction_acceptance": None if self.acceptance is None else round(self.acceptance, 4),
                "solves": self.solves, "seconds": round(self.seconds, 3)}


# ------------------------------------------------------------------ evaluation

def base_declarations() -> list[Declaration]:
    """The menu: D H S C Grand Null Null-Ouvert after a pick-up, and the same as Hand games."""
    out = []
    for hand in (False, True):
        for g in GAMES:
            out.append(Declaration(g, hand=hand))
        out.append(Declaration(NULL, hand=hand, ouvert=True))
    return out


@dataclass(frozen=True)
class Candidate:
    """A declaration to sample; ``discard`` fixes the skat (else: Hand, or the heuristic discard)."""

    declaration: Declaration
    discard: int | None = None


@dataclass
class _Outcome:
    q61: list[bool] = field(default_factory=list)
    q90: list[bool] = field(default_factory=list)
    qall: list[bool] = field(default_factory=list)
    q31: list[bool] = field(default_factory=list)
    qany: list[bool] = field(default_factory=list)
    q90h: list[bool] = field(default_factory=list)      # won, and Schneider reached with the defenders' help
    mats: list[int] = field(default_factory=list)
    ids: list[int] = field(default_factory=list)        # each world's number in the race's draw
    #: lost worlds whose Schneider and Schwarz probes wait (:attr:`_Evaluator.defer`): their
    #: index here and the position to probe; q31 and qany hold True for them meanwhile
    pending: dict[int, Position] = field(default_factory=dict)


#: Switch: a lost world's Schneider and Schwarz probes wait until its declaration could matter
#: (off: every world is probed at once, as the race draws it).  The answers are the same.
DEFER_LOST_LEVELS = True


_TOKENS = itertools.count()


class _Evaluator:
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


def calibrate(r: DeclarationResult, ten: int, seat: int, model: "PlayModel | None") -> DeclarationResult:
    """``r`` with ``model``'s played-out P(win) for these ten cards (the ten kept after the
    pick-up when ``r`` has a discard: priced by the model's ``declare`` classes), and for a trump game its
    P(Schneider | won) from the won worlds' Schneider share (unchanged without a model, or
    for a declaration the model does not cover).  The interval holds the model's uncertainty at
    both ends of the double-dummy rate's own (Wilson) interval: a rate from eight worlds says
    less than one from a hundred."""
    if model is None or not model.covers(r.declaration):
        return r
    cls_ = game_class(r.declaration)
    after_pickup = r.discard is not None         # declared with a discard: the ten cards kept
    n = r.samples
    feats = [hand_features(ten, seat, r.declaration, q, n) for q in (r.p_win_dd(18), *r.p_win_dd_ci(18))]
    got = [g for g in (model.p_win(f, cls_, after_pickup) for f in feats) if g is not None]
    played = (got[0][0], min(g[1] for g in got), max(g[2] for g in got)) if len(got) == len(feats) else None
    sampling = (got[1][0], got[2][0]) if played is not None else None
    q = None
    if played is not None and model.prices_schneider(r.declaration, r.p_win_dd(18)):
        k = int(r.won.sum())
        sch = model.p_schneider(feats[0], float((r.won & r.schneider).sum()) / k, k)
        q = None if sch is None else sch[0]
    evidence = model.evidence_for(r.declaration, r.p_win_dd(18), after_pickup) if played is not None else None
    out = dataclasses.replace(r, played=played, played_schneider=q, played_sampling=sampling, evidence=evidence)
    out._settled = r._settled           # (the settlements of the worlds do not depend on the play model)
    return out


def _result(cand: Candidate, o: _Outcome, scoring: str, decl: Declaration | None = None) -> DeclarationResult:
    """Raw query outcomes -> per-world facts; ``decl`` may add announcements to the candidate's play."""
    decl = decl or cand.declaration
    won, schneider, schwarz = play_outcome(decl, o.q61, o.q90, o.q31, o.qall, o.qany)
    return DeclarationResult(decl, won, np.array(o.mats, dtype=np.int64), schneider, schwarz, scoring,
                             cand.discard, can_schneider=won & np.array(o.q90h, dtype=bool),
                             worlds=np.array(o.ids, dtype=np.int64) if len(o.ids) == len(o.q61) else None)


#: The levels a waiting lost world may turn out to have, as (escaped Schneider, took a trick):
#: plain lost, lost Schneider, lost Schwarz.
LOST_LEVELS = ((True, True), (False, True), (False, False))


def _filled(o: _Outcome) -> list[_Outcome]:
    """``o`` with its waiting lost worlds given each of :data:`LOST_LEVELS` (``[o]`` where none
    waits)."""
    if not o.pending:
        return [o]
    return [dataclasses.replace(o, q31=[escaped if i in o.pending else v for i, v in enumerate(o.q31)],
                                qany=[took if i in o.pending else v for i, v in enumerate(o.qany)], pending={})
            for escaped, took in LOST_LEVELS]


class _Readings:
    """Each solved candidate's results as the race and the settling read them: one per
    :data:`LOST_LEVELS` its waiting lost worlds may turn out to have (:func:`_filled`; one where
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

    def __call__(self, c: Candidate, o: _Outcome, decl: Declaration | None = None) -> list[DeclarationResult]:
        """``c``'s results (``decl``: an announcement played as ``c``), judged."""
        key = (c, decl, len(o.q61), len(o.pending))
        got = self._kept.get(key)
        if got is None:
            got = self._kept[key] = [self.judge(c, _result(c, f, self.scoring, decl)) for f in _filled(o)]
        return got


def _score_span(results: Sequence[DeclarationResult], bid: int) -> tuple[float, float]:
    """The expected score at ``bid`` whatever the waiting lost worlds' levels, from one result per
    :data:`LOST_LEVELS`: (lowest, highest).  The weights do not depend on those levels (they come
    from the worlds won), so each world's lowest and highest score bound the sum exactly."""
    s = np.array([r._expect(bid, 2) for r in results], dtype=float)
    w = results[0].weights()
    return float(w @ s.min(axis=0)), float(w @ s.max(axis=0))


def _shared(c: Candidate) -> Candidate:
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

    def run(self, ev: "_Evaluator", cands: list, worlds: list, outcomes: dict) -> None:
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


def _adaptive(ev: _Evaluator, cands: list[Candidate], sampler: WorldSampler, at: int, scoring: str,
              samples: int, precision: float | None, first_batch: int, batch: int, leaders: int,
              progress: Callable[[int, int], None] | None,
              budget: float | None = None, contenders: int | None = None,
              read: _Readings | None = None, decide: bool = True) -> tuple[dict[Candidate, _Outcome], int, str]:
    """Racing (successive elimination) over the declarations, each reported with its own count:

    1. every candidate is solved on the same worlds: the whole first batch, or its first half
       (at least four worlds) when ``contenders`` is set;
    2. the ``contenders`` best by expected score at ``at`` get the rest of the first batch,
       among those still in the race (successive elimination: a candidate whose 95% interval
       lies below the leader's is out);
    3. the ``leaders`` best get ``batch`` more at a time until their P(win) is within
       ``precision`` (None: never) or the advice is :func:`_decided` or :func:`_pass_settled`
       (``decide`` False: never; the user asked for ``samples`` worlds, :func:`stopping`).

    ``budget``: no round starts that the last round's cost says would end after ``budget``
    seconds (phase 1 always runs; the intervals reported say how far it got).  ``read``: how a
    candidate's results are read for the race (:class:`_Readings`, judged by the play model's
    :func:`calibrate`), so the race ranks as the advice will.  Returns the outcomes, the worlds
    solved and what stopped the sampling (:data:`STOPPED`)."""
    clock = _Clock(budget)
    read = read or _Readings(scoring)
    solved = list(dict.fromkeys(_shared(c) for c in cands))
    outcomes: dict[Candidate, _Outcome] = {c: _Outcome() for c in solved}
    drawn = [0]

    def run(cs: list[Candidate], worlds: list[World]) -> None:
        # every candidate of a round gets the same worlds: numbered, so results pair on them
        clock.run(ev, cs, worlds, outcomes)
        for c in cs:
            outcomes[c].ids.extend(range(drawn[0], drawn[0] + len(worlds)))
        drawn[0] += len(worlds)

    first = min(first_batch, samples)
    total = first if contenders is None or contenders >= len(solved) else min(first, max(4, first // 2))
    run(solved, _draw(sampler, total))
    if progress:
        progress(total, samples)

    def result(c: Candidate) -> DeclarationResult:
        return read(c, outcomes[c])[0]

    def span(c: Candidate) -> tuple[float, float]:
        o = outcomes[c]
        if not o.pending:
            e = result(c).expected_score(at)
            return e, e
        return _score_span(read(c, o), at)

    def best(k: int, pool: list[Candidate] = solved) -> list[Candidate]:
        # a candidate with waiting lost worlds is resolved when, at its best, it could be among
        # the k: the k returned are ranked on exact scores, as if nothing had waited
        while True:
            spans = {c: span(c) for c in pool}
            kth = sorted((lo for lo, _ in spans.values()), reverse=True)[min(k, len(pool)) - 1]
            need = [c for c in pool if outcomes[c].pending and spans[c][1] >= kth]
            if not need:
                break
            ev.resolve(need, outcomes)
        results = {c: result(c) for c in pool}
        return sorted(pool, key=lambda c: -results[c].expected_score(at) if not outcomes[c].pending
                      else math.inf)[:k]

    def reaches(c: Candidate, floor: float) -> bool:
        # does the upper end of c's 95% interval on the expected score reach ``floor``?  Its
        # waiting lost worlds are resolved where their levels decide it, so the answer is the
        # one every world probed at once would give
        ups = [r.expected_score_ci(at)[1] for r in read(c, outcomes[c])]
        if outcomes[c].pending and min(ups) < floor <= max(ups):
            ev.resolve([c], outcomes)
            ups = [result(c).expected_score_ci(at)[1]]
        return max(ups) >= floor

    if total < first and contenders is not None:     # phase 2: the contenders (total < first only then)
        # out of the race: a candidate whose interval lies below the leader's
        leader = best(1)[0]
        floor = result(leader).expected_score_ci(at)[0]
        kept = best(contenders, [c for c in solved if c == leader or reaches(c, floor)])
        n = clock.worlds_that_fit(first - total, len(kept))
        if n >= MIN_ROUND:
            run(kept, _draw(sampler, n))
            total += n
            if progress:
                progress(total, samples)
        if total < first:                            # the budget is spent
            return outcomes, total, "budget"
    stopped = "samples" if decide else "asked"
    while total < samples:                           # phase 3: the leaders
        lead = best(leaders)
        results = [result(c) for c in lead]
        if precision is not None and _precise(results, at, precision):
            stopped = "precision"
            break
        if decide and _pass_settled(results, at):
            stopped = "pass"
            break
        if decide and _decided(results, at):
            stopped = "decided"
            break
        n = clock.worlds_that_fit(min(batch, samples - total), len(lead))
        if n < MIN_ROUND:
            stopped = "budget"
            break
        run(lead, _draw(sampler, n))
        total += n
        if progress:
            progress(total, samples)
    return outcomes, total, stopped


def _draw(sampler: WorldSampler, n: int) -> list[World]:
    """``n`` worlds of the race; worlds that cannot be drawn (an auction no world explains) are
    an :class:`EvaluationError` saying so."""
    try:
        return sampler.draw(n)
    except NoWorld as e:
        raise EvaluationError(str(e)) from None


#: What stopped the sampling, as the advice reports it (``stopped_by``), and the option that
#: would let it go on.
STOPPED = {"precision": ("the leaders' 95% interval on P(win) reached --precision as far as more worlds narrow it "
                         "-- the rest is the play model's own uncertainty", "a smaller --precision"),
           "decided": ("the advice was clear: the leader beats the runner-up and bid or pass is settled", None),
           "pass": ("the advice was clear: no leading game pays at the bid, beyond its interval", None),
           "samples": ("--samples worlds were solved", "more --samples"),
           "asked": ("the --samples worlds asked for were solved: given --samples, sampling does not stop "
                     "early where the advice is clear, only at a --precision also given", "more --samples"),
           "budget": ("the --budget ran out (the answer depends on the machine's speed)",
                      "a larger --budget, or none")}


def stopping(precision: float, samples_asked: bool, precision_asked: bool) -> tuple[float | None, bool]:
    """How the race may stop early, as ``(precision, decide)`` for :func:`evaluate_hand` and
    :func:`evaluate_declare`: where the user asked for a number of worlds, the leaders get them
    all -- no stop because the advice is clear, and none at the default precision, only at a
    precision asked for as well; otherwise both stops as usual.

    >>> stopping(0.05, False, False), stopping(0.05, True, False), stopping(0.01, True, True)
    ((0.05, True), (None, False), (0.01, False))
    """
    if not samples_asked:
        return precision, True
    return (precision if precision_asked else None), False


def _check(cards, n: int, seat, bid, scoring) -> tuple[int, int]:
    from .cards import CardParseError, parse_cards
    try:
        if isinstance(cards, str):
            cards = parse_cards(cards)
        elif not isinstance(cards, int):
            cards = parse_cards([str(c) for c in cards])
    except CardParseError as e:
        raise EvaluationError(str(e)) from None
    if popcount(cards) != n:
        raise EvaluationError(f"expected {n} cards, got {popcount(cards)}")
    try:
        seat = parse_seat(seat)
    except DeclarationError as e:
        raise EvaluationError(str(e)) from None
    if bid is not None:
        try:
            check_bid(bid)
        except ValueError as e:
            raise EvaluationError(str(e)) from None
    if scoring not in SCORINGS:
        raise EvaluationError(f"unknown scoring {scoring!r} (simple or seeger-fabian)")
    return cards, seat


def _workers(workers: int | None) -> int:
    import os
    return workers if workers is not None else (os.cpu_count() or 1)


def evaluate_hand(cards: int | str | Iterable, seat: int | str, bid: int | None = None, samples: int = 400,
                  seed: int = 0, scoring: str = "simple", min_win: float | None = None,
                  precision: float | None = 0.05, first_batch: int = 16, batch: int = 32, leaders: int = 2,
                  declarations: Sequence[Declaration] | None = None, solver: Solver | None = None,
                  workers: int | None = None,
                  progress: Callable[[int, int], None] | None = None,
                  model: "PlayModel | None | str" = "default", spitze: bool = False,
                  budget: float | None = None, contenders: int | None = 4,
                  auction: Sequence[tuple[int, str]] | None = None, details: str = "all",
                  decide: bool = True) -> HandEvaluation:
    """Evaluate ten cards in a seat (0/F forehand, 1/M, 2/R); see the module docs.

    ``samples`` caps the worlds of the leading declarations; ``precision`` is
    the wanted half-width of their 95% interval on P(win), as far as more worlds narrow it
    (:meth:`DeclarationResult.p_win_sampling_ci`; None: no such stop); ``decide`` False: no stop
    because the advice is clear either (the user asked for ``samples`` worlds, :func:`stopping`); ``workers``
    processes solve (default: all cores).  ``model``: the play model that turns
    double-dummy chances into played-out ones ("default": the shipped one, if
    any; None: double-dummy only).  ``spitze`` (house rule): also every suit and
    Grand game with Spitze announced, where the ten cards hold its lowest trump.
    ``budget``: seconds within which sampling stops (a round of worlds starts only if it
    should end in time; half the first batch is always solved); sampling also stops once the
    advice is clear (:func:`_decided`).  ``contenders``: after half the first batch, only this
    many declarations (the best by expected score, of those whose interval does not lie below
    the leader's) get the rest of it (None: all of them); see :func:`_adaptive`.
    ``auction``: the calls so far ((seat, '18' | 'y' | 'p'), see
    :func:`~solver.bidding.parse_auction`): the worlds are then drawn in proportion to how
    likely the other two seats' calls are with their hands (:func:`_worlds`).  ``details``:
    "all" declarations, or only those "needed" for the recommended one and the bids
    (:func:`_settled`; bulk rows).

    >>> ev = evaluate_hand("CJ SJ HJ DJ CA CT SA ST HA HT", "M", samples=32, workers=1)
    >>> ev.recommended.declaration.game == GRAND, ev.recommended.p_win()
    (True, 1.0)
    """
    t0 = time.perf_counter()
    cards, seat = _check(cards, 10, seat, bid, scoring)
    at = bid if bid is not None else 18
    ev = _Evaluator(cards, seat, solver or default_solver(), _workers(workers))
    cands = [Candidate(d) for d in (declarations or base_declarations())]
    if spitze:
        cands += [Candidate(dataclasses.replace(c.declaration, spitze=True)) for c in cands
                  if _spitze_possible(c.declaration, cards)]
    mdl = _model(model)
    sampler = _worlds(WorldSampler(cards, seat, seed), seat, seed, auction)
    read = _Readings(scoring, lambda c, r: calibrate(r, cards, seat, mdl))
    outcomes, total, stopped = _adaptive(ev, cands, sampler, at, scoring, samples, precision,
                                         first_batch, batch, leaders, progress, budget, contenders, read, decide)

    def rows(got: dict[Candidate, _Outcome]) -> list[tuple[Candidate, Declaration]]:
        out = [(_shared(c), c.declaration) for c in cands]
        # Hand announcements that are not hopeless share the Hand game's play
        for g in list(SUIT_GAMES) + [GRAND]:
            base = Candidate(Declaration(g, hand=True))
            if base not in got:
                continue
            o = got[base]
            if np.mean(o.q90) >= 0.25:
                out.append((base, Declaration(g, hand=True, schneider=True)))
            if np.mean(o.qall) >= 0.25:
                out.append((base, Declaration(g, hand=True, schwarz=True)))
                out.append((base, Declaration(g, hand=True, ouvert=True)))
        return out

    results = _settled(ev, outcomes, rows, read, at, min_win, details)
    return HandEvaluation(cards, seat, bid, results, scoring, min_win, total, seed, ev.solves,
                          time.perf_counter() - t0, stopped=stopped, budget=budget, auction=list(auction or []),
                          acceptance=getattr(sampler, "acceptance", None)).calibrated_with(mdl)


#: Which declarations an evaluation reports (``details``): every one, or only those that could
#: be the recommended one or pay at some bid (bulk rows report nothing else); the others' lost
#: worlds keep their Schneider and Schwarz probes unasked, and they are left out.
DETAILS = ("all", "needed")


def _settled(ev: _Evaluator, outcomes: dict[Candidate, _Outcome],
             rows: Callable[[dict[Candidate, _Outcome]], list[tuple[Candidate, Declaration]]],
             read: _Readings, at: int, min_win: float | None, details: str) -> list[DeclarationResult]:
    """The evaluation's declarations (``rows``: (candidate solved, declaration played as it) from
    the outcomes; ``read``: their judged results), every waiting lost world probed (``details``
    "all"), or only those of a declaration that at its best could lead at ``at`` or pay at 18
    (its P(win) or its expected score), the rest left out ("needed"): the recommended
    declaration, the safe bid and the highest bid are the same either way."""
    if details not in DETAILS:
        raise ValueError(f"details must be one of {DETAILS}, not {details!r}")
    if details == "all":
        ev.resolve(list(outcomes), outcomes)
    while True:
        got = rows(outcomes)
        waiting = [i for i, (c, _) in enumerate(got) if outcomes[c].pending]
        if not waiting:
            return [_result(c, outcomes[c], read.scoring, d) for c, d in got]
        judged = [read(c, outcomes[c], d) for c, d in got]
        spans = [_score_span(js, at) for js in judged]
        lead = max(lo for lo, _ in spans)
        need = {got[i][0] for i in waiting
                if spans[i][1] >= lead or (_score_span(judged[i], 18)[1] >= 0 if min_win is None
                                           else judged[i][0].p_win(18) >= min_win)}
        if not need:
            return [_result(c, outcomes[c], read.scoring, d) for i, (c, d) in enumerate(got) if i not in waiting]
        ev.resolve(need, outcomes)


def _worlds(sampler: WorldSampler, seat: int, seed: int, auction: Sequence[tuple[int, str]] | None):
    """The worlds the advice samples: uniform, or with an auction drawn by how likely the other
    two seats' calls are with their hands (:func:`~solver.inference.auction_likelihood`,
    rejection sampling: :class:`~solver.sampling.LikelySampler`)."""
    from .inference import auction_likelihood
    from .sampling import LikelySampler
    likelihood = auction_likelihood(list(auction), seat) if auction else None
    if likelihood is None:
        return sampler
    return LikelySampler(sampler, likelihood, seed, what=f"the auction {' '.join(auction_record(list(auction or [])))}")


def evaluate_declarer(deal: Deal, declared_only: bool = False, **options: Any) -> HandEvaluation:
    """The declarer's cards as he knew them when he declared, at the deal's bid: his ten (a Hand
    game: :func:`evaluate_hand`) or his twelve (a pick-up: :func:`evaluate_declare`), the
    worlds drawn by the deal's auction (a record's ``auction``; :func:`by_the_auction`), on
    one process.  ``declared_only``: the game he declared (with his discard) alone, its
    ``recommended``; else every declaration, as ``skat bid`` / ``skat declare`` rank them.
    ``options``: theirs (``samples``, ``seed``, ``precision``, ``first_batch`` ...).

    >>> from solver.cards import parse_cards
    >>> from solver.games import Declaration, GRAND
    >>> hands = [parse_cards("CJ SJ HJ DJ CA CT SA ST HA HT"), parse_cards("C9 C8 C7 S9 S8 S7 H9 H8 H7 D7"),
    ...          parse_cards("CK CQ SK SQ HK HQ DA DT DK DQ")]
    >>> deal = Deal(hands, parse_cards("D9 D8"), 0, Declaration(GRAND, hand=True), bid=24)
    >>> evaluate_declarer(deal, declared_only=True, samples=16).recommended.p_win(24)
    1.0
    """
    d, decl, bid = deal.declarer, deal.declaration, deal.bid or 18

    def ask(auction: list[tuple[int, str]] | None) -> HandEvaluation:
        opts = dict(options, workers=1, auction=auction)
        if decl.hand:
            return evaluate_hand(deal.hands[d], d, bid=bid, declarations=[decl] if declared_only else None, **opts)
        mine = (decl, deal.skat) if declared_only else None
        return evaluate_declare(deal.hands[d] | deal.skat, d, bid, declared=mine, **opts)

    return by_the_auction(parse_calls(deal.extra.get("auction") or []), ask)


def by_the_auction(calls: list[tuple[int, str]],
                   ask: Callable[[list[tuple[int, str]] | None], HandEvaluation]) -> HandEvaluation:
    """``ask(calls)``; with uniform worlds (``ask(None)``) where there are no calls or no
    sampled world explains them (the evaluation's ``auction`` is then empty)."""
    try:
        return ask(calls or None)
    except EvaluationError:
        if not calls:
            raise
        return ask(None)


def _spitze_possible(decl: Declaration, cards: int) -> bool:
    """May this declaration announce Spitze with these cards (a suit or Grand game whose lowest
    trump they hold; no Ouvert, which promises every trick anyway)?"""
    return not decl.is_null and not decl.ouvert and not decl.spitze and bool((cards >> spitze_card(decl.game)) & 1)


def _model(model):
    return default_model() if isinstance(model, str) and model == "default" else model


def evaluate_hands(hands: Iterable[tuple], **options) -> list[HandEvaluation]:
    """Many hands at once: ``(cards, seat)`` or ``(cards, seat, bid)`` tuples, with the
    options of :func:`evaluate_hand` (a bid in a tuple overrides ``bid=``)."""
    out = []
    for h in hands:
        kw = dict(options)
        if len(h) > 2:
            kw["bid"] = h[2]
        out.append(evaluate_hand(h[0], h[1], **kw))
    return out


def evaluate_declare(cards: int | str | Iterable, seat: int | str, bid: int, skat: int | str | None = None,
                     samples: int = 400, seed: int = 0, scoring: str = "simple", min_win: float | None = None,
                     precision: float | None = 0.05, discards_per_game: int = 3, first_batch: int = 16,
                     batch: int = 32, leaders: int = 2, solver: Solver | None = None, workers: int | None = None,
                     progress: Callable[[int, int], None] | None = None,
                     model: "PlayModel | None | str" = "default", spitze: bool = False,
                     budget: float | None = None, contenders: int | None = 4,
                     auction: Sequence[tuple[int, str]] | None = None,
                     declared: tuple[Declaration, int] | None = None, decide: bool = True) -> HandEvaluation:
    """After the pick-up: rank discards and declarations by expected score at ``bid``
    (``spitze``: Spitze announced too, for discards that keep the lowest trump; ``precision`` and
    ``decide`` as for :func:`evaluate_hand`).

    ``cards`` are the twelve cards (or ten, with ``skat``).  The defenders'
    hands are sampled from the twenty unseen cards; every candidate is
    evaluated on the same worlds.  ``declared``: evaluate this (declaration, discard) alone
    (a game already declared, see :func:`evaluate_declarer`).
    """
    from .cards import CardParseError, parse_cards
    t0 = time.perf_counter()
    if skat is not None:
        try:
            ten = cards if isinstance(cards, int) else parse_cards(cards)
            sk = skat if isinstance(skat, int) else parse_cards(skat)
        except CardParseError as e:
            raise EvaluationError(str(e)) from None
        if popcount(sk) != 2:
            raise EvaluationError(f"the skat has two cards, got {popcount(sk)}")
        if popcount(ten) != 10:
            raise EvaluationError(f"expected 10 cards with the skat, got {popcount(ten)}")
        if ten & sk:
            both = " and ".join(card_list(ten & sk))
            raise EvaluationError(f"{both} {'is' if popcount(ten & sk) == 1 else 'are'} in the hand and in the "
                                  f"skat: a card is dealt once")
        cards = ten | sk
    twelve, seat = _check(cards, 12, seat, bid, scoring)
    ev = _Evaluator(twelve, seat, solver or default_solver(), _workers(workers))
    cands = [] if declared is None else [Candidate(*declared)]
    for g in GAMES if declared is None else ():
        for d in ranked_discards(twelve, g)[:discards_per_game]:
            cands.append(Candidate(Declaration(g), d))
            if spitze and _spitze_possible(Declaration(g), twelve & ~d):
                cands.append(Candidate(Declaration(g, spitze=True), d))
            if g == NULL:
                cands.append(Candidate(Declaration(NULL, ouvert=True), d))
    sampler = _worlds(WorldSampler(twelve, seat, seed, sizes=(10, 10, 10, 0)), seat, seed, auction)
    mdl = _model(model)
    read = _Readings(scoring, lambda c, r: calibrate(r, twelve & ~(c.discard or 0), seat, mdl))
    outcomes, total, stopped = _adaptive(ev, cands, sampler, bid, scoring, samples, precision, first_batch,
                                         batch, leaders, progress, budget, contenders, read, decide)
    ev.resolve(list(outcomes), outcomes)
    results = [_result(c, outcomes[_shared(c)], scoring, c.declaration) for c in cands]
    return HandEvaluation(twelve, seat, bid, results, scoring, min_win, total, seed, ev.solves,
                          time.perf_counter() - t0, stopped=stopped, budget=budget, auction=list(auction or []),
                          acceptance=getattr(sampler, "acceptance", None)).calibrated_with(mdl)
