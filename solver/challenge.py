"""A duplicate challenge: a short code names a set of deals (their number, the scoring and the
seed they are dealt from), so that anybody, on any machine, plays the same cards; the person's
score is then set beside ``best``'s on the same cards, at the same seat against the same
computers (the *duplicate difference*, as in duplicate bridge: the luck of the cards cancels).

A code reads ``12S-1ZA-9B``: the number of deals and the scoring (``S`` simple, ``F``
Seeger-Fabian), the seed in Crockford's base 32 (no I, L, O or U; read case-blind, with ``I``
and ``L`` as 1 and ``O`` as 0), and two check characters that catch a mistyped character or two
swapped ones.

>>> c = Challenge(deals=12, seed=2026)
>>> c.code
'12S-1ZA-9B'
>>> Challenge.parse("12s 1za 9b") == c
True
>>> Challenge.parse("12S-1ZB-9B")
Traceback (most recent call last):
...
solver.challenge.ChallengeError: challenge code '12S-1ZB-9B': the check '9B' does not fit: a character is mistyped
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

import numpy as np

from .match import MatchSheet
from .players import Player
from .players.table import DealResult, TableOptions, make_player, play_match

#: Crockford's base 32 (no I, L, O, U)
ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"
SCORING_LETTERS = {"S": "simple", "F": "seeger-fabian"}
#: The most deals a code names, and the largest seed (40 bits: eight characters at most).
MAX_DEALS = 36
MAX_SEED = 2 ** 40 - 1
#: The table a challenge is played at, in words (:func:`at_plain_table`).
PLAIN_TABLE = "three players, no house rules, no Kontra, no duel, no clock, by deals"


def at_plain_table(*, house: str | None = None, kontra: bool = False, players: int = 3, duel: bool = False,
                   rounds: int | None = None, target: int | None = None, clock: Any = None,
                   variant: str = "skat") -> bool:
    """Is a match with these options played at the plain table (:data:`PLAIN_TABLE`), the one a
    challenge is played at and whose deals a code can name?

    >>> at_plain_table(), at_plain_table(players=4), at_plain_table(clock=60), at_plain_table(variant="offiziersskat")
    (True, False, False, False)
    """
    return not (house or kontra or players != 3 or duel or rounds or target or clock or variant != "skat")


class ChallengeError(ValueError):
    """A code that names no challenge; the message says which part is wrong."""


@dataclass(frozen=True)
class Challenge:
    """A set of deals anybody can replay: ``deals`` dealt from ``seed``, scored by ``scoring``."""

    deals: int = 12
    seed: int = 0
    scoring: str = "simple"

    def __post_init__(self) -> None:
        if not 1 <= self.deals <= MAX_DEALS:
            raise ChallengeError(f"a challenge has 1 to {MAX_DEALS} deals, not {self.deals}")
        if not 0 <= self.seed <= MAX_SEED:
            raise ChallengeError(f"a challenge's seed is 0 to {MAX_SEED}, not {self.seed}")
        if self.scoring not in SCORING_LETTERS.values():
            raise ChallengeError(f"scoring {self.scoring!r}: simple or seeger-fabian")

    @property
    def code(self) -> str:
        letter = next(k for k, v in SCORING_LETTERS.items() if v == self.scoring)
        head, seed = f"{self.deals}{letter}", _base32(self.seed)
        return f"{head}-{seed}-{_check(head + seed)}"

    @classmethod
    def parse(cls, code: str) -> Challenge:
        """The challenge a code names (case-blind; spaces or dashes between its parts)."""
        text = str(code)[:40]
        parts = [p for p in re.split(r"[\s\-]+", text.strip().upper()) if p]
        if len(parts) != 3:
            raise ChallengeError(f"challenge code {text!r}: three parts, like 12S-1ZA-9B (deals and scoring, "
                                 f"seed, check)")
        head, seed_text, check = parts
        m = re.fullmatch(r"(\d{1,2})([SF])", head)
        if not m:
            raise ChallengeError(f"challenge code {text!r}: {head!r} is not deals and a scoring (like 12S or 36F)")
        if not 1 <= int(m.group(1)) <= MAX_DEALS:
            raise ChallengeError(f"challenge code {text!r}: {m.group(1)} deals; a challenge has 1 to {MAX_DEALS} deals")
        seed_text = seed_text.translate(str.maketrans("ILO", "110"))
        bad = next((ch for ch in seed_text if ch not in ALPHABET), None)
        if bad is not None or len(seed_text) > 8:
            raise ChallengeError(f"challenge code {text!r}: {seed_text!r} is not a seed "
                                 + (f"({bad!r} is no base-32 digit)" if bad else "(at most 8 characters)"))
        want = _check(head + seed_text)
        if check != want:
            raise ChallengeError(f"challenge code {text!r}: the check {check!r} does not fit: a character is mistyped")
        seed = 0
        for ch in seed_text:
            seed = seed * 32 + ALPHABET.index(ch)
        return cls(deals=int(m.group(1)), seed=seed, scoring=SCORING_LETTERS[m.group(2)])

    @classmethod
    def new(cls, rng: np.random.Generator, deals: int = 12, scoring: str = "simple") -> Challenge:
        """A fresh challenge, its seed drawn from ``rng``."""
        return cls(deals=deals, seed=int(rng.integers(0, MAX_SEED + 1)), scoring=scoring)

    def play(self, you: Player, *, opponents: str = "best", strength: int = 1,
             on_event: Any = None, names: tuple[str, ...] | None = None) -> tuple[MatchSheet, list[DealResult]]:
        """The challenge's match: ``you`` as player 0, computers of kind ``opponents`` (seeded by
        the challenge) as players 1 and 2."""
        players = [you] + [make_player(opponents, self.seed + i, {"level": strength}, scoring=self.scoring)
                           for i in (1, 2)]
        return play_match(players, deals=self.deals, seed=self.seed, options=TableOptions(self.scoring),
                          names=names, on_event=on_event)

    def benchmark(self, *, opponents: str = "best", strength: int = 1) -> list[int]:
        """``best``'s score in each deal of the challenge, sitting where the person sits (the
        duplicate's other table)."""
        best = make_player("best", self.seed, {"level": strength}, scoring=self.scoring)
        sheet, _ = self.play(best, opponents=opponents, strength=strength)
        return [e.scores[0] for e in sheet.entries]


def duplicate(yours: list[int], best: list[int]) -> dict[str, Any]:
    """The person's scores deal by deal beside ``best``'s on the same cards: the totals and their
    difference (positive: the person did better).

    >>> duplicate([10, -20, 0], [10, 30, 0])
    {'you': -10, 'best': 40, 'difference': -50, 'deals': [0, -50, 0]}
    """
    if len(yours) != len(best):
        raise ValueError(f"{len(yours)} deals against {len(best)}: not the same challenge")
    return {"you": sum(yours), "best": sum(best), "difference": sum(yours) - sum(best),
            "deals": [a - b for a, b in zip(yours, best)]}


def _base32(n: int) -> str:
    out = ""
    while True:
        out = ALPHABET[n % 32] + out
        n //= 32
        if not n:
            return out


def _check(text: str) -> str:
    """Two check characters: the code's characters weighted by their places, modulo the prime
    1021 (a wrong character or two swapped neighbours always change it: the change is below
    1021 and not 0)."""
    total = sum((i + 1) * ALPHABET.index(ch) for i, ch in enumerate(text)) % 1021
    return ALPHABET[total // 32] + ALPHABET[total % 32]
