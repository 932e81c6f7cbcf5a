"""The kernel's interface without the kernel: option bits, job kinds, the position row
layout and the transposition table's shape.

Importing this compiles nothing; :mod:`solver.search.kernel` (the compiled
search) is imported only when a solve is asked for.
"""

from __future__ import annotations

import os
from pathlib import Path

import numpy as np

# the techniques, each switchable for measurement (see solver.search.kernel)
OPT_TT = 1
OPT_EQUIV = 2
OPT_ORDER = 4
OPT_BOUNDS = 8
OPT_QUICK = 32
OPT_SIMILAR = 128
OPT_ALL = OPT_TT | OPT_EQUIV | OPT_ORDER | OPT_BOUNDS | OPT_QUICK | OPT_SIMILAR

TT_FIELDS = 4          # key1 (h0 | h1 << 32), key2 (h2 | leader << 32 | stamp << 46), data, the cards alive
STAMP_LIMIT = 1 << 17  # stamps live in the top bits of key2


def new_table(megabytes: float = 64.0) -> np.ndarray:
    """A transposition table of about ``megabytes`` (a power of two entries)."""
    entries = max(1024, int(megabytes * (1 << 20)) // (8 * TT_FIELDS))
    bits = entries.bit_length() - 1
    return np.zeros((1 << bits, TT_FIELDS), dtype=np.int64)


# job kinds for solve_batch
JOB_POINTS = 0      # exact V with pw=1, bonus=0 (declarer's remaining card points)
JOB_AT_LEAST = 1    # 1 if V >= target else 0
JOB_NULL = 2        # Null: 1 if the declarer can avoid every trick
JOB_ALL_TRICKS = 3  # 1 if the declarer can take every remaining trick
JOB_ANY_TRICK = 4   # 1 if the declarer can take at least one more trick (else the defenders make him Schwarz)
#: 1 if V >= target when every player helps the declarer (a *cooperative* search, all
#: three maximise V): no play at all reaches the target where this says no.  The advice
#: asks it before it lets a played-out Schneider into a world (solver.evaluate).
JOB_HELPED = 5

#: Jobs whose table entries bound the same value in the same game, and may share a stamp:
#: card points (exact and threshold), Null's tricks (declarer minimising), tricks (maximising),
#: card points with everyone helping.
JOB_VALUE_KIND = (0, 0, 1, 2, 2, 3)

# position row layout for solve_batch
P_H0, P_H1, P_H2, P_LEADER, P_N, P_C0, P_C1, P_DECL, P_TRUMP, P_GAMEKIND, P_JOB, P_TARGET, P_STAMP = range(13)
#: Ramsch: the "declarer" is the player whose card points are searched, and he minimises them
#: (a paranoid search: the other two against him).
P_MINIMISE = 13
#: The last-trick bonus: V the declarer gets for the last trick when it holds the cards
#: ``P_LAST_CARDS`` (game layout).  Spitze: ``SPITZE_BONUS`` with his lowest trump; Ramsch:
#: the skat's card points with no card named (the skat goes to the last trick's winner).
P_LAST_BONUS = 14
P_LAST_CARDS = 15
#: Offiziersskat (two players): ``P_TWO`` 1; the hands are F's (``P_H0``) and R's (``P_H1``)
#: remaining pile cards, and ``P_COVER + c`` is 1 + the card covering card ``c`` (game layout;
#: 0: none), so that a face-down card is played only once its upper card is gone.
P_TWO = 16
P_COVER = 17
POS_FIELDS = 49

#: The Spitze bonus: above every count of card points, so a search maximising points + bonus
#: first keeps the Spitze condition, then takes the most points it allows.
SPITZE_BONUS = 128


KERNEL_SOURCE = Path(__file__).with_name("kernel.py")


def kernel_cached() -> bool:
    """Is the compiled search in numba's cache for this source (so importing the kernel is quick)?

    Looks where numba keeps it: under ``NUMBA_CACHE_DIR`` (a folder named after
    the source's folder and a hash of its path) or ``__pycache__`` beside the
    source.  A cache elsewhere reads as missing, which only costs a needless
    notice.
    """
    places = [KERNEL_SOURCE.parent / "__pycache__"]
    if os.environ.get("NUMBA_CACHE_DIR"):              # numba then caches there alone
        places = list(Path(os.environ["NUMBA_CACHE_DIR"]).glob(f"{KERNEL_SOURCE.parent.name}_*"))
    mtime = KERNEL_SOURCE.stat().st_mtime
    for name in ("search", "solve_batch"):
        found = [f for d in places if d.is_dir() for f in d.glob(f"kernel.{name}-*.nbi")]
        if not any(f.stat().st_mtime >= mtime for f in found):
            return False
    return True
