"""Offiziersskat (seed 003): two players, eight piles each; the variant interface over
:mod:`solver.offiziersskat`."""

from __future__ import annotations

from typing import Any

import numpy as np

from .. import offiziersskat as O
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
        from ..players.offiziers import deal_piles
        return O.OffiziersDeal(deal_piles(rng), O.offiziers_game(game))

    def shuffle(self, rng: np.random.Generator) -> list[list[tuple[int, int]]]:
        from ..players.offiziers import deal_piles
        return deal_piles(rng)

    def play_deal(self, players: list, dealt: list[list[tuple[int, int]]], options: Any, on_event: Any = None,
                  bock: int = 1) -> Any:
        """F declares, R may say Kontra and F Re (the seed's rule, not a house rule: always on)."""
        from ..players.offiziers import play_offiziers
        return play_offiziers(players, dealt, True, on_event)

    def player(self, name: str, seed: int, strength: dict | None = None, bid_seed: int | None = None,
               scoring: str = "seeger-fabian") -> Any:
        from ..players.offiziers import make_offiziers_player
        return make_offiziers_player(name, seed)

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

    def view(self, deal: O.OffiziersDeal, state: O.OffiziersState, seat: int) -> O.PileView:
        return O.PileView.of(state, seat)

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
        return O.solve_offiziers(deal, best)

    def review(self, deal: O.OffiziersDeal) -> dict:
        from ..analysis import review
        return review(deal).to_record()

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
        from ..search.offiziers import kernel_row
        return kernel_row(state, K.JOB_POINTS)
