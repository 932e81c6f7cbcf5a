"""Classic three-player Skat with its house rules (Ramsch, Schieberamsch, Spitze, the Kontra
chain, Bock): the variant interface over :mod:`solver.deal`, :mod:`solver.state` and
:mod:`solver.scoring`."""

from __future__ import annotations


import numpy as np

from ..deal import Deal, hands_of, load_deal, replay, score_deal, score_ramsch, shuffle
from ..games import SEATS, Declaration
from ..play import spitze_card
from ..search import layout as K
from ..search.api import job_row, position_of, solve
from ..settlement import at_the_bid
from ..state import GameState
from .base import Settlement, Variant


class Skat(Variant):
    """Three players, ten cards each and a skat; records without a ``variant`` key.

    >>> import numpy as np
    >>> v = Skat()
    >>> st = v.start(v.deal(np.random.default_rng(1), "grand"))
    >>> st.to_move, bin(st.legal()).count("1")
    (0, 10)
    """

    name = "skat"
    seats = SEATS
    deal_type = Deal

    def matches(self, rec: dict) -> bool:
        return rec.get("variant") in (None, self.name)

    def load(self, rec: dict) -> Deal:
        return load_deal({k: v for k, v in rec.items() if k != "variant"})

    def dump(self, deal: Deal) -> dict:
        return deal.to_record()

    def deal(self, rng: np.random.Generator, game: str, declarer: int = 0) -> Deal:
        """A shuffled deal; a Spitze game is dealt again until the declarer holds the lowest trump
        (the rule lets him announce it only then)."""
        decl = Declaration.from_name(game)
        while True:
            hands_and_skat = shuffle(rng)
            if not decl.spitze or (hands_and_skat[declarer] >> spitze_card(decl.game)) & 1:
                break
        return Deal(hands_and_skat[:3], hands_and_skat[3], -1 if decl.is_ramsch else declarer, decl)

    def deal_of(self, order: list[int]) -> list[int]:
        return hands_of(order)

    def check_match(self, players: int, deals: int) -> None:
        if players not in (3, 4):
            raise ValueError(f"a match has three or four players, got {players}")

    def start(self, deal: Deal) -> GameState:
        return deal.start_state()

    def replay(self, deal: Deal) -> GameState:
        return replay(deal)

    def played(self, deal: Deal) -> list[int]:
        return deal.played

    def settle(self, deal: Deal) -> Settlement:
        if deal.declaration.is_ramsch:
            rr, st = score_ramsch(deal)
            return Settlement({SEATS[q]: rr.scores[q] for q in range(3)}, None,
                              f"ramsch: {', '.join(f'{SEATS[q]} {st.points[q]}' for q in range(3))} card points",
                              {"losers": [SEATS[q] for q in rr.losers]})
        res, st = score_deal(deal)
        scores = {s: 0 for s in SEATS}
        scores[SEATS[deal.declarer]] = res.score
        return Settlement(scores, res.won, res.reason, {"game_value": res.game_value, "schneider": res.schneider,
                                                        "schwarz": res.schwarz})

    def outcome(self, deal: Deal) -> dict:
        res, st = score_deal(deal)
        return {"declarer_points": st.declarer_points, "defender_points": st.defender_points,
                "declarer_tricks": st.declarer_tricks, "won": res.won, "game_value": res.game_value,
                "score": res.score, "schneider": res.schneider, "schwarz": res.schwarz,
                "overbid": res.overbid, "reason": res.reason}

    def solve(self, deal: Deal, best: bool = False) -> dict:
        return at_the_bid(solve(deal, best=best).to_record(), deal)

    def search_row(self, deal: Deal, state: GameState) -> np.ndarray:
        return job_row(position_of(deal, state), K.JOB_POINTS)
