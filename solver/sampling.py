"""Hidden-card worlds consistent with what a player knows, drawn reproducibly.

A *world* fixes the cards a player cannot see: the other two hands and the
skat.  One sampler serves the bid advice (ten cards, nothing played) and the
card play (cards played, voids shown, a shown Ouvert hand, the declarer's
own skat).  Worlds come from a seeded numpy generator, so the same seed gives
the same worlds in the same order, however many are asked for at a time.

>>> from solver.cards import parse_cards, popcount
>>> s = WorldSampler(parse_cards("CJ SJ HJ DJ CA CT SA ST HA HT"), seat=0, seed=7)
>>> w = s.draw(2)
>>> [popcount(h) for h in w[0].hands], popcount(w[0].skat)
([10, 10, 10], 2)
>>> w[0].hands[0] == parse_cards("CJ SJ HJ DJ CA CT SA ST HA HT")
True
>>> WorldSampler(parse_cards("CJ SJ HJ DJ CA CT SA ST HA HT"), 0, seed=7).draw(2) == w
True

Voids are respected: a seat that showed out of hearts gets no heart.

>>> from solver.cards import SUIT_BLOCK
>>> s = WorldSampler(parse_cards("CJ SJ HJ DJ CA CT SA ST HA HT"), 0, seed=1, void={1: SUIT_BLOCK[1]})
>>> all(w.hands[1] & SUIT_BLOCK[1] == 0 for w in s.draw(20))
True
"""

from __future__ import annotations

import itertools
import math
from dataclasses import dataclass
from collections.abc import Callable

import numpy as np

from .cards import ALL_CARDS, iter_cards, popcount

SKAT = 3                    # the skat as a fourth holder of hidden cards


class NoWorld(ValueError):
    """What is known contradicts itself: no deal fits the voids and known cards."""


@dataclass(frozen=True)
class World:
    hands: tuple[int, int, int]       # F, M, R (card sets)
    skat: int


class WorldSampler:
    """Draws worlds for a player holding ``cards`` in ``seat`` (0 F, 1 M, 2 R).

    ``sizes``: how many cards F, M, R and the skat hold (in play: what is
    left); ``seen``: cards out of play (played); ``skat_known``: the skat,
    when the player knows it; ``known``: seat -> cards it is known to hold
    (an Ouvert hand); ``void``: seat -> cards it cannot hold (suits it showed
    out of).  ``seed`` may be a number or a numpy generator to draw from.
    """

    def __init__(self, cards: int, seat: int, seed: int | np.random.Generator = 0, skat_known: int | None = None,
                 known: dict[int, int] | None = None, void: dict[int, int] | None = None,
                 sizes: tuple[int, int, int, int] = (10, 10, 10, 2), seen: int = 0):
        self.cards, self.seat = cards, seat
        self.rng = seed if isinstance(seed, np.random.Generator) else np.random.default_rng(seed)
        self.skat_known = skat_known
        self.known = {p: c for p, c in (known or {}).items() if p != seat}
        self.void = {p: v for p, v in (void or {}).items() if v and p != seat}
        self.sizes = sizes
        fixed = cards | (skat_known or 0) | seen
        for s in self.known.values():
            fixed |= s
        self.unseen = np.array(list(iter_cards(ALL_CARDS & ~fixed)), dtype=np.int64)
        # how many hidden cards each holder still takes
        self.need = {p: sizes[p] - popcount(self.known.get(p, 0)) for p in range(3) if p != seat}
        if skat_known is None:
            self.need[SKAT] = sizes[3]
        if sum(self.need.values()) != len(self.unseen) or min(self.need.values(), default=0) < 0:
            raise NoWorld(f"{len(self.unseen)} hidden cards do not fill the hands and skat "
                          f"({', '.join(f'{n}' for n in self.need.values())} wanted)")

    def draw(self, n: int) -> list[World]:
        """``n`` worlds (see the class docs)."""
        return [self._constrained() if self.void else self._uniform() for _ in range(n)]

    def draw_weighted(self, n: int, weight: Callable[[World], float],
                      candidates: int) -> list[tuple[World, int]]:
        """``n`` worlds drawn by ``weight`` (the likelihood of what the others did in a world, see
        :mod:`solver.inference`): ``candidates`` worlds are drawn as :meth:`draw` does, weighed,
        and ``n`` are resampled in proportion to their weight (systematic resampling).  Returns
        the distinct worlds with how often each was drawn.  A world of weight 0 is never
        returned -- unless every candidate has weight 0 (what is known contradicts the model),
        when the first ``n`` candidates stand unweighted."""
        pool = self.draw(candidates)
        w = np.array([weight(x) for x in pool], dtype=float)
        total = w.sum()
        if total <= 0:
            return [(x, 1) for x in pool[:n]]
        edges = np.cumsum(w) / total
        picks = np.searchsorted(edges, (self.rng.random() + np.arange(n)) / n, side="right")
        counts: dict[int, int] = {}
        for i in picks.tolist():
            i = min(i, len(pool) - 1)
            counts[i] = counts.get(i, 0) + 1
        return [(pool[i], k) for i, k in counts.items()]

    def count_bound(self) -> int:
        """How many worlds there are at most (the multinomial, before voids)."""
        n, out = len(self.unseen), 1
        for k in self.need.values():
            out *= math.comb(n, k)
            n -= k
        return out

    def all_worlds(self, limit: int) -> list[World] | None:
        """Every world, when there are at most ``limit`` before voids (None otherwise): the
        endgame's exact information set."""
        if self.count_bound() > limit:
            return None
        holders = list(self.need)
        out: list[World] = []

        def place(i: int, left: list[int], got: dict[int, int]) -> None:
            if i == len(holders):
                out.append(self._world(got))
                return
            h = holders[i]
            ok = [c for c in left if h == SKAT or not (self.void.get(h, 0) >> c) & 1]
            for combo in itertools.combinations(ok, self.need[h]):
                chosen = set(combo)
                got[h] = sum(1 << c for c in combo)
                place(i + 1, [c for c in left if c not in chosen], got)
            got.pop(h, None)

        place(0, [int(c) for c in self.unseen], {})
        return out

    def _world(self, got: dict[int, int]) -> World:
        hands = [0, 0, 0]
        hands[self.seat] = self.cards
        for p in range(3):
            if p != self.seat:
                hands[p] = self.known.get(p, 0) | got.get(p, 0)
        skat = self.skat_known if self.skat_known is not None else got.get(SKAT, 0)
        return World((hands[0], hands[1], hands[2]), skat)

    def _uniform(self) -> World:
        perm = self.rng.permutation(self.unseen)
        got: dict[int, int] = {}
        pos = 0
        for h, k in self.need.items():
            take = 0
            for c in perm[pos:pos + k]:
                take |= 1 << int(c)
            got[h] = take
            pos += k
        return self._world(got)

    def _constrained(self, tries: int = 500) -> World:
        """Most constrained cards first, each to a holder that may have it, weighted by the
        room left; a dead end starts over."""
        holders = list(self.need)
        allowed = {int(c): [h for h in holders if h == SKAT or not (self.void.get(h, 0) >> int(c)) & 1]
                   for c in self.unseen}
        for _ in range(tries):
            order = sorted(self.rng.permutation(self.unseen).tolist(), key=lambda c: len(allowed[c]))
            left = dict(self.need)
            got = {h: 0 for h in holders}
            for c in order:
                opts = [h for h in allowed[c] if left[h] > 0]
                if not opts:
                    break
                w = np.array([left[h] for h in opts], dtype=float)
                h = opts[int(self.rng.choice(len(opts), p=w / w.sum()))]
                got[h] |= 1 << c
                left[h] -= 1
            else:
                return self._world(got)
        raise NoWorld("no deal fits what is known (voids and known cards contradict)")


class LikelySampler:
    """Worlds drawn in proportion to how well they explain what the others did: each world of
    ``sampler`` is kept with probability ``likelihood(world)`` (a number in [0, 1], e.g. the
    auction's :func:`~solver.inference.auction_likelihood`), so the worlds kept are distributed
    as the prior times the likelihood -- unweighted, so every count and interval reads as
    before (rejection sampling).  Reproducible: its own generator is seeded with ``seed``.
    ``acceptance`` is the share of candidates kept so far; ``what`` names the evidence in the
    error when no world explains it.

    >>> from solver.cards import parse_card, parse_cards
    >>> base = WorldSampler(parse_cards("CJ SJ HJ DJ CA CT SA ST HA HT"), seat=0, seed=3)
    >>> hk = parse_card("HK")
    >>> m_holds_the_heart_king = lambda w: float(w.hands[1] >> hk & 1)
    >>> worlds = LikelySampler(base, m_holds_the_heart_king, seed=3).draw(5)
    >>> all(w.hands[1] >> hk & 1 for w in worlds)
    True
    """

    def __init__(self, sampler: WorldSampler, likelihood: Callable[[World], float], seed: int = 0,
                 max_tries: int = 2000, what: str = "what the others did"):
        self.sampler, self.likelihood, self.what = sampler, likelihood, what
        self.rng = np.random.default_rng([seed, 0x5A7])
        self.max_tries = max_tries
        self.tried = self.kept = 0

    @property
    def acceptance(self) -> float:
        return self.kept / self.tried if self.tried else 1.0

    def draw(self, n: int) -> list[World]:
        out: list[World] = []
        misses = 0
        while len(out) < n:
            w = self.sampler.draw(1)[0]
            self.tried += 1
            if self.rng.random() < self.likelihood(w):
                out.append(w)
                self.kept += 1
                misses = 0
            else:
                misses += 1
                if misses >= self.max_tries:
                    raise NoWorld(f"{self.what}: no world in {self.max_tries} draws explains it")
        return out
