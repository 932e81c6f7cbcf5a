"""The pick-up as a declarer takes it: he sees the skat first, then chooses his game.

The bid advice prices each pick-up declaration as if the game were chosen before the skat is
seen ("clubs after the pick-up", whatever the skat holds).  A declarer who picks up chooses his
game with the twelve cards in front of him, so the pick-up is worth more than its best single
declaration: measured in the computer players' own play-outs, about 22 points more at the bid
held for a hand whose best pick-up is a suit game (``benchmarks/results/pickup_option.txt``).

Two prices bound that worth on the same worlds:

- the best single pick-up declaration (**committed**), too low: it never changes its game;
- in every world the pick-up declaration that scores most there (**clairvoyant**), too high:
  the declarer chooses with the skat in view, not the other two hands.

The gap between them is read on the worlds' plain double-dummy settlements
(:meth:`~.results.DeclarationResult.scores_at`): the play model's reweighting of a
declaration's worlds keeps its mean, not what each world is worth beside another declaration's.

:class:`PickupOption` takes the committed price plus :data:`OPTION_SHARE` of the gap between
them, a share per game class of the committed declaration, fitted on the play-outs of ``best``
against our strongest defence and checked on a seed it was not fitted on
(``python benchmarks/fit_pickup_option.py``; ``benchmarks/results/pickup_option.txt``).

>>> OPTION_SHARE["grand"], OPTION_SHARE["suit"] > 0
(0.0, True)
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Protocol

import numpy as np

from ..calibration import game_class
from ..games import Declaration
from ..scoring import BID_LADDER
from ..stats import Z95

#: The share of the gap between the committed and the clairvoyant price of the pick-up that a
#: declarer choosing after the skat gets, by the game class of the committed declaration:
#: fitted by ``benchmarks/fit_pickup_option.py`` on ``best``'s pick-ups in the arena runs of
#: seeds 17001 and 20001 (1,605 declarations, 1,088 of them with a suit game the best pick-up)
#: and checked on seed 29001 (239), which it was not fitted on
#: (``benchmarks/results/pickup_option.txt``).  Suit: the committed price was 22.6 points below
#: the score played (95% 19.0 ... 26.1), the option's -0.0 (-3.6 ... +3.5); on seed 29001
#: -22.4 and -0.7 (-9.3 ... +7.9).  Elsewhere the committed price was not shown to be low, and
#: nothing is added: Grand +4.1 (-3.5 ... +11.7), Null -7.1 (-27.8 ... +13.6, 56 declarations),
#: Null Ouvert -3.4 (27).  (The first fit gave Null 0.22 and Null Ouvert 0.12 from their noise;
#: with them ``best-pickup-option`` declared twice the Nulls of ``best`` and won 0.53 of them, on
#: seed 31001.  Until 2026-12-07 afternoon the gap was read on the worlds' reweighted parts of the
#: expected score, 42 points on average where the plain settlements give 29, and the suit share
#: was 0.46.)
OPTION_SHARE = {"suit": 0.75, "grand": 0.0, "null": 0.0, "null ouvert": 0.0}

#: A share for Null, by the same rule fitted on the play-outs of ``best`` bidding by the option
#: (``fit_pickup_option.py --fit`` the runs of seeds 34001 and 35001 ``--report``: 135 pick-ups
#: whose best declaration is a Null, all at bids of 18 to 23; the same fit gives suit 0.49, which
#: is not taken, see :data:`BANDED_SHARE`): their committed price was 18.8 points below the score
#: played (95% 7.1 ... 30.6), the gap 30 points on average.  Checked on the seeds it was not
#: fitted on (17001, 20001, 29001, 40001: 105 such pick-ups): the committed price 17.3 below the
#: score played (2.9 ... 31.7), with this share 0.5 above (-13.8 ... +14.8); on seed 40001 alone
#: (every player's bid advice on 32 worlds) 35.7 below, with the share 17.2 below (-2.5 ... 36.9)
#: (``benchmarks/results/pickup_option.txt``).  What ``best-null-option`` bids by.  Not adopted:
#: against ``best`` it scored +0.06 a game (95% -0.13 ... +0.24) on 2,000 fresh deals of seed
#: 42001 with every player's bid advice on 32 worlds, screened to the 115 where the calls differ
#: (``benchmarks/results/best_null_option_42001.txt``): it declared 50 Nulls to ``best``'s 22 and
#: won 0.36 of them; a price right on average that holds more Null pick-ups did not gain.
NULL_SHARE = 0.62

#: From this bid on, :attr:`PickupOption.high_share` (where given) takes the place of the share.
HIGH_FROM = 22

#: A share per bid band, (below :data:`HIGH_FROM`, from it on), fitted on the play-outs of
#: ``best`` bidding by :data:`OPTION_SHARE` (seeds 34001 and 35001, 2,258 suit pick-ups; there
#: one share priced suit pick-ups 7.8 and 9.4 points above the score played, most from a bid of
#: 22 on): what ``best-option-bands`` bids by.  Not adopted: against ``best`` it scored -0.21 a
#: game (95% -0.81 ... +0.40) on 1,000 fresh deals of seed 36001
#: (``benchmarks/results/best_option_bands_36001.txt``): a price right on average that holds
#: fewer bids from 22 on did not gain at the table.
BANDED_SHARE = ({"suit": 0.64, "grand": 0.0, "null": 0.0, "null ouvert": 0.0},
                {"suit": 0.27, "grand": 0.0, "null": 0.0, "null ouvert": 0.0})


class Priced(Protocol):
    """What the option reads of a declaration's result (a :class:`~.results.DeclarationResult`,
    whose module reports the option and so imports this one)."""

    declaration: Declaration
    worlds: np.ndarray | None

    @property
    def pickup(self) -> bool: ...

    @property
    def samples(self) -> int: ...

    def expected_score(self, bid: int = 18) -> float: ...

    def expected_score_ci(self, bid: int = 18) -> tuple[float, float]: ...

    def scores_at(self, bid: int) -> np.ndarray: ...

    def top_value(self) -> int: ...


@dataclass
class PickupOption:
    """The pick-up priced as the game chosen after the skat is seen, from the bid advice's
    pick-up declarations (``rows``: each a :class:`~.results.DeclarationResult` with its worlds'
    numbers, so that they pair on the worlds they share).  ``share``: by game class, the part of
    the option's gap taken (:data:`OPTION_SHARE`).

    The gap is measured on the worlds every pick-up declaration was solved on (all of them where
    the advice solved every declaration on every world, as the computer players' does; in
    ``skat bid`` the leading pick-up declaration's first worlds where it is a suit game, which
    the race's last round gives every pick-up declaration,
    :attr:`~.options.Sampling.option_worlds`, else the race's first round): in each, the best
    declaration's settlement less the committed one's."""

    rows: Sequence[Priced]
    share: dict[str, float] = field(default_factory=lambda: dict(OPTION_SHARE))
    #: the same pick-up declarations on more worlds they share, the gap read on these (None: on
    #: ``rows``): ``skat bid``'s race reports each declaration on its own worlds, and solves them
    #: all on the leading one's first worlds for this (:attr:`~.options.Sampling.option_worlds`)
    paired: Sequence[Priced] | None = None
    #: the share from a bid of :data:`HIGH_FROM` on (None: ``share`` at every bid)
    high_share: dict[str, float] | None = None

    def __post_init__(self) -> None:
        self.rows = [r for r in self.rows if r.pickup and r.samples]
        self._paired = self.rows if self.paired is None else [r for r in self.paired if r.pickup and r.samples]
        self._shared = self._common_worlds()
        self._gaps: dict[int, np.ndarray] = {}

    def committed(self, bid: int) -> Priced | None:
        """The pick-up declaration of the best expected score at ``bid`` (None: there is none)."""
        return max(self.rows, key=lambda r: r.expected_score(bid), default=None)

    def shared_worlds(self) -> np.ndarray:
        """The numbers of the worlds every pick-up declaration was solved on."""
        return self._shared

    def _common_worlds(self) -> np.ndarray:
        numbers = [r.worlds for r in self._paired if r.worlds is not None]
        if not numbers or len(numbers) < len(self._paired):
            return np.zeros(0, dtype=np.int64)
        common = np.unique(numbers[0])
        for w in numbers[1:]:
            common = np.intersect1d(common, w)
        return np.asarray(common, dtype=np.int64)

    def gap(self, bid: int) -> float:
        """The mean over the shared worlds of the best pick-up declaration's settlement there
        less the committed one's, double-dummy: what choosing in sight of every card would add
        (0 without shared worlds)."""
        d = self._differences(bid)
        return float(np.mean(d)) if d.size else 0.0

    def _differences(self, bid: int) -> np.ndarray:
        """Per shared world: the best pick-up declaration's settlement less the committed one's."""
        if bid not in self._gaps:
            best = self.committed(bid)
            ids = self.shared_worlds()
            own = None if best is None else next((r for r in self._paired if r.declaration == best.declaration), None)
            if own is None or ids.size == 0:
                self._gaps[bid] = np.zeros(0)
            else:
                per = np.array([r.scores_at(bid)[_positions(r, ids)] for r in self._paired])
                mine = own.scores_at(bid)[_positions(own, ids)]
                self._gaps[bid] = (per.max(axis=0) - mine).astype(float)
        return self._gaps[bid]

    def expected_score(self, bid: int) -> float:
        """The pick-up's expected score at ``bid``: the committed declaration's, plus its game
        class's share of :meth:`gap`."""
        best = self.committed(bid)
        if best is None:
            return 0.0
        return best.expected_score(bid) + self._share(best, bid) * self.gap(bid)

    def expected_score_ci(self, bid: int) -> tuple[float, float]:
        """A 95% interval on :meth:`expected_score` from the worlds sampled: the committed
        declaration's (:meth:`~.results.DeclarationResult.expected_score_ci`) and its share of
        the gap's standard error, added in quadrature (the fitted share's own uncertainty is not
        in it: ``benchmarks/results/pickup_option.txt`` measures the price against play)."""
        best = self.committed(bid)
        if best is None:
            return (0.0, 0.0)
        lo, hi = best.expected_score_ci(bid)
        s, d = self._share(best, bid), self._differences(bid)
        se = 0.0 if s == 0 else math.inf if d.size < 2 else float(np.std(d, ddof=1)) / math.sqrt(d.size)
        half = math.hypot((hi - lo) / 2, Z95 * s * se)
        e = self.expected_score(bid)
        return (e - half, e + half)

    def _share(self, best: Priced, bid: int) -> float:
        shares = self.high_share if self.high_share is not None and bid >= HIGH_FROM else self.share
        return shares.get(game_class(best.declaration), 0.0)

    def max_bid(self, floor: float = 0.0) -> int | None:
        """The highest ladder bid at which the pick-up expects more than ``floor`` (None: none)."""
        if not self.rows:
            return None
        top = max(r.top_value() for r in self.rows)
        best = None
        for b in BID_LADDER:
            if b > top:
                break
            if self.expected_score(b) > floor:
                best = b
        return best

    def to_dict(self, bid: int, floor: float = 0.0) -> dict:
        """The option as the advice reports it at ``bid``."""
        best = self.committed(bid)
        lo, hi = self.expected_score_ci(bid)
        return {"expected_score": round(self.expected_score(bid), 2),
                "expected_score_ci": [round(lo, 2), round(hi, 2)],
                "committed": None if best is None else best.declaration.name + " (pick-up)",
                "committed_expected_score": None if best is None else round(best.expected_score(bid), 2),
                "gap": round(self.gap(bid), 2), "shared_worlds": int(self.shared_worlds().size),
                "max_bid": self.max_bid(floor)}


def _positions(r: Priced, ids: np.ndarray) -> np.ndarray:
    """Where each world numbered in ``ids`` stands among ``r``'s worlds (every one is there)."""
    worlds = np.asarray(r.worlds)
    order = np.argsort(worlds, kind="stable")
    return order[np.searchsorted(worlds, ids, sorter=order)]
