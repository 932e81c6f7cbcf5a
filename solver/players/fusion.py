"""Strategy fusion: the declarer's look-ahead that does not let each world choose its own card.

PIMC values a card by solving every sampled world double-dummy.  After the card, each world's
solution plays on as if the declarer saw every hand: in a world where the queen lies left he
finesses one way, in a world where it lies right the other, and the card is credited with both
wins although at the table he must choose one line for the worlds he cannot tell apart.  This
is *strategy fusion* (Frank & Basin, 1998), PIMC's best-known error; the αμ search of Cazenave
and Ventos (2020) removes it for the declarer's next ``M`` decisions by keeping one result per
world and letting the declarer choose one card per set of worlds he cannot tell apart.

:func:`fused_values` is αμ's first step past PIMC, for the declarer's early cards: each of the
best candidates by PIMC (:data:`CANDIDATES`) is played in every world, the defenders answer it
with their double-dummy best cards (they are assumed to see every hand, as in αμ), and the
worlds are followed to the declarer's next decision.  There, worlds in which he has seen the
same cards form one information set: he must play one card in all of them, so the set is worth
its best card's weighted mean, not the mean of each world's best.  A candidate is worth the sum
over its sets; PIMC's value is the same sum with each world its own set, so the look-ahead's
value is never higher, and lower exactly where the declarer would have to guess.

The defenders' double-dummy answers break ties by the solver's order of cards: where two cards
are worth the same, two worlds may show different ones and fall into different sets, and the
look-ahead then credits the declarer with what the tie-break told him (it never charges him for
a guess he does not face).

>>> from solver.players.fusion import CANDIDATES
>>> CANDIDATES
3
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

import numpy as np

from ..deal import replay
from ..sampling import World
from ..state import GameState
from ..search.api import Solver
from .base import PlayView, _study

#: PIMC's best this many cards are searched past its first decision.
CANDIDATES = 3


@dataclass
class Lookahead:
    """:func:`fused_values`' answer: per legal card its value (``-inf``: not searched), and the
    number of worlds in each information set the declarer reached (one per set and candidate)."""

    values: np.ndarray
    set_sizes: list[int] = field(default_factory=list)


def fused_values(view: PlayView, worlds: list[tuple[World, float]], legal: list[int], weights: np.ndarray,
                 settled: np.ndarray, key: np.ndarray, *, solver: Solver, settle: Callable) -> Lookahead:
    """Per legal card of the declarer to move (:class:`Lookahead`): its stakes when he must choose
    his next card alike in the worlds he cannot tell apart (module docs); ``-inf`` for the cards that are not among
    PIMC's best :data:`CANDIDATES`.  ``weights``: the worlds' weights (summing to 1);
    ``settled``: each world's and card's settlement for the declarer (PIMC's); ``key``: PIMC's
    order of the cards (its stakes, ties broken by card points), best highest; ``settle``: the
    settlement of solved cards, ``settle(view, worlds, points, cards, states=...)`` ->
    ``(score, won)`` (:meth:`~solver.players.best.BestPlayer._settled`)."""
    order = sorted(range(len(legal)), key=lambda j: (-key[j], legal[j]))
    studies = [_study(view, list(w.hands), w.skat) for w, _ in worlds]
    # (candidate, world) -> the game state followed to the declarer's next decision and the cards seen on the way
    nodes: list[tuple[int, int, GameState, tuple[int, ...]]] = []
    candidates = order[:CANDIDATES]
    for j in candidates:
        for k, study in enumerate(studies):
            st = replay(study)
            st.push(legal[j])
            nodes.append((j, k, st, ()))
    with solver.shared_table():
        while True:
            todo = [i for i, (_, _, st, _) in enumerate(nodes) if not st.over and st.to_move != view.declarer]
            if not todo:
                break
            answers = solver.best_moves_many([(studies[nodes[i][1]], nodes[i][2]) for i in todo])
            for i, moves in zip(todo, answers):
                j, k, st, seen = nodes[i]
                card = moves[0][0]                          # the defender's double-dummy best card
                st.push(card)
                nodes[i] = (j, k, st, seen + (card,))
        ahead = [i for i, (_, _, st, _) in enumerate(nodes) if not st.over]
        solved = dict(zip(ahead, solver.best_moves_many([(studies[nodes[i][1]], nodes[i][2]) for i in ahead])))
    sets: dict[tuple[int, tuple[int, ...]], list[int]] = {}
    sizes = []
    value = {j: 0.0 for j in candidates}                    # a candidate: the sum over its sets
    for i, (j, _, _, seen) in enumerate(nodes):
        sets.setdefault((j, seen), []).append(i)
    for (j, _), members in sets.items():
        sizes.append(len(members))
        over = [i for i in members if i not in solved]
        for i in over:                                      # the game ended: nothing left to choose
            value[j] += weights[nodes[i][1]] * settled[nodes[i][1], j]
        members = [i for i in members if i in solved]
        if members:
            cards = sorted(c for c, _ in solved[members[0]])
            index = {c: m for m, c in enumerate(cards)}
            points = np.zeros((len(members), len(cards)))
            for r, i in enumerate(members):
                for c, v in solved[i]:
                    points[r, index[c]] = float(v)
            ks = [nodes[i][1] for i in members]
            score, _ = settle(view, [worlds[k] for k in ks], points, cards, states=[nodes[i][2] for i in members])
            value[j] += float(np.max(weights[ks] @ score))  # one card for the whole set
    out = np.full(len(legal), -np.inf)
    for j, v in value.items():
        out[j] = v
    return Lookahead(out, sizes)
