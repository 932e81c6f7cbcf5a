"""House rules of the seeds (see the rules of record): their settlement and bookkeeping.

Ramsch (when all pass) and Schieberamsch, the Kontra chain up to Hirsch, and
Bock rounds, as plain functions over numbers -- the one place these rules
live.  What a table plays is a :class:`HouseRules` set.

>>> HouseRules.parse("ramsch,hirsch").options == frozenset({"ramsch", "kontra", "bock", "hirsch"})
True
>>> ramsch_scores([50, 40, 30], [4, 3, 3])        # most points loses them
RamschResult(scores=[-50, 0, 0], losers=[0], jungfrau=[], durchmarsch=None)
"""

from __future__ import annotations

from dataclasses import dataclass, field

from .cards import JACKS, format_cards, popcount
from .games import GRAND, Declaration

#: The options, as ``--house`` takes them.
HOUSE_OPTIONS = ("ramsch", "schieberamsch", "kontra", "bock", "hirsch", "bock-rounds", "spitze")
#: Each option as a person reads it: its name on a form, and what it does.
HOUSE_LABELS = {"ramsch": "Ramsch", "schieberamsch": "Schieberamsch", "kontra": "Kontra and Re", "bock": "Bock",
                "hirsch": "Hirsch", "bock-rounds": "Bock rounds", "spitze": "Spitze"}
HOUSE_HELP = {
    "ramsch": "everybody passed: play Ramsch, the most card points lose",
    "schieberamsch": "Ramsch where each in turn picks up the skat or pushes it on (each push doubles)",
    "kontra": "a defender may double before his first card, the declarer may answer Re",
    "bock": "after a Re the defender may answer Bock",
    "hirsch": "after a Bock the declarer may answer Hirsch",
    "bock-rounds": "a round of doubled deals after a 60:60, a lost Kontra and the like",
    "spitze": "the declarer may promise to win the last trick with his lowest trump (one more level)",
}
#: What an option brings with it: Schieberamsch is a Ramsch; Bock answers a Re, Hirsch a Bock.
IMPLIES = {"schieberamsch": ("ramsch",), "bock": ("kontra",), "hirsch": ("bock", "kontra")}
#: The Kontra chain, by who says it: the defender's Kontra, the declarer's Re, the defender's Bock,
#: the declarer's Hirsch; each doubles the settlement again.
KONTRA_CHAIN = (("kontra", 2, "defender"), ("re", 4, "declarer"), ("bock", 8, "defender"), ("hirsch", 16, "declarer"))


@dataclass(frozen=True)
class HouseRules:
    options: frozenset[str] = frozenset()

    @classmethod
    def parse(cls, text: str | None) -> "HouseRules":
        """``"ramsch,kontra"`` -> the set, with what each option implies; an unknown name is an
        error naming it."""
        names = [t.strip().lower() for t in (text or "").split(",") if t.strip()]
        bad = [n for n in names if n not in HOUSE_OPTIONS]
        if bad:
            raise ValueError(f"unknown house rule {bad[0]!r} (expected any of {', '.join(HOUSE_OPTIONS)})")
        opts = set(names)
        for n in names:
            opts.update(IMPLIES.get(n, ()))
        return cls(frozenset(opts))

    def adding(self, *names: str) -> "HouseRules":
        """These rules with more options (and what they imply); ``--kontra`` is ``adding("kontra")``.

        >>> sorted(HouseRules.parse("ramsch").adding("kontra").options)
        ['kontra', 'ramsch']
        """
        return HouseRules.parse(",".join(sorted(self.options | set(names))))

    def check_playable(self, playable: tuple[str, ...], where: str) -> "HouseRules":
        """These rules, or a ValueError naming the first one that ``where`` does not play."""
        for n in HOUSE_OPTIONS:
            if n in self.options and n not in playable:
                raise ValueError(f"house rule {n!r} is not played {where} (there: {', '.join(playable)})")
        return self

    def __contains__(self, name: str) -> bool:
        return name in self.options

    def kontra_calls(self) -> tuple[tuple[str, int, str], ...]:
        """The calls of the Kontra chain this table allows (Kontra and Re with ``kontra``; Bock
        with ``bock``; Hirsch with ``hirsch``)."""
        if "kontra" not in self:
            return ()
        n = 4 if "hirsch" in self else 3 if "bock" in self else 2
        return KONTRA_CHAIN[:n]


def kontra_multiplier(call: str | None) -> int:
    """The factor on the settlement after the chain stopped at ``call`` (None: 1).

    >>> [kontra_multiplier(c) for c in (None, "kontra", "re", "bock", "hirsch")]
    [1, 2, 4, 8, 16]
    """
    if call is None:
        return 1
    for name, factor, _ in KONTRA_CHAIN:
        if name == call:
            return factor
    raise ValueError(f"unknown call {call!r} (expected kontra, re, bock or hirsch)")


def kontra_call(factor: int) -> str | None:
    """The last call said for a settlement factor (1: none).

    >>> kontra_call(1), kontra_call(4)
    (None, 're')
    """
    if factor == 1:
        return None
    for name, f, _ in KONTRA_CHAIN:
        if f == factor:
            return name
    raise ValueError(f"no call doubles to x{factor}")


def may_say_kontra(defender: int, declarer: int, bids: dict[int, int]) -> bool:
    """May this defender say Kontra?  One who bid (or held) may; when nobody bid to the
    declarer (no defender bid or held anything), any defender may.  ``bids``: seat -> the highest
    value it bid or held (see :func:`solver.inference.auction_facts`).

    >>> may_say_kontra(0, 1, {1: 20, 0: 18}), may_say_kontra(2, 1, {1: 20, 0: 18})
    (True, False)
    >>> may_say_kontra(1, 0, {0: 18}), may_say_kontra(2, 0, {0: 18})     # F played at 18
    (True, True)
    """
    return bids.get(defender, 0) > 0 or all(bids.get(s, 0) == 0 for s in range(3) if s != declarer)


# ------------------------------------------------------------------ Ramsch

@dataclass
class RamschResult:
    scores: list[int]                  # per seat
    losers: list[int]                  # the seats with the most card points
    jungfrau: list[int]                # seats that took no trick
    durchmarsch: int | None            # the seat that took every trick


def ramsch_scores(points: list[int], tricks: list[int], pushes: int = 0) -> RamschResult:
    """Settle a Ramsch: ``points`` and ``tricks`` per seat (the skat's points counted for the
    winner of the last trick), ``pushes`` the skat passed on unseen in Schieberamsch.

    The player with the most card points scores minus that many (equal most: each of them),
    doubled when a player took no trick (Jungfrau) and again for every unseen pass; a player
    who took every trick (Durchmarsch) scores +120 and nobody loses.

    >>> ramsch_scores([60, 60, 0], [5, 5, 0]).scores             # a tie, and a Jungfrau
    [-120, -120, 0]
    >>> ramsch_scores([120, 0, 0], [10, 0, 0])                    # Durchmarsch
    RamschResult(scores=[120, 0, 0], losers=[], jungfrau=[1, 2], durchmarsch=0)
    >>> ramsch_scores([50, 40, 30], [4, 3, 3], pushes=2).scores   # two unseen passes: x4
    [-200, 0, 0]
    """
    if len(points) != 3 or len(tricks) != 3 or sum(points) != 120 or sum(tricks) != 10:
        raise ValueError(f"a Ramsch needs each seat's card points (120 in all) and tricks (10), "
                         f"got {points} and {tricks}")
    if pushes < 0 or pushes > 3:
        raise ValueError(f"pushes: 0 to 3, got {pushes}")
    winner = next((s for s in range(3) if tricks[s] == 10), None)
    jungfrau = [s for s in range(3) if tricks[s] == 0]
    if winner is not None:
        scores = [0, 0, 0]
        scores[winner] = 120
        return RamschResult(scores, [], jungfrau, winner)
    most = max(points)
    losers = [s for s in range(3) if points[s] == most]
    factor = (2 ** len(jungfrau)) * (2 ** pushes)
    scores = [-most * factor if s in losers else 0 for s in range(3)]
    return RamschResult(scores, losers, jungfrau, None)


def check_ramsch_discard(twelve: int, discard: int) -> None:
    """Schieberamsch: the two cards put back must be two of the player's twelve and no jack;
    a ValueError says which rule they break.

    >>> from solver.cards import parse_cards
    >>> check_ramsch_discard(parse_cards("CJ SA ST S7 S8 S9 H7 H8 H9 D7 D8 D9"), parse_cards("CJ SA"))
    Traceback (most recent call last):
    ...
    ValueError: a jack may not be put back (CJ)
    """
    if popcount(discard) != 2 or discard & ~twelve:
        raise ValueError("put back two of the twelve cards")
    if discard & JACKS:
        raise ValueError(f"a jack may not be put back ({format_cards(discard & JACKS)})")


# ------------------------------------------------------------------ Bock rounds

#: What starts a Bock round.
BOCK_EVENTS = ("lost with kontra", "60:60", "won grand hand")


def bock_events(declaration: Declaration, won: bool, declarer_points: int | None, kontra: int) -> list[str]:
    """The Bock-round events of one played game (none for Ramsch).

    >>> from solver.games import GRAND, HEARTS_GAME
    >>> bock_events(Declaration(GRAND, hand=True), True, 70, 1), bock_events(Declaration(HEARTS_GAME), False, 60, 1)
    (['won grand hand'], ['60:60'])
    """
    out: list[str] = []
    if declaration.is_ramsch:
        return out
    if kontra > 1 and not won:
        out.append("lost with kontra")
    if declarer_points == 60 and not declaration.is_null:
        out.append("60:60")
    if won and declaration.game == GRAND and declaration.hand:
        out.append("won grand hand")
    return out


@dataclass
class BockRounds:
    """The queue of Bock rounds at a table of ``players`` (a round: every player deals once).

    An event queues one more round after those pending (it does not multiply them); a deal
    during a Bock round counts double.

    >>> b = BockRounds(players=3)
    >>> b.next_deal()                                  # no Bock round pending
    1
    >>> b.add(["60:60"]); [b.next_deal() for _ in range(4)]
    [2, 2, 2, 1]
    """

    players: int = 3
    pending: int = 0                   # Bock deals still to come
    log: list[str] = field(default_factory=list)

    def add(self, events: list[str]) -> None:
        for e in events:
            self.pending += self.players
            self.log.append(e)

    def next_deal(self) -> int:
        """The multiplier of the next deal (2 in a Bock round, else 1); counts the deal off."""
        if self.pending > 0:
            self.pending -= 1
            return 2
        return 1
