"""Offiziersskat at the table: players, one deal, a match, and the duplicate arena.

The computer players see what a person sees: the open cards of both sides,
the cards played, and how many face-down cards each pile still hides (nobody
knows a face-down card, not even its owner).  ``best`` and ``pimc`` sample
the face-down cards uniformly over the cards not yet seen (as the rules make
them: nobody has seen them) and solve each world with the one search kernel
(:func:`solver.offiziersskat.best_cards`); ``best`` turns each world's
card points into the game's real stakes (won or lost, and Schneider: F's
settlement, :func:`f_settlement`) and solves the whole set of worlds once
few face-down cards are left, as the three-player ``best`` does; ``pimc``
plays the most card points on average.  Both solve worlds until a node
budget is spent (one or two worlds in the first tricks, where a world costs
millions of nodes).  An earlier ``best`` that asked only "does F win" per
card (threshold queries, many more worlds) lost to ``pimc`` by 5.1 points a
game (95% -11.3 ... +1.1, 30 duplicate deals): card points carry Schneider.
Both declare by threshold queries over sampled worlds (F sees only his own
eight upper cards then) and say Kontra/Re when the sampled worlds say the
declarer will (not) make it.
"""

from __future__ import annotations

import itertools
import math
import random
from dataclasses import dataclass, field
from collections.abc import Callable

import numpy as np

from ..stats import mean_ci
from ..cards import CARD_POINTS, iter_cards
from ..games import GRAND, SUIT_GAMES
from ..heuristics import stegen
from ..offiziersskat import (RAMSCH, SIDES, OffiziersDeal, OffiziersState, base_value, best_cards, f_makes_it,
                             score_offiziers, settle_offiziers)

#: The games Offiziersskat declares: the four suits, Grand, Ramsch.
OFFIZIERS_GAMES: tuple = (*SUIT_GAMES, GRAND, RAMSCH)


def unseen_cards(st: OffiziersState) -> int:
    """The cards nobody has seen: every card but the open ones and those played."""
    seen = st.open_cards(0) | st.open_cards(1)
    for _, c in st.history:
        seen |= 1 << c
    for _, c in st.trick:
        seen |= 1 << c
    return ((1 << 32) - 1) & ~seen


def hidden_slots(st: OffiziersState) -> list[tuple[int, int]]:
    """(side, pile) of every face-down card still hidden."""
    return [(s, i) for s in range(2) for i in range(len(st.deal.piles[s]))
            if st.down[s][i] and not st.down_open[s][i]]


def world(st: OffiziersState, cards: list[int]) -> OffiziersState:
    """The state with the hidden face-down cards replaced by ``cards`` (in :func:`hidden_slots` order)."""
    piles = [list(p) for p in st.deal.piles]
    for (s, i), c in zip(hidden_slots(st), cards):
        piles[s][i] = (c, piles[s][i][1])
    w = st.copy()
    w.deal = OffiziersDeal(piles, st.deal.game, st.deal.kontra, list(st.deal.played), st.deal.id)
    return w


def sample_worlds(st: OffiziersState, n: int, rng: np.random.Generator, exact_up_to: int = 0) -> list[OffiziersState]:
    """``n`` worlds with the hidden cards dealt uniformly; all of them when at most
    ``exact_up_to`` assignments exist."""
    hidden = list(iter_cards(unseen_cards(st)))
    if math.factorial(len(hidden)) <= exact_up_to:
        return [world(st, list(p)) for p in itertools.permutations(hidden)]
    return [world(st, [hidden[j] for j in rng.permutation(len(hidden))]) for _ in range(n)]


# ------------------------------------------------------------------ players

class OffiziersPlayer:
    """The interface: declare (F, from his eight upper cards), Kontra/Re, and play."""

    name = "player"

    def declare(self, up_cards: int) -> int:
        return GRAND

    def kontra(self, st: OffiziersState, side: int, call: str) -> bool:
        return False

    def play(self, st: OffiziersState) -> int:
        raise NotImplementedError


class RandomOffiziers(OffiziersPlayer):
    name = "random"

    def __init__(self, seed: int = 0):
        self.rng = random.Random(seed)

    def declare(self, up_cards: int) -> int:
        return self.rng.choice(OFFIZIERS_GAMES)

    def play(self, st: OffiziersState) -> int:
        return self.rng.choice(list(iter_cards(st.legal())))


class RuleOffiziers(OffiziersPlayer):
    """Rules of thumb: the game with the best club point count of the upper cards (Ramsch when
    none counts 5); lead masters and trumps, take a trick worth ten or more cheaply, else duck."""

    name = "rules"

    def __init__(self, seed: int = 0):
        pass

    def declare(self, up_cards: int) -> int:
        best = max((*SUIT_GAMES, GRAND), key=lambda g: stegen(up_cards, g) + (1 if g == GRAND else 0))
        return best if stegen(up_cards, best) >= 5 else RAMSCH

    def play(self, st: OffiziersState) -> int:
        legal = list(iter_cards(st.legal()))
        r = st.rules
        g = {c: int(r.to_game[c]) for c in legal}
        ramsch = st.deal.game == RAMSCH
        if not st.trick:
            return min(legal, key=lambda c: (CARD_POINTS[c], g[c])) if ramsch else \
                max(legal, key=lambda c: ((r.trump >> g[c]) & 1, g[c]))
        led = st.trick[0][1]
        winners = [c for c in legal if r.winner([led, c]) == 1]
        losers = [c for c in legal if c not in winners]
        if ramsch:
            if losers:
                return max(losers, key=lambda c: (CARD_POINTS[c], g[c]))
            return min(legal, key=lambda c: (CARD_POINTS[c], g[c]))
        if winners and CARD_POINTS[led] + max(CARD_POINTS[c] for c in winners) >= 10:
            return min(winners, key=lambda c: (g[c] if (r.trump >> g[c]) & 1 else -100 + g[c]))
        return min(legal, key=lambda c: (CARD_POINTS[c], g[c]))


#: Search nodes a move may spend (about a second on this machine), and a declaration; at least
#: one world (two for a declaration) is always solved.  A node budget, not a clock: the same
#: seed plays the same game on any machine.
MOVE_NODES = 4_000_000
DECLARE_NODES = 12_000_000


class PimcOffiziers(OffiziersPlayer):
    """Sample the face-down cards, solve every world, play the best card on average (see the
    module docs); ``stakes``/``exact``: ``best``'s two additions.  Worlds are solved until
    ``samples`` or the node budget is reached (early in a deal, when a world costs millions of
    nodes, that is one or two)."""

    name = "pimc"

    def __init__(self, seed: int = 0, samples: int = 6, declare_samples: int = 6, stakes: bool = False,
                 exact: int = 0, solver=None, move_nodes: int = MOVE_NODES, declare_nodes: int = DECLARE_NODES):
        self.rng = np.random.default_rng(seed)
        self.samples, self.declare_samples = samples, declare_samples
        self.stakes, self.exact = stakes, exact
        self.solver = solver
        self.move_nodes, self.declare_nodes = move_nodes, declare_nodes

    def _solver(self):
        from ..search.api import default_solver
        return self.solver or default_solver()

    def declare(self, up_cards: int) -> int:
        """The game with F's best expected settlement over sampled worlds: F's eight upper
        cards are known, the other 24 dealt at random; a threshold query per game and world."""
        rest = [c for c in range(32) if not (up_cards >> c) & 1]
        ups = list(iter_cards(up_cards))
        wins = {g: 0 for g in OFFIZIERS_GAMES}
        solver = self._solver()
        nodes = n = 0
        while n < self.declare_samples and (n < 2 or nodes < self.declare_nodes):
            w = [rest[j] for j in self.rng.permutation(24)]
            piles = [[(w[i], ups[i]) for i in range(8)], [(w[8 + 2 * i], w[9 + 2 * i]) for i in range(8)]]
            for game in OFFIZIERS_GAMES:
                wins[game] += f_makes_it(OffiziersDeal(piles, game).start_state(), solver)
                nodes += solver.last_nodes
            n += 1

        return max(OFFIZIERS_GAMES, key=lambda game: base_value(game) * (2 * wins[game] / n - 1))

    def kontra(self, st: OffiziersState, side: int, call: str) -> bool:
        """Kontra (R) when the declarer makes it in at most a quarter of the sampled worlds; Re
        (F) when in at least three quarters."""
        solver = self._solver()
        made = []
        nodes = 0
        for w in sample_worlds(st, self.declare_samples, self.rng):
            made.append(f_makes_it(w, solver))
            nodes += solver.last_nodes
            if len(made) >= 2 and nodes >= self.move_nodes:
                break
        rate = float(np.mean(made))
        return rate <= 0.25 if side == 1 else rate >= 0.75

    def play(self, st: OffiziersState) -> int:
        legal = list(iter_cards(st.legal()))
        if len(legal) == 1:
            return legal[0]
        exact = math.factorial(len(hidden_slots(st))) <= self.exact     # the whole set of worlds: no budget
        worlds = sample_worlds(st, self.samples, self.rng, self.exact)
        index = {c: i for i, c in enumerate(legal)}
        solver = self._solver()
        rows = []
        nodes = 0
        for w in worlds:
            row = np.zeros(len(legal))
            for c, v in best_cards(w, solver):
                row[index[c]] = v
            rows.append(row)
            nodes += solver.last_nodes
            if not exact and nodes >= self.move_nodes:
                break
        pts = np.array(rows)
        game = st.deal.game
        # F's card points count for him except in Ramsch (fewer win there)
        f_key = pts.mean(axis=0) * (-1.0 if game == RAMSCH else 1.0)
        if self.stakes:
            f_key = np.vectorize(lambda v: f_settlement(game, int(v)))(pts).mean(axis=0) + 1e-3 * f_key
        sign = 1.0 if st.to_move == 0 else -1.0                    # F maximises his key, R minimises it
        return max(legal, key=lambda c: (sign * f_key[index[c]], -c))


def f_settlement(game, f_points: int) -> int:
    """F's settlement from his final card points: + the value when he wins, - when he loses
    (the winner scores it, the loser nothing), Schneider doubling it (Schwarz, which needs the
    tricks, is left out).

    >>> f_settlement(GRAND, 95), f_settlement(3, 60), f_settlement(RAMSCH, 25)
    (48, -12, 48)
    """
    r = settle_offiziers(game, [f_points, 120 - f_points], [1, 1])
    return r.value if r.won else -r.value


def make_offiziers_player(name: str, seed: int = 0) -> OffiziersPlayer:
    """``best``, ``pimc``, ``rules`` or ``random``."""
    if name == "best":
        p = PimcOffiziers(seed=seed, samples=8, declare_samples=8, stakes=True, exact=24)
        p.name = "best"
        return p
    if name == "pimc":
        return PimcOffiziers(seed=seed)
    if name == "rules":
        return RuleOffiziers(seed)
    if name == "random":
        return RandomOffiziers(seed)
    raise ValueError(f"unknown Offiziersskat player {name!r} (expected best, pimc, rules or random)")


# ------------------------------------------------------------------ a deal, a match

@dataclass
class OffiziersDealResult:
    deal: OffiziersDeal
    scores: list[int]                  # per side: F, R
    result: dict = field(default_factory=dict)


def deal_piles(rng: np.random.Generator) -> list[list[tuple[int, int]]]:
    perm = [int(c) for c in rng.permutation(32)]
    return [[(perm[16 * s + 2 * i], perm[16 * s + 2 * i + 1]) for i in range(8)] for s in range(2)]


def play_offiziers(players: list[OffiziersPlayer], piles: list[list[tuple[int, int]]], kontra: bool = True,
                   on_event: Callable[[str, dict], None] | None = None) -> OffiziersDealResult:
    """One deal: ``players[0]`` is F (declares from his upper cards), ``players[1]`` R (the
    dealer, may say Kontra; F may answer Re)."""
    event = on_event or (lambda kind, data: None)
    ups = sum(1 << u for _, u in piles[0])
    game = players[0].declare(ups)
    deal = OffiziersDeal(piles, game)
    event("declaration", {"game": deal.game_name, "deal": deal})
    st = deal.start_state()
    if kontra and players[1].kontra(st, 1, "kontra"):
        deal.kontra = 2
        event("kontra", {"side": "R"})
        if players[0].kontra(st, 0, "re"):
            deal.kontra = 4
            event("re", {"side": "F"})
    while not st.finished:
        side = st.to_move
        card = players[side].play(st)
        st.push(card)
        deal.played.append(card)
        event("card", {"side": SIDES[side], "card": card})
        if not st.trick:
            event("trick", {"winner": SIDES[st.leader], "cards": deal.played[-2:]})
    r = score_offiziers(deal)
    scores = [r.scores["F"], r.scores["R"]]
    result = {"game": deal.game_name, "declarer_points": r.declarer_points, "won": r.won, "winner": r.winner,
              "schneider": r.schneider, "schwarz": r.schwarz, "value": r.value, "reason": r.reason,
              "scores": dict(r.scores)}
    event("result", result)
    return OffiziersDealResult(deal, scores, result)


def play_offiziers_match(players: list[OffiziersPlayer], deals: int = 2, seed: int = 0, kontra: bool = True,
                         on_event: Callable[[str, dict], None] | None = None) -> tuple[list[int], list]:
    """A match of an even number of deals: the players (not sides) take turns as dealer (R).
    Returns each player's total and the deal results."""
    if deals % 2:
        raise ValueError("an Offiziersskat match has an even number of deals, so that each deals equally often")
    rng = np.random.default_rng(seed)
    totals = [0, 0]
    results = []
    for k in range(deals):
        dealer = k % 2                                   # player index sitting as R
        first = 1 - dealer
        if on_event:
            on_event("deal", {"number": k + 1, "first": first, "dealer": dealer})
        r = play_offiziers([players[first], players[dealer]], deal_piles(rng), kontra, on_event)
        totals[first] += r.scores[0]
        totals[dealer] += r.scores[1]
        results.append(r)
        if on_event:
            on_event("totals", {"totals": list(totals)})
    return totals, results


# ------------------------------------------------------------------ the arena

def _duplicate(args) -> list[tuple[int, OffiziersDealResult]]:
    types, seed, k, piles = args
    out = []
    for swap in (0, 1):                                  # each type plays each side of the deal
        order = [types[swap], types[1 - swap]]
        players = [make_offiziers_player(t, seed + 1000 * (k + 1) + i) for i, t in enumerate(order)]
        out.append((swap, play_offiziers(players, piles)))
    return out


def run_offiziers_arena(types: list[str], deals: int, seed: int = 0, workers: int = 1,
                        on_game: Callable[[dict], None] | None = None) -> dict:
    """Duplicate Offiziersskat: every deal twice, each type once as F and once as R.  Reports
    each type's score per game (the winner's value; the loser scores 0) with its 95% interval,
    the mean difference per deal (paired: the deal's luck cancels) and its interval."""
    from ..pool import map_processes
    if len(types) != 2:
        raise ValueError("Offiziersskat is for two: --players A,B")
    for t in types:
        make_offiziers_player(t)
    rng = np.random.default_rng(seed)
    piles = [deal_piles(rng) for _ in range(deals)]
    per_type: dict[int, list[int]] = {0: [], 1: []}
    diffs = []
    games = 0
    step = max(1, 2 * workers)                               # a few deals at a time: games are written as they end
    done = (results for first in range(0, deals, step)
            for results in map_processes(_duplicate, [(types, seed, k, piles[k])
                                                      for k in range(first, min(deals, first + step))], workers))
    for k, results in enumerate(done):
        d = 0
        for swap, r in results:
            games += 1
            a_side = 0 if swap == 0 else 1                   # the side type A played
            per_type[0].append(r.scores[a_side])
            per_type[1].append(r.scores[1 - a_side])
            d += r.scores[a_side] - r.scores[1 - a_side]
            if on_game:
                rec = r.deal.to_record()
                rec["id"] = f"offiziers-{seed}-{k}-{swap}"
                rec["players"] = {"F": types[swap], "R": types[1 - swap]}
                rec["result"] = r.result
                on_game(rec)
        diffs.append(d / 2)

    def ci(xs):
        m, low, high = mean_ci(xs, digits=2)
        return m, [low, high]
    out = {"variant": "offiziersskat", "deals": deals, "games": games, "seed": seed, "players": []}
    for i, t in enumerate(types):
        m, c = ci(per_type[i])
        out["players"].append({"player": t, "games": len(per_type[i]), "points_per_game": m, "ci95": c})
    m, c = ci(diffs)
    out["difference"] = {"of": f"{types[0]} - {types[1]}", "per_game": m, "ci95": c}
    return out
