"""The match score sheet: a number of deals, the dealer rotating clockwise.

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


@dataclass
class MatchSheet:
    players: tuple[str, str, str] = ("P1", "P2", "P3")
    deals: int = 12
    first_dealer: int = 0
    entries: list[DealEntry] = field(default_factory=list)
    target: int | None = None       # a point target instead of a number of deals

    @property
    def dealer(self) -> int:
        return (self.first_dealer + len(self.entries)) % 3

    def seat_player(self, deal_index: int, seat: str) -> int:
        """The player sitting in seat F, M or R (R is the dealer) in a deal."""
        dealer = (self.first_dealer + deal_index) % 3
        return (dealer + {"F": 1, "M": 2, "R": 0}[seat]) % 3

    @property
    def finished(self) -> bool:
        """All deals played; with a point target, the round (every player dealt once) in which a
        total reached the target is complete."""
        if self.target is not None:
            return len(self.entries) % 3 == 0 and any(t >= self.target for t in self.totals()) \
                or len(self.entries) >= MAX_TARGET_DEALS
        return len(self.entries) >= self.deals

    def record(self, declarer_player: int | None = None, score: int = 0, game: str | None = None,
               passed: bool = False, defender_score: int = 0, bock: bool = False) -> None:
        """Enter one deal: the declarer's score (and each defender's, Seeger-Fabian)."""
        if self.finished:
            raise ValueError("the match is over")
        scores = [0, 0, 0]
        if not passed:
            if declarer_player is None:
                raise ValueError("a deal that was played needs its declarer")
            for p in range(3):
                scores[p] = score if p == declarer_player else defender_score
        self.entries.append(DealEntry(len(self.entries) + 1, self.dealer, None if passed else declarer_player,
                                      game, scores, passed, bock))

    def totals(self) -> list[int]:
        t = [0, 0, 0]
        for e in self.entries:
            for p in range(3):
                t[p] += e.scores[p]
        return t

    def standings(self) -> list[tuple[int, str, int]]:
        """(place, name, total), best first; equal totals share a place."""
        t = self.totals()
        order = sorted(range(3), key=lambda p: -t[p])
        out = []
        for p in order:
            place = 1 + sum(1 for q in range(3) if t[q] > t[p])
            out.append((place, self.players[p], t[p]))
        return out
