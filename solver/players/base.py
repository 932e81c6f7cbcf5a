"""Computer players: one interface; perfect-information Monte Carlo, rule-based and random.

A player answers the table's questions: bid or hold at a value, play Hand or
pick up, discard and declare, Kontra/Re, and which card to play.  It sees a
:class:`PlayView` of the deal: its own cards, every card played (and by
whom), the skat when it is the declarer, an Ouvert declarer's hand, and the
voids the others revealed; never the hidden hands.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field

import numpy as np

from ..cards import CARD_POINTS, iter_cards, popcount
from ..deal import Deal
from ..evaluate import best_stegen_game, evaluate_declare, evaluate_hand, ranked_discards, stegen
from ..games import BASE_VALUES, GRAND, Declaration
from ..play import legal_moves, rules_for
from ..scoring import matadors, multiplier


@dataclass
class PlayView:
    """What one player knows when it is to play."""

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

    def legal(self) -> int:
        rules = rules_for(self.declaration.game)
        led = int(rules.to_game[self.trick[0]]) if self.trick else -1
        return rules.set_from_game(legal_moves(rules.set_to_game(self.hand), led, rules.eff))

    def voids(self) -> dict[int, int]:
        """seat -> cards it cannot hold: the effective suits it failed to follow."""
        rules = rules_for(self.declaration.game)
        out: dict[int, int] = {0: 0, 1: 0, 2: 0}
        lead_card = None
        for i, (s, c) in enumerate(self.history):
            if i % 3 == 0:
                lead_card = c
                continue
            g_led = int(rules.to_game[lead_card])
            if not (rules.eff[g_led] >> int(rules.to_game[c])) & 1:
                out[s] |= rules.set_from_game(int(rules.eff[g_led]))
        return out


class Player:
    """The interface; subclasses override what they decide differently."""

    name = "player"

    def max_bid(self, hand: int, seat: int) -> int:
        """The highest value this player bids or holds (0: passes at once)."""
        return 0

    def choose_hand(self, hand: int, seat: int, bid: int) -> Declaration | None:
        """A Hand declaration, or None to pick up the skat."""
        return None

    def declare(self, twelve: int, seat: int, bid: int) -> tuple[int, Declaration]:
        """After the pick-up: (discard, declaration)."""
        g = best_stegen_game(twelve)
        return ranked_discards(twelve, g)[0], Declaration(g)

    def kontra(self, view: PlayView) -> bool:
        return False

    def play(self, view: PlayView) -> int:
        raise NotImplementedError


# ------------------------------------------------------------------ random

class RandomPlayer(Player):
    """Passes in the auction and plays a random legal card."""

    name = "random"

    def __init__(self, seed: int = 0):
        self.rng = random.Random(seed)

    def play(self, view: PlayView) -> int:
        return self.rng.choice(list(iter_cards(view.legal())))


# ------------------------------------------------------------------ rules

class RulePlayer(Player):
    """A baseline: bids by the club point count, plays by fixed heuristics."""

    name = "rules"

    def max_bid(self, hand: int, seat: int) -> int:
        g = best_stegen_game(hand)
        if stegen(hand, g) < (6 if g == GRAND else 10):
            return 0
        m = matadors(hand, g)
        return BASE_VALUES[g] * multiplier(Declaration(g), m, False, False)

    def play(self, view: PlayView) -> int:
        legal = list(iter_cards(view.legal()))
        rules = rules_for(view.declaration.game)
        g = {c: int(rules.to_game[c]) for c in legal}
        pts = {c: CARD_POINTS[c] for c in legal}
        me_decl = view.seat == view.declarer
        if view.declaration.is_null:
            if not view.trick:
                return min(legal, key=lambda c: g[c])
            cur = _current_winner_card(view, rules)
            losing = [c for c in legal if not _beats(rules, view.trick[0], cur, c)]
            if me_decl:
                return max(losing, key=lambda c: g[c]) if losing else min(legal, key=lambda c: g[c])
            return min(legal, key=lambda c: g[c])
        if not view.trick:
            if me_decl:
                trumps = [c for c in legal if (rules.trump >> g[c]) & 1]
                if trumps:
                    return max(trumps, key=lambda c: g[c])
            return min(legal, key=lambda c: (pts[c], g[c]))
        cur = _current_winner_card(view, rules)
        owner = _current_winner_seat(view, rules)
        partner_wins = owner != view.declarer and not me_decl
        if partner_wins:
            return max(legal, key=lambda c: (pts[c], -g[c]))
        winners = [c for c in legal if _beats(rules, view.trick[0], cur, c)]
        if winners:
            return min(winners, key=lambda c: (g[c] if (rules.trump >> g[c]) & 1 else -100 + g[c], pts[c]))
        return min(legal, key=lambda c: (pts[c], g[c]))


def _beats(rules, lead: int, cur: int, c: int) -> bool:
    """Does card c beat the current winning card cur, in a trick led with lead?"""
    from ..play import trick_winner
    gl, gc, gx = int(rules.to_game[lead]), int(rules.to_game[cur]), int(rules.to_game[c])
    if gc == gl:
        return trick_winner(gl, gx, gx, rules.trump, rules.eff) == 1
    return trick_winner(gl, gc, gx, rules.trump, rules.eff) == 2


def _current_winner_card(view: PlayView, rules) -> int:
    cur = view.trick[0]
    for c in view.trick[1:]:
        if _beats(rules, view.trick[0], cur, c):
            cur = c
    return cur


def _current_winner_seat(view: PlayView, rules) -> int:
    cur = _current_winner_card(view, rules)
    return (view.leader + view.trick.index(cur)) % 3


# ------------------------------------------------------------------ PIMC

def sample_hidden(view: PlayView, rng: np.random.Generator, tries: int = 200) -> tuple[list[int], int] | None:
    """One assignment of the unseen cards consistent with the view: (remaining hands, skat)."""
    known = view.hand
    for c in iter_cards(sum(1 << c for _, c in view.history)):
        known |= 1 << c
    for s in view.shown.values():
        known |= s
    skat_known = view.skat is not None
    if skat_known:
        known |= view.skat
    unseen = [c for c in range(32) if not (known >> c) & 1]
    voids = view.voids()
    need = {p: view.hand_sizes[p] - popcount(view.shown.get(p, 0)) for p in range(3) if p != view.seat}
    holders = list(need) + ([] if skat_known else [3])
    cap = dict(need)
    if not skat_known:
        cap[3] = 2
    for _ in range(tries):
        order = list(rng.permutation(unseen))
        left = dict(cap)
        got = {h: view.shown.get(h, 0) if h != 3 else 0 for h in holders}
        ok = True
        # most constrained cards first
        order.sort(key=lambda c: sum(1 for h in holders if h == 3 or not (voids.get(h, 0) >> int(c)) & 1))
        for c in order:
            c = int(c)
            opts = [h for h in holders if left[h] > 0 and (h == 3 or not (voids.get(h, 0) >> c) & 1)]
            if not opts:
                ok = False
                break
            weights = np.array([left[h] for h in opts], dtype=float)
            h = opts[int(rng.choice(len(opts), p=weights / weights.sum()))]
            got[h] |= 1 << c
            left[h] -= 1
        if ok and all(v == 0 for v in left.values()):
            hands = [0, 0, 0]
            hands[view.seat] = view.hand
            for p in need:
                hands[p] = got[p]
            skat = view.skat if skat_known else got[3]
            return hands, skat
    return None


class PimcPlayer(Player):
    """Perfect Information Monte Carlo: sample the hidden cards consistently with
    what it has seen, solve each sample double-dummy, play the best card on average.

    ``samples`` worlds a move; bidding and declaring use the hand evaluator
    with ``bid_samples`` worlds.
    """

    name = "pimc"

    def __init__(self, samples: int = 12, bid_samples: int = 32, seed: int = 0, solver=None):
        self.samples, self.bid_samples = samples, bid_samples
        self.rng = np.random.default_rng(seed)
        self.seed = seed
        self.solver = solver
        self._eval: dict[tuple[int, int], object] = {}

    def _evaluation(self, hand: int, seat: int):
        key = (hand, seat)
        if key not in self._eval:
            self._eval = {key: evaluate_hand(hand, seat, samples=self.bid_samples, first_batch=self.bid_samples,
                                             seed=self.seed + hand % 100003, workers=1, precision=0.2)}
        return self._eval[key]

    def max_bid(self, hand: int, seat: int) -> int:
        return self._evaluation(hand, seat).safe_bid or 0

    def choose_hand(self, hand: int, seat: int, bid: int) -> Declaration | None:
        ev = self._evaluation(hand, seat)
        ranked = sorted(ev.declarations, key=lambda r: -r.expected_score(bid))
        best_hand = next((r for r in ranked if r.declaration.hand), None)
        best_pick = next((r for r in ranked if not r.declaration.hand), None)
        if best_hand and (best_pick is None or best_hand.expected_score(bid) > best_pick.expected_score(bid)):
            return best_hand.declaration
        return None

    def declare(self, twelve: int, seat: int, bid: int) -> tuple[int, Declaration]:
        ev = evaluate_declare(twelve, seat, bid, samples=self.bid_samples // 2, first_batch=self.bid_samples // 2,
                              seed=self.seed + twelve % 100003, workers=1, precision=0.2, discards_per_game=2)
        r = ev.recommended
        return r.discard, r.declaration

    def kontra(self, view: PlayView) -> bool:
        """Kontra (a defender) when the declarer wins in at most a tenth of the sampled
        worlds; Re (the declarer) when he wins in at least nine tenths.  A defender only
        samples worlds in which the declarer's cards (with the skat) count as biddable for
        his game, since he did bid: uniform worlds would give him weak hands."""
        from ..search.api import default_solver, position
        if view.declaration.is_null:
            return False
        solver = self.solver or default_solver()
        g = view.declaration.game
        need_count = 6 if g == GRAND else 10
        wins = n = 0
        with solver.shared_table():
            for _ in range(self.samples):
                world = None
                for _try in range(50):
                    w = sample_hidden(view, self.rng)
                    if w is None or view.seat == view.declarer or \
                            stegen(w[0][view.declarer] | w[1], g) >= need_count:
                        world = w
                        break
                if world is None:
                    continue
                p = position(_study(view, *world))
                wins += solver.reach_many([p], [90 if view.declaration.schneider else 61])[0]
                n += 1
        if n == 0:
            return False
        rate = wins / n
        return rate >= 0.9 if view.seat == view.declarer else rate <= 0.1

    def play(self, view: PlayView) -> int:
        legal = list(iter_cards(view.legal()))
        if len(legal) == 1:
            return legal[0]
        from ..search.api import default_solver
        solver = self.solver or default_solver()
        totals = {c: 0.0 for c in legal}
        n = 0
        # every world is a position of the same game and declarer: they share one table
        with solver.shared_table():
            for _ in range(self.samples):
                world = sample_hidden(view, self.rng)
                if world is None:
                    continue
                hands, skat = world
                for c, v in solver.best_moves(_study(view, hands, skat)):
                    totals[c] += float(v)
                n += 1
        if n == 0:
            return legal[0]
        # values are the declarer's points (Null: whether he wins): he maximises, the defenders minimise
        pick = max if view.seat == view.declarer else min
        return pick(legal, key=lambda c: (totals[c], -c))


def _study(view: PlayView, hands: list[int], skat: int) -> Deal:
    """The world as an endgame study from the start of the trick in progress."""
    start = [h for h in hands]
    for i, c in enumerate(view.trick):
        start[(view.leader + i) % 3] |= 1 << c
    return Deal(start, skat, view.declarer, view.declaration, list(view.trick), None, view.leader)
