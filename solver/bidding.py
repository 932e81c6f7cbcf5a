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

def auto_bid_limit(value: int | None) -> int | None:
    """A player's "bid automatically up to" limit, checked: None (ask me at every call), 0
    (always pass) or a value on the bid ladder's range, 18 to 264; the terminal and the browser
    take the same.  A value in between holds every call up to it and passes above it.

    >>> auto_bid_limit(0), auto_bid_limit(23), auto_bid_limit(None)
    (0, 23, None)
    >>> auto_bid_limit(12)
    Traceback (most recent call last):
    ...
    ValueError: bid automatically up to 12: give 0 (always pass) or a bid from 18 to 264
    """
    if value is None or value == 0 or BID_LADDER[0] <= value <= BID_LADDER[-1]:
        return value
    raise ValueError(f"bid automatically up to {value}: give 0 (always pass) or a bid from "
                     f"{BID_LADDER[0]} to {BID_LADDER[-1]}")


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


def replay(history: list[tuple[int, str]]) -> Auction:
    """The :class:`Auction` after ``history``'s calls ((seat, '18' | 'y' | 'p'), as
    :func:`parse_auction` gives them; a call the rules refuse raises :class:`BiddingError`)."""
    a = Auction()
    for seat, call in history:
        if a.done or a.to_act()[0] != seat:
            raise BiddingError(f"{SEATS[seat]}:{call} is not the next call")
        a.pass_() if call == "p" else a.hold() if call == "y" else a.bid(int(call))
    return a


def check_question(history: list[tuple[int, str]], seat: int | str, bid: int | None = None,
                   declare: bool = False) -> None:
    """Refuse advice that the auction so far makes meaningless, naming the call
    (:class:`BiddingError`): a seat that has passed; for bid advice (``declare`` False) an auction
    that is over or whose next caller is not ``seat``, and a ``bid`` the next call could not
    name (below the auction's last bid, equal to it where ``seat`` must bid higher, other than
    18 where forehand may only play at 18); after the pick-up (``declare``) an auction won by
    another seat or a ``bid`` below its last bid.

    >>> check_question(parse_auction("M:18 F:yes M:20"), "F", 20)          # F answers 20
    >>> check_question(parse_auction("M:18 F:yes M:20 F:yes M:pass"), "R", 22)
    >>> check_question(parse_auction("M:18 F:yes M:20 F:yes M:pass R:pass"), "R", 22)
    Traceback (most recent call last):
    ...
    solver.bidding.BiddingError: R passed at call 6 (R:p): no advice for a seat out of the auction
    >>> check_question(parse_auction("M:18 F:yes M:20 F:yes M:pass"), "M", 22)
    Traceback (most recent call last):
    ...
    solver.bidding.BiddingError: M passed at call 5 (M:p): no advice for a seat out of the auction
    >>> check_question(parse_auction("M:18 F:yes M:20"), "F", 18)
    Traceback (most recent call last):
    ...
    solver.bidding.BiddingError: a bid of 18 is below the auction's 20 at call 3 (M:20)
    >>> check_question(parse_auction("M:18 F:yes"), "F", 20)
    Traceback (most recent call last):
    ...
    solver.bidding.BiddingError: after call 2 (F:y) M bids, not F
    """
    seat = SEATS.index(seat.upper()) if isinstance(seat, str) else seat
    a = replay(history)
    calls = auction_record(history)

    def named(i: int) -> str:
        return f"call {i + 1} ({calls[i]})"
    for i, (who, call) in enumerate(history):
        if who == seat and call == "p":
            raise BiddingError(f"{SEATS[seat]} passed at {named(i)}: no advice for a seat out of the auction")
    last = max((i for i, (_, call) in enumerate(history) if call.isdigit()), default=None)
    if declare:
        if a.done and a.declarer is not None and a.declarer != seat:
            raise BiddingError(f"{SEATS[a.declarer]} won the auction (last {named(len(history) - 1)}), "
                               f"not {SEATS[seat]}")
        if bid is not None and last is not None and bid < a.value:
            raise BiddingError(f"a bid of {bid} is below the auction's {a.value} at {named(last)}")
        return
    if a.done:
        raise BiddingError(f"the auction is over after {named(len(history) - 1)}: after it, ask what to play "
                           f"(skat declare)")
    nxt, kind = a.to_act()
    if nxt != seat:
        asked = {"bid": "bids", "answer": f"answers {SEATS[a.bidder]}'s {a.value}",
                 "play18": "may play 18 or pass"}[kind]
        where = f"after {named(len(history) - 1)}" if history else "to start the auction"
        raise BiddingError(f"{where} {SEATS[nxt]} {asked}, not {SEATS[seat]}")
    if bid is None:
        return
    if kind == "play18" and bid != 18:
        raise BiddingError(f"M and R passed without a bid (last {named(len(history) - 1)}): F may only play at 18, "
                           f"not {bid}")
    if last is not None and (bid < a.value or (kind == "bid" and bid == a.value)):
        higher = f": {SEATS[seat]} must bid higher" if bid == a.value else ""
        raise BiddingError(f"a bid of {bid} is {'below' if bid < a.value else 'not above'} the auction's "
                           f"{a.value} at {named(last)}{higher}")


def auction_for_question(text: str | None, seat: int | str, bid: int | None = None,
                         declare: bool = False) -> list[tuple[int, str]] | None:
    """An auction as a person types it (:func:`parse_auction`), checked against the question it
    comes with (:func:`check_question`): the calls, or None for no auction; a bad call or a
    question the auction makes meaningless is a :class:`BiddingError` naming the call.  The one
    reader of ``skat bid --auction`` and the web advisor's ``auction``.

    >>> auction_for_question("M:18 F:yes M:20", "F", 20)
    [(1, '18'), (0, 'y'), (1, '20')]
    >>> auction_for_question("", "F") is None
    True
    """
    if not text:
        return None
    calls = parse_auction(text)
    check_question(calls, seat, bid, declare=declare)
    return calls


def parse_calls(calls: list) -> list[tuple[int, str]]:
    """A record's auction ("M:18", "F:y", "R:p" ...) as (seat, call) pairs; unreadable entries
    are left out (the auction only informs the players' inference)."""
    out = []
    for c in calls:
        seat, _, call = str(c).partition(":")
        if seat in SEATS and (call in ("y", "p") or call.isdigit()):
            out.append((SEATS.index(seat), call))
    return out
