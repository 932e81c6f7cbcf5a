"""How closely a review judges: its precision presets, the one home of their defaults."""

from __future__ import annotations

from typing import TypedDict





#: The review by what the players knew at ``skat analyse``'s precision (and the web's), and at
#: the lower one of the bulk runs (``skat bulk analyse --info``, ``skat stats``): at most
#: ``samples`` worlds a card until its judgement is within ``precision``, at most
#: ``advice_samples`` worlds for the declarer's chance and the declaration check.
#: ``first``: the worlds a card is first judged on; more are drawn, doubling, until the judgement
#: is within ``precision`` or ``samples`` is reached.  ``points``: each legal card's expected card
#: points too (every world solved exactly; without them a world is solved only as far as the
#: settlement needs, the thresholds 31, 61, 90 and 120: the same judgements, about twice as fast).
class Precision(TypedDict):
    first: int
    samples: int
    precision: float
    advice_samples: int
    points: bool
    settle: int


#: A card whose class the worlds do not settle gets more of them, up to this many times
#: ``samples`` (:func:`judge_card`; a review's default, ``settle``).  32: the sample game's
#: opening A of spades (it gives up 0.9 points and 0.9% winning chance; good's limits are 3
#: and 3%) stays unmarked on each of the seeds 0 to 59; at 4, seed 10 marked it.
SETTLE_FACTOR = 32

PRECISION: Precision = {"first": 8, "samples": 32, "precision": 0.1, "advice_samples": 32, "points": True,
                        "settle": SETTLE_FACTOR}
#: (bulk: an unsettled card gets at most 16 x 8 worlds; 1.5 games a second a core against 2.8 at
#: 4 x 8, and at 8 x 8 the marks did not tell best from pimc: docs/guide/review.md)
BULK_PRECISION: Precision = {"first": 4, "samples": 8, "precision": 0.2, "advice_samples": 8, "points": False,
                             "settle": 16}


#: A card's class by what it gave up from its player's seat, best to worst (the limits that sort
#: a card into them: :data:`~.knew.LIMITS`).
CLASSES = ("best", "good", "inaccuracy", "mistake", "blunder")

#: The classes a review marks (the others are unmarked).
MARKED = ("inaccuracy", "mistake", "blunder")
