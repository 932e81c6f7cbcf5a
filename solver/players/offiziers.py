"""Offiziersskat's players (of the one :class:`~solver.players.base.Player` interface) and its
questions before the play at the one table; the match and the duplicate arena are the shared
:func:`~solver.players.table.play_match` and :func:`~solver.players.arena.run_arena`.

The computer players see what a person sees (the ``PileView``): the open cards of both sides,
the cards played, and how many face-down cards each pile still hides (nobody
knows a face-down card, not even its owner).  ``best`` and ``pimc`` sample
the face-down cards uniformly over the cards not yet seen (as the rules make
them: nobody has seen them) and solve each world with the one search kernel.
``pimc`` plays the most card points on average (:func:`solver.search.offiziers.best_cards`).
``best`` plays the best average of the game's real stakes (won or lost, and
Schneider: F's settlement, :func:`f_settlement`), and asks each world only
which settlement each card leads to: threshold queries at the card points
where the settlement changes (:func:`settlement_cuts`,
:func:`solver.search.offiziers.points_bands`), a fraction of the nodes of the
card points, so it solves many more worlds; cards of equal stakes go to the
most card points in the first world.  It solves the whole set of worlds once
few face-down cards are left, as the three-player ``best`` does.  Both solve
worlds until a node budget is spent.  (An earlier ``best`` that asked only
"does F win" lost to ``pimc`` by 5.1 points a game, 95% -11.3 ... +1.1, 30
duplicate deals: card points carry Schneider; one that turned every world's
card points into stakes, at the cost of the points, was level with ``pimc``:
+0.58, 95% -1.09 ... +2.25, 500 deals.)
Both declare by threshold queries over sampled worlds (F sees only his own
eight upper cards then) and say Kontra/Re when the sampled worlds say the
declarer will (not) make it.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Callable

import numpy as np

from ..cards import CARD_POINTS, iter_cards
from ..games import GRAND, SUIT_GAMES
from ..heuristics import stegen
from ..search.api import default_solver
from ..offiziersskat import (OFFIZIERS_GAMES, RAMSCH, SIDES, OffiziersDeal, OffiziersState, PileView, base_value,
                             offiziers_game, settle_offiziers)
from ..search.offiziers import best_cards, f_makes_it, points_bands, successors
from ..variants import find_variant
from .base import Player, RandomPlayer
from .registry import DEAL_PLAYERS, PLAYER_MAKERS, VIEWS
from .table import DealResult, play_out

def unseen_cards(st: OffiziersState) -> int:
    """The cards nobody has seen: every card but the open ones and those played."""
    seen = st.open_cards(0) | st.open_cards(1)
    for _, c in st.history:
        seen |= 1 << c
    for c in st.trick:
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


# ------------------------------------------------------------------ players (the one Player interface)

class RuleOffiziers(Player):
    """Rules of thumb: the game with the best club point count of the upper cards (Ramsch when
    none counts 5); lead masters and trumps, take a trick worth ten or more cheaply, else duck."""

    name = "rules"

    def __init__(self, seed: int = 0):
        pass

    def choose_game(self, up_cards: int, seat: int, games: tuple[int, ...]) -> int:
        best = max((*SUIT_GAMES, GRAND), key=lambda g: stegen(up_cards, g) + (1 if g == GRAND else 0))
        return best if stegen(up_cards, best) >= 5 else RAMSCH

    def play(self, view: PileView) -> int:
        st = view.state
        legal = list(iter_cards(view.legal()))
        r = st.rules
        g = {c: int(r.to_game[c]) for c in legal}
        ramsch = st.deal.game == RAMSCH
        if not st.trick:
            return min(legal, key=lambda c: (CARD_POINTS[c], g[c])) if ramsch else \
                max(legal, key=lambda c: ((r.trump >> g[c]) & 1, g[c]))
        led = st.trick[0]
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


class PimcOffiziers(Player):
    """Sample the face-down cards, solve every world, play the best card on average (see the
    module docs); ``stakes``/``exact``/``bands``: ``best``'s additions (the settlement, the
    whole set of worlds near the end, threshold queries for the settlement alone).  Worlds are
    solved until ``samples`` or the node budget is reached (early in a deal, where the card
    points of a world cost millions of nodes, that is one or two; the settlement bands, several
    times as many); ``last_worlds``: how many the last card was decided on."""

    name = "pimc"

    def __init__(self, seed: int = 0, samples: int = 6, declare_samples: int = 6, stakes: bool = False,
                 exact: int = 0, solver=None, move_nodes: int = MOVE_NODES, declare_nodes: int = DECLARE_NODES,
                 bands: bool = False):
        self.rng = np.random.default_rng(seed)
        self.samples, self.declare_samples = samples, declare_samples
        self.stakes, self.exact, self.bands = stakes, exact, bands
        self.solver = solver
        self.move_nodes, self.declare_nodes = move_nodes, declare_nodes

    def _solver(self):
        return self.solver or default_solver()

    def choose_game(self, up_cards: int, seat: int, games: tuple[int, ...]) -> int:
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

    def kontra(self, view: PileView, call: str = "kontra") -> bool:  # type: ignore[override]
        """Kontra (R) when the declarer makes it in at most a quarter of the sampled worlds; Re
        (F) when in at least three quarters."""
        solver = self._solver()
        made = []
        nodes = 0
        for w in sample_worlds(view.state, self.declare_samples, self.rng):
            made.append(f_makes_it(w, solver))
            nodes += solver.last_nodes
            if len(made) >= 2 and nodes >= self.move_nodes:
                break
        rate = float(np.mean(made))
        return rate <= 0.25 if view.seat == 1 else rate >= 0.75

    def play(self, view: PileView) -> int:  # type: ignore[override]
        st = view.state
        legal = list(iter_cards(view.legal()))
        if len(legal) == 1:
            return legal[0]
        exact = math.factorial(len(hidden_slots(st))) <= self.exact     # the whole set of worlds: no budget
        worlds = sample_worlds(st, self.samples, self.rng, self.exact)
        index = {c: i for i, c in enumerate(legal)}
        solver = self._solver()
        game = st.deal.game
        by_bands = self.bands and not exact
        cuts: list[int] = []
        settled: list[int] = []             # F's settlement per band of his points
        if by_bands:
            cuts = settlement_cuts(game)
            settled = [f_settlement(game, p) for p in [0, *cuts]]
        rows = []                           # F's card points after each card, per world
        stakes = []                         # F's settlement after each card, per world
        solved = []
        nodes = 0
        for w in worlds:
            if by_bands:
                # which settlement each card leads to: threshold queries, far cheaper than the points
                bands, spent = points_bands(successors(w, legal), cuts, solver)
                stakes.append([settled[b] for b in bands])
                nodes += spent
            else:
                row = np.zeros(len(legal))
                for c, v in best_cards(w, solver):
                    row[index[c]] = v
                rows.append(row)
                if self.stakes:
                    stakes.append([f_settlement(game, int(v)) for v in row])
                nodes += solver.last_nodes
            solved.append(w)
            if not exact and nodes >= self.move_nodes:
                break
        self.last_worlds = len(solved)
        sign = 1.0 if st.to_move == 0 else -1.0                    # F maximises his key, R minimises it
        points_sign = -1.0 if game == RAMSCH else 1.0              # (F's card points count for him but in Ramsch)
        if by_bands:
            key = sign * np.array(stakes, dtype=float).mean(axis=0)
            tied = [c for c in legal if key[index[c]] >= key.max() - 1e-9]
            if len(tied) == 1:
                return tied[0]
            # cards of the same stakes: the most card points in the first world decide
            pts = dict(best_cards(solved[0], solver, tied))
            return max(tied, key=lambda c: (sign * points_sign * pts[c], -c))
        f_key = np.array(rows).mean(axis=0) * points_sign
        if self.stakes:
            f_key = np.array(stakes, dtype=float).mean(axis=0) + 1e-3 * f_key
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


def settlement_cuts(game) -> list[int]:
    """F's card points at which his settlement (:func:`f_settlement`) changes, rising.

    >>> settlement_cuts(GRAND), settlement_cuts(RAMSCH)
    ([31, 61, 90], [31, 60, 90])
    """
    return [p for p in range(1, 121) if f_settlement(game, p) != f_settlement(game, p - 1)]


def make_offiziers_player(name: str, seed: int = 0) -> Player:
    """``best``, ``pimc``, ``rules`` or ``random`` at the Offiziersskat table."""
    if name == "best":
        p = PimcOffiziers(seed=seed, samples=20, declare_samples=8, stakes=True, exact=24, bands=True)
        p.name = "best"
        return p
    if name == "pimc":
        return PimcOffiziers(seed=seed)
    if name == "rules":
        return RuleOffiziers(seed)
    if name == "random":
        return RandomPlayer(seed)
    raise ValueError(f"unknown Offiziersskat player {name!r} (expected best, pimc, rules or random)")


# ------------------------------------------------------------------ a deal at the one table

def play_offiziers(players: list[Player], piles: list[list[tuple[int, int]]], kontra: bool = True,
                   on_event: Callable[[str, dict], None] | None = None) -> DealResult:
    """The table's questions before the play of an Offiziersskat deal, then the one card loop
    (:func:`~solver.players.table.play_out`): ``players[0]`` is F (declares from his upper
    cards), ``players[1]`` R (the dealer, may say Kontra; F may answer Re)."""
    variant = find_variant("offiziersskat")
    event = on_event or (lambda kind, data: None)
    ups = sum(1 << u for _, u in piles[0])
    game = players[0].choose_game(ups, 0, OFFIZIERS_GAMES)
    deal = OffiziersDeal(piles, offiziers_game(game))
    event("declaration", {"declarer": 0, "game": deal.game_name, "deal": deal})
    st = deal.start_state()
    event("piles", {"piles": [st.pile_view(0), st.pile_view(1)]})
    if kontra and players[1].kontra(PileView.of(st, 1), "kontra"):
        deal.kontra = 2
        event("kontra", {"seat": 1})
        if players[0].kontra(PileView.of(st, 0), "re"):
            deal.kontra = 4
            event("re", {"seat": 0})

    def after_card(st: OffiziersState, p: int, card: int, trick_no: int, used: float) -> None:
        event("card", {"seat": p, "card": card, "trick": trick_no})
        if not st.trick:
            event("trick", {"winner": st.leader, "points": sum(CARD_POINTS[c] for c in deal.played[-2:]),
                            "cards": deal.played[-2:], "seats": [s for s, _ in st.history[-2:]]})
        event("piles", {"piles": [st.pile_view(0), st.pile_view(1)]})      # (what everybody sees: cards turned up)

    play_out(deal, players, after_card=after_card)
    result = variant.outcome(deal)                  # the record's result, as playout writes it
    event("result", result)
    return DealResult(piles, [], deal, [result["scores"][s] for s in SIDES], result, deal.kontra,
                      variant=variant.name)


# the variant's parts at the table (solver.players.registry)
DEAL_PLAYERS["offiziersskat"] = lambda players, dealt, options, on_event=None, bock=1: \
    play_offiziers(players, dealt, True, on_event)      # Kontra and Re: the seed's rule, always on
PLAYER_MAKERS["offiziersskat"] = lambda name, seed, strength=None, bid_seed=None, scoring="seeger-fabian": \
    make_offiziers_player(name, seed)
VIEWS["offiziersskat"] = lambda deal, state, seat: PileView.of(state, seat)
