"""Cards and card sets.

A card is an integer 0..31; a card set is one 32-bit integer with bit ``c``
set for card ``c``.  The bit order is chosen so that, in suit and Grand games,
a higher bit always means a stronger card within its effective suit:

====  =========================================================
bits  cards (low bit -> high bit)
====  =========================================================
0-6   Diamonds 7 8 9 Q K T A
7-13  Hearts   7 8 9 Q K T A
14-20 Spades   7 8 9 Q K T A
21-27 Clubs    7 8 9 Q K T A
28-31 Jacks    DJ HJ SJ CJ
====  =========================================================

Suits are numbered by rank and base value: Diamonds 0, Hearts 1, Spades 2,
Clubs 3.  Codes are suit letter + rank: ``CJ``, ``ST``, ``H7``.

>>> parse_card("10♥") == HT
True
>>> format_cards(parse_cards("cj, sj .HA 10s"))
'CJ SJ ST HA'
>>> popcount(parse_cards("CJ SJ HJ DJ")), format_cards(JACKS)
(4, 'CJ SJ HJ DJ')
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable, Iterator

from llvmlite import ir
from numba import types
from numba.extending import intrinsic, overload

# Suits, ranked from low to high (and in base-value order 9, 10, 11, 12).
DIAMONDS, HEARTS, SPADES, CLUBS = 0, 1, 2, 3
SUITS = (DIAMONDS, HEARTS, SPADES, CLUBS)
SUIT_LETTERS = "DHSC"
SUIT_SYMBOLS = "♦♥♠♣"
SUIT_NAMES = ("diamonds", "hearts", "spades", "clubs")

#: Ranks of the seven non-jack cards in suit/Grand order, low to high.
PLAIN_RANKS = "789QKTA"
RANK_LETTERS = "789TJQKA"  # natural order used for display sorting in Null

ALL_CARDS = 0xFFFFFFFF

CARD_NAMES: list[str] = [""] * 32
for _s in SUITS:
    for _i, _r in enumerate(PLAIN_RANKS):
        CARD_NAMES[_s * 7 + _i] = SUIT_LETTERS[_s] + _r
    CARD_NAMES[28 + _s] = SUIT_LETTERS[_s] + "J"
CARD_IDS = {name: i for i, name in enumerate(CARD_NAMES)}

# Named constants, one per card: D7 .. DA, H7 .. HA, S7 .. SA, C7 .. CA, DJ .. CJ.
globals().update(CARD_IDS)
D7: int; D8: int; D9: int; DQ: int; DK: int; DT: int; DA: int; DJ: int  # noqa: E702
H7: int; H8: int; H9: int; HQ: int; HK: int; HT: int; HA: int; HJ: int  # noqa: E702
S7: int; S8: int; S9: int; SQ: int; SK: int; ST: int; SA: int; SJ: int  # noqa: E702
C7: int; C8: int; C9: int; CQ: int; CK: int; CT: int; CA: int; CJ: int  # noqa: E702

JACKS = 0xF << 28
SUIT_BLOCK = [0x7F << (7 * s) for s in SUITS]  # a suit's seven non-jack cards
SUIT_MASK = [SUIT_BLOCK[s] | (1 << (28 + s)) for s in SUITS]  # printed suit, jack included

POINTS_BY_RANK = {"7": 0, "8": 0, "9": 0, "Q": 3, "K": 4, "T": 10, "A": 11, "J": 2}
CARD_POINTS = [POINTS_BY_RANK[n[1]] for n in CARD_NAMES]


def suit_of(card: int) -> int:
    """The printed suit of a card (a jack keeps its printed suit here)."""
    return card - 28 if card >= 28 else card // 7


# ---------------------------------------------------------------- set helpers
# Plain Python functions for the Python layer; inside compiled code numba
# uses their overloads below, one LLVM bit instruction each (ctpop, cttz,
# ctlz), so the Python layer never waits for a compile and the kernel pays
# nothing for a call.

def popcount(x: int) -> int:
    """Number of cards in a set.

    >>> popcount(0b1011), popcount(0)
    (3, 0)
    """
    return (int(x) & 0xFFFFFFFF).bit_count()


def lowest(x: int) -> int:
    """The lowest card (bit index) of a non-empty set; -1 for the empty set."""
    x = int(x)
    return (x & -x).bit_length() - 1


def highest(x: int) -> int:
    """The highest card (bit index) of a non-empty set; -1 for the empty set.

    >>> highest(0b1011), lowest(0b1010), highest(0), lowest(0)
    (3, 1, -1, -1)
    """
    return int(x).bit_length() - 1


def _bit_op(name, doc):
    """A card-set bit operation on an int64, lowered to one LLVM bit instruction: ``popcount``
    (ctpop of the low 32 bits), ``lowest`` (cttz, -1 for the empty set), ``highest`` (63 - ctlz).

    A numba intrinsic rather than an inlined compiled function: every call is typed once by
    its signature and lowered in place, so a kernel with hundreds of calls pays nothing for
    them at compile time (IR-level inlining re-ran numba's passes at every call site: about
    a third of the search's cold compile)."""
    def typer(typingctx, x):
        def codegen(context, builder, signature, args):
            v = args[0]
            if name == "popcount":
                return builder.ctpop(builder.and_(v, ir.Constant(v.type, 0xFFFFFFFF)))
            if name == "lowest":
                tz = builder.cttz(v, ir.Constant(ir.IntType(1), 0))
                empty = builder.icmp_unsigned("==", v, ir.Constant(v.type, 0))
                return builder.select(empty, ir.Constant(v.type, -1), tz)
            return builder.sub(ir.Constant(v.type, 63), builder.ctlz(v, ir.Constant(ir.IntType(1), 0)))
        return types.int64(types.int64), codegen
    typer.__name__ = f"{name}_nb"
    typer.__doc__ = doc
    return intrinsic(typer)


popcount_nb = _bit_op("popcount", ":func:`popcount` in compiled code (one instruction).")
lowest_nb = _bit_op("lowest", ":func:`lowest` in compiled code: -1 for the empty set.")
highest_nb = _bit_op("highest", ":func:`highest` in compiled code: -1 for the empty set.")


@overload(popcount)
def _popcount_nb(x):
    return lambda x: popcount_nb(x)


@overload(lowest)
def _lowest_nb(x):
    return lambda x: lowest_nb(x)


@overload(highest)
def _highest_nb(x):
    return lambda x: highest_nb(x)


def iter_cards(x: int) -> Iterator[int]:
    """The cards of a set, lowest bit first.

    >>> [CARD_NAMES[c] for c in iter_cards(parse_cards("SA DJ D7"))]
    ['D7', 'SA', 'DJ']
    """
    while x:
        low = x & -x
        yield low.bit_length() - 1
        x ^= low


def card_set(cards: Iterable[int]) -> int:
    s = 0
    for c in cards:
        s |= 1 << c
    return s


def card_points(x: int) -> int:
    """Card points (A 11, T 10, K 4, Q 3, J 2) of a set."""
    return sum(CARD_POINTS[c] for c in iter_cards(x))


# ---------------------------------------------------------------- parse/format

class CardParseError(ValueError):
    """A card token could not be read; the message names the token and why."""


_SUIT_WORDS = {
    "c": CLUBS, "s": SPADES, "h": HEARTS, "d": DIAMONDS,
    "♣": CLUBS, "♠": SPADES, "♥": HEARTS, "♦": DIAMONDS,
    "♧": CLUBS, "♤": SPADES, "♡": HEARTS, "♢": DIAMONDS,
    # the Prague pattern's suit signs: acorn, leaf, heart, bell
    "🌰": CLUBS, "🍃": SPADES, "❤": HEARTS, "🔔": DIAMONDS,
    # German deck (Prague pattern) and their English names
    "eichel": CLUBS, "eicheln": CLUBS, "acorns": CLUBS, "acorn": CLUBS, "kreuz": CLUBS,
    "laub": SPADES, "grün": SPADES, "gruen": SPADES, "grun": SPADES, "blatt": SPADES,
    "leaves": SPADES, "leaf": SPADES, "pik": SPADES,
    "herz": HEARTS, "rot": HEARTS,
    "schellen": DIAMONDS, "schelle": DIAMONDS, "bells": DIAMONDS, "bell": DIAMONDS, "karo": DIAMONDS,
    "clubs": CLUBS, "spades": SPADES, "hearts": HEARTS, "diamonds": DIAMONDS,
}
_RANK_WORDS = {
    "7": "7", "8": "8", "9": "9", "t": "T", "10": "T", "j": "J", "q": "Q", "k": "K", "a": "A",
    "unter": "J", "bube": "J", "jack": "J", "ober": "Q", "dame": "Q", "queen": "Q", "u": "J", "o": "Q",
    "könig": "K", "koenig": "K", "konig": "K", "king": "K",
    "daus": "A", "ass": "A", "as": "A", "ace": "A", "zehn": "T", "ten": "T",
    "neun": "9", "acht": "8", "sieben": "7",
}
_SUIT_SYMBOL_CHARS = "♣♠♥♦♧♤♡♢🌰🍃❤🔔"
PRAGUE_SYMBOLS = "🔔❤🍃🌰"          # Schellen, Herz, Grün, Eichel (suit order D H S C)
PRAGUE_RANKS = {"J": "U", "Q": "O", "K": "K", "A": "A", "T": "10"}


def _make(suit: int, rank: str) -> int:
    if rank == "J":
        return 28 + suit
    return suit * 7 + PLAIN_RANKS.index(rank)


def _split_word(token: str) -> tuple[str, str] | None:
    """Split a German/English word token such as 'eichel-unter' or 'herzdaus'."""
    t = token.replace("-", "").replace("_", "")
    for sw in sorted(_SUIT_WORDS, key=len, reverse=True):
        if len(sw) > 1 and t.startswith(sw) and t[len(sw):] in _RANK_WORDS:
            return sw, t[len(sw):]
        if len(sw) > 1 and t.endswith(sw) and t[: -len(sw)] in _RANK_WORDS:
            return sw, t[: -len(sw)]
    return None


def parse_card(token: str) -> int:
    """Read one card: ``CJ``, ``st``, ``S10``, ``10♥``, ``♠A``, ``Eichel-Unter``.

    >>> CARD_NAMES[parse_card("Eichel-Unter")], CARD_NAMES[parse_card("♠A")]
    ('CJ', 'SA')
    >>> parse_card("HX")
    Traceback (most recent call last):
    ...
    solver.cards.CardParseError: 'HX': unknown rank 'X'
    """
    raw = token
    t = unicodedata.normalize("NFC", token.strip()).lower().replace("\ufe0f", "")
    if not t:
        raise CardParseError("empty card token")
    # symbol anywhere: '10♥', '♠a'
    for ch in _SUIT_SYMBOL_CHARS:
        if ch in t:
            rest = t.replace(ch, "", 1)
            if rest not in _RANK_WORDS:
                raise CardParseError(f"{raw!r}: unknown rank {rest.upper()!r}")
            return _make(_SUIT_WORDS[ch], _RANK_WORDS[rest])
    if t[0] in "cshd" and t[1:] in _RANK_WORDS and len(t) <= 3:
        return _make(_SUIT_WORDS[t[0]], _RANK_WORDS[t[1:]])
    if t[-1] in "cshd" and t[:-1] in _RANK_WORDS and len(t) <= 3:  # rank first: 'ts', '10h'
        return _make(_SUIT_WORDS[t[-1]], _RANK_WORDS[t[:-1]])
    words = _split_word(t)
    if words:
        return _make(_SUIT_WORDS[words[0]], _RANK_WORDS[words[1]])
    if t[0] in "cshd" and 2 <= len(t) <= 3:
        raise CardParseError(f"{raw!r}: unknown rank {raw.strip()[1:].upper()!r}")
    if len(t) == 2 and t[1] in _RANK_WORDS:
        raise CardParseError(f"{raw!r}: unknown suit {raw.strip()[0].upper()!r} (use C, S, H or D)")
    raise CardParseError(f"{raw!r}: not a card (expected a code like CJ, ST, H7)")


_SEPARATORS = re.compile(r"[\s,;.]+")


def parse_card_list(text: str | Iterable[str]) -> list[int]:
    """Read cards in order; duplicates are an error.

    Separators are white space, commas, semicolons and dots.  German names
    may also be two words ('Herz Daus').

    >>> [CARD_NAMES[c] for c in parse_card_list("Herz Daus, Schellen 7 CJ")]
    ['HA', 'D7', 'CJ']
    >>> parse_card_list("SJ CJ SJ")
    Traceback (most recent call last):
    ...
    solver.cards.CardParseError: duplicate card SJ
    """
    if isinstance(text, str):
        tokens = [t for t in _SEPARATORS.split(text) if t]
    else:
        tokens = [str(t) for t in text]
    cards: list[int] = []
    i = 0
    while i < len(tokens):
        tok = tokens[i]
        low = tok.lower()
        if low in _SUIT_WORDS and len(low) > 1 and i + 1 < len(tokens) and tokens[i + 1].lower() in _RANK_WORDS:
            tok = tok + "-" + tokens[i + 1]
            i += 1
        elif low in _RANK_WORDS and len(low) > 2 and i + 1 < len(tokens) and tokens[i + 1].lower() in _SUIT_WORDS:
            tok = tokens[i + 1] + "-" + tok
            i += 1
        c = parse_card(tok)
        if c in cards:
            raise CardParseError(f"duplicate card {CARD_NAMES[c]}")
        cards.append(c)
        i += 1
    return cards


def parse_cards(text: str | Iterable[str]) -> int:
    """Read cards into a card set (see :func:`parse_card_list`)."""
    return card_set(parse_card_list(text))


def format_card(card: int, style: str = "code") -> str:
    """``code`` (CJ), ``symbol`` (J♣), ``german`` (Eichel-Unter) or ``prague`` (U🌰).

    >>> format_card(HT, "symbol"), format_card(SQ, "german"), format_card(CJ, "prague")
    ('10♥', 'Laub-Ober', 'U🌰')
    >>> parse_card("U🌰") == CJ and parse_card("O🔔") == DQ
    True
    """
    name = CARD_NAMES[card]
    if style == "code":
        return name
    suit, rank = suit_of(card), name[1]
    if style == "symbol":
        return ("10" if rank == "T" else rank) + SUIT_SYMBOLS[suit]
    if style == "prague":
        return PRAGUE_RANKS.get(rank, rank) + PRAGUE_SYMBOLS[suit]
    if style == "german":
        gs = ("Schellen", "Herz", "Laub", "Eichel")[suit]
        gr = {"J": "Unter", "Q": "Ober", "K": "König", "A": "Daus", "T": "10"}.get(rank, rank)
        return f"{gs}-{gr}"
    raise ValueError(f"unknown card style {style!r}")


def sort_key(card: int) -> tuple[int, int]:
    """Display order: jacks first (CJ SJ HJ DJ), then suits C S H D, high to low."""
    if card >= 28:
        return (0, -card)
    return (4 - suit_of(card), -card)


def format_cards(cards: Iterable[int] | int, style: str = "code", sort: bool = False) -> str:
    """Cards as text; an int is read as a card set (shown in display order)."""
    if isinstance(cards, int):
        cards = sorted(iter_cards(cards), key=sort_key)
    elif sort:
        cards = sorted(cards, key=sort_key)
    return " ".join(format_card(c, style) for c in cards)


def card_codes(x: int) -> list[str]:
    """A card set as a list of codes in display order (the inverse of :func:`parse_card_list`,
    which reads codes to card ids).

    >>> card_codes(parse_cards("D7 CJ HA"))
    ['CJ', 'HA', 'D7']
    """
    return [CARD_NAMES[c] for c in sorted(iter_cards(x), key=sort_key)]
