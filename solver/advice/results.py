"""The advice's answers: per declaration what the sampled worlds say (:class:`DeclarationResult`),
per hand the ranked declarations and the advice (:class:`HandEvaluation`), and the play model's
reading of a result (:func:`calibrate`)."""


from __future__ import annotations

import dataclasses
import math
from typing import Any
from dataclasses import dataclass, field
from collections.abc import Callable

import numpy as np

from ..bidding import auction_record
from ..calibration import PlayModel, game_class, hand_features
from ..cards import card_codes, popcount
from ..games import BASE_VALUES, GAME_NAMES, SEATS, Declaration
from ..scoring import BID_LADDER, Settled, game_value, settle
from ..stats import Z95, wilson
from .pickup import PickupOption


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
        self._settled: dict[tuple[int, bool], Settled] = {}
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

    def _settle(self, bid: int, flipped: Any = False) -> Settled:
        """:func:`~solver.scoring.settle` over the worlds, their Schneider as :meth:`_levels` has it
        (:data:`OUTCOME`: each world's outcome flipped)."""
        if (bid, flipped) not in self._settled:
            won = ~self.won if flipped is OUTCOME else self.won
            schneider, schwarz = self._levels(flipped)
            self._settled[bid, flipped] = settle(self.declaration, self.mats, won=won, schneider=schneider,
                                                 schwarz=schwarz, bid=bid, scoring=self.scoring)
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

    def max_bid(self, min_win: float | None = None, floor: float = 0.0) -> int | None:
        """The highest ladder bid with an expected score above ``floor`` (what the seat expects
        without declaring, :func:`~solver.advice.defending.defending_value`; 0 by default), or
        P(win) >= min_win."""
        best = None
        # above every world's value, one Schneider level added (:meth:`schneider_flips`), every
        # world is overbid and lost: no higher bid can qualify
        top = int(self.value.max(initial=0)) + (0 if self.declaration.is_null else BASE_VALUES[self.declaration.game])
        for b in BID_LADDER:
            if b > top and (min_win is None or min_win > 0):
                break
            ok = self.p_win(b) >= min_win if min_win is not None else self.expected_score(b) > floor
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
            out["discard"] = card_codes(self.discard)
        return out


#: The answers to "bid N?", worst first.
VERDICTS = ("no", "borderline", "yes")


def _verdict(lo: float, hi: float) -> str:
    """The answer an expected score's 95% interval gives: gains, loses, or cannot tell."""
    return "yes" if lo > 0 else "no" if hi < 0 else "borderline"


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
    #: every declaration evaluated is here (False: only those "needed", :data:`~.hands.DETAILS`,
    #: and every pick-up declaration where :attr:`option_rows` pair them, which a bulk row asks
    #: only where the option could turn its answer; without those, the pick-up is not priced as
    #: the game chosen after the skat, which needs them all)
    complete: bool = True
    #: the pick-up declarations, each on its own worlds and those the race's last round added
    #: to pair them (:meth:`~.race.Race.option_round`): the pick-up's option reads its gap on
    #: these (empty: on :attr:`declarations`)
    option_rows: list[DeclarationResult] = field(default_factory=list, repr=False)

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
                dataclasses.replace(r, scoring=scoring) for r in self.declarations], option_rows=[
                dataclasses.replace(r, scoring=scoring) for r in self.option_rows])
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
        return self.highest_bid_over(0.0)

    def highest_bid_over(self, floor: float | Callable[[DeclarationResult], float]
                         ) -> tuple[int | None, DeclarationResult | None]:
        """:attr:`highest_bid` where a declaration pays only above ``floor``: what the seat
        expects if it passes (:func:`~solver.advice.defending.defending_value`), or a floor per
        declaration."""
        best: tuple[int | None, DeclarationResult | None] = (None, None)
        for r in self.ranked():
            b = r.max_bid(self.min_win, floor(r) if callable(floor) else floor)
            if b is not None and (best[0] is None or b > best[0]):
                best = (b, r)
        return best

    @property
    def pickup_option(self) -> PickupOption | None:
        """Ten cards before the auction is won: the pick-up priced as the game chosen after the
        skat is seen (:class:`~.pickup.PickupOption`); None after the pick-up (twelve cards),
        where no pick-up declaration was evaluated, or where some were left out
        (:attr:`complete`, and no :attr:`option_rows`)."""
        got = self.__dict__.get("_pickup_option", False)
        if got is False:
            got = None
            every_pickup = self.complete or bool(self.option_rows)
            if every_pickup and popcount(self.cards) == 10 and any(r.pickup for r in self.declarations):
                got = PickupOption(self.declarations, paired=self.option_rows or None)
            self.__dict__["_pickup_option"] = got
        return got

    def name_of(self, r: DeclarationResult) -> str:
        """A declaration as the advice names it ("hearts (pick-up)", "grand hand")."""
        return str(r.to_dict(self.at, self.min_win)["name"])

    def advice(self) -> dict:
        """One answer to "bid ``at``?": ``yes`` (the best declaration expects to gain there),
        ``no`` (it expects to lose, and the samples are sure of it) or ``borderline`` (the 95%
        interval of the expected score straddles zero: more samples or a coin decide), judged
        on the pick-up priced as the game chosen after the skat where that expects more than the
        best declaration and turns the answer from no to borderline or yes, or from borderline
        to yes (``verdict_basis`` ``pickup``, else ``declaration``; with ``min_win``, always the
        declaration's P(win)), with
        the highest bid at which that declaration still pays (``up_to``, ``up_to_declaration``;
        None: pass), ``higher``: a bid another declaration pays beyond it and at least the
        asked bid (``{"bid", "declaration"}``, else None), and ``evidence``: what its played-out
        P(win) rests on (:meth:`~solver.calibration.PlayModel.evidence_for`, with its ``text``);
        ``pickup``: ten cards before the auction is won, the pick-up priced as the game chosen
        after the skat is seen (:meth:`~.pickup.PickupOption.to_dict`, with ``max_bid``, the
        highest bid it pays), else None."""
        r = self.recommended
        up = self.safe_bid
        top, top_r = self.highest_bid
        higher = None
        if top is not None and top_r is not None and top_r is not r and top >= self.at and (up is None or top > up):
            higher = {"bid": top, "declaration": self.name_of(top_r)}
        e = r.expected_score(self.at)
        lo, hi = r.expected_score_ci(self.at)
        option = self.pickup_option
        basis = "declaration"
        if self.min_win is not None:
            plo, phi = r.p_win_ci(self.at)
            verdict = "yes" if plo >= self.min_win else "no" if phi < self.min_win else "borderline"
        else:
            verdict = _verdict(lo, hi)
            if option is not None and option.expected_score(self.at) > e:
                turned = _verdict(*option.expected_score_ci(self.at))
                if VERDICTS.index(turned) > VERDICTS.index(verdict):
                    basis, verdict = "pickup", turned
        return {"verdict": verdict, "verdict_basis": basis, "bid": self.at, "declaration": self.name_of(r),
                "expected_score": round(e, 2), "expected_score_ci": [round(lo, 2), round(hi, 2)],
                "up_to": up, "up_to_declaration": self.name_of(r) if up is not None else None, "higher": higher,
                "evidence": r.evidence if r.calibrated else None,
                "pickup": None if self.pickup_option is None else self.pickup_option.to_dict(self.at)}

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
        return {"cards": card_codes(self.cards), "seat": SEATS[self.seat], "bid": self.bid,
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


