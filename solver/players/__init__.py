"""Computer players and the table that runs deals and matches between them."""

from .base import PimcPlayer, Player, PlayView, RandomPlayer, RulePlayer
from .best import BestPlayer

#: The players by name: ``best`` the strongest, ``pimc`` plain PIMC (the baseline), ``rules`` a
#: rule-of-thumb player, ``random`` legal cards at random.
PLAYERS = {"best": BestPlayer, "pimc": PimcPlayer, "rules": RulePlayer, "random": RandomPlayer}

#: ``best`` with parts switched off, for the ablation benchmark: its bidding alone (plain PIMC's
#: card play), with the inference, with the stakes search and exact endgame.
VARIANTS: dict[str, dict] = {"best-bidding": {"inference": (), "search": False},
                             "best-inference": {"search": False},
                             "best-search": {"inference": ()}}

__all__ = ["PLAYERS", "VARIANTS", "BestPlayer", "PimcPlayer", "Player", "PlayView", "RandomPlayer", "RulePlayer"]
