"""Game value and settlement: matadors, levels, outcome, overbid, bid ladder.

The worked example of the rules (seed 000): CJ and SJ but not HJ, Hearts
after a pick-up, bid 27.

>>> from solver.cards import parse_cards
>>> from solver.games import Declaration, HEARTS_GAME
>>> d = Declaration(HEARTS_GAME)
>>> cards = parse_cards("CJ SJ HA HT HK H9 SA S7 D8 D7 DA C7")
>>> m = matadors(cards, HEARTS_GAME); m
2
>>> score_game(d, m, declarer_points=72, declarer_tricks=6, bid=27).score
30
>>> score_game(d, m, declarer_points=59, declarer_tricks=5, bid=27).score
-60
>>> score_game(d, m, declarer_points=72, declarer_tricks=6, bid=33).score
-80
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, NamedTuple

import numpy as np

from .games import BASE_VALUES, NULL, NULL_VALUES, SUIT_GAMES, Declaration

TOTAL_POINTS = 120
TRICKS = 10


def trump_order(game: int) -> list[int]:
    """Trumps from the highest down: CJ SJ HJ DJ, then A T K Q 9 8 7 of the suit."""
    order = [31, 30, 29, 28]
    if game in SUIT_GAMES:
        order += [game * 7 + i for i in range(6, -1, -1)]
    return order


def matadors(cards: int, game: int) -> int:
    """Signed matadors of the declarer's cards (hand + skat): ``with N`` > 0, ``without N`` < 0.

    >>> from solver.cards import parse_cards
    >>> matadors(parse_cards("HJ DJ CA"), 4)     # no CJ, no SJ: without 2
    -2
    >>> matadors(parse_cards("CJ SJ HJ DJ CA CT CK CQ C9 C8 C7 DA"), 3)
    11
    """
    if game == NULL:
        return 0
    order = trump_order(game)
    has_top = (cards >> order[0]) & 1
    n = 0
    for c in order:
        if ((cards >> c) & 1) != has_top:
            break
        n += 1
    return n if has_top else -n


#: The Spitze bonus (house rule): a Spitze game's value counts this much above the declarer's card
#: points while the declarer keeps the Spitze, above every count of card points, so that the
#: search, maximising points + bonus, first keeps the Spitze, then takes the most points it
#: allows, and the game state's final value says both at once.
SPITZE_BONUS = 128

#: The win thresholds: 61 card points win, 90 make the opponents Schneider, and a side with
#: 30 or fewer is Schneider (so the declarer escapes it with 31).
WIN_POINTS = 61
SCHNEIDER_POINTS = 90
SCHNEIDER_ESCAPE = 31


def points_needed(decl: Declaration) -> int:
    """The card points a suit or Grand declaration needs: 90 with Schneider announced, else 61."""
    return SCHNEIDER_POINTS if decl.schneider else WIN_POINTS


def multiplier(decl: Declaration, mats, schneider, schwarz):
    """Matadors + game + Hand + Schneider (+announced) + Schwarz (+announced) + Ouvert.

    Works on numbers and on numpy arrays alike (``schneider``/``schwarz`` reached in play).
    """
    m = np.abs(mats) + 1 + int(decl.hand)
    m = m + (np.logical_or(schneider, decl.schneider | schwarz | decl.schwarz)).astype(np.int64)
    m = m + int(decl.schneider)
    m = m + np.logical_or(schwarz, decl.schwarz).astype(np.int64)
    m = m + int(decl.schwarz) + int(decl.ouvert) + int(decl.spitze)
    return m


def game_value(decl: Declaration, mats=0, schneider=False, schwarz=False):
    """The value of a game (Null: its fixed value); arrays in, arrays out."""
    if decl.is_null:
        return decl.value_base
    v = BASE_VALUES[decl.game] * multiplier(decl, mats, schneider, schwarz)
    return int(v) if np.ndim(v) == 0 else v


def lowest_multiple(base: int, at_least: int) -> int:
    return -(-at_least // base) * base


def null_conceded(bid: int) -> int:
    """An invalid Null (its value below the bid) is lost as the cheapest suit or Grand game
    reaching the bid: the lowest multiple of any base value that is at least the bid.

    >>> null_conceded(24), null_conceded(25), null_conceded(36)
    (24, 27, 36)
    """
    return min(lowest_multiple(b, bid) for b in BASE_VALUES)


def play_outcome(decl: Declaration, reach61, reach90, reach31, all_tricks, any_trick, spitze_kept=True):
    """What the play decided, from five yes/no facts about the declarer's result.

    ``reach61``/``reach90``/``reach31``: he has at least 61/90/31 card points;
    ``all_tricks``: he took every trick; ``any_trick``: he took a trick.
    ``spitze_kept``: a Spitze declarer won the last trick with his lowest trump
    (else a Spitze game is lost).  Returns (won by play, Schneider, Schwarz)
    for suit and Grand games (Null: won = no trick taken).  Arrays in, arrays out: the evaluator passes
    one entry per sampled world, :func:`score_game` one game.
    """
    r61, r90, r31, alls, anyt = (np.asarray(x, dtype=bool) for x in (reach61, reach90, reach31, all_tricks,
                                                                     any_trick))
    if decl.is_null:
        return ~anyt, np.zeros_like(anyt), np.zeros_like(anyt)
    schneider = r90 | ~r31
    schwarz = alls | ~anyt
    won = r61.copy()
    if decl.schneider:
        won &= r90
    if decl.schwarz:
        won &= alls
    if decl.spitze:
        won &= np.asarray(spitze_kept, dtype=bool)
    return won, schneider | schwarz, schwarz


def outcome(decl: Declaration, declarer_points, all_tricks, any_trick, spitze_kept=True):
    """THE outcome of a game from the declarer's final card points (skat included) and his tricks:
    (won by play, Schneider, Schwarz), through :func:`play_outcome` with the named thresholds.

    Schwarz is counted in tricks, never in card points: a trick can be worth 0 points, and a
    declarer who takes no trick still has his skat's points.  Arrays in, arrays out.

    >>> from solver.games import Declaration, GRAND, NULL
    >>> [bool(x) for x in outcome(Declaration(GRAND), 120, False, True)]   # a 0-point trick lost: not Schwarz
    [True, True, False]
    >>> [bool(x) for x in outcome(Declaration(GRAND), 21, False, False)]   # no trick, 21 in the skat: Schwarz
    [False, True, True]
    >>> [bool(x) for x in outcome(Declaration(NULL), 0, False, False)]
    [True, False, False]
    """
    p = np.asarray(declarer_points)
    return play_outcome(decl, p >= WIN_POINTS, p >= SCHNEIDER_POINTS, p >= SCHNEIDER_ESCAPE, all_tricks, any_trick,
                        spitze_kept)


class Settled(NamedTuple):
    """What :func:`settle` answers: scalars for one game, arrays (one entry a world) for many."""

    won: Any            # won at the bid (an overbid game is lost)
    value: Any          # the value the game is settled at (after overbid rounding)
    score: Any          # the declarer's score
    defender: Any       # each defender's score (Seeger-Fabian's 40 or 30 when the declarer loses)


def settle(decl: Declaration, mats, *, won, schneider, schwarz, bid: int | None = None,
           scoring: str = "simple", players: int = 3, kontra: int = 1) -> Settled:
    """The settlement of a game: won, game value, declarer's score, each defender's score.

    The one place the rules of settlement live: the value from matadors and
    levels; a game worth less than the bid is overbid and lost at the lowest
    multiple of its base value reaching the bid; an invalid Null is lost as
    :func:`null_conceded`; a won game scores +value, a lost one -2 x value;
    Kontra (``kontra`` 2) and Re (4) multiply the settlement, not the value
    the bid is checked against; Seeger-Fabian adds 50 to a won game, takes 50
    from a lost one and gives each defender 40 (30 at a four-player table)
    when the declarer loses.  Arrays in, arrays out.

    >>> from solver.games import Declaration, HEARTS_GAME
    >>> settle(Declaration(HEARTS_GAME), 2, won=True, schneider=False, schwarz=False, bid=27)
    Settled(won=True, value=30, score=30, defender=0)
    >>> settle(Declaration(HEARTS_GAME), 2, won=True, schneider=False, schwarz=False, bid=33,
    ...        scoring="seeger-fabian")
    Settled(won=False, value=40, score=-130, defender=40)
    """
    won = np.asarray(won, dtype=bool)
    if decl.is_null:
        value = np.full(won.shape, decl.value_base, dtype=np.int64)
        if bid is not None and bid > decl.value_base:
            value[...] = null_conceded(bid)
            won = np.zeros_like(won)
    else:
        value = np.asarray(game_value(decl, mats, schneider, schwarz), dtype=np.int64)
        if bid is not None:
            over = value < bid
            value = np.where(over, lowest_multiple(BASE_VALUES[decl.game], bid), value)
            won = won & ~over
    score, defender = multiplied(np.where(won, value, -2 * value), won, scoring, kontra=kontra, players=players)
    if won.ndim == 0:
        return Settled(bool(won), int(value), int(score), int(defender))
    return Settled(won, value, score, defender)


@dataclass
class GameResult:
    """The scored outcome of one game, from the declarer's point of view."""

    won: bool
    game_value: int          # the value the game is settled at (after overbid rounding)
    score: int               # declarer's settlement: +value, or -2 x value
    schneider: bool          # a side ended with 30 or fewer points
    schwarz: bool            # a side took no trick
    overbid: bool
    matadors: int
    declarer_points: int | None
    reason: str              # one line: why won or lost


def score_game(decl: Declaration, mats: int, declarer_points: int | None, declarer_tricks: int, *,
               bid: int | None = None, defender_tricks: int | None = None,
               spitze_kept: bool = True) -> GameResult:
    """Score a game from its card points and tricks (through :func:`play_outcome` and :func:`settle`).

    ``declarer_tricks`` / ``defender_tricks`` are the tricks each side took
    (``defender_tricks`` defaults to ``10 - declarer_tricks``).  A Null game
    is lost once the declarer took a trick; a Schwarz-announced game once the
    defenders took one, even when the record stops there.

    >>> from solver.games import Declaration, GRAND
    >>> score_game(Declaration(GRAND), 3, 92, 8).score        # with 3, game 4, Schneider 5
    120
    >>> score_game(Declaration(GRAND), 1, 60, 5).reason
    'lost: 60 card points (61 needed)'
    >>> score_game(Declaration(GRAND), 1, 0, 0).score          # with 1, game, Schneider, Schwarz: -2 x 4 x 24
    -192
    """
    if defender_tricks is None:
        defender_tricks = TRICKS - declarer_tricks
    pts = declarer_points
    if pts is None and not decl.is_null:
        raise ValueError("card points are needed to score a suit or Grand game")
    p = pts or 0
    all_tricks = defender_tricks == 0 and declarer_tricks == TRICKS
    won_play, schneider, schwarz = outcome(decl, p, all_tricks, declarer_tricks > 0, spitze_kept)
    won_play, schneider, schwarz = bool(won_play), bool(schneider), bool(schwarz)
    won, value, score, _ = settle(decl, mats, won=won_play, schneider=schneider, schwarz=schwarz, bid=bid)
    if decl.is_null:
        if bid is not None and bid > decl.value_base:
            reason = f"lost: Null ({decl.value_base}) is below the bid {bid}; conceded as {value}"
            return GameResult(False, value, score, False, False, True, 0, pts, reason)
        reason = "won: the declarer took no trick" if won else "lost: the declarer took a trick"
        return GameResult(won, value, score, False, False, False, 0, pts, reason)
    played_value = game_value(decl, mats, schneider, schwarz)
    overbid = bid is not None and played_value < bid
    if overbid:
        reason = f"lost: overbid (bid {bid}, game worth {played_value})"
    elif decl.schwarz and defender_tricks > 0:
        reason = "lost: Schwarz announced but the defenders took a trick"
    elif decl.spitze and not spitze_kept:
        reason = "lost: Spitze announced but the last trick was not won with the lowest trump"
    elif decl.schneider and p < SCHNEIDER_POINTS:
        reason = f"lost: Schneider announced but only {p} card points"
    elif not won_play:
        reason = f"lost: {p} card points ({WIN_POINTS} needed)"
    else:
        reason = f"won: {p} card points"
    return GameResult(won, value, score, schneider, schwarz, overbid, mats, pts, reason)


# ------------------------------------------------------------ the multipliers

#: The scorings a table can settle by (click's choices and the web forms read this).
SCORINGS = ("simple", "seeger-fabian")


def multiplied(simple, won, scoring: str = "simple", *, kontra: int = 1, bock: int = 1, players: int = 3):
    """THE multipliers on a settled game: (the declarer's score, each defender's score).

    ``simple`` is the declarer's plain score (+value, or -2 x value); the Kontra chain's factor
    (``kontra``: 2 Kontra, 4 Re, 8 Bock, 16 Hirsch) multiplies it, Seeger-Fabian then adds +50
    for a won and -50 for a lost game and gives each defender 40 (30 at a four-player table)
    when the declarer loses, and a Bock round (``bock`` 2) doubles all of it.  Arrays in,
    arrays out.

    >>> multiplied(-60, False, kontra=2), multiplied(-60, False, "seeger-fabian", bock=2)
    ((-120, 0), (-220, 80))
    """
    if scoring not in SCORINGS:
        raise ValueError(f"unknown scoring {scoring!r} ({' or '.join(SCORINGS)})")
    score = np.asarray(simple) * kontra
    defender = np.zeros_like(score)
    if scoring == "seeger-fabian":
        bonus, defender = tournament_points(won, players)
        score = score + bonus
    score, defender = score * bock, defender * bock
    if np.ndim(score) == 0:
        return int(score), int(defender)
    return score, defender


# ------------------------------------------------------------ Seeger-Fabian

def table_scores(result: GameResult, scoring: str = "simple", *, kontra: int = 1,
                 players: int = 3, bock: int = 1) -> tuple[int, int]:
    """A scored game at the table: (the declarer's score, each defender's score), with the
    Kontra chain (``kontra``), the scoring (simple or Seeger-Fabian) and a Bock round
    (``bock`` 2), by :func:`multiplied`.

    >>> from solver.games import Declaration, HEARTS_GAME
    >>> r = score_game(Declaration(HEARTS_GAME), 2, 59, 5, bid=27)
    >>> table_scores(r), table_scores(r, "seeger-fabian"), table_scores(r, kontra=2)
    ((-60, 0), (-110, 40), (-120, 0))
    """
    return multiplied(result.score, result.won, scoring, kontra=kontra, bock=bock, players=players)


def seeger_fabian(result: GameResult, players: int = 3) -> tuple[int, int]:
    """Tournament scoring of a scored game: (declarer's score, each defender's score).

    +50 for a won game, -50 for a lost one; when the declarer loses each
    defender gets +40 (30 at a four-player table).

    >>> from solver.games import Declaration, HEARTS_GAME
    >>> r = score_game(Declaration(HEARTS_GAME), 2, 59, 5, bid=27)
    >>> seeger_fabian(r)
    (-110, 40)
    """
    return table_scores(result, "seeger-fabian", players=players)


def tournament_points(won, players: int = 3):
    """Seeger-Fabian's additions: (the declarer's +50 / -50, each defender's 0 / 40, or 30 at four)."""
    return np.where(won, 50, -50), np.where(won, 0, 40 if players == 3 else 30)


# ------------------------------------------------------------ bid ladder

def _all_values() -> list[int]:
    vals = set(NULL_VALUES.values())
    for base in BASE_VALUES[:4]:
        vals.update(base * m for m in range(2, 19))   # with/without 1 .. 11 + 7 levels
    vals.update(24 * m for m in range(2, 12))          # Grand: up to 4 + 7 levels
    return sorted(v for v in vals if v >= 18)


#: Every bid that some game can be worth, ascending: 18, 20, 22, 23, ... 264.
BID_LADDER: tuple[int, ...] = tuple(_all_values())


def next_bid(value: int) -> int | None:
    """The next value on the ladder above ``value`` (None past 264).

    >>> next_bid(18), next_bid(0), next_bid(264)
    (20, 18, None)
    """
    for v in BID_LADDER:
        if v > value:
            return v
    return None


def check_bid(bid: int) -> int:
    if bid not in BID_LADDER:
        raise ValueError(f"{bid} is not a possible bid (the ladder goes 18, 20, 22, 23, 24, 27, 30, ...)")
    return bid


__all__ = ["BID_LADDER", "GameResult", "game_value", "matadors", "score_game", "seeger_fabian", "settle",
           "play_outcome", "null_conceded", "table_scores", "points_needed", "next_bid", "check_bid", "trump_order",
           "multiplier", "outcome", "multiplied", "SCORINGS",
           "WIN_POINTS", "SCHNEIDER_POINTS", "SCHNEIDER_ESCAPE"]
