"""Games (contracts) and declarations, with their legality.

A *game* is one of the four suit games, Grand or Null; a *declaration* is a
game plus the flags Hand, Schneider announced, Schwarz announced and Ouvert.

>>> Declaration.parse("hearts").value_base
10
>>> Declaration(GRAND, hand=True, ouvert=True).schwarz   # Ouvert implies Schwarz announced
True
>>> Declaration(HEARTS_GAME, schneider=True)
Traceback (most recent call last):
...
solver.games.DeclarationError: Schneider may only be announced in a Hand game
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import IntEnum


class Game(IntEnum):
    """The games, as integers (the order of the kernel's ``P_GAMEKIND`` and of
    :data:`GAME_NAMES`); a member prints as its number and reads as its name.

    >>> Game.HEARTS, GAME_NAMES[Game.HEARTS], Game(4)
    (<Game.HEARTS: 1>, 'hearts', <Game.GRAND: 4>)
    """

    DIAMONDS = 0
    HEARTS = 1
    SPADES = 2
    CLUBS = 3
    GRAND = 4
    NULL = 5
    RAMSCH = 6


class Seat(IntEnum):
    """The seats: Forehand (leads the first trick), Middlehand, Rearhand (deals at three).

    >>> Seat.M, SEATS[Seat.M], Seat(2)
    (<Seat.M: 1>, 'M', <Seat.R: 2>)
    """

    F = 0
    M = 1
    R = 2


DIAMONDS_GAME, HEARTS_GAME, SPADES_GAME, CLUBS_GAME, GRAND, NULL, RAMSCH = Game
#: The games a declarer may declare; Ramsch (house rule: everybody passed) has no declarer.
GAMES = (DIAMONDS_GAME, HEARTS_GAME, SPADES_GAME, CLUBS_GAME, GRAND, NULL)
SUIT_GAMES = GAMES[:4]
GAME_NAMES = ("diamonds", "hearts", "spades", "clubs", "grand", "null", "ramsch")
GAME_LETTERS = "DHSCGN"
BASE_VALUES = (9, 10, 11, 12, 24)
NULL_VALUES = {(False, False): 23, (True, False): 35, (False, True): 46, (True, True): 59}

SEATS = "FMR"
#: The seats' names: Forehand leads the first trick, Middlehand answers the first bids,
#: Rearhand deals at a table of three.
SEAT_NAMES = {"F": "Forehand", "M": "Middlehand", "R": "Rearhand"}
F, M, R = Seat


class DeclarationError(ValueError):
    """A declaration the rules do not allow."""


def parse_game(text: str | int) -> Game:
    """``hearts``, ``H``, ``grand``, ``G``, ``null``, ``N`` (German names too).

    >>> parse_game("Herz"), parse_game("G"), parse_game("null")
    (<Game.HEARTS: 1>, <Game.GRAND: 4>, <Game.NULL: 5>)
    """
    if isinstance(text, int) and not isinstance(text, bool) and 0 <= text <= RAMSCH:
        return Game(text)
    t = str(text).strip().lower()
    aliases = {
        "d": 0, "diamonds": 0, "diamond": 0, "schellen": 0, "karo": 0, "bells": 0,
        "h": 1, "hearts": 1, "heart": 1, "herz": 1,
        "s": 2, "spades": 2, "spade": 2, "laub": 2, "grün": 2, "pik": 2, "leaves": 2,
        "c": 3, "clubs": 3, "club": 3, "eichel": 3, "kreuz": 3, "acorns": 3,
        "g": 4, "grand": 4, "n": 5, "null": 5, "ramsch": 6,
    }
    if t not in aliases:
        raise DeclarationError(f"unknown game {text!r} (expected diamonds, hearts, spades, clubs, grand, null "
                               f"or ramsch)")
    return Game(aliases[t])


def parse_seat(text: str | int) -> Seat:
    """``F``/``M``/``R`` or 0/1/2.

    >>> parse_seat("m"), parse_seat(2)
    (<Seat.M: 1>, <Seat.R: 2>)
    """
    if isinstance(text, int) and not isinstance(text, bool) and 0 <= text < 3:
        return Seat(text)
    t = str(text).strip().upper()
    if t in ("F", "M", "R"):
        return Seat(SEATS.index(t))
    if t in ("0", "1", "2"):
        return Seat(int(t))
    raise DeclarationError(f"unknown seat {text!r} (expected F, M or R)")


@dataclass(frozen=True)
class Declaration:
    """A declared game with its flags.  Construction checks legality.

    Schwarz announced implies Schneider announced, and a suit/Grand Ouvert
    implies both (the rules make Ouvert require Schwarz announced).  ``spitze``
    (house rule): a suit or Grand declarer announces he wins the last trick with
    his lowest trump (one more level).  ``Declaration(RAMSCH)`` is the Ramsch
    played when everybody passed (house rule), with no flags.
    """

    game: int                        # a Game once constructed (an int is taken)
    hand: bool = False
    schneider: bool = False
    schwarz: bool = False
    ouvert: bool = False
    spitze: bool = False

    def __post_init__(self) -> None:
        g = self.game
        if g not in GAMES and g != RAMSCH:
            raise DeclarationError(f"unknown game {g!r}")
        object.__setattr__(self, "game", g := Game(g))
        if g == RAMSCH:
            if self.hand or self.schneider or self.schwarz or self.ouvert or self.spitze:
                raise DeclarationError("a Ramsch is played without Hand, Schneider, Schwarz, Ouvert or Spitze")
            return
        if g == NULL:
            if self.schneider or self.schwarz or self.spitze:
                raise DeclarationError("Schneider/Schwarz/Spitze cannot be announced in a Null game")
            return
        if self.ouvert:
            if not self.hand:
                raise DeclarationError(f"{GAME_NAMES[g]} Ouvert requires a Hand game (no skat pick-up)")
            object.__setattr__(self, "schwarz", True)
        if self.schwarz:
            object.__setattr__(self, "schneider", True)
        if (self.schneider or self.schwarz) and not self.hand:
            what = "Schwarz" if self.schwarz else "Schneider"
            raise DeclarationError(f"{what} may only be announced in a Hand game")

    @property
    def is_null(self) -> bool:
        return self.game == NULL

    @property
    def is_ramsch(self) -> bool:
        return self.game == RAMSCH

    @property
    def value_base(self) -> int:
        """Base value (suit/Grand) or the fixed value (Null)."""
        if self.game == NULL:
            return NULL_VALUES[(self.hand, self.ouvert)]
        if self.game == RAMSCH:
            return 0
        return BASE_VALUES[self.game]

    @property
    def name(self) -> str:
        parts = [GAME_NAMES[self.game]]
        if self.hand:
            parts.append("hand")
        if self.ouvert:
            parts.append("ouvert")
        elif self.schwarz:
            parts.append("schwarz")
        elif self.schneider:
            parts.append("schneider")
        if self.spitze:
            parts.append("spitze")
        return " ".join(parts)

    @classmethod
    def parse(cls, game: str | int, **flags: bool) -> Declaration:
        return cls(parse_game(game), **{k: bool(v) for k, v in flags.items()})

    @classmethod
    def from_name(cls, name: str) -> "Declaration":
        """The declaration a :attr:`name` spells.

        >>> Declaration.from_name("grand hand schneider") == Declaration(GRAND, hand=True, schneider=True)
        True
        >>> Declaration.from_name("null ouvert").name
        'null ouvert'
        """
        game, *words = name.lower().split()
        known = ("hand", "schneider", "schwarz", "ouvert", "spitze")
        bad = [w for w in words if w not in known]
        if bad:
            raise DeclarationError(f"unknown word {bad[0]!r} in the declaration {name!r} "
                                   f"(expected a game, then {', '.join(known)})")
        return cls.parse(game, **{w: True for w in words})

    @classmethod
    def typed(cls, text: str, hand: bool) -> "Declaration":
        """What a person at the table types (the terminal's prompt, the browser's field): a game,
        then any of ``schneider``, ``schwarz``, ``ouvert``; ``hand`` is whether he left the skat
        alone.  The errors are the ones both front ends show.

        >>> Declaration.typed("Grand Schneider", hand=True).name
        'grand hand schneider'
        >>> Declaration.typed("hearts hand", hand=False)
        Traceback (most recent call last):
        ...
        solver.games.DeclarationError: you picked up the skat: a Hand game is no longer possible
        """
        words = str(text).lower().split()
        if not words:
            raise DeclarationError("name a game")
        if not hand and "hand" in words:
            raise DeclarationError("you picked up the skat: a Hand game is no longer possible")
        return cls(parse_game(words[0]), hand=hand, schneider="schneider" in words, schwarz="schwarz" in words,
                   ouvert="ouvert" in words)

    def to_record(self) -> dict:
        if self.game == RAMSCH:
            return {"game": "ramsch"}
        rec = {"game": GAME_NAMES[self.game], "hand": self.hand, "schneider": self.schneider,
               "schwarz": self.schwarz, "ouvert": self.ouvert}
        if self.spitze:
            rec["spitze"] = True
        return rec
