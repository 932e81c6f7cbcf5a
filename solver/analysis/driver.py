"""The one review driver (:func:`review`) and its batch form (:func:`review_many`)."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any


from ..deal import Deal
from ..pool import map_processes, started
from ..search.api import Solver, default_solver
from .double_dummy import review_game, review_piles, review_ramsch
from .knew import card_jobs, run_part
from .luck import luck_and_skill
from .options import JUDGING, Judging
from .results import DealReview
from .variations import variation_values, variations_of



def review(deal: Any, *, solver: Solver | None = None, declaration: bool = True, info: bool = False,
           seed: int = 0, judging: Judging = JUDGING, workers: int = 1) -> DealReview:
    """Review every card of a deal of any variant double-dummy (see the module docs): the one
    review driver.  A classic Ramsch and Offiziersskat value every legal card at every card
    played (:func:`review_options`); a classic suit, Grand or Null game solves the positions
    along the play exactly and probes the other cards (cheaper, the same best cards).

    The play is walked once with the variant's state: at each card, the position before it is
    solved exactly and every other legal card is probed by pushing it, taking a snapshot and
    popping it again.

    ``info``: every card is also judged by what its player knew (:func:`info_review`, as closely
    as ``judging`` says, :class:`Judging`; its cards shared by ``workers`` processes, which start
    before the double-dummy review), and the deal gets its luck and skill (:func:`luck_and_skill`:
    the declarer's chance by the played-out advice, at most ``judging.advice_samples`` worlds) and,
    with ``declaration``, the
    declaration checked by the advice (:func:`declaration_advice`).  The record's variations
    (:mod:`.variations`) are checked first and valued double-dummy card by card.
    """
    s = solver or default_solver()
    if not isinstance(deal, Deal):
        return review_piles(deal, s)
    game = not deal.declaration.is_ramsch and not deal.is_study
    tried = variations_of(deal) if not deal.declaration.is_ramsch else []   # (checked before any work)
    parts: list[tuple[str, dict]] = []               # the slow ones first, so that two processes end together
    if info and game:
        parts.append(("chance", {"deal": deal, "seed": seed, "samples": judging.advice_samples,
                                 "precision": judging.precision / 2}))
        if declaration:
            parts.append(("advice", {"deal": deal, "seed": seed, "samples": judging.advice_samples}))
    if info:
        parts += [("card", job) for job in card_jobs(deal, seed, judging)]
    with started(run_part, parts, workers if len(parts) > 1 else 1, s) as results:
        rv = review_ramsch(deal, s) if deal.declaration.is_ramsch else review_game(deal, s, declaration)
        done = results()
    if tried:
        rv.variations = [v.to_dict() | {"values": vals} for v, vals in zip(tried, variation_values(deal, tried, s))]
    for c, judged in zip(rv.cards, (d for (kind, _), d in zip(parts, done) if kind == "card")):
        c.info = judged
    if info and game:
        rv.luck = luck_and_skill(rv, done[0])
        if declaration:
            rv.declaration_advice = done[1]
    return rv




def review_many(deals: Iterable[Any], *, workers: int = 1, card_workers: int = 1, **kw) -> list[DealReview]:
    """Review many deals, on ``workers`` processes (each deal's cards judged by what their
    players knew on ``card_workers``: for one deal, see :func:`review`)."""
    return map_processes(_review_one, [(d, dict(kw, workers=card_workers)) for d in deals], workers)


def _review_one(args) -> DealReview:
    d, kw = args
    return review(d, **kw)
