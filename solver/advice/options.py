"""How the advice samples and what it answers: one home for every default.

As python-chess bundles a search's limits in one ``engine.Limit``, the advice takes two option
objects after the cards, keyword-only: :class:`Sampling` (how many worlds, when the race may
stop, the seed) and :class:`Advice` (how a game is scored and judged, which declarations are
reported).  Their defaults are the command line's, the web's and bulk's; the presets name the
other uses.

>>> Sampling().samples, Sampling().precision, BULK.details
(400, 0.05, 'needed')
>>> s = Sampling(samples=64).asked(samples=True, precision=False)   # the user asked for 64 worlds
>>> s.samples, s.precision, s.decide
(64, None, False)
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import Any

from ..calibration import PlayModel


#: The default precision: the leaders' 95% interval on P(win) within plus or minus this.
DEFAULT_PRECISION = 0.05


@dataclass(frozen=True)
class Sampling:
    """How the advice samples worlds (see :func:`~solver.advice.race.race`).

    ``samples``: the most worlds the leading declarations get; ``precision``: the race stops
    once the leaders' 95% interval on P(win) is within plus or minus this, as far as more
    worlds narrow it (None: no such stop); ``decide``: it also stops once the advice is clear
    (False: the user asked for ``samples`` worlds, :meth:`asked`); ``first_batch`` worlds for
    every declaration first (half of it, then the rest for the ``contenders`` best; None: all),
    then ``batch`` more at a time for the ``leaders``; ``option_worlds``: at the end, every
    pick-up declaration solved on this many of the leading pick-up declaration's worlds (at
    most), so that the pick-up priced as the game chosen after the skat
    (:class:`~solver.advice.pickup.PickupOption`) compares them on as many (0: on the worlds they
    happen to share); ``budget``: seconds within which sampling stops (None: none, and the
    answer is the seed's alone); ``seed``: the worlds'."""

    samples: int = 400
    precision: float | None = DEFAULT_PRECISION
    decide: bool = True
    first_batch: int = 16
    batch: int = 32
    leaders: int = 2
    contenders: int | None = 4
    option_worlds: int = 32
    budget: float | None = None
    seed: int = 0

    def asked(self, samples: bool, precision: bool) -> "Sampling":
        """These options as a user's request leaves them: where he asked for a number of worlds
        (``samples``), the leaders get them all -- no stop because the advice is clear, and
        none at the default precision, only at a precision he asked for too (``precision``);
        otherwise both stops as usual.

        >>> [(s.precision, s.decide) for s in (Sampling().asked(False, False), Sampling().asked(True, False),
        ...                                    Sampling(precision=0.01).asked(True, True))]
        [(0.05, True), (None, False), (0.01, False)]
        """
        p = self.precision if self.precision is not None else DEFAULT_PRECISION
        if not samples:
            return dataclasses.replace(self, precision=p, decide=True)
        return dataclasses.replace(self, precision=p if precision else None, decide=False)


@dataclass(frozen=True)
class Advice:
    """What the advice answers.  ``scoring``: ``simple`` or ``seeger-fabian``; ``min_win``: the
    safe bid is the highest with at least this P(win) (None: a positive expectation);
    ``model``: the play model that turns double-dummy chances into played-out ones
    ("default": the shipped one; None: double-dummy only); ``spitze`` (house rule): also the
    games with Spitze announced; ``details``: "all" declarations, or only those "needed" for
    the recommended one, the bids and, where it could turn the answer, the pick-up's option
    (bulk rows: the same answer)."""

    scoring: str = "simple"
    min_win: float | None = None
    model: "PlayModel | None | str" = "default"
    spitze: bool = False
    details: str = "all"


#: The advice as ``skat bid``, ``skat declare`` and the web give it.
DEFAULT = Sampling()
ADVICE = Advice()
#: A bulk row: the same sampling, only the declarations its columns need.
BULK = Advice(details="needed")

#: The options each entry point takes besides its option objects, by the old keyword names.
_SAMPLING_FIELDS = frozenset(f.name for f in dataclasses.fields(Sampling))
_ADVICE_FIELDS = frozenset(f.name for f in dataclasses.fields(Advice))


def bundle(sampling: Sampling | None, advice: Advice | None, loose: dict[str, Any],
           where: str) -> tuple[Sampling, Advice]:
    """The option objects of a call, with any option given by its own keyword (``samples=64``)
    set on them; a keyword that is neither is a :class:`TypeError` naming it."""
    bad = sorted(set(loose) - _SAMPLING_FIELDS - _ADVICE_FIELDS)
    if bad:
        raise TypeError(f"{where}() got an unexpected keyword argument {bad[0]!r}")
    s = dataclasses.replace(sampling or DEFAULT, **{k: v for k, v in loose.items() if k in _SAMPLING_FIELDS})
    a = dataclasses.replace(advice or ADVICE, **{k: v for k, v in loose.items() if k in _ADVICE_FIELDS})
    return s, a


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
