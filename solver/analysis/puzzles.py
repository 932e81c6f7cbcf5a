"""Puzzles cut from played games: positions where the mover's card was a mistake or a blunder by
what he knew, and one card was clearly best both by what he knew and with every card open.

A position is a puzzle when

- the card played there is a ``mistake`` or ``blunder`` of the review by what its player knew
  (:func:`~.knew.info_review`), settled by its worlds;
- exactly one legal card is best double-dummy (:func:`~.position.position_values`'s
  ``best_dd``), and it is also the only best card by what the mover knew, on
  :data:`PUZZLE_SAMPLES` worlds, ahead of the next card by an interval that excludes a tie
  (``lead``: its 95% interval above 0);
- that card is not the one played.

Its difficulty is read from how far the solution leads by what the mover knew
(:data:`DIFFICULTY`): a small lead is a hard puzzle, as the card is hard to tell from the next.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from ..cards import CARD_NAMES, card_codes
from ..deal import Deal, replay
from ..games import SEATS
from ..pool import map_processes
from .driver import review
from .knew import judge_card
from .options import JUDGING, Judging
from .position import PositionValues, position_values

#: The worlds a candidate position's cards are valued on (the review's samples).
PUZZLE_SAMPLES = 64
#: Difficulty by the solution's lead in expected score over the next card (by what the mover
#: knew): at least the first number is easy, at least the second medium, below it hard.
DIFFICULTY = (20.0, 8.0)


@dataclass(frozen=True)
class Puzzle:
    """One position to solve: ``deal`` (its record with ``played`` cut at the position), who is
    ``to_move``, the ``solution``, the card ``played`` in the game, every legal card's
    ``values`` (:class:`~.position.PositionValues`) and the ``difficulty``.  Its record also
    gives what the mover sees: his ``hand`` and the cards played so far with their seats
    (``history``)."""

    id: str
    game: str
    deal: Deal
    at: int
    to_move: int
    solution: int
    played: int
    values: PositionValues
    difficulty: str

    def to_record(self) -> dict[str, Any]:
        """The puzzle as one JSON line of ``skat puzzles``."""
        rec = self.deal.to_record()
        rec["played"] = rec.get("played", [])[:self.at]
        rec.pop("variations", None)
        st = replay(self.deal, self.deal.played[:self.at])
        return {"id": self.id, "game": self.game, "at": self.at, "record": rec, "to_move": SEATS[self.to_move],
                "hand": card_codes(st.hands[self.to_move]),
                "history": [[SEATS[p], CARD_NAMES[c]] for p, c in st.history],
                "solution": CARD_NAMES[self.solution], "played": CARD_NAMES[self.played],
                "difficulty": self.difficulty, "lead": list(self.values.lead) if self.values.lead else None,
                "cards": [c.to_dict() for c in self.values.cards], "value": self.values.value,
                "worlds": self.values.worlds}


def difficulty(lead: float) -> str:
    """A puzzle's difficulty from its solution's lead in expected score over the next card.

    >>> difficulty(35.0), difficulty(10.0), difficulty(2.5)
    ('easy', 'medium', 'hard')
    """
    easy, medium = DIFFICULTY
    return "easy" if lead >= easy else "medium" if lead >= medium else "hard"


def cut_puzzles(deal: Deal, *, seed: int = 0, judging: Judging = JUDGING, samples: int = PUZZLE_SAMPLES,
                game_id: str | None = None) -> list[Puzzle]:
    """The puzzles of one played game (see the module): its double-dummy review, the cards that
    cost something with one best card judged by what their player knew (``judging``, ``seed``:
    as :func:`~.driver.review` with ``info`` judges them), then every marked card's position
    valued on ``samples`` worlds."""
    if deal.declaration.is_ramsch or deal.is_study or not deal.played:
        return []
    # with one best card double-dummy and another played, the card played cost something double-dummy:
    # only those cards are judged by what their player knew (the judgement the review gives them)
    rv = review(deal, declaration=False)
    gid = game_id or deal.id or "game"
    out = []
    for c in rv.cards:
        if c.cost <= 0 or len(c.best) != 1:
            continue
        i = judge_card(deal, c.index, seed=seed, judging=judging)
        if i.get("class") not in ("mistake", "blunder") or not i.get("settled"):
            continue
        pv = position_values(deal, c.index, samples=samples, seed=seed, line=False)
        if len(pv.best_dd) != 1 or pv.best_info != pv.best_dd or pv.best_dd[0] == CARD_NAMES[c.card]:
            continue
        if pv.lead is None or pv.lead[1] <= 0:
            continue
        solution = next(x.card for x in pv.cards if CARD_NAMES[x.card] == pv.best_dd[0])
        out.append(Puzzle(f"{gid}-{c.index + 1}", gid, deal, c.index, c.seat, solution, c.card, pv,
                          difficulty(pv.lead[0])))
    return out


def cut_puzzles_many(deals: Iterable[tuple[str, Deal]], *, seed: int = 0, judging: Judging = JUDGING,
                     samples: int = PUZZLE_SAMPLES, workers: int = 1) -> list[list[Puzzle]]:
    """:func:`cut_puzzles` of many (id, deal) pairs on ``workers`` processes, each game's in its
    order (the same answers as one by one)."""
    return map_processes(_cut_one, [(gid, d, seed, judging, samples) for gid, d in deals], workers)


def _cut_one(args: tuple[str, Deal, int, Judging, int]) -> list[Puzzle]:
    gid, d, seed, judging, samples = args
    return cut_puzzles(d, seed=seed, judging=judging, samples=samples, game_id=gid)
