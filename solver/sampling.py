"""Hidden-card worlds consistent with what a player knows, drawn reproducibly.

A *world* fixes the cards a player cannot see: the other two hands and the
skat.  Worlds are drawn uniformly from the unseen cards by a seeded numpy
generator, so the same seed gives the same worlds in the same order, however
many are asked for at a time.

>>> from solver.cards import parse_cards, popcount
>>> s = WorldSampler(parse_cards("CJ SJ HJ DJ CA CT SA ST HA HT"), seat=0, seed=7)
>>> w = s.draw(2)
>>> [popcount(h) for h in w[0].hands], popcount(w[0].skat)
([10, 10, 10], 2)
>>> w[0].hands[0] == parse_cards("CJ SJ HJ DJ CA CT SA ST HA HT")
True
>>> WorldSampler(parse_cards("CJ SJ HJ DJ CA CT SA ST HA HT"), 0, seed=7).draw(2) == w
True
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from .cards import ALL_CARDS, iter_cards, popcount


@dataclass(frozen=True)
class World:
    hands: tuple[int, int, int]       # F, M, R as dealt (card sets)
    skat: int


class WorldSampler:
    """Draws worlds for a player holding ``cards`` in ``seat`` (0 F, 1 M, 2 R).

    ``known`` optionally fixes further cards: a dict seat -> card set that a
    seat is known to hold (for example an Ouvert hand), and ``void`` a dict
    seat -> card set the seat cannot hold (suits it showed out of).
    """

    def __init__(self, cards: int, seat: int, seed: int = 0, skat_known: int | None = None,
                 known: dict[int, int] | None = None, void: dict[int, int] | None = None,
                 sizes: tuple[int, int, int, int] = (10, 10, 10, 2)):
        self.cards, self.seat = cards, seat
        self.rng = np.random.default_rng(seed)
        self.skat_known = skat_known
        self.known = dict(known or {})
        self.void = dict(void or {})
        self.sizes = sizes
        fixed = cards | (skat_known or 0)
        for s in self.known.values():
            fixed |= s
        self.unseen = np.array(list(iter_cards(ALL_CARDS & ~fixed)), dtype=np.int64)

    def draw(self, n: int) -> list[World]:
        """``n`` worlds; rejection sampling when voids constrain the deal."""
        out: list[World] = []
        tries = 0
        while len(out) < n:
            tries += 1
            if tries > 1000 * n + 1000:
                raise ValueError("no deal fits what is known (voids and known cards contradict)")
            perm = self.rng.permutation(self.unseen)
            hands = [0, 0, 0]
            hands[self.seat] = self.cards
            pos = 0
            for p in range(3):
                if p == self.seat:
                    continue
                have = self.known.get(p, 0)
                need = self.sizes[p] - popcount(have)
                take = 0
                for c in perm[pos:pos + need]:
                    take |= 1 << int(c)
                pos += need
                hands[p] = have | take
            if self.skat_known is not None:
                skat = self.skat_known
            else:
                skat = 0
                for c in perm[pos:pos + self.sizes[3]]:
                    skat |= 1 << int(c)
            if any(hands[p] & self.void.get(p, 0) for p in range(3)):
                continue
            out.append(World((hands[0], hands[1], hands[2]), skat))
        return out
