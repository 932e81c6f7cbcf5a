"""Offiziersskat (seed 003): two players, eight piles each; the variant interface over
:mod:`solver.offiziersskat`."""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from .. import offiziersskat as O
from .base import Settlement, Variant


@dataclass(frozen=True)
class PileView:
    """What one side sees: both sides' piles as everybody sees them (the open card on top, a
    face-down card under it or not), the cards it may play, and the points so far."""

    seat: int
    piles: tuple[list[tuple[int | None, bool]], list[tuple[int | None, bool]]]
    playable: int
    points: tuple[int, int]


class Offiziersskat(Variant):
    """Two players (F declares, R deals), 16 cards each in 8 piles of [face down, face up].

    >>> import numpy as np
    >>> v = Offiziersskat()
    >>> st = v.start(v.deal(np.random.default_rng(1), "grand"))
    >>> st.to_move, bin(st.legal()).count("1")
    (0, 8)
    """

    name = "offiziersskat"
    seats = O.SIDES

    def matches(self, rec: dict) -> bool:
        return rec.get("variant") == self.name

    def load(self, rec: dict) -> O.OffiziersDeal:
        return O.load_offiziers(rec)

    def dump(self, deal: O.OffiziersDeal) -> dict:
        return deal.to_record()

    def deal(self, rng: np.random.Generator, game: str) -> O.OffiziersDeal:
        from ..players.offiziers import deal_piles
        return O.OffiziersDeal(deal_piles(rng), O.offiziers_game(game))

    def start(self, deal: O.OffiziersDeal) -> O.OffiziersState:
        return deal.start_state()

    def played(self, deal: O.OffiziersDeal) -> list[int]:
        return deal.played

    def view(self, deal: O.OffiziersDeal, state: O.OffiziersState, seat: int) -> PileView:
        return PileView(seat, (state.pile_view(0), state.pile_view(1)),
                        state.legal() if state.to_move == seat else 0, (state.points[0], state.points[1]))

    def settle(self, deal: O.OffiziersDeal) -> Settlement:
        r = O.score_offiziers(deal)
        return Settlement(dict(r.scores), r.won, r.reason, {"game_value": r.value, "schneider": r.schneider,
                                                            "schwarz": r.schwarz})

    def solve(self, deal: O.OffiziersDeal, best: bool = False) -> dict:
        return O.solve_offiziers(deal, best)

    def review(self, deal: O.OffiziersDeal) -> dict:
        return O.review_offiziers(deal)

    def score_record(self, deal: O.OffiziersDeal, scoring: str = "simple") -> dict:
        """The settlement as ``skat score`` writes it (Offiziersskat scores one way: ``scoring``
        is the classic table's choice and does not apply)."""
        from ..house import kontra_call
        r = O.score_offiziers(deal)
        out = {"variant": self.name, "declarer": "F", "game": deal.game_name, "declarer_points": r.declarer_points,
               "won": r.won, "winner": r.winner, "schneider": r.schneider, "schwarz": r.schwarz,
               "game_value": r.value, "score": r.scores["F"], "scores": r.scores, "reason": r.reason}
        if deal.kontra > 1:
            out["kontra"] = kontra_call(deal.kontra)
        return out

    def search_row(self, deal: O.OffiziersDeal, state: O.OffiziersState) -> np.ndarray:
        from ..search import layout as K
        return O.kernel_row(state, K.JOB_POINTS)
