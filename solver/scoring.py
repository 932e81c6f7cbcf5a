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

from .games import BASE_VALUES, GAMES, NULL, NULL_VALUES, SUIT_GAMES, Declaration

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


def multiplier(decl: Declaration, mats: int, schneider: bool, schwarz: bool) -> int:
    """Matadors + game + Hand + Schneider (+announced) + Schwarz (+announced) + Ouvert."""
    m = abs(mats) + 1
    m += decl.hand
    m += schneider or decl.schneider or schwarz or decl.schwarz
    m += decl.schneider
    m += schwarz or decl.schwarz
    m += decl.schwarz
    m += decl.ouvert
    return m


def game_value(decl: Declaration, mats: int = 0, schneider: bool = False, schwarz: bool = False) -> int:
    """The value of a game (Null: its fixed value)."""
    if decl.is_null:
        return decl.value_base
    return BASE_VALUES[decl.game] * multiplier(decl, mats, schneider, schwarz)


def lowest_multiple(base: int, at_least: int) -> int:
    return -(-at_least // base) * base


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


def score_game(decl: Declaration, mats: int, declarer_points: int | None, declarer_tricks: int,
               bid: int | None = None, defender_tricks: int | None = None,
               ended_by_trick: bool = False) -> GameResult:
    """Score a game from its card points and tricks.

    ``declarer_tricks`` / ``defender_tricks`` are the tricks each side took
    (``defender_tricks`` defaults to ``10 - declarer_tricks``).  A Null game
    is lost once the declarer took a trick; a Schwarz-announced game once the
    defenders took one, even when the record stops there.

    >>> from solver.games import Declaration, GRAND
    >>> score_game(Declaration(GRAND), 3, 92, 8).score        # with 3, game 4, Schneider 5
    120
    >>> score_game(Declaration(GRAND), 1, 60, 5).reason
    'lost: 60 card points (61 needed)'
    """
    if defender_tricks is None:
        defender_tricks = TRICKS - declarer_tricks
    if decl.is_null:
        value = decl.value_base
        won = declarer_tricks == 0
        reason = "won: the declarer took no trick" if won else "lost: the declarer took a trick"
        overbid = False
        if bid is not None and bid > value:
            # Invalid Null: concede the cheapest lost suit/Grand game that covers the bid.
            value = min(lowest_multiple(BASE_VALUES[g], bid) for g in GAMES[:5])
            won, overbid = False, True
            reason = f"lost: Null ({decl.value_base}) is below the bid {bid}; conceded as {value}"
        return GameResult(won, value, value if won else -2 * value, False, False, overbid, 0,
                          declarer_points, reason)

    pts = declarer_points
    schwarz = declarer_tricks == 0 or (defender_tricks == 0 and declarer_tricks == TRICKS)
    schneider = schwarz or (pts is not None and (pts >= 90 or pts <= 30))
    value = game_value(decl, mats, schneider, schwarz)
    if decl.schwarz and defender_tricks > 0:
        won, reason = False, "lost: Schwarz announced but the defenders took a trick"
    elif pts is None:
        raise ValueError("card points are needed to score a suit or Grand game")
    elif decl.schneider and pts < 90:
        won, reason = False, f"lost: Schneider announced but only {pts} card points"
    elif pts < 61:
        won, reason = False, f"lost: {pts} card points (61 needed)"
    else:
        won, reason = True, f"won: {pts} card points"
    overbid = bid is not None and value < bid
    if overbid:
        value = lowest_multiple(BASE_VALUES[decl.game], max(bid, value))
        won, reason = False, f"lost: overbid (bid {bid}, game worth {game_value(decl, mats, schneider, schwarz)})"
    return GameResult(won, value, value if won else -2 * value, schneider, schwarz, overbid, mats,
                      pts, reason)


# ------------------------------------------------------------ Seeger-Fabian

def seeger_fabian(result: GameResult, players: int = 3) -> tuple[int, int]:
    """Tournament scoring: (declarer's score, each defender's score).

    +50 for a won game, -50 for a lost one; when the declarer loses each
    defender gets +40 (30 at a four-player table).

    >>> from solver.games import Declaration, HEARTS_GAME
    >>> r = score_game(Declaration(HEARTS_GAME), 2, 59, 5, bid=27)
    >>> seeger_fabian(r)
    (-110, 40)
    """
    if result.won:
        return result.score + 50, 0
    return result.score - 50, (40 if players == 3 else 30)


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
    """The next value on the ladder above ``value`` (None past 264)."""
    for v in BID_LADDER:
        if v > value:
            return v
    return None


def check_bid(bid: int) -> int:
    if bid not in BID_LADDER:
        raise ValueError(f"{bid} is not a possible bid (the ladder goes 18, 20, 22, 23, 24, 27, 30, ...)")
    return bid


__all__ = ["BID_LADDER", "GameResult", "game_value", "matadors", "score_game", "seeger_fabian",
           "next_bid", "check_bid", "trump_order", "multiplier"]
