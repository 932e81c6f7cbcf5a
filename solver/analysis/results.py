"""A review's answers: each card's (:class:`CardReview`) and the deal's (:class:`DealReview`)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any


from ..cards import CARD_NAMES
from ..deal import Deal
from ..games import SEATS, Declaration
from ..scoring import SCHNEIDER_ESCAPE, SCHNEIDER_POINTS, points_needed
from ..search.api import split_spitze
from .accuracy import seat_accuracy
from .options import CLASSES, MARKED



@dataclass
class CardReview:
    index: int                       # 0-based position in the play
    trick: int                       # 1-based trick number
    card: int
    seat: int
    declarer_side: bool
    value_before: Any                # int points, or bool (Null: declarer wins)
    value_after: Any
    best: list[int]                  # the best cards at that point
    best_value: Any
    cost: int                        # card points lost for the side (Null: 1 if the card lost the game)
    outcome_changed: str | None      # e.g. "win -> loss", "Schneider missed"
    seats: str = SEATS               # the variant's seat letters (Offiziersskat: "FR")
    info: dict | None = None         # the card judged from the mover's seat (:func:`info_review`)

    def to_dict(self) -> dict:
        out = {"card": CARD_NAMES[self.card], "seat": self.seats[self.seat], "trick": self.trick,
               "value_before": self.value_before, "value_after": self.value_after,
               "best": [CARD_NAMES[c] for c in self.best], "best_value": self.best_value,
               "cost": self.cost, "dd_cost": self.cost, "outcome_changed": self.outcome_changed}
        if self.info is not None:
            out["info"] = self.info
        return out


@dataclass
class DealReview:
    """A reviewed deal of any variant: its cards' reviews, the start value, the actual result."""

    deal: Any                                    # the variant's deal (classic: :class:`~solver.deal.Deal`)
    cards: list[CardReview]
    start_value: Any
    final: dict[str, Any]                        # actual points/tricks, scored result when finished
    alternatives: list[dict] = field(default_factory=list)
    seats: str = SEATS                           # the variant's seat letters
    sides: bool = True                           # a declarer against the others (not a classic Ramsch)
    luck: dict | None = None                     # :func:`luck_and_skill`, with the information review
    declaration_advice: dict | None = None       # :func:`declaration_advice`, with the information review
    variations: list[dict] | None = None         # the record's variations with their values (:mod:`.variations`)

    @property
    def is_null(self) -> bool:
        return isinstance(self.deal, Deal) and self.deal.declaration.is_null

    def summary(self) -> dict:
        per_seat: dict[str, dict] = {}
        for s, name in enumerate(self.seats):
            mine = [c for c in self.cards if c.seat == s and c.cost > 0]
            per_seat[name] = {"mistakes": len(mine), "cost": sum(c.cost for c in mine)}
        worst = max(self.cards, key=lambda c: (c.cost, -c.index), default=None)
        out: dict[str, Any] = {"start_value": self.start_value}
        if self.sides:                                       # (a Ramsch has no sides)
            out["declarer_cost"] = sum(c.cost for c in self.cards if c.declarer_side)
            out["defender_cost"] = sum(c.cost for c in self.cards if not c.declarer_side)
        out.update(mistakes=per_seat, **self.final)
        out["worst_mistake"] = worst.to_dict() | {"index": worst.index} if worst and worst.cost > 0 else None
        if any(c.info is not None for c in self.cards):
            ramsch = isinstance(self.deal, Deal) and self.deal.declaration.is_ramsch
            out["info"] = info_summary(self.cards, self.seats, ramsch=ramsch)
        if self.luck is not None:
            out["luck"] = self.luck
        if self.declaration_advice is not None:
            out["declaration_advice"] = self.declaration_advice
        if self.alternatives:
            out["declaration"] = self.alternatives
        return out

    def to_record(self) -> dict:
        rec = self.deal.to_record()
        rec["analysis"] = [c.to_dict() for c in self.cards]
        rec["summary"] = self.summary()
        if self.variations is not None:
            rec["variations"] = self.variations
        return rec


def _outcome(decl: Declaration, v: Any) -> tuple[str, str]:
    """(win/loss, schneider level) of a value, for marking outcome changes."""
    if decl.is_null:
        return ("win" if v else "loss", "")
    kept = True
    if decl.spitze:
        v, kept = split_spitze(v)
    need = points_needed(decl)
    level = "schneider" if v >= SCHNEIDER_POINTS else ("schneider lost" if v < SCHNEIDER_ESCAPE else "")
    return ("win" if v >= need and kept else "loss", level)


def changed_outcome(decl: Declaration, before: Any, after: Any) -> str | None:
    (w0, l0), (w1, l1) = _outcome(decl, before), _outcome(decl, after)
    if decl.spitze and split_spitze(before)[1] and not split_spitze(after)[1]:
        return f"{w0} -> {w1}: Spitze lost"
    if decl.spitze and not split_spitze(before)[1] and split_spitze(after)[1]:
        return f"{w0} -> {w1}: Spitze kept"
    if w0 != w1:
        return f"{w0} -> {w1}"
    if l0 != l1:
        if l0 == "schneider":
            return "Schneider missed"
        if l1 == "schneider":
            return "Schneider reached"
        if l1 == "schneider lost":
            return "declarer now Schneider"
        return "declarer out of Schneider"
    return None


def info_summary(cards: list[CardReview], seats: str = SEATS, *, ramsch: bool = False) -> dict[str, dict]:
    """Per seat: the information cost of its cards (the expected score they gave up), how
    many fell in each class, how many of its marks the worlds did not settle (``unsettled``,
    counted in their classes too) and its ``accuracy`` (:func:`~.accuracy.accuracy`: the
    share of his side's winning chance his cards kept, 0-100; None in a Ramsch)."""
    out: dict[str, dict] = {}
    acc = seat_accuracy(cards, seats)
    for s, name in enumerate(seats):
        mine = [c.info for c in cards if c.seat == s and c.info is not None and c.info.get("class")]
        out[name] = {"cards": len(mine), "cost": round(sum(i["cost"] for i in mine), 2),
                     **{cls: sum(1 for i in mine if i["class"] == cls) for cls in CLASSES},
                     "unsettled": sum(1 for i in mine if i["class"] in MARKED and not i.get("settled", True)),
                     "accuracy": None if ramsch or not mine else acc[name]}
    return out
