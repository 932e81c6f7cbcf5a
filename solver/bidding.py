"""The auction as a state machine.

M bids to F (F holds or passes), then R bids to the survivor; if M and R
both pass without a bid, F may play at 18 or pass the deal in.

>>> a = Auction()
>>> a.to_act()
(1, 'bid')
>>> a.bid(18); a.hold(); a.bid(20); a.pass_()          # M 18, F yes, M 20, F passes
>>> a.to_act()
(2, 'bid')
>>> a.pass_(); a.done, a.declarer, a.value
(True, 1, 20)
"""

from __future__ import annotations

from .games import SEATS
from .scoring import BID_LADDER


class BiddingError(ValueError):
    """A call the bidding protocol does not allow at this point."""


class Auction:
    """Seats 0 F, 1 M, 2 R.  Calls: :meth:`bid`, :meth:`hold`, :meth:`pass_`."""

    def __init__(self) -> None:
        self.value = 0                      # the last value named or held
        self.phase = 1                      # 1: M vs F, 2: R vs survivor, 3: F alone, 4: done
        self.bidder, self.holder = 1, 0
        self.awaiting = "bid"               # 'bid' from bidder or 'answer' from holder
        self.passed: set[int] = set()
        self.declarer: int | None = None
        self.history: list[tuple[int, str]] = []

    @property
    def done(self) -> bool:
        return self.phase == 4

    @property
    def passed_in(self) -> bool:
        return self.done and self.declarer is None

    def to_act(self) -> tuple[int, str]:
        """(seat, 'bid' | 'answer' | 'play18') of the next call."""
        if self.done:
            raise BiddingError("the auction is over")
        if self.phase == 3:
            return 0, "play18"
        return (self.bidder, "bid") if self.awaiting == "bid" else (self.holder, "answer")

    def bid(self, value: int) -> None:
        seat, kind = self.to_act()
        if kind == "play18":
            if value != 18:
                raise BiddingError("forehand may only play at 18 when the others passed")
            self.history.append((seat, "18"))
            self.value, self.declarer, self.phase = 18, 0, 4
            return
        if kind != "bid":
            raise BiddingError(f"{'FMR'[seat]} must answer yes or pass, not bid")
        if value not in BID_LADDER:
            raise BiddingError(f"{value} is not on the bid ladder")
        if value <= self.value:
            raise BiddingError(f"a bid must exceed {self.value}, got {value}")
        self.history.append((seat, str(value)))
        self.value = value
        self.awaiting = "answer"

    def hold(self) -> None:
        seat, kind = self.to_act()
        if kind != "answer":
            raise BiddingError(f"{'FMR'[seat]} has no bid to hold")
        self.history.append((seat, "y"))
        self.awaiting = "bid"

    def pass_(self) -> None:
        seat, kind = self.to_act()
        self.history.append((seat, "p"))
        self.passed.add(seat)
        if kind == "play18":
            self.phase = 4
            return
        survivor = self.holder if seat == self.bidder else self.bidder
        if self.phase == 1:
            self.phase, self.bidder, self.holder, self.awaiting = 2, 2, survivor, "bid"
            return
        # end of the second duel
        if self.value == 0:
            self.phase = 3                  # nobody bid (M and R passed): F may play 18 or pass
            return
        self.declarer, self.phase = survivor, 4


# ------------------------------------------------------------------ the record's form

def auction_record(history: list[tuple[int, str]]) -> list[str]:
    """The auction as a record keeps it ("M:18", "F:y", "R:p" ...); :func:`parse_calls` reads it back."""
    return [f"{SEATS[p]}:{m}" for p, m in history]


#: The words a call may be typed as (besides a number on the bid ladder).
CALL_WORDS = {"y": "y", "yes": "y", "hold": "y", "ja": "y", "p": "p", "pass": "p", "passe": "p", "weg": "p"}


def parse_auction(text: str) -> list[tuple[int, str]]:
    """An auction so far as a person types it -- seat:call words ("M:18 F:yes M:20 F:yes M:pass")
    or ISS's form ("1 18 0 y 1 p": seat numbers 0 F, 1 M, 2 R) -- as (seat, call) pairs, each
    call checked against the bidding rules.  The errors name the call.

    >>> parse_auction("M:18 F:yes M:20 F:yes M:pass")
    [(1, '18'), (0, 'y'), (1, '20'), (0, 'y'), (1, 'p')]
    >>> parse_auction("1 18 0 y 1 p 2 p")
    [(1, '18'), (0, 'y'), (1, 'p'), (2, 'p')]
    >>> parse_auction("M:18 R:yes")
    Traceback (most recent call last):
    ...
    solver.bidding.BiddingError: call 2 (R:yes): F answers M's 18, not R
    """
    tokens = str(text).replace(",", " ").split()
    pairs: list[tuple[str, str]] = []
    if any(":" in t for t in tokens):
        for t in tokens:
            seat, _, call = t.partition(":")
            pairs.append((seat.strip().upper(), call.strip().lower()))
    else:
        if len(tokens) % 2:
            raise BiddingError(f"the ISS form is pairs of seat and call (0 F, 1 M, 2 R), got {len(tokens)} words")
        pairs = [({"0": "F", "1": "M", "2": "R"}.get(tokens[i], tokens[i].upper()), tokens[i + 1].lower())
                 for i in range(0, len(tokens), 2)]
    a = Auction()
    for i, (seat, word) in enumerate(pairs, 1):
        shown = f"call {i} ({seat}:{word})"
        if seat not in SEATS:
            raise BiddingError(f"{shown}: unknown seat {seat!r} (expected F, M or R)")
        call = CALL_WORDS.get(word, word)
        if not (call in ("y", "p") or call.isdigit()):
            raise BiddingError(f"{shown}: not a call (a bid like 18, yes or pass)")
        if a.done:
            raise BiddingError(f"{shown}: the auction was over")
        expect, kind = a.to_act()
        if SEATS.index(seat) != expect:
            asked = {"bid": "bids", "answer": f"answers {SEATS[a.bidder]}'s {a.value}",
                     "play18": "may play 18 or pass"}[kind]
            raise BiddingError(f"{shown}: {SEATS[expect]} {asked}, not {seat}")
        try:
            if call == "p":
                a.pass_()
            elif call == "y":
                a.hold()
            else:
                a.bid(int(call))
        except BiddingError as e:
            raise BiddingError(f"{shown}: {e}") from None
    return list(a.history)


def parse_calls(calls: list) -> list[tuple[int, str]]:
    """A record's auction ("M:18", "F:y", "R:p" ...) as (seat, call) pairs; unreadable entries
    are left out (the auction only informs the players' inference)."""
    out = []
    for c in calls:
        seat, _, call = str(c).partition(":")
        if seat in SEATS and (call in ("y", "p") or call.isdigit()):
            out.append((SEATS.index(seat), call))
    return out
