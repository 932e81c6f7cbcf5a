"""How closely a review judges (:class:`Judging`): its presets, the one home of their defaults."""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

#: A card whose class the worlds do not settle gets more of them, up to this many times
#: ``samples`` (:func:`~.knew.judge_card`; a review's default, ``settle``).  32: the sample game's
#: opening A of spades (it gives up 0.9 points and 0.9% winning chance; good's limits are 3
#: and 3%) stays unmarked on each of the seeds 0 to 59; at 4, seed 10 marked it.
SETTLE_FACTOR = 32


@dataclass(frozen=True)
class Judging:
    """How closely the review by what the players knew judges a card (its defaults:
    ``skat analyse``'s and the web's; :data:`BULK_JUDGING` the bulk runs').

    ``first``: the worlds a card is first judged on; more are drawn, doubling, until the
    judgement is within ``precision`` or ``samples`` is reached; a card whose class is still not
    settled goes on to ``settle`` times ``samples``.  ``advice_samples``: the most worlds for the
    declarer's chance and the declaration check.  ``points``: each legal card's expected card
    points too (every world solved exactly; without them a world is solved only as far as the
    settlement needs, the thresholds 31, 61, 90 and 120: the same judgements, about twice as
    fast).  ``shrink``: the sampled estimates read against the review's empirical-Bayes priors.

    >>> Judging(samples=8).first, BULK_JUDGING.samples
    (8, 8)
    """

    first: int = 8
    samples: int = 32
    precision: float = 0.1
    advice_samples: int = 32
    points: bool = True
    settle: int = SETTLE_FACTOR
    shrink: bool = True

    def asked(self, **given: Any) -> Judging:
        """These options with what a user gave (``None`` keeps the preset's).

        >>> JUDGING.asked(samples=None, precision=0.05).precision
        0.05
        """
        return replace(self, **{k: v for k, v in given.items() if v is not None})


#: The review's judging at ``skat analyse``'s precision (and the web's).
JUDGING = Judging()
#: The bulk runs' (``skat bulk analyse --info``, ``skat stats``): an unsettled card gets at most
#: 16 x 8 worlds; 1.5 games a second a core against 2.8 at 4 x 8, and at 8 x 8 the marks did not
#: tell best from pimc (docs/guide/review.md).
BULK_JUDGING = Judging(first=4, samples=8, precision=0.2, advice_samples=8, points=False, settle=16)


#: A card's class by what it gave up from its player's seat, best to worst (the limits that sort
#: a card into them: :data:`~.knew.LIMITS`).
CLASSES = ("best", "good", "inaccuracy", "mistake", "blunder")

#: The classes a review marks (the others are unmarked).
MARKED = ("inaccuracy", "mistake", "blunder")
