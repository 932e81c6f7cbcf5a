"""The match score sheet: a number of deals, the dealer rotating clockwise.

Three or four players: at four, the dealer sits out each deal; Offiziersskat's two (``seats``
"FR") take turns as the dealer R.  In duel mode
(seed 002) the third player is a partner who never bids and always defends;
his score is not counted (``counted``).

>>> m = MatchSheet(players=("Ann", "Bob", "Cy"), deals=3, first_dealer=0)
>>> m.seat_player(0, "F")          # dealer Ann: Bob is forehand
1
>>> m.record(declarer_player=1, score=30, game="hearts")
>>> m.record(passed=True)
>>> m.record(declarer_player=0, score=-60, game="grand")
>>> m.finished, m.totals()
(True, [-60, 30, 0])
>>> m.standings()
[(1, 'Bob', 30), (2, 'Cy', 0), (3, 'Ann', -60)]
"""

from __future__ import annotations

from dataclasses import dataclass, field


#: A point-target match stops after this many deals even if nobody reached the target.
MAX_TARGET_DEALS = 600


@dataclass
class DealEntry:
    number: int
    dealer: int
    declarer: int | None            # player index, None when passed in
    game: str | None
    scores: list[int]               # per player
    passed: bool = False
    bock: bool = False              # played in a Bock round (the scores are already doubled)
    multipliers: str = ""           # what multiplied the settlement: "Re x4", "2 pushes x4", "Jungfrau x2"


@dataclass
class MatchSheet:
    players: tuple[str, ...] = ("P1", "P2", "P3")
    deals: int = 12
    first_dealer: int = 0
    entries: list[DealEntry] = field(default_factory=list)
    target: int | None = None       # a point target instead of a number of deals
    counted: tuple[bool, ...] | None = None    # whose scores count (duel mode: not the partner's)
    seats: str = "FMR"              # the variant's seats (Offiziersskat: "FR", two players taking turns)

    def __post_init__(self) -> None:
        allowed = (2,) if len(self.seats) == 2 else (3, 4)
        if len(self.players) not in allowed:
            raise ValueError(f"a match has {' or '.join(map(str, allowed))} players, got {len(self.players)}")
        if self.counted is None:
            self.counted = (True,) * len(self.players)

    @property
    def counts(self) -> tuple[bool, ...]:
        """Whose scores count, per player (all but a duel's partner)."""
        return self.counted if self.counted is not None else (True,) * self.size

    @property
    def size(self) -> int:
        return len(self.players)

    @property
    def dealer(self) -> int:
        return (self.first_dealer + len(self.entries)) % self.size

    def seat_player(self, deal_index: int, seat: str) -> int:
        """The player sitting in seat F, M or R in a deal: at three R is the dealer; at four the
        dealer sits out and F, M, R follow him.

        >>> MatchSheet(("A", "B", "C", "D"), first_dealer=0).seat_player(0, "R")     # D; A deals
        3
        """
        dealer = (self.first_dealer + deal_index) % self.size
        offset = {"F": 1, "M": 2, "R": 0 if self.size in (2, 3) else 3}[seat]
        return (dealer + offset) % self.size

    @property
    def finished(self) -> bool:
        """All deals played; with a point target, the round (every player dealt once) in which a
        total reached the target is complete."""
        if self.target is not None:
            return len(self.entries) % self.size == 0 and \
                any(t >= self.target for t, c in zip(self.totals(), self.counts) if c) \
                or len(self.entries) >= MAX_TARGET_DEALS
        return len(self.entries) >= self.deals

    def record(self, declarer_player: int | None = None, score: int = 0, game: str | None = None,
               passed: bool = False, defender_score: int = 0, bock: bool = False,
               seat_scores: dict[int, int] | None = None, multipliers: str = "") -> None:
        """Enter one deal: the declarer's score (and each defender's, Seeger-Fabian); a Ramsch
        (no declarer): ``seat_scores``, player -> score."""
        if self.finished:
            raise ValueError("the match is over")
        scores = [0] * self.size
        if seat_scores is not None:
            for p, v in seat_scores.items():
                scores[p] = v
        elif not passed:
            if declarer_player is None:
                raise ValueError("a deal that was played needs its declarer")
            dealer = self.dealer
            for p in range(self.size):
                sits_out = self.size == 4 and p == dealer
                scores[p] = score if p == declarer_player else 0 if sits_out else defender_score
        self.entries.append(DealEntry(len(self.entries) + 1, self.dealer, None if passed else declarer_player,
                                      game, scores, passed, bock, multipliers))

    def totals(self) -> list[int]:
        t = [0] * self.size
        for e in self.entries:
            for p in range(self.size):
                t[p] += e.scores[p]
        return t

    def standings(self) -> list[tuple[int, str, int]]:
        """(place, name, total) of the players whose scores count, best first; equal totals
        share a place."""
        t = self.totals()
        ranked = [p for p in range(self.size) if self.counts[p]]
        order = sorted(ranked, key=lambda p: -t[p])
        out = []
        for p in order:
            place = 1 + sum(1 for q in ranked if t[q] > t[p])
            out.append((place, self.players[p], t[p]))
        return out
