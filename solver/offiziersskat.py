"""Offiziersskat: the two-player game of seed 003 -- piles, the open cards, tricks and settlement.

Each player lays his 16 cards in 8 piles, the lower card face down, the upper
face up.  The first player (``F``, the dealer's opponent) declares a suit,
Grand or Ramsch after seeing his face-up cards; the dealer (``R``) may say
Kontra, answered by Re.  Sixteen tricks are played with the open cards only
(follow suit with open cards; Ramsch has the four jacks as its only trumps,
as in Grand); when a trick is over, every face-down card whose upper card it
took is turned up.  The declarer needs 61 card points (60:60 goes to the
other player); in Ramsch the player with fewer points wins (60:60 again to
the other player).  The winner scores the base value (diamonds 9, hearts 10,
spades 11, clubs 12, Grand and Ramsch 24) x (1 + Schneider + Schwarz), x2
after Kontra, x4 after Re.  Where the seed is silent (rules of record):
Schneider is the loser's 30 or fewer card points (in Ramsch: the winner's
30 or fewer), Schwarz the loser taking no trick (in Ramsch: the winner).

>>> d = deal_from_cards(list(range(32)), "clubs")
>>> st = d.start_state()
>>> st.open_cards(0) == sum(1 << c for c in range(1, 16, 2))    # the upper cards
True
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    import numpy as np

from dataclasses import dataclass, field
from typing import Any

from .cards import CARD_NAMES, CARD_POINTS, CardParseError, parse_card
from .games import BASE_VALUES, GAME_NAMES, GRAND, RAMSCH, SUIT_GAMES, parse_game
from .house import kontra_call, kontra_multiplier
from .play import rules_for
from .scoring import SCHNEIDER_ESCAPE, TOTAL_POINTS, WIN_POINTS

SIDES = "FR"                         # F: the first player (declares), R: the dealer
#: An Offiziersskat Ramsch (the first player's choice, jacks the only trumps) is worth 24.
RAMSCH_VALUE = 24
#: The games Offiziersskat declares: the four suits, Grand, Ramsch.
OFFIZIERS_GAMES: tuple[int, ...] = (*SUIT_GAMES, GRAND, RAMSCH)


class OffiziersError(ValueError):
    """An Offiziersskat record or move the rules do not allow; the message names it."""


@dataclass
class OffiziersDeal:
    """Piles (per side, 8 of [down, up]), the game (a suit, GRAND or the one RAMSCH of
    :mod:`solver.games`), Kontra level,
    and the cards played so far."""

    piles: list[list[tuple[int, int]]]
    game: int
    kontra: int = 1
    played: list[int] = field(default_factory=list)
    id: str | None = None

    #: F, the first player, always declares.
    declarer = 0

    @property
    def rules_game(self) -> int:
        return GRAND if self.game == RAMSCH else self.game

    @property
    def game_name(self) -> str:
        return GAME_NAMES[self.game]

    @property
    def base_value(self) -> int:
        return base_value(self.game)

    def start_state(self) -> "OffiziersState":
        return OffiziersState(self)

    def replay(self) -> "OffiziersState":
        st = self.start_state()
        for i, c in enumerate(self.played):
            try:
                st.push(c)
            except OffiziersError as e:
                raise OffiziersError(f"played card {i + 1} ({CARD_NAMES[c]}): {e}") from None
        return st

    def to_record(self) -> dict:
        rec: dict[str, Any] = {"variant": "offiziersskat"}
        if self.id is not None:
            rec["id"] = self.id
        rec["piles"] = {SIDES[p]: [[CARD_NAMES[d], CARD_NAMES[u]] for d, u in self.piles[p]] for p in range(2)}
        rec["game"] = self.game_name
        rec["declarer"] = "F"
        if self.kontra > 1:
            rec["kontra"] = kontra_call(self.kontra)
        rec["played"] = [CARD_NAMES[c] for c in self.played]
        return rec


def deal_piles(rng: np.random.Generator) -> list[list[tuple[int, int]]]:
    """A shuffled Offiziersskat deal: per side eight piles of (face down, face up)."""
    return piles_of([int(c) for c in rng.permutation(32)])


def piles_of(order: list[int]) -> list[list[tuple[int, int]]]:
    """The 32 cards in the order dealt -> per side eight piles of (face down, face up): F's
    from the first sixteen, R's from the rest."""
    return [[(order[16 * s + 2 * i], order[16 * s + 2 * i + 1]) for i in range(8)] for s in range(2)]


def deal_from_cards(cards: list[int], game: str) -> OffiziersDeal:
    """32 cards in order: F's piles (down, up) x 8, then R's."""
    piles = [[(cards[16 * p + 2 * i], cards[16 * p + 2 * i + 1]) for i in range(8)] for p in range(2)]
    return OffiziersDeal(piles, offiziers_game(game))


def base_value(game: int) -> int:
    """A game's base value: diamonds 9 ... clubs 12, Grand and Ramsch 24."""
    return RAMSCH_VALUE if game == RAMSCH else BASE_VALUES[int(game)]


def f_wins(game: int, f_points: int) -> bool:
    """Does F, the declarer, win with these card points of 120 (61; in Ramsch fewer than R, so
    that R has 61)?

    >>> f_wins(GRAND, 61), f_wins(GRAND, 60), f_wins(RAMSCH, 59), f_wins(RAMSCH, 60)
    (True, False, True, False)
    """
    return TOTAL_POINTS - f_points >= WIN_POINTS if game == RAMSCH else f_points >= WIN_POINTS


def offiziers_game(name: str | int) -> int:
    """A game Offiziersskat plays: a suit, Grand or Ramsch (the same RAMSCH as classic Skat's).

    >>> offiziers_game("ramsch") == RAMSCH, offiziers_game("grand") == GRAND
    (True, True)
    """
    try:
        g = parse_game(name)
    except ValueError as e:
        raise OffiziersError(f"'game': {e}") from None
    if g not in (*range(GRAND + 1), RAMSCH):
        raise OffiziersError("'game': Offiziersskat plays a suit, grand or ramsch (no Null)")
    return g


def load_offiziers(rec: dict) -> OffiziersDeal:
    """A record (``"variant": "offiziersskat"``) -> :class:`OffiziersDeal`; errors name the field."""
    piles_rec = rec.get("piles")
    if not isinstance(piles_rec, dict) or set(piles_rec) != set(SIDES):
        raise OffiziersError("'piles' needs F and R, 8 piles each")
    seen: dict[int, str] = {}
    piles = []
    for side in SIDES:
        rows = piles_rec[side]
        if not isinstance(rows, list) or len(rows) != 8:
            got = len(rows) if isinstance(rows, list) else repr(rows)
            raise OffiziersError(f"'piles.{side}': 8 piles of [down, up], got {got}")
        mine = []
        for i, pile in enumerate(rows):
            if not isinstance(pile, list) or len(pile) != 2:
                raise OffiziersError(f"'piles.{side}[{i}]': a pile is [down, up]")
            pair = []
            for name in pile:
                try:
                    c = parse_card(str(name))
                except CardParseError as e:
                    raise OffiziersError(f"'piles.{side}[{i}]': {e}") from None
                if c in seen:
                    raise OffiziersError(f"'piles.{side}[{i}]': {CARD_NAMES[c]} is also in {seen[c]}")
                seen[c] = f"piles.{side}[{i}]"
                pair.append(c)
            mine.append((pair[0], pair[1]))
        piles.append(mine)
    if rec.get("declarer", "F") != "F":
        raise OffiziersError("'declarer': the first player (F) declares in Offiziersskat")
    if rec.get("kontra") not in (None, "kontra", "re"):
        raise OffiziersError(f"'kontra': kontra or re, got {rec.get('kontra')!r}")
    kontra = kontra_multiplier(rec.get("kontra"))
    played = []
    for i, name in enumerate(rec.get("played") or []):
        try:
            played.append(parse_card(str(name)))
        except CardParseError as e:
            raise OffiziersError(f"'played' card {i + 1}: {e}") from None
    d = OffiziersDeal(piles, offiziers_game(rec.get("game", "")), kontra, played, rec.get("id"))
    d.replay()                                              # every played card legal, or an error naming it
    return d


class OffiziersState:
    """The game as it stands: which pile cards are gone or turned up, the trick, the points."""

    def __init__(self, deal: OffiziersDeal):
        self.deal = deal
        self.rules = rules_for(deal.rules_game)
        self.up = [[True] * 8 for _ in range(2)]            # upper card still there
        self.down = [[True] * 8 for _ in range(2)]          # lower card still there
        self.down_open = [[False] * 8 for _ in range(2)]    # lower card turned up
        self.trick: list[int] = []                          # the trick in progress: the leader's card first
        self.leader = 0
        self.points = [0, 0]
        self.tricks = [0, 0]
        self.history: list[tuple[int, int]] = []
        self._undo: list[tuple] = []                        # what each push changed, for pop

    @property
    def to_move(self) -> int:
        return self.leader if not self.trick else 1 - self.leader


    @property
    def finished(self) -> bool:
        return len(self.history) == 2 * sum(len(p) for p in self.deal.piles)

    @property
    def trick_number(self) -> int:
        """The trick in progress, from 1."""
        return len(self.history) // 2 + 1

    def open_cards(self, side: int) -> int:
        """The cards ``side`` can play now: each pile's upper card, or its lower card once
        turned up."""
        s = 0
        for i, (d, u) in enumerate(self.deal.piles[side]):
            if self.up[side][i]:
                s |= 1 << u
            elif self.down[side][i] and self.down_open[side][i]:
                s |= 1 << d
        return s

    def pile_view(self, side: int) -> list[tuple[int | None, bool]]:
        """What everybody sees of ``side``'s piles: per pile the open card on top (None: none)
        and whether a face-down card lies there (under it, or alone until the trick that
        uncovered it is over).

        >>> st = deal_from_cards(list(range(32)), "grand").start_state()
        >>> st.pile_view(0)[0]
        (1, True)
        """
        out: list[tuple[int | None, bool]] = []
        for i, (d, u) in enumerate(self.deal.piles[side]):
            if self.up[side][i]:
                out.append((u, self.down[side][i]))
            elif self.down[side][i]:
                out.append((d, False) if self.down_open[side][i] else (None, True))
            else:
                out.append((None, False))
        return out

    def hidden_cards(self, side: int) -> int:
        """The face-down cards of ``side`` nobody has seen."""
        s = 0
        for i, (d, _) in enumerate(self.deal.piles[side]):
            if self.down[side][i] and not self.down_open[side][i]:
                s |= 1 << d
        return s

    def masked(self) -> "OffiziersState":
        """A copy in which every face-down card nobody has seen is unknown (-1): what a player
        may be shown.  Its pushes work as the state's; only a search needs the cards filled in."""
        c = self.copy()
        piles = [[(-1 if self.down[s][i] and not self.down_open[s][i] else d, u)
                  for i, (d, u) in enumerate(self.deal.piles[s])] for s in range(2)]
        c.deal = OffiziersDeal(piles, self.deal.game, self.deal.kontra, list(self.deal.played), self.deal.id)
        return c

    def copy(self) -> "OffiziersState":
        """An independent copy (its pushes do not touch this state)."""
        c = OffiziersState.__new__(OffiziersState)
        c.deal, c.rules, c.leader = self.deal, self.rules, self.leader
        c.up, c.down, c.down_open = ([list(x) for x in a] for a in (self.up, self.down, self.down_open))
        c.trick, c.history = list(self.trick), list(self.history)
        c.points, c.tricks = list(self.points), list(self.tricks)
        c._undo = list(self._undo)
        return c

    def legal(self) -> int:
        side = self.to_move
        led = self.trick[0] if self.trick else None
        return self.rules.legal(self.open_cards(side), led)

    def check(self, card: int, to_you: bool = False) -> None:
        """Raise :class:`OffiziersError` saying why ``card`` may not be played now (``to_you``:
        addressed to the player whose move it is, as the front ends show it)."""
        side = self.to_move
        who = "you" if to_you else SIDES[side]
        if not (self.open_cards(side) >> card) & 1:
            whose = "one of your open cards" if to_you else f"an open card of {SIDES[side]}"
            raise OffiziersError(f"{CARD_NAMES[card]} is not {whose}")
        if not (self.legal() >> card) & 1:
            raise OffiziersError(f"{CARD_NAMES[card]} is not allowed: {who} must follow "
                                 f"{self.rules.follow_name(self.trick[0])} with an open card")

    def push(self, card: int) -> None:
        """Play ``card`` for the side to move (checked; :class:`OffiziersError` if not allowed)."""
        self.check(card)
        side = self.to_move
        self._undo.append((list(self.trick), self.leader, [list(x) for x in self.down_open]))
        for i, (d, u) in enumerate(self.deal.piles[side]):
            if u == card and self.up[side][i]:
                self.up[side][i] = False
            elif d == card and self.down[side][i]:
                self.down[side][i] = False
        self.trick.append(card)
        self.history.append((side, card))
        if len(self.trick) == 2:
            w = (self.leader + self.rules.winner(self.trick)) % 2
            self.points[w] += sum(CARD_POINTS[c] for c in self.trick)
            self.tricks[w] += 1
            self.leader = w
            self.trick = []
            for p in range(2):                               # uncovered cards are turned up
                for i in range(8):
                    if not self.up[p][i] and self.down[p][i]:
                        self.down_open[p][i] = True

    def pop(self) -> int:
        """Take back the last card pushed (a trick it completed, and the cards that turned up
        after it, too); returns it.

        >>> from solver.cards import lowest
        >>> st = deal_from_cards(list(range(32)), "grand").start_state()
        >>> before = st.copy()
        >>> st.push(lowest(st.legal())); st.push(lowest(st.legal()))     # one trick: cards turn up
        >>> st.pop() >= 0 and st.pop() >= 0
        True
        >>> (st.up, st.down, st.down_open, st.points, st.leader) == (before.up, before.down, before.down_open,
        ...                                                          before.points, before.leader)
        True
        """
        trick, leader, down_open = self._undo.pop()
        side, card = self.history.pop()
        if not self.trick:                                  # the card completed a trick: undo it
            w = self.leader
            pts = sum(CARD_POINTS[c] for c in trick) + CARD_POINTS[card]
            self.points[w] -= pts
            self.tricks[w] -= 1
        self.trick, self.leader, self.down_open = trick, leader, down_open
        for i, (d, u) in enumerate(self.deal.piles[side]):
            if u == card:
                self.up[side][i] = True
            elif d == card:
                self.down[side][i] = True
        return card


@dataclass(frozen=True)
class PileView:
    """What one side sees: both sides' piles as everybody sees them (the open card on top, a
    face-down card under it or not), the cards it may play, the points so far, and the state
    with the unseen face-down cards masked (:meth:`OffiziersState.masked`) for a player that
    samples them."""

    seat: int
    piles: tuple[list[tuple[int | None, bool]], list[tuple[int | None, bool]]]
    playable: int
    points: tuple[int, int]
    state: OffiziersState

    @classmethod
    def of(cls, st: OffiziersState, seat: int) -> "PileView":
        return cls(seat, (st.pile_view(0), st.pile_view(1)), st.legal() if st.to_move == seat else 0,
                   (st.points[0], st.points[1]), st.masked())

    @property
    def trick(self) -> list[int]:
        """The trick in progress: the leader's card first (as :class:`~solver.players.PlayView`'s)."""
        return self.state.trick

    def legal(self) -> int:
        return self.playable

    def check(self, card: int) -> None:
        """Raise :class:`OffiziersError` saying why this side may not play ``card`` now, addressed
        to the player ("you must follow ..."), as :meth:`PlayView.check <solver.players.PlayView.check>` is."""
        self.state.check(card, to_you=True)


@dataclass
class OffiziersResult:
    declarer_points: int
    winner: str                    # "F" or "R"
    won: bool                      # did the declarer (F) win
    schneider: bool
    schwarz: bool
    value: int                     # what the winner scores
    scores: dict[str, int]         # per side
    reason: str


def score_offiziers(deal: OffiziersDeal) -> OffiziersResult:
    """Settle a finished Offiziersskat deal (see :func:`settle_offiziers`).

    >>> from solver.cards import iter_cards
    >>> d = deal_from_cards(list(range(32)), "grand")
    >>> st = d.start_state()
    >>> while not st.finished:
    ...     c = min(iter_cards(st.legal())); st.push(c); d.played.append(c)
    >>> r = score_offiziers(d); r.winner in ("F", "R") and r.value % 24 == 0
    True
    """
    st = deal.replay()
    if not st.finished:
        raise OffiziersError(f"only {len(deal.played)} of 32 cards played: the deal is not finished")
    return settle_offiziers(deal.game, st.points, st.tricks, deal.kontra)


def settle_offiziers(game: int, points: list[int], tricks: list[int], kontra: int = 1) -> OffiziersResult:
    """The settlement from the card points and tricks of F (the declarer) and R.

    >>> settle_offiziers(GRAND, [60, 60], [8, 8]).winner            # 60:60: the other player
    'R'
    >>> r = settle_offiziers(RAMSCH, [50, 70], [7, 9]); r.winner, r.value   # fewer points win
    ('F', 24)
    >>> settle_offiziers(3, [95, 25], [12, 4], kontra=2).value      # clubs, Schneider, Kontra
    48
    """
    f, r = points
    if game == RAMSCH:
        won = f_wins(game, f)                               # fewer points win; 60:60 to R
        winner = 0 if won else 1
        schneider = points[winner] < SCHNEIDER_ESCAPE
        schwarz = tricks[winner] == 0
        reason = f"ramsch: F {f}, R {r} card points ({'fewer' if won else 'not fewer'} for F)"
    else:
        won = f_wins(game, f)
        winner = 0 if won else 1
        loser = 1 - winner
        schneider = points[loser] < SCHNEIDER_ESCAPE
        schwarz = tricks[loser] == 0
        reason = f"{'won' if won else 'lost'}: {f} card points ({WIN_POINTS} needed)"
    value = base_value(game) * (1 + int(schneider) + int(schwarz)) * kontra
    scores = {SIDES[winner]: value, SIDES[1 - winner]: 0}
    return OffiziersResult(f, SIDES[winner], won, schneider, schwarz, value, scores, reason)
