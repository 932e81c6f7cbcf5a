"""Offiziersskat (seed 003): two players, eight piles each; the variant interface over
:mod:`solver.offiziersskat`."""

from __future__ import annotations


import numpy as np

from .. import offiziersskat as O
from ..search import layout as K
from ..search.offiziers import kernel_row, solve_offiziers
from .base import Settlement, Variant


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
    deal_type = O.OffiziersDeal

    def matches(self, rec: dict) -> bool:
        return rec.get("variant") == self.name

    def load(self, rec: dict) -> O.OffiziersDeal:
        return O.load_offiziers(rec)

    def dump(self, deal: O.OffiziersDeal) -> dict:
        return deal.to_record()

    def deal(self, rng: np.random.Generator, game: str) -> O.OffiziersDeal:
        return O.OffiziersDeal(O.deal_piles(rng), O.offiziers_game(game))

    def deal_of(self, order: list[int]) -> list[list[tuple[int, int]]]:
        return O.piles_of(order)

    def first_dealer(self, rng: np.random.Generator, players: int) -> int:
        """The first player listed deals first; the two take turns."""
        return 0

    def check_match(self, players: int, deals: int) -> None:
        if players != 2:
            raise ValueError("Offiziersskat is for two players")
        if deals % 2:
            raise ValueError("an Offiziersskat match has an even number of deals, so that each deals equally often")

    def start(self, deal: O.OffiziersDeal) -> O.OffiziersState:
        return deal.start_state()

    def replay(self, deal: O.OffiziersDeal) -> O.OffiziersState:
        return deal.replay()

    def played(self, deal: O.OffiziersDeal) -> list[int]:
        return deal.played

    def settle(self, deal: O.OffiziersDeal) -> Settlement:
        r = O.score_offiziers(deal)
        return Settlement(dict(r.scores), r.won, r.reason, {"game_value": r.value, "schneider": r.schneider,
                                                            "schwarz": r.schwarz})

    def outcome(self, deal: O.OffiziersDeal) -> dict:
        r = O.score_offiziers(deal)
        return {"declarer": "F", "game": deal.game_name, "declarer_points": r.declarer_points, "won": r.won,
                "winner": r.winner, "schneider": r.schneider, "schwarz": r.schwarz, "value": r.value,
                "reason": r.reason, "scores": dict(r.scores)}

    def solve(self, deal: O.OffiziersDeal, best: bool = False) -> dict:
        return solve_offiziers(deal, best)

    def search_row(self, deal: O.OffiziersDeal, state: O.OffiziersState) -> np.ndarray:
        return kernel_row(state, K.JOB_POINTS)
