"""skat-solver: double-dummy search, bid advice and reviews for the card game Skat.

The public API in one import (the modules load when a name is first used, so
``import solver`` stays cheap and the compiled kernel is only loaded by what
needs it):

>>> from solver import parse_cards, format_cards, Declaration, HEARTS_GAME, settle
>>> format_cards(parse_cards("SJ CJ"))
'CJ SJ'
>>> settle(Declaration(HEARTS_GAME), 2, won=True, schneider=False, schwarz=False, bid=27).score
30
"""

from __future__ import annotations

from importlib import import_module
from typing import TYPE_CHECKING, Any

__version__ = "0.1.0"

#: Each public name and the module that is its home.
_EXPORTS: dict[str, str] = {
    # cards
    **dict.fromkeys(("parse_card", "parse_cards", "parse_card_list", "format_card", "format_cards", "card_codes",
                     "card_points", "iter_cards", "popcount", "CARD_NAMES", "CardParseError"), "cards"),
    # games and declarations
    **dict.fromkeys(("Declaration", "DeclarationError", "parse_game", "parse_seat", "DIAMONDS_GAME", "HEARTS_GAME",
                     "SPADES_GAME", "CLUBS_GAME", "GRAND", "NULL", "RAMSCH", "SEATS", "F", "M", "R"), "games"),
    # scoring
    **dict.fromkeys(("matadors", "game_value", "settle", "score_game", "play_outcome", "BID_LADDER", "next_bid",
                     "WIN_POINTS", "SCHNEIDER_POINTS", "SCHNEIDER_ESCAPE", "GameResult", "Settled"), "scoring"),
    # the deal record and the game in progress
    **dict.fromkeys(("Deal", "DealError", "load_deal", "dump_deal", "replay", "score_deal", "ScoredDeal"), "deal"),
    **dict.fromkeys(("GameState", "IllegalCard"), "state"),
    **dict.fromkeys(("HouseRules",), "house"),
    # search, advice, review, bulk
    **dict.fromkeys(("Solver", "Solved", "solve", "solve_many", "reach", "best_moves", "position"), "search.api"),
    **dict.fromkeys(("evaluate_hand", "evaluate_hands", "evaluate_declare", "EvaluationError"), "advice"),
    **dict.fromkeys(("estimate_hand", "estimate_hands", "HandEstimate"), "handmodel.model"),
    **dict.fromkeys(("review", "review_many"), "analysis"),
    **dict.fromkeys(("run_bulk",), "bulk.runner"),
    # game variants, the players and the table, fair deals
    **dict.fromkeys(("Variant", "find_variant"), "variants"),
    **dict.fromkeys(("Player", "PLAYERS"), "players"),
    **dict.fromkeys(("make_player", "play_match"), "players.table"),
    **dict.fromkeys(("FairDeck", "check_record"), "fair"),
}

if TYPE_CHECKING:                       # (what mypy and editors see: every name with its type, not Any)
    from .analysis import review, review_many
    from .bulk.runner import run_bulk
    from .cards import (CARD_NAMES, CardParseError, card_codes, card_points, format_card, format_cards, iter_cards,
                        parse_card, parse_card_list, parse_cards, popcount)
    from .advice import EvaluationError, evaluate_declare, evaluate_hand, evaluate_hands
    from .deal import Deal, DealError, ScoredDeal, dump_deal, load_deal, replay, score_deal
    from .fair import FairDeck, check_record
    from .games import (CLUBS_GAME, DIAMONDS_GAME, GRAND, HEARTS_GAME, NULL, RAMSCH, SEATS, SPADES_GAME, Declaration,
                        DeclarationError, F, M, R, parse_game, parse_seat)
    from .handmodel.model import HandEstimate, estimate_hand, estimate_hands
    from .house import HouseRules
    from .players import PLAYERS, Player
    from .players.table import make_player, play_match
    from .scoring import (BID_LADDER, SCHNEIDER_ESCAPE, SCHNEIDER_POINTS, WIN_POINTS, GameResult, Settled, game_value,
                          matadors, next_bid, play_outcome, score_game, settle)
    from .search.api import Solved, Solver, best_moves, position, reach, solve, solve_many
    from .state import GameState, IllegalCard
    from .variants import Variant, find_variant

__all__ = sorted(_EXPORTS) + ["__version__"]


def __getattr__(name: str) -> Any:
    home = _EXPORTS.get(name)
    if home is None:
        raise AttributeError(f"module 'solver' has no attribute {name!r}")
    value = getattr(import_module(f".{home}", __name__), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return __all__
