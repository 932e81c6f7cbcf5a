"""Computer players and the table that runs deals and matches between them."""

from .base import PimcPlayer, Player, PlayView, RandomPlayer, RulePlayer

PLAYERS = {"pimc": PimcPlayer, "rules": RulePlayer, "random": RandomPlayer}

__all__ = ["PLAYERS", "PimcPlayer", "Player", "PlayView", "RandomPlayer", "RulePlayer"]
