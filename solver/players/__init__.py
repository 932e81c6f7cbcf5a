"""Computer players and the table that runs deals and matches between them.

Importing the package imports every variant's player module, which registers its parts in
:mod:`solver.players.registry` (the table, the arena and the players look them up there).
"""

from .base import PimcPlayer, Player, PlayView, RandomPlayer, RulePlayer
from .best import BestPlayer
from .registry import BEST_ABLATIONS, BEST_FORMS, FROZEN_BEST, PLAYERS
from . import table, arena, offiziers  # noqa: F401,E402 - each registers its variant's parts

__all__ = ["PLAYERS", "BEST_ABLATIONS", "BEST_FORMS", "FROZEN_BEST", "BestPlayer", "PimcPlayer", "Player", "PlayView",
           "RandomPlayer", "RulePlayer"]
