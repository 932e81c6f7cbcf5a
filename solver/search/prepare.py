"""A position row (``P_*``) made into the search's work arrays (``T_*``): the one step before
every search of :func:`solver.search.kernel.solve_batch`."""

from __future__ import annotations

import numpy as np

from ..cards import lowest_nb as lowest
from .jit import compiled
from .layout import (JOB_AT_LEAST, JOB_HELPED, JOB_NULL, P_COVER, P_DECL, P_H0, P_H1, P_H2, P_JOB, P_LAST_BONUS,
                     P_LAST_CARDS, P_MINIMISE, P_TRUMP, P_TWO, T_BONUS, T_COVERS, T_DECL, T_DECL_MAX,
                     T_GROUP, T_GROUPS, T_H, T_HELPED, T_KEYX, T_LAST, T_LASTMASK, T_NGROUPS, T_NP, T_OPTS, T_PCLASS,
                     T_KEYS, T_SQUEEZE, T_STAMP, T_TRUMP, T_UNDER, T_UNDERS, KEY_CARDS, KEY_FIELDS, KEY_ROWS)


@compiled("void(int64[::1], int64[::1], int64[::1], int64[::1], int64, int64)")
def prepare(pos: np.ndarray, eff: np.ndarray, pts: np.ndarray, tab: np.ndarray,
            stamp: int, opts: int) -> None:
    """Fill the work arrays for the position row ``pos``: ``tab`` (the game's effective suits
    ``eff`` and points ``pts``, the ``T_*`` scalars, the card groups the table key compacts,
    the point classes, the hands at ``T_H``)."""
    job = pos[P_JOB]
    helped = job == JOB_HELPED
    on_points = job <= JOB_AT_LEAST or helped       # V counts card points (else tricks)
    for i in range(32):
        tab[i] = eff[i]
        tab[32 + i] = pts[i] if on_points else 0
    tab[T_TRUMP] = pos[P_TRUMP]
    tab[T_BONUS] = 0 if on_points else 1
    tab[T_DECL] = pos[P_DECL]
    tab[T_DECL_MAX] = 0 if job == JOB_NULL or pos[P_MINIMISE] else 1
    # the last-trick bonus is a card-points matter (Spitze, the Ramsch skat): the trick-counting jobs leave it out
    tab[T_LAST] = pos[P_LAST_BONUS] if on_points else 0
    tab[T_LASTMASK] = pos[P_LAST_CARDS] if on_points else 0
    tab[T_HELPED] = 1 if helped else 0
    tab[T_KEYX] = (pos[P_DECL] << 34) | ((1 - tab[T_DECL_MAX]) << 36) | (tab[T_HELPED] << 38)
    tab[T_NP] = 2 if pos[P_TWO] else 3
    covers = 0
    for c in range(32):
        tab[T_UNDER + c] = -1
    for c in range(32):
        u = pos[P_COVER + c] - 1
        if u >= 0:
            covers |= 1 << u
            tab[T_UNDER + u] = c
    tab[T_COVERS] = covers
    if pos[P_TWO]:
        # the cards under each byte's covering cards: a byte's set is the set of the byte without
        # its lowest card, and the card under that one
        for b in range(4):
            base = T_UNDERS + 256 * b
            tab[base] = 0
            for m in range(1, 256):
                u = tab[T_UNDER + 8 * b + lowest(m)]
                tab[base + m] = tab[base + (m & (m - 1))] | ((1 << u) if u >= 0 else 0)
    if tab[T_SQUEEZE + 255] != 15:
        # the key's squeeze table (the same for every game: made once in a work array)
        for m in range(16):
            for x in range(16):
                v = 0
                j = 0
                for b in range(4):
                    if (m >> b) & 1:
                        v |= ((x >> b) & 1) << j
                        j += 1
                tab[T_SQUEEZE + (m << 4) + x] = v
    for j in range(KEY_ROWS):
        tab[T_KEYS + KEY_FIELDS * j + KEY_CARDS] = 0     # no key words of another row's cards
    tab[T_STAMP] = stamp
    tab[T_OPTS] = opts
    # the groups that the table key compacts (OPT_SIMILAR): runs of one
    # effective suit that are adjacent in the layout
    ng = 0
    start = 0
    for c in range(1, 33):
        if c == 32 or eff[c] != eff[start] or not (eff[start] >> c) & 1:
            gm = 0
            if c - start >= 2:
                tab[T_GROUPS + 2 * ng] = start
                tab[T_GROUPS + 2 * ng + 1] = c - start
                ng += 1
                gm = ((1 << (c - start)) - 1) << start
            for k in range(start, c):
                tab[T_GROUP + k] = gm
            start = c
    tab[T_NGROUPS] = ng
    k = 0
    for v in (2, 3, 4, 10, 11):
        m = 0
        for c in range(32):
            if tab[32 + c] == v:
                m |= 1 << c
        tab[T_PCLASS + 2 * k] = m
        tab[T_PCLASS + 2 * k + 1] = v
        k += 1
    tab[T_H] = pos[P_H0]
    tab[T_H + 1] = pos[P_H1]
    tab[T_H + 2] = pos[P_H2]
