"""The kernel's interface without the kernel: option bits, job kinds, the position row
layout and the transposition table's shape.

Importing this compiles nothing; :mod:`solver.search.kernel` (the compiled
search) is imported only when a solve is asked for.
"""

from __future__ import annotations

from pathlib import Path

import numpy as np
from numba.core import caching

from ..scoring import SPITZE_BONUS  # noqa: F401  (the search's users read it here, as K.SPITZE_BONUS)

# the techniques, each switchable for measurement (see solver.search.kernel)
OPT_TT = 1
OPT_EQUIV = 2
OPT_ORDER = 4
OPT_BOUNDS = 8
OPT_QUICK = 32
OPT_SIMILAR = 128
OPT_ALL = OPT_TT | OPT_EQUIV | OPT_ORDER | OPT_BOUNDS | OPT_QUICK | OPT_SIMILAR

TT_FIELDS = 4          # key1 (h0 | h1 << 32), key2 (h2 | leader << 32 | stamp ...), data, the cards alive
TT_WAYS = 2            # entries a bucket (solver.search.transposition.tt_probe) ...
TT_WAYS_DUEL = 4       # ... of the two-player search
KEY_STAMP_SHIFT = 46   # where an entry's stamp starts in key2 (solver.search.transposition.tt_key) ...
STAMP_LIMIT = 1 << (63 - KEY_STAMP_SHIFT)  # ... its top bits, the sign bit left alone


def new_work(megabytes: float = 64.0) -> np.ndarray:
    """The one array the search works in: ``tab`` (its tables, scalars, hands and move lists at
    the ``T_*`` offsets below), then from ``TT_BASE`` on the transposition table of about
    ``megabytes`` (a power of two entries), flat: entry k's fields at ``TT_BASE + TT_FIELDS * k``
    on; ``T_TTMASK`` holds the number of entries less one.

    (One array, which the search takes by its address (:func:`solver.search.jit.address_of`):
    a compiled call passes each array as seven values, and the search is called at every
    node; measured: ``docs/measurements.md``, "One work array").  Allocated here rather than in the compiled
    code: numpy's allocators would be compiled into every user's first run for one array.
    numpy advises the kernel to back an array this large with huge pages (``MADV_HUGEPAGE``; the
    solver's 64 MB is above glibc's largest mmap threshold, so its pages are always new ones),
    so the table's random probes do not walk the page tables on 4 kB pages; measured:
    ``docs/measurements.md``, "Huge pages".)"""
    entries = max(1024, int(megabytes * (1 << 20)) // (8 * TT_FIELDS))
    bits = entries.bit_length() - 1
    size = TT_BASE + (1 << bits) * TT_FIELDS
    # the table at a multiple of 128 bytes in memory (numpy gives 16), so that a bucket is whole
    # cache lines: two of four entries (two players), one of two.  (At 16 bytes past one, a
    # two-player bucket spanned three lines, and the prefetch fetched the first and the last.)
    buf = np.zeros(size + 16, dtype=np.int64)
    skip = (-(buf.ctypes.data + 8 * TT_BASE) // 8) % 16
    work = buf[skip:skip + size]
    work[T_TTMASK] = (1 << bits) - 1
    return work


def table_of(work: np.ndarray) -> np.ndarray:
    """The transposition table's part of a work array (:func:`new_work`): a view, to clear."""
    return work[TT_BASE:]


# job kinds for solve_batch
JOB_POINTS = 0      # exact V with pw=1, bonus=0 (declarer's remaining card points)
JOB_AT_LEAST = 1    # 1 if V >= target else 0
JOB_NULL = 2        # Null: 1 if the declarer can avoid every trick
JOB_ALL_TRICKS = 3  # 1 if the declarer can take every remaining trick
JOB_ANY_TRICK = 4   # 1 if the declarer can take at least one more trick (else the defenders make him Schwarz)
#: 1 if V >= target when every player helps the declarer (a *cooperative* search, all
#: three maximise V): no play at all reaches the target where this says no.  The advice
#: asks it before it lets a played-out Schneider into a world (solver.advice).
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

#: (The Spitze bonus, :data:`solver.scoring.SPITZE_BONUS`: a rule's value, which the game state
#: reports too; the search takes it from there.)


# ---------------------------------------------------------------- the kernel's work arrays

# The work array ``tab`` of the search (int64, :func:`new_work`) holds, in order: ``eff[32]``
# (effective suit of each card), ``pts[32]`` (points of each card x ``pw``), then the
# scalars at the ``T_*`` offsets below.
T_TRUMP = 64
T_BONUS = 65
T_DECL = 66
T_DECL_MAX = 67
T_STAMP = 68
T_OPTS = 69
T_NODES = 70
T_HELPED = 71         # 1: every player maximises V (JOB_HELPED, the cooperative search)
T_NGROUPS = 72
T_GROUPS = 73         # (offset, width) pairs of the card groups that the table key compacts
T_PCLASS = 96         # (mask, points) pairs: the cards worth each non-zero value
T_LAST = 106          # the last-trick bonus: V the declarer gets for winning the last trick ...
T_LASTMASK = 107      # ... when it holds these cards (Spitze: his lowest trump; Ramsch: none, the skat's points)
T_KEYX = 108          # the declarer and the minimising flag in the table key (see tt_key)
T_NP = 109            # players: 3, or 2 (Offiziersskat: only the open cards of the piles are played)
T_COVERS = 111        # Offiziersskat: the covering cards (while one is in play, so is the card under it)
T_UNDER = 112         # Offiziersskat: per card, the face-down card under it (-1: none)
T_H = 144             # the three hands (F, M, R; two players: F, R and an empty third), played and taken back
T_GROUP = 160         # per card, the cards of its group (T_GROUPS; 0: in none)
T_MS = 192            # the move lists (MS_ROWS x MS_COLS, below): ply p's row starts at T_MS + p * MS_COLS

INF = 1 << 20
NO_BOUND = -(1 << 21)  # fast_bound found nothing

# The move lists, in ``tab`` from ``T_MS`` on (MS_ROWS rows of MS_COLS): row ``ply``
# (cards still in play) holds that ply's move list in columns MS_MOVES.. and
# their ordering scores in MS_SCORES..; row MS_KILLERS holds, at column ply,
# the lead that last cut off at that ply (the killer move; three players).  (In ``tab`` rather than an
# array of their own, as the hands are: a compiled call passes each array as seven or
# nine values.)
MS_MOVES = 0
MS_SCORES = 16
MS_KILLERS = 33
MS_ROWS = 34
MS_COLS = 128
# Offiziersskat: for each byte of a set of covering cards (4 x 256), the face-down cards under them
T_UNDERS = T_MS + MS_ROWS * MS_COLS
# The table key's squeeze (solver.search.transposition.tt_key): at ``T_SQUEEZE + (m << 4 | x)``,
# the bits of the 4-bit ``x`` at the places of the 4-bit mask ``m``, packed low
T_SQUEEZE = T_UNDERS + 4 * 256
# The table key's words of the last trick start at each number of cards in play
# (solver.search.transposition.tt_key): at ``T_KEYS + KEY_FIELDS * ply`` its three compacted
# words, and at ``KEY_CARDS`` past them its cards in play (0: none kept; ``prepare`` clears them
# for each position row)
KEY_FIELDS = 4
KEY_CARDS = 3
KEY_ROWS = 36               # (plies 0 to 32, and up to three more, read as a trick earlier than 32)
T_KEYS = T_SQUEEZE + 256
T_TTMASK = T_KEYS + KEY_FIELDS * KEY_ROWS     # the transposition table's entries less one (a power of two less one)
TAB_SIZE = T_TTMASK + 1
#: Where the transposition table starts in the work array (:func:`new_work`, which places it at a
#: multiple of 128 bytes in memory)
TT_BASE = TAB_SIZE


KERNEL_SOURCE = Path(__file__).with_name("kernel.py")
#: The compiled modules of the search beside ``kernel.py`` (one per technique), ...
KERNEL_MODULES = ("kernel", "moves", "transposition", "quick_tricks", "last_tricks", "prepare")
#: ... and every source their compiled code is made of: numba links the callees' code into
#: each caller's cache entry, but checks only the caller's own file for changes.
KERNEL_DEPENDS = ("jit.py", "layout.py", "../play.py", "../cards.py")


def _cache_places() -> list[Path]:
    """Where numba keeps the search's cache: asked of numba's own cache locators, in numba's
    order (``NUMBA_CACHE_DIR``, ``__pycache__`` beside the source if writable, the user-wide
    cache), so that a read-only install's cache is found too."""
    impl = vars(caching).get("CacheImpl") or vars(caching)["_CacheImpl"]      # (renamed in numba 0.60)
    for locator in impl._locator_classes:
        found = locator.from_function(_locating, str(KERNEL_SOURCE))
        if found is not None:
            d = Path(found.get_cache_path())
            return [d] if d.is_dir() else []
    return []


def _locating() -> None:
    """(A function for numba's cache locators to look at: they need one, and the source's path.)"""


def _newest_source() -> float:
    here = KERNEL_SOURCE.parent
    paths = [here / f"{m}.py" for m in KERNEL_MODULES] + [here / d for d in KERNEL_DEPENDS]
    return max((p.stat().st_mtime for p in paths if p.exists()), default=0.0)


def drop_stale_cache() -> int:
    """Delete the search's cache entries older than any source they were compiled from, so that
    numba compiles them again (it would reuse a caller whose callee in another file changed:
    a silently stale search).  Returns how many index files went."""
    newest = _newest_source()
    gone = 0
    for d in _cache_places():
        for m in KERNEL_MODULES:
            for f in d.glob(f"{m}.*.nbi"):
                if _mtime(f) < newest:
                    f.unlink(missing_ok=True)
                    gone += 1
    return gone


def _mtime(f: Path) -> float:
    """A cache file's time, or infinity if another process has just deleted it (two commands
    started at once after an update both drop the stale entries)."""
    try:
        return f.stat().st_mtime
    except FileNotFoundError:
        return float("inf")


def kernel_cached() -> bool:
    """Is the compiled search in numba's cache, newer than every source it is made of (so
    importing the kernel is quick)?  A cache elsewhere reads as missing, which only costs a
    needless notice."""
    newest = _newest_source()
    places = _cache_places()
    for name in ("search", "solve_batch"):
        found = [f for d in places for f in d.glob(f"kernel.{name}-*.nbi")]
        if not any(newest <= _mtime(f) < float("inf") for f in found):
            return False
    return True
