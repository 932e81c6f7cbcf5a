"""Variations: other cards tried at a position of a played deal, kept beside the played line
(the record's ``"variations"``, checked when the record is read; their values:
:func:`solver.analysis.variation_values`).

A deal record's ``"variations"`` is a list of ``{"name", "at", "cards"}``: from the position
before card ``at + 1`` of ``played`` (``at`` cards in), the cards of the variation in order
instead of the ones played.  Variations that share their first cards form a tree (the analysis
board on the Review page branches one from another); each is stored whole, so each can be read
alone.  A reviewed record's variations also carry ``values``: the double-dummy value of the
position after each of their cards, in the units of the review's ``value_after``.

>>> from solver.deal import load_deal
>>> hands = {"F": "CJ SJ HJ DJ CA CT SA ST HA HT".split(), "M": "C9 C8 C7 S9 S8 S7 H9 H8 H7 D7".split(),
...          "R": "CK CQ SK SQ HK HQ DA DT DK DQ".split()}
>>> deal = load_deal({"hands": hands, "skat": ["D9", "D8"], "game": "grand", "declarer": "F",
...                   "played": ["CJ", "C7", "CK"], "variations": [{"name": "ace first", "at": 0, "cards": ["CA"]}]})
>>> [v.to_dict() for v in variations_of(deal)]
[{'name': 'ace first', 'at': 0, 'cards': ['CA']}]
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from .cards import CARD_NAMES, CardParseError, parse_card
from .deal import Deal, DealError

#: The most variations a record may carry, and the longest name (a record is read from strangers too).
MAX_VARIATIONS = 64
MAX_NAME = 80


@dataclass
class Variation:
    """Cards tried instead of the played ones from the position ``at`` cards in (see the module)."""

    name: str
    at: int
    cards: list[int] = field(default_factory=list)

    def to_dict(self) -> dict[str, Any]:
        return {"name": self.name, "at": self.at, "cards": [CARD_NAMES[c] for c in self.cards]}


def variations_of(deal: Deal) -> list[Variation]:
    """The deal record's ``"variations"``, checked: each a name (at most :data:`MAX_NAME`
    characters), a position ``at`` (0 to the cards played) and legal cards from there, at most
    :data:`MAX_VARIATIONS` of them.  Raises :class:`~solver.deal.DealError` naming the
    variation, the card and the rule broken."""
    raw = deal.extra.get("variations")
    if raw is None:
        return []
    if not isinstance(raw, list):
        raise DealError("'variations' must be a list of {\"name\", \"at\", \"cards\"}")
    if len(raw) > MAX_VARIATIONS:
        raise DealError(f"'variations': {len(raw)} of them, at most {MAX_VARIATIONS}")
    out = []
    for k, v in enumerate(raw, 1):
        where = f"variation {k}"
        if not isinstance(v, dict):
            raise DealError(f"{where}: an object {{\"name\", \"at\", \"cards\"}}, got {type(v).__name__}")
        unknown = set(v) - {"name", "at", "cards", "values"}
        if unknown:
            raise DealError(f"{where}: unknown key {sorted(unknown)[0]!r}")
        name = v.get("name", f"variation {k}")
        if not isinstance(name, str) or len(name) > MAX_NAME:
            raise DealError(f"{where}: 'name' is a text of at most {MAX_NAME} characters")
        where = f"variation {k} ({name!r})"
        at = v.get("at")
        if not isinstance(at, int) or isinstance(at, bool) or not 0 <= at <= len(deal.played):
            raise DealError(f"{where}: 'at' is the number of cards played before it, 0 to {len(deal.played)}; "
                            f"got {at!r}")
        codes = v.get("cards")
        if not isinstance(codes, list) or not codes or len(codes) > 32:
            raise DealError(f"{where}: 'cards' is a list of 1 to 32 card codes")
        st = deal.start_state()
        for c in deal.played[:at]:
            st.push(c)
        cards = []
        for i, code in enumerate(codes, 1):
            try:
                card = parse_card(code) if isinstance(code, str) else -1
            except CardParseError:
                card = -1
            if card < 0:
                raise DealError(f"{where}: card {i} {str(code)[:8]!r} is not a card")
            if st.over:
                raise DealError(f"{where}: card {i} {CARD_NAMES[card]}: the game is over before it")
            if not (st.legal() >> card) & 1:
                why = "not in the hand" if not (st.hands[st.to_move] >> card) & 1 else "must follow suit"
                raise DealError(f"{where}: card {i} {CARD_NAMES[card]} cannot be played by "
                                f"{'FMR'[st.to_move]}: {why}")
            st.push(card)
            cards.append(card)
        out.append(Variation(name, at, cards))
    return out
