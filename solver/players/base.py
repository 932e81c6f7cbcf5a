"""Computer players: one interface; perfect-information Monte Carlo, rule-based and random.

A player answers the table's questions: bid or hold at a value, play Hand or
pick up, discard and declare, Kontra/Re, and which card to play.  It sees a
:class:`PlayView` of the deal: its own cards, every card played (and by
whom), the skat when it is the declarer, an Ouvert declarer's hand, and the
voids the others revealed; never the hidden hands.
"""

from __future__ import annotations

import dataclasses
import random
from dataclasses import dataclass, field
from collections.abc import Iterator
from typing import Any

import numpy as np

from ..cards import CARD_NAMES, CARD_POINTS, card_points, iter_cards, popcount
from ..deal import Deal
from ..advice import by_the_auction, evaluate_declare, evaluate_hand
from ..games import GRAND, Declaration
from ..heuristics import best_stegen_game, ramsch_discard, ramsch_pickup, ranked_discards, stegen
from ..play import follow_name, rules_for, spitze_card, trump_set
from ..sampling import NoWorld, WorldSampler
from ..scoring import game_value, matadors, points_needed, tournament_points
from ..search.api import default_solver, position
from ..settlement import settle_dd
from ..state import GameState, IllegalCard


@dataclass
class PlayView:
    """What one player knows when it is to play: the public part of the game state and its own cards."""

    seat: int
    hand: int                          # own remaining cards
    declarer: int
    declaration: Declaration
    leader: int                        # who led the trick in progress
    trick: list[int]                   # cards of the trick in progress
    history: list[tuple[int, int]]     # (seat, card) of every card played, in order
    hand_sizes: list[int]              # remaining cards per seat
    skat: int | None = None            # known to the declarer (his discard, or the skat after a Hand game)
    shown: dict[int, int] = field(default_factory=dict)   # seat -> remaining cards shown (Ouvert)
    declarer_points: int = 0           # the declarer's card points so far (skat included when known)
    void: dict[int, int] = field(default_factory=dict)    # seat -> cards it cannot hold (suits shown out of)
    auction: list[tuple[int, str]] = field(default_factory=list)  # the auction's calls (seat, '18' | 'y' | 'p')
    bid: int = 0                       # the bid the game is played at (0: not known)

    @classmethod
    def of(cls, state: GameState, seat: int, skat: int | None = None,
           shown: dict[int, int] | None = None, auction: list[tuple[int, str]] | None = None,
           bid: int = 0) -> "PlayView":
        """The view of ``seat`` on a game state: only its own cards of the hidden ones, and the
        auction everybody heard."""
        # the skat's points count in what he knows only for whoever knows the skat
        pts = state.declarer_points if skat is not None else state.declarer_points - card_points(state.skat)
        if state.declaration.is_ramsch:
            pts = 0                                    # nobody declared: each counts his own
        return cls(seat, state.hands[seat], state.declarer, state.declaration, state.leader, list(state.trick),
                   state.history, state.hand_sizes, skat, dict(shown or {}), pts,
                   {p: state.voids[p] for p in range(3)}, list(auction or []), bid or 0)

    def legal(self) -> int:
        led = self.trick[0] if self.trick else None
        return rules_for(self.declaration.game).legal(self.hand, led)

    def check(self, card: int) -> None:
        """Raise :class:`~solver.state.IllegalCard` saying why the person in this seat may not
        play ``card`` (the message both front ends show)."""
        if not (self.hand >> card) & 1:
            raise IllegalCard(f"{CARD_NAMES[card]} is not in your hand")
        if not (self.legal() >> card) & 1:
            raise IllegalCard(f"{CARD_NAMES[card]} is not allowed: you must follow "
                              f"{follow_name(self.trick[0], self.declaration.game)}")

    def played(self) -> int:
        s = 0
        for _, c in self.history:
            s |= 1 << c
        return s

    def sampler(self, rng: np.random.Generator) -> WorldSampler:
        """The one hidden-card sampler, set up with everything this player knows: the remaining
        hands (as :class:`~solver.sampling.World` hands) and the skat."""
        skat_known = self.skat
        h = self.hand_sizes
        sizes = (h[0], h[1], h[2], 0 if skat_known is not None else 2)
        return WorldSampler(self.hand, self.seat, rng, skat_known=skat_known, known=self.shown, void=self.void,
                            sizes=sizes, seen=self.played())


class Player:
    """The interface; subclasses override what they decide differently."""

    name = "player"
    interactive = False                # True: asked at every call of the auction (``call``)

    def max_bid(self, hand: int, seat: int) -> int:
        """The highest value this player bids or holds (0: passes at once)."""
        return 0

    def call(self, hand: int, seat: int, kind: str, value: int, history: list[tuple[int, str]]) -> bool:
        """An interactive player's call: bid ``value`` (``kind`` 'bid'), hold it ('answer') or
        play at 18 when the others passed ('play18')?  True says yes, False passes."""
        return self.max_bid(hand, seat) >= value

    def choose_hand(self, hand: int, seat: int, bid: int) -> Declaration | None:
        """A Hand declaration, or None to pick up the skat."""
        return None

    def declare(self, twelve: int, seat: int, bid: int, *,
                auction: list[tuple[int, str]] | None = None) -> tuple[int, Declaration]:
        """After the pick-up: (discard, declaration).  ``auction``: the calls that made him the
        declarer ((seat, '18' | 'y' | 'p'), as :class:`~solver.bidding.Auction`'s history)."""
        g = best_stegen_game(twelve)
        return ranked_discards(twelve, g)[0], Declaration(g)

    def choose_game(self, up_cards: int, seat: int, games: tuple[int, ...]) -> int:
        """Offiziersskat: the first player's game, from his eight face-up cards; ``games``: what
        the variant lets him declare."""
        return GRAND

    def kontra(self, view: Any, call: str = "kontra") -> bool:
        """Say ``call`` (a defender's Kontra or Bock, the declarer's Re or Hirsch)?  ``view``: the
        variant's view of the seat (:class:`PlayView`, Offiziersskat's ``PileView``)."""
        return False

    def spitze(self, hand: int, seat: int, declaration: Declaration, skat: int, bid: int) -> bool:
        """Announce Spitze (house rule; asked only of a suit or Grand declarer holding the lowest
        trump): win the last trick with it, for one more level?  ``skat``: the cards he put
        away (a Hand game: the skat nobody has seen, 0)."""
        return False

    def ramsch_pickup(self, hand: int, seat: int) -> bool:
        """Schieberamsch: pick up the skat (then :meth:`ramsch_discard`), or pass it on unseen
        (which doubles the deal)?"""
        return ramsch_pickup(hand)

    def ramsch_discard(self, twelve: int, seat: int) -> int:
        """Schieberamsch: the two cards put back (never a jack)."""
        return ramsch_discard(twelve)

    def play(self, view: Any) -> int:
        """The card to play; ``view`` is the variant's view of the seat to move (what
        :meth:`solver.variants.Variant.view` gives: :class:`PlayView` in classic Skat)."""
        raise NotImplementedError


# ------------------------------------------------------------------ random

class RandomPlayer(Player):
    """Passes in the auction and plays a random legal card."""

    name = "random"

    def __init__(self, seed: int = 0):
        self.rng = random.Random(seed)

    def choose_game(self, up_cards: int, seat: int, games: tuple[int, ...]) -> int:
        return self.rng.choice(games)

    def play(self, view: Any) -> int:
        return self.rng.choice(list(iter_cards(view.legal())))


# ------------------------------------------------------------------ rules

class RulePlayer(Player):
    """A baseline: bids by the club point count, plays by fixed heuristics."""

    name = "rules"

    def max_bid(self, hand: int, seat: int) -> int:
        g = best_stegen_game(hand)
        if stegen(hand, g) < (6 if g == GRAND else 10):
            return 0
        return game_value(Declaration(g), matadors(hand, g))

    def spitze(self, hand: int, seat: int, declaration: Declaration, skat: int, bid: int) -> bool:
        """With seven trumps or more he can draw the others' trumps and keep the lowest."""
        return popcount(hand & trump_set(declaration.game)) >= 7

    def play(self, view: PlayView) -> int:
        legal = list(iter_cards(view.legal()))
        rules = rules_for(view.declaration.game)
        if view.declaration.spitze and view.seat == view.declarer and len(legal) > 1:
            legal = [c for c in legal if c != spitze_card(view.declaration.game)]     # kept for the last trick
        g = {c: int(rules.to_game[c]) for c in legal}
        pts = {c: CARD_POINTS[c] for c in legal}
        me_decl = view.seat == view.declarer
        if view.declaration.is_ramsch:
            return _ramsch_card(rules, view, legal, g, pts)
        if view.declaration.is_null:
            if not view.trick:
                return min(legal, key=lambda c: g[c])
            losing = [c for c in legal if not _beats(rules, view.trick, c)]
            if me_decl:
                return max(losing, key=lambda c: g[c]) if losing else min(legal, key=lambda c: g[c])
            return min(legal, key=lambda c: g[c])
        if not view.trick:
            if me_decl:
                trumps = [c for c in legal if (rules.trump >> g[c]) & 1]
                if trumps:
                    return max(trumps, key=lambda c: g[c])
            return min(legal, key=lambda c: (pts[c], g[c]))
        owner = (view.leader + rules.winner(view.trick)) % 3
        partner_wins = owner != view.declarer and not me_decl
        if partner_wins:
            return max(legal, key=lambda c: (pts[c], -g[c]))
        winners = [c for c in legal if _beats(rules, view.trick, c)]
        if winners:
            return min(winners, key=lambda c: (g[c] if (rules.trump >> g[c]) & 1 else -100 + g[c], pts[c]))
        return min(legal, key=lambda c: (pts[c], g[c]))


def _ramsch_card(rules, view: PlayView, legal: list[int], g: dict, pts: dict) -> int:
    """A Ramsch card by rule of thumb: lead low; when following, the most points that do not
    take the trick, else (taking it anyway) the cheapest winner, or the highest as the last hand."""
    if not view.trick:
        return min(legal, key=lambda c: (pts[c], g[c]))
    losing = [c for c in legal if not _beats(rules, view.trick, c)]
    if losing:
        return max(losing, key=lambda c: (pts[c], g[c]))
    if len(view.trick) == 2:
        return max(legal, key=lambda c: (g[c], -pts[c]))      # the trick is his anyway: shed the top
    return min(legal, key=lambda c: (pts[c], g[c]))


def _beats(rules, trick: list[int], c: int) -> bool:
    """Would card c take the lead of the trick in progress (through the one trick-winner rule)?"""
    return rules.winner(trick + [c]) == len(trick)


# ------------------------------------------------------------------ PIMC

def hidden_worlds(view: PlayView, rng: np.random.Generator) -> Iterator[tuple[list[int], int] | None]:
    """Assignments of the unseen cards consistent with the view, one a step: (remaining hands,
    skat), or None for a step that found none.  The sampler is set up once for all of them."""
    try:
        sampler = view.sampler(rng)
    except NoWorld:
        while True:
            yield None
    while True:
        try:
            w = sampler.draw(1)[0]
        except NoWorld:
            yield None
            continue
        yield list(w.hands), w.skat


#: Hand evaluations of this process, shared by players with the same bid seed (and rescored to
#: each player's scoring).
_EVALUATIONS: dict[tuple, object] = {}


class PimcPlayer(Player):
    """Perfect Information Monte Carlo: sample the hidden cards consistently with
    what it has seen, solve each sample double-dummy, play the best card on average.

    ``samples`` worlds a move; bidding uses the hand evaluator with ``bid_samples`` worlds,
    declaring after the pick-up with ``declare_samples`` (None: half of ``bid_samples``).
    """

    name = "pimc"

    scoring = "simple"                 # the settlement its bid advice expects
    play_model: Any = None             # the bid advice's play model (plain PIMC: none, double-dummy)
    declare_auction = False            # the declaration's worlds explain the others' calls (else uniform)
    declare_discards = 2               # the discards weighed for each game after the pick-up

    def __init__(self, samples: int = 12, bid_samples: int = 32, seed: int = 0, solver=None,
                 bid_seed: int | None = None, declare_samples: int | None = None):
        self.samples, self.bid_samples = samples, bid_samples
        self.declare_samples = declare_samples or max(1, bid_samples // 2)
        self.rng = np.random.default_rng(seed)
        self.seed = seed
        # the bid advice's worlds: players given the same bid_seed (the arena's players of one
        # deal) evaluate a hand alike, and share the evaluation
        self.bid_seed = seed if bid_seed is None else bid_seed
        self.solver = solver

    def bid_advice(self, hand: int, seat: int):
        """The bid advice on ten cards its bids and its Hand game are chosen from: ``bid_samples``
        worlds of the bid seed's, read under its scoring with its play model (:meth:`_advice`)."""
        key = (hand, seat, self.bid_samples, self.bid_seed + hand % 100003)
        if key not in _EVALUATIONS:
            if len(_EVALUATIONS) > 64:
                _EVALUATIONS.clear()
            _EVALUATIONS[key] = evaluate_hand(hand, seat, samples=self.bid_samples, first_batch=self.bid_samples,
                                              seed=key[3], workers=1, precision=0.2, model=None, contenders=None)
        return self._advice(key, _EVALUATIONS[key])

    def _advice(self, key: tuple, ev):
        """An evaluation as this player reads it: under its scoring, with its play model."""
        if self.play_model is None:
            return ev.rescored(self.scoring)
        mkey = key + (self.scoring, id(self.play_model))
        if mkey not in _EVALUATIONS:
            _EVALUATIONS[mkey] = ev.rescored(self.scoring).calibrated_with(self.play_model)
        return _EVALUATIONS[mkey]

    def max_bid(self, hand: int, seat: int) -> int:
        return self.bid_advice(hand, seat).highest_bid[0] or 0

    def choose_hand(self, hand: int, seat: int, bid: int) -> Declaration | None:
        """The Hand game of the best :meth:`choice_value`, if it beats the pick-up's
        :meth:`pickup_value`."""
        ev = self.bid_advice(hand, seat)
        best_hand = max((r for r in ev.declarations if r.declaration.hand),
                        key=lambda r: self.choice_value(r, bid), default=None)
        pick = self.pickup_value(ev, bid)
        if best_hand and (pick is None or self.choice_value(best_hand, bid) > pick):
            return best_hand.declaration
        return None

    def pickup_value(self, ev, bid: int) -> float | None:
        """What the pick-up is worth when it chooses between a Hand game and the pick-up: the
        best :meth:`choice_value` of the bid advice ``ev``'s pick-up declarations (None: none)."""
        return max((self.choice_value(r, bid) for r in ev.declarations if not r.declaration.hand), default=None)

    def choice_value(self, r, bid: int) -> float:
        """What a declaration of the bid advice is worth when it chooses between a Hand game and
        the pick-up: its expected score at the bid."""
        return r.expected_score(bid)

    def declare(self, twelve: int, seat: int, bid: int, *,
                auction: list[tuple[int, str]] | None = None) -> tuple[int, Declaration]:
        """The discard and game of the best expected score: :meth:`declaration_advice`'s
        recommendation."""
        r = self.declaration_advice(twelve, seat, bid, auction=auction).recommended
        return r.discard, r.declaration

    def declaration_advice(self, twelve: int, seat: int, bid: int, *,
                           auction: list[tuple[int, str]] | None = None):
        """The advice after the pick-up its declaration is chosen from: ``declare_samples`` worlds,
        each game's ``declare_discards`` best discards by the discard heuristic, read under its
        scoring with its play model; with :attr:`declare_auction`, the worlds drawn by how well
        they explain the others' calls in ``auction`` (uniform where none does:
        :func:`~solver.advice.hands.by_the_auction`)."""
        calls = list(auction or []) if self.declare_auction else []
        seed = self.bid_seed + twelve % 100003
        key = ("declare", twelve, seat, bid, self.declare_samples, self.declare_discards, tuple(calls), seed)

        def ask(heard: list[tuple[int, str]] | None):
            return evaluate_declare(twelve, seat, bid, samples=self.declare_samples, first_batch=self.declare_samples,
                                    seed=seed, workers=1, precision=0.2, discards_per_game=self.declare_discards,
                                    model=None, contenders=None, auction=heard)
        if key not in _EVALUATIONS:
            _EVALUATIONS[key] = by_the_auction(calls, ask)
        return self._advice(key, _EVALUATIONS[key])

    def kontra(self, view: PlayView, call: str = "kontra") -> bool:
        """Kontra or Bock (a defender) when the declarer wins in at most a tenth of the sampled
        worlds; Re or Hirsch (the declarer) when he wins in at least nine tenths.  A defender only
        samples worlds in which the declarer's cards (with the skat) count as biddable for
        his game, since he did bid: uniform worlds would give him weak hands."""
        if view.declaration.is_null:
            return False
        solver = self.solver or default_solver()
        g = view.declaration.game
        need_count = 6 if g == GRAND else 10
        wins = n = 0
        worlds = hidden_worlds(view, self.rng)
        with solver.shared_table():
            for _ in range(self.samples):
                world = None
                for _try in range(50):
                    w = next(worlds)
                    if w is None or view.seat == view.declarer or \
                            stegen(w[0][view.declarer] | w[1], g) >= need_count:
                        world = w
                        break
                if world is None:
                    continue
                p = position(_study(view, *world))
                wins += solver.reach_many([p], [points_needed(view.declaration)])[0]
                n += 1
        if n == 0:
            return False
        rate = wins / n
        return rate >= 0.9 if view.seat == view.declarer else rate <= 0.1

    def spitze(self, hand: int, seat: int, declaration: Declaration, skat: int, bid: int) -> bool:
        """Announce Spitze when, over sampled worlds solved double-dummy with and without the
        Spitze condition, it raises the mean settlement (under this player's scoring)."""
        solver = self.solver or default_solver()
        sampler = WorldSampler(hand, seat, self.rng, skat_known=skat or None,
                               sizes=(10, 10, 10, 0 if skat else 2))
        try:
            worlds = sampler.draw(self.samples)
        except NoWorld:
            return False
        means = []
        for decl in (declaration, dataclasses.replace(declaration, spitze=True)):
            deals = [Deal(list(w.hands), w.skat, seat, decl, [], bid) for w in worlds]
            with solver.shared_table():
                res = settle_dd([position(d) for d in deals], bid, solver)
            won = np.array([r["dd_declarer_wins"] for r in res])
            score = np.array([r["score"] for r in res], dtype=float)
            if self.scoring == "seeger-fabian":
                score = score + tournament_points(won)[0]
            means.append(score.mean())
        return bool(means[1] > means[0])

    def play(self, view: PlayView) -> int:
        legal = list(iter_cards(view.legal()))
        if len(legal) == 1:
            return legal[0]
        solver = self.solver or default_solver()
        totals = {c: 0.0 for c in legal}
        n = 0
        worlds = hidden_worlds(view, self.rng)
        # every world is a position of the same game and declarer: they share one table
        with solver.shared_table():
            for _ in range(self.samples):
                world = next(worlds)
                if world is None:
                    continue
                hands, skat = world
                for c, v in solver.best_moves(_study(view, hands, skat)):
                    totals[c] += float(v)
                n += 1
        if n == 0:
            return legal[0]
        # values are the declarer's points (Null: whether he wins): he maximises, the defenders
        # minimise; in a Ramsch they are the player's own points (see Solver.best_moves): he minimises
        pick = max if view.seat == view.declarer else min
        return pick(legal, key=lambda c: (totals[c], -c))


def tricks_so_far(view: PlayView) -> tuple[int, int]:
    """(the declarer's, the defenders') tricks among the completed tricks of ``view.history``."""
    rules = rules_for(view.declaration.game)
    done = len(view.history) - len(view.trick)
    decl = defs = 0
    for t in range(0, done, 3):
        trick = view.history[t:t + 3]
        winner = trick[rules.winner([c for _, c in trick])][0]
        if winner == view.declarer:
            decl += 1
        else:
            defs += 1
    return decl, defs


def _study(view: PlayView, hands: list[int], skat: int) -> Deal:
    """The world as an endgame study from the start of the trick in progress."""
    start = [h for h in hands]
    for i, c in enumerate(view.trick):
        start[(view.leader + i) % 3] |= 1 << c
    return Deal(start, skat, view.declarer, view.declaration, list(view.trick), None, view.leader)
