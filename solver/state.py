"""The game in progress: push and pop cards, as python-chess's ``Board`` does moves.

A :class:`GameState` knows whose turn it is, the legal cards, the seat of
every card played, the voids each seat has shown, the points and tricks so
far and the trick in progress.  Every part of the product that follows a
play uses it: the deal record's replay, the table, the analysis, the ISS
reader, the players' view and the solver's position builder.

>>> from solver.cards import parse_cards, parse_card, format_cards, CARD_NAMES
>>> from solver.games import Declaration, HEARTS_GAME, SEATS
>>> st = GameState([parse_cards("CJ SJ HA HT HK H9 DA S7 D8 D7"), parse_cards("C8 C9 CT CK CQ CA S8 S9 ST SK"),
...                 parse_cards("H7 H8 HQ DJ HJ SQ D9 DT DK DQ")], parse_cards("SA C7"), 0,
...                Declaration(HEARTS_GAME))
>>> st.push(parse_card("CJ")); st.push(parse_card("C8"))
>>> format_cards(st.legal())                    # R must follow trumps
'HJ DJ HQ H8 H7'
>>> st.push(parse_card("SQ"))
Traceback (most recent call last):
...
solver.state.IllegalCard: R must follow trumps (holds HJ DJ HQ H8 H7)
>>> st.push(parse_card("HJ")); st.trick_winners, st.declarer_points, format_cards(st.voids[1])
([0], 15, 'CJ SJ HJ DJ HA HT HK HQ H9 H8 H7')
>>> CARD_NAMES[st.pop()], SEATS[st.to_move], [CARD_NAMES[c] for c in st.trick]
('HJ', 'R', ['CJ', 'C8'])
"""

from __future__ import annotations

from dataclasses import dataclass
from collections.abc import Iterable

from .cards import card_codes, card_points, popcount
from .games import SEATS, Declaration
from .play import GameRules, rules_for, spitze_card
from .scoring import SPITZE_BONUS


class IllegalCard(ValueError):
    """A card the rules do not allow here; the message names the seat, the card and the rule."""


def format_cards_in(x: int) -> str:
    return " ".join(card_codes(x)) if x else "nothing"


@dataclass
class _Undo:
    """What :meth:`GameState.push` changed, for :meth:`GameState.pop`."""

    card: int
    seat: int
    leader: int
    trick: list[int]
    voids: int
    closed: bool                      # the card completed a trick


class GameState:
    """One game from the first lead (or an endgame study's position) onward.

    ``hands`` are the cards each seat holds now (public card sets; they are
    copied), ``skat`` the declarer's skat (its points count for him),
    ``leader`` who leads the first trick.  A Ramsch (``declaration.is_ramsch``)
    has no declarer (``declarer`` -1): every seat plays for itself (``points``,
    ``tricks`` per seat) and the skat goes to the winner of the last trick.
    """

    def __init__(self, hands: Iterable[int], skat: int, declarer: int, declaration: Declaration,
                 leader: int = 0):
        self.hands: list[int] = list(hands)
        self.skat = skat
        self.declarer = declarer
        self.declaration = declaration
        self.rules: GameRules = rules_for(declaration.game)
        self.leader = leader                          # who led the trick in progress (or leads next)
        self.trick: list[int] = []                    # cards of the trick in progress, in order
        self.moves: list[int] = []                    # every card played, in order
        self.seats: list[int] = []                    # the seat of each card played
        self.trick_winners: list[int] = []            # seat of each completed trick's winner
        self.trick_points: list[int] = []
        self.declarer_points = 0 if declaration.is_ramsch else card_points(skat)   # skat + tricks taken
        self.defender_points = 0
        self.points: list[int] = [0, 0, 0]            # card points each seat took in tricks (Ramsch: + the skat)
        self.tricks: list[int] = [0, 0, 0]
        self.declarer_tricks = 0
        self.defender_tricks = 0
        self.voids: list[int] = [0, 0, 0]             # cards a seat cannot hold: suits it showed out of
        self._undo: list[_Undo] = []

    # ------------------------------------------------------------ queries
    @property
    def game(self) -> int:
        return self.declaration.game

    @property
    def to_move(self) -> int:
        return (self.leader + len(self.trick)) % 3

    @property
    def over(self) -> bool:
        """No cards left to play."""
        return self.hands[self.to_move] == 0

    @property
    def ended_by_trick(self) -> bool:
        """Decided by a trick: a Null declarer took one, or Schwarz announced and the defenders took one."""
        d = self.declaration
        return (d.is_null and self.declarer_tricks > 0) or (d.schwarz and self.defender_tricks > 0)

    @property
    def finished(self) -> bool:
        return self.over or self.ended_by_trick

    def final_value(self, seat: int | None = None):
        """The value of a play with no cards left: the declarer's card points (Null: whether
        he took no trick; Ramsch: the card points of ``seat``; a Spitze game: plus the Spitze
        bonus when kept), the same kind of value the solver gives for a position."""
        if self.declaration.is_null:
            return self.declarer_tricks == 0
        if self.declaration.is_ramsch:
            if seat is None:
                raise ValueError("a Ramsch's final value is one seat's card points: name the seat")
            return self.points[seat]
        if self.declaration.spitze and self.spitze_kept:
            return self.declarer_points + SPITZE_BONUS
        return self.declarer_points

    @property
    def spitze_kept(self) -> bool:
        """Spitze (house rule): did the declarer win the last trick with his lowest trump?
        False before the last trick is complete, and in Null and Ramsch (no trumps)."""
        if self.declaration.is_null or self.declaration.is_ramsch:
            return False
        if not self.over or not self.trick_winners or self.trick_winners[-1] != self.declarer:
            return False
        return spitze_card(self.game) in self.moves[-3:]

    @property
    def hand_sizes(self) -> list[int]:
        return [popcount(h) for h in self.hands]

    @property
    def history(self) -> list[tuple[int, int]]:
        """(seat, card) of every card played, in order."""
        return list(zip(self.seats, self.moves))

    @property
    def trick_number(self) -> int:
        """1-based number of the trick in progress (or about to start)."""
        return len(self.trick_winners) + 1

    def led(self) -> int | None:
        return self.trick[0] if self.trick else None

    def legal(self) -> int:
        """The cards the player to move may play (a public card set)."""
        return self.rules.legal(self.hands[self.to_move], self.led())

    def trick_cards(self) -> int:
        s = 0
        for c in self.trick:
            s |= 1 << c
        return s

    def alive(self) -> int:
        """Cards still in the hands or in the trick in progress."""
        return self.hands[0] | self.hands[1] | self.hands[2] | self.trick_cards()

    def current_winner(self) -> tuple[int, int] | None:
        """(card, seat) winning the trick in progress so far; None before the lead."""
        if not self.trick:
            return None
        i = self.rules.winner(self.trick)
        return self.trick[i], (self.leader + i) % 3

    def check(self, card: int) -> None:
        """Raise :class:`IllegalCard` with the reason if ``card`` may not be played now."""
        p = self.to_move
        if self.hands[p] == 0:
            raise IllegalCard("the game is already over")
        if not (self.hands[p] >> card) & 1:
            holder = next((SEATS[q] for q in range(3) if (self.hands[q] >> card) & 1), None)
            why = f"it is {holder}'s card" if holder else "it is not in play"
            raise IllegalCard(f"{SEATS[p]} is to play, but {why}")
        legal = self.legal()
        if not (legal >> card) & 1:
            raise IllegalCard(f"{SEATS[p]} must follow {self.rules.follow_name(self.trick[0])} "
                              f"(holds {format_cards_in(legal)})")

    # ------------------------------------------------------------ moves
    def push(self, card: int) -> None:
        """Play ``card`` for the player to move (checked; :class:`IllegalCard` if not allowed)."""
        self.check(card)
        p = self.to_move
        undo = _Undo(card, p, self.leader, list(self.trick), self.voids[p], False)
        if self.trick and not (self.rules.follows(card, self.trick[0])):
            self.voids[p] |= self.rules.suit_of_led(self.trick[0])
        self.hands[p] &= ~(1 << card)
        self.trick.append(card)
        self.moves.append(card)
        self.seats.append(p)
        if len(self.trick) == 3:
            w = (self.leader + self.rules.winner(self.trick)) % 3
            pts = card_points(self.trick_cards())
            self.trick_winners.append(w)
            self.trick_points.append(pts)
            if w == self.declarer:
                self.declarer_points += pts
                self.declarer_tricks += 1
            else:
                self.defender_points += pts
                self.defender_tricks += 1
            if self.declaration.is_ramsch and self.hands[p] == 0:
                pts += card_points(self.skat)          # the skat goes to the last trick's winner
                self.trick_points[-1] = pts
            self.points[w] += pts
            self.tricks[w] += 1
            self.trick = []
            self.leader = w
            undo.closed = True
        self._undo.append(undo)

    def pop(self) -> int:
        """Take back the last card pushed; returns it."""
        u = self._undo.pop()
        if u.closed:
            w = self.trick_winners.pop()
            pts = self.trick_points.pop()
            self.points[w] -= pts
            self.tricks[w] -= 1
            if self.declaration.is_ramsch and self.hands[u.seat] == 0:
                pts -= card_points(self.skat)
            if w == self.declarer:
                self.declarer_points -= pts
                self.declarer_tricks -= 1
            else:
                self.defender_points -= pts
                self.defender_tricks -= 1
        self.leader = u.leader
        self.trick = u.trick
        self.voids[u.seat] = u.voids
        self.hands[u.seat] |= 1 << u.card
        self.moves.pop()
        self.seats.pop()
        return u.card

    def copy(self) -> "GameState":
        """An independent copy (its pushes and pops do not touch this state)."""
        c = GameState.__new__(GameState)
        c.__dict__.update(self.__dict__)
        for k in ("hands", "trick", "moves", "seats", "trick_winners", "trick_points", "voids", "_undo", "points",
                  "tricks"):
            setattr(c, k, list(getattr(self, k)))
        return c

    def start_of_trick(self) -> "GameState":
        """A new state at the start of the trick in progress (as an endgame study: no history)."""
        hands = list(self.hands)
        for i, c in enumerate(self.trick):
            hands[(self.leader + i) % 3] |= 1 << c
        st = GameState(hands, 0, self.declarer, self.declaration, self.leader)
        st.declarer_points = self.declarer_points
        st.defender_points = self.defender_points
        st.declarer_tricks = self.declarer_tricks
        st.defender_tricks = self.defender_tricks
        st.points = list(self.points)
        st.tricks = list(self.tricks)
        if self.declaration.is_ramsch:
            st.skat = self.skat                        # still to go to the last trick's winner
        st.voids = list(self.voids)
        for c in self.trick:
            st.push(c)
        return st

    def __repr__(self) -> str:
        hands = ", ".join(f"{SEATS[p]}: {format_cards_in(self.hands[p])}" for p in range(3))
        return (f"GameState({self.declaration.name}, declarer {SEATS[self.declarer]}, "
                f"trick {self.trick_number}, {SEATS[self.to_move]} to play; {hands})")


__all__ = ["GameState", "IllegalCard", "format_cards_in"]
