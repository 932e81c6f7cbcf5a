"""The one game interface every variant provides (python-chess's ``Board`` subclasses and
``find_variant``; OpenSpiel's ``Game`` / ``State`` / observer).

A :class:`Variant` reads and writes its record, deals, starts and replays a state with
``legal``, ``push``, ``pop``, ``to_move`` and ``finished``, settles a finished deal, and encodes
a state for the one search kernel: its rules and its state, nothing above them.  The registry
(:mod:`solver.variants`) finds a variant by name or from a record; what a seat sees, how a
deal is played at the table and the computer players are the players' registries
(:mod:`solver.players.registry`), the review is :func:`solver.analysis.review`, and ``skat
score``'s record is :func:`solver.records.score_record`.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from dataclasses import dataclass, field
from typing import Any, ClassVar, Protocol

import numpy as np


class GameStateLike(Protocol):
    """What every variant's game state offers (push/pop like python-chess's ``Board``)."""

    @property
    def to_move(self) -> int: ...

    @property
    def finished(self) -> bool: ...

    @property
    def trick_number(self) -> int: ...

    def legal(self) -> int: ...

    def push(self, card: int) -> None: ...

    def pop(self) -> int: ...


@dataclass(frozen=True)
class Settlement:
    """A finished deal, settled: every seat's score (by seat letter), whether the declarer won
    (None in a Ramsch: nobody declared), and the one-line reason."""

    scores: dict[str, int]
    won: bool | None
    reason: str
    details: dict[str, Any] = field(default_factory=dict)


class Variant(ABC):
    """One variant of the game; subclasses are stateless and registered by :attr:`name`."""

    #: The registry's name for the variant (the record's ``variant`` key; classic Skat has none).
    name: ClassVar[str]
    #: The seats' letters, in seat order.
    seats: ClassVar[str]
    #: The type of this variant's deal (how :func:`~solver.variants.variant_of_deal` knows it).
    deal_type: ClassVar[type]

    @abstractmethod
    def matches(self, rec: dict) -> bool:
        """Is ``rec`` a record of this variant?"""

    @abstractmethod
    def load(self, rec: dict) -> Any:
        """A record -> this variant's deal; errors name the field."""

    @abstractmethod
    def dump(self, deal: Any) -> dict:
        """A deal -> its record (what :meth:`load` reads back)."""

    @abstractmethod
    def deal(self, rng: np.random.Generator, game: str) -> Any:
        """A shuffled deal to play ``game`` on (a game's name as the record spells it)."""

    def shuffle(self, rng: np.random.Generator) -> Any:
        """The cards as dealt, before anybody decides anything (what the table's deal takes:
        :func:`solver.players.table.play_deal`)."""
        return self.deal_of([int(c) for c in rng.permutation(32)])

    @abstractmethod
    def deal_of(self, order: list[int]) -> Any:
        """The cards as dealt from the 32 cards in the order they come off the deck (a fair
        deck's shuffle: :mod:`solver.fair`)."""

    def seatings(self, players: int) -> list[list[int]]:
        """The duplicate arena's seatings of one deal: per game, the seat of each player type
        (every type holds every seat once: the seats rotate)."""
        n = len(self.seats)
        return [[(i + rot) % n for i in range(players)] for rot in range(n)]

    def first_dealer(self, rng: np.random.Generator, players: int) -> int:
        """The player who deals first in a match (drawn with the match's ``rng``)."""
        return int(rng.integers(players))

    @abstractmethod
    def check_match(self, players: int, deals: int) -> None:
        """Raise ValueError when a match of this size and length breaks the variant's rules."""

    @abstractmethod
    def start(self, deal: Any) -> GameStateLike:
        """The state before the first card."""

    def replay(self, deal: Any) -> GameStateLike:
        """The state after the deal's played cards (each checked)."""
        st = self.start(deal)
        for c in self.played(deal):
            st.push(c)
        return st

    @abstractmethod
    def played(self, deal: Any) -> list[int]:
        """The cards the deal records as played (the list the table appends to)."""

    @abstractmethod
    def settle(self, deal: Any) -> Settlement:
        """The settlement of a finished deal (through the rules' one settlement)."""

    @abstractmethod
    def outcome(self, deal: Any) -> dict:
        """A finished deal's ``result`` as its record carries it (card points, won, the score,
        the reason): what the table and ``playout`` write."""

    @abstractmethod
    def solve(self, deal: Any, best: bool = False) -> dict:
        """``skat solve``'s record of one deal: its double-dummy value (and with ``best`` every
        playable card's)."""

    @abstractmethod
    def search_row(self, deal: Any, state: Any) -> np.ndarray:
        """The kernel's position row of ``state`` (every card known), for the exact-value job."""
