"""Provably fair deals: each deal shuffled from a secret nobody at the table can guess, committed
to before the first call and revealed when the deal ends, so that anyone can check that the
cards were neither predictable nor changed.

The scheme (commit and reveal; the deal-record reference documents it for other programs):

* A **table secret** of 256 bits from :mod:`secrets` stays on the server.  Deal ``k``'s
  **secret** is ``HMAC-SHA256(table secret, "deal k")`` in hex: revealing it tells nothing of
  the next deal's.
* The **shuffle** is a Fisher-Yates shuffle of the 32 cards in the project's card order
  (``D7 D8 D9 DQ DK DT DA H7 ... CA DJ HJ SJ CJ``), drawing 32-bit big-endian words from the
  blocks ``SHA-256("SECRET:shuffle:0")``, ``SHA-256("SECRET:shuffle:1")``, ...: for ``i`` from
  31 down to 1 a word ``x`` below ``2**32 - 2**32 % (i + 1)`` (others are skipped) picks
  ``j = x % (i + 1)``, and cards ``i`` and ``j`` swap.  Forehand gets cards 0-9 of the result,
  Middlehand 10-19, Rearhand 20-29, the skat 30-31 (Offiziersskat: cards 0-15 are F's eight
  piles, face down then face up, 16-31 R's).
* The **commitment** is ``SHA-256("SECRET:CARDS")`` in hex, ``CARDS`` the 32 codes of the
  shuffle's result joined by single spaces; every seat receives it with the deal, before any
  call.  The **reveal** (``{"secret", "dealt"}``) follows when the deal ends.

A check is three steps (:func:`check_reveal`): the commitment is the hash of the revealed
secret and cards; the cards are the secret's shuffle; the deal as played holds those cards.

>>> deck = FairDeck(bytes(32))
>>> s = deck.secret(1)
>>> dealt = shuffled(s)
>>> len(dealt), sorted(dealt) == list(range(32))
(32, True)
>>> check_reveal(commitment(s, dealt), {"secret": s, "dealt": " ".join(CARD_NAMES[c] for c in dealt)})
[]
"""

from __future__ import annotations

import hashlib
import hmac
import secrets
from dataclasses import dataclass
from typing import Any

import numpy as np

from .cards import CARD_IDS, CARD_NAMES, card_codes
from .deal import hands_of
from .offiziersskat import piles_of

#: bits of a table's secret (from :mod:`secrets`)
SECRET_BYTES = 32


def new_table_secret() -> str:
    """A fresh table secret: 256 bits from the operating system's random source, in hex."""
    return secrets.token_hex(SECRET_BYTES)


def shuffled(secret: str) -> list[int]:
    """The 32 cards in the order ``secret`` shuffles them (see the module docs)."""
    deck = list(range(32))
    words = _words(secret)
    for i in range(31, 0, -1):
        bound = i + 1
        limit = 2 ** 32 - 2 ** 32 % bound
        x = next(words)
        while x >= limit:
            x = next(words)
        j = x % bound
        deck[i], deck[j] = deck[j], deck[i]
    return deck


def _words(secret: str):
    block = 0
    while True:
        digest = hashlib.sha256(f"{secret}:shuffle:{block}".encode()).digest()
        for k in range(0, 32, 4):
            yield int.from_bytes(digest[k:k + 4], "big")
        block += 1


def dealt_text(cards: list[int]) -> str:
    """The cards as the commitment hashes them: codes joined by single spaces."""
    return " ".join(CARD_NAMES[c] for c in cards)


def commitment(secret: str, cards: list[int]) -> str:
    """``SHA-256("SECRET:CARDS")`` in hex: what every seat receives before the deal's first call."""
    return hashlib.sha256(f"{secret}:{dealt_text(cards)}".encode()).hexdigest()


@dataclass(frozen=True)
class FairDeck:
    """A table's deals from its secret (bytes, at least 128 bits): deal ``k``'s secret, cards
    and commitment, and random draws (who deals first, the computers' seeds) nobody can predict."""

    table_secret: bytes

    def __post_init__(self) -> None:
        if len(self.table_secret) < 16:
            raise ValueError("a table's secret has at least 128 bits")

    @classmethod
    def from_hex(cls, text: str) -> FairDeck:
        return cls(bytes.fromhex(text))

    def _mac(self, label: str) -> str:
        return hmac.new(self.table_secret, label.encode(), hashlib.sha256).hexdigest()

    def secret(self, number: int) -> str:
        """Deal ``number``'s secret (from 1), in hex."""
        return self._mac(f"deal {number}")

    def rng(self, label: str) -> np.random.Generator:
        """A generator for the table's other draws (``label`` names which)."""
        return np.random.default_rng(int(self._mac(label), 16))

    def seed(self, label: str) -> int:
        """A 62-bit seed for a computer player's own choices."""
        return int(self._mac(label)[:16], 16) >> 2


def check_reveal(commit: str | None, reveal: Any) -> list[str]:
    """What is wrong with a deal's ``commitment`` and ``reveal`` (empty: they agree): the hash, and
    the cards against the secret's shuffle."""
    if not isinstance(commit, str) or not isinstance(reveal, dict):
        return ["no commitment and reveal"]
    secret, dealt = reveal.get("secret"), reveal.get("dealt")
    if not isinstance(secret, str) or not isinstance(dealt, str):
        return ["the reveal needs its secret and dealt cards"]
    try:
        cards = [CARD_IDS[c] for c in dealt.split()]
    except KeyError as e:
        return [f"the reveal's dealt cards hold {e.args[0]!r}, no card"]
    problems = []
    if hashlib.sha256(f"{secret}:{dealt}".encode()).hexdigest() != commit:
        problems.append("the commitment is not SHA-256 of the revealed secret and cards")
    order = shuffled(secret)
    if cards != order:
        wrong = next(i for i, (a, b) in enumerate(zip(cards + [-1] * 32, order)) if a != b)
        problems.append(f"the dealt cards are not the secret's shuffle (card {wrong + 1}: "
                        f"{CARD_NAMES[cards[wrong]] if wrong < len(cards) else 'missing'})")
    return problems


def check_record(rec: dict) -> list[str]:
    """What is wrong with a finished deal's record as a fair deal (empty: verified): its
    commitment and reveal (:func:`check_reveal`), and its cards against the revealed deal -- each
    hand as dealt, but for the declarer's pick-up (his hand and discard are his ten and the skat)
    and a Ramsch's passes of the skat (each hand at most two cards other than dealt).

    >>> deck = FairDeck(bytes(32)); s = deck.secret(1); order = shuffled(s)
    >>> hands = {seat: [CARD_NAMES[c] for c in order[10 * i:10 * i + 10]] for i, seat in enumerate("FMR")}
    >>> rec = {"hands": hands, "skat": [CARD_NAMES[c] for c in order[30:]], "passed": True,
    ...        "commitment": commitment(s, order), "reveal": {"secret": s, "dealt": dealt_text(order)}}
    >>> check_record(rec)
    []
    >>> rec["hands"]["M"][0], rec["skat"][0] = rec["skat"][0], rec["hands"]["M"][0]
    >>> check_record(rec)[0].startswith("M's hand")
    True
    """
    problems = check_reveal(rec.get("commitment"), rec.get("reveal"))
    if problems:
        return problems
    order = [CARD_IDS[c] for c in rec["reveal"]["dealt"].split()]
    try:
        return _cards_problems(rec, order)
    except (KeyError, TypeError, AttributeError) as e:
        return [f"the record's cards cannot be read ({type(e).__name__}: {e})"]


def _cards_problems(rec: dict, order: list[int]) -> list[str]:
    if rec.get("variant") == "offiziersskat":               # (the deal as the variant lays the cards out)
        piles = piles_of(order)
        return [f"{side}'s piles are not the piles dealt" for p, side in enumerate("FR")
                if [tuple(CARD_IDS[c] for c in pile) for pile in rec["piles"][side]] != piles[p]]
    *dealt_hands, skat_dealt = hands_of(order)
    dealt = {seat: set(card_codes(h)) for seat, h in zip("FMR", dealt_hands)}
    dealt_skat = set(card_codes(skat_dealt))
    hands = rec["hands"]
    hands = {seat: set(hands[seat] if isinstance(hands, dict) else hands[i]) for i, seat in enumerate("FMR")}
    skat = set(rec.get("skat") or ())
    declarer = rec.get("declarer")
    declarer = "FMR"[declarer] if isinstance(declarer, int) else declarer
    problems = []
    ramsch = rec.get("game") == "ramsch"
    for seat in "FMR":
        if ramsch:
            if len(hands[seat] - dealt[seat]) > 2:
                problems.append(f"{seat}'s hand holds {len(hands[seat] - dealt[seat])} cards that were not dealt to "
                                f"{seat} (a pass of the skat moves two)")
        elif seat == declarer and not rec.get("hand"):
            if hands[seat] | skat != dealt[seat] | dealt_skat:
                problems.append(f"{seat}'s hand and the skat are not the cards dealt to {seat} and the skat "
                                f"({' '.join(sorted((hands[seat] | skat) ^ (dealt[seat] | dealt_skat)))})")
        elif hands[seat] != dealt[seat]:
            problems.append(f"{seat}'s hand is not the hand dealt ({' '.join(sorted(hands[seat] ^ dealt[seat]))})")
    if not ramsch and (declarer is None or rec.get("hand")) and skat != dealt_skat:
        problems.append(f"the skat is not the skat dealt ({' '.join(sorted(skat ^ dealt_skat))})")
    return problems


__all__ = ["FairDeck", "SECRET_BYTES", "check_record", "check_reveal", "commitment", "dealt_text",
           "new_table_secret", "shuffled"]
