"""The transposition table's key (:func:`solver.search.transposition.tt_key`) holds, for each run
of layout-adjacent cards of one effective suit (the rules' suits, the jacks apart where they are
not beside the trump suit), which hand holds each of its cards still in play, in rank order from
the run's lowest place with the gone cards squeezed out; the cards of no run where they lie.

The expected words are worked out here from the rules' effective suits and the hands, and the key
is asked two ways at every trick start of random games: in a work array prepared for that
position alone (its words made from the hands), and in one prepared at the deal's first trick
start and carried along (its words squeezed from the last trick start's)."""

from __future__ import annotations

import random
from pathlib import Path

import numpy as np
import pytest

from solver.cards import card_codes, iter_cards
from solver.deal import load_deal
from solver.games import SEATS
from solver.search import layout as K
from solver.search.api import Solver, compile_kernel, position_of


def runs_of(eff) -> list[range]:
    """The runs of layout-adjacent cards of one effective suit (two cards or more)."""
    runs, start = [], 0
    for c in range(1, 33):
        if c == 32 or not (int(eff[start]) >> c) & 1:
            if c - start >= 2:
                runs.append(range(start, c))
            start = c
    return runs


def packed(eff, words: list[int], in_play: int) -> list[int]:
    """``words`` (sets of cards in the game layout) with each run's cards still in play packed,
    in order, to the run's lowest place."""
    words = list(words)
    for run in runs_of(eff):
        alive = [c for c in run if (in_play >> c) & 1]
        for w, cards in enumerate(list(words)):
            words[w] = cards & ~sum(1 << c for c in run)
            words[w] |= sum(((cards >> c) & 1) << (run[0] + j) for j, c in enumerate(alive))
    return words


def key_both_ways(row: np.ndarray, carried: np.ndarray, fresh: np.ndarray, solver: Solver) -> list[tuple[int, int]]:
    """The key of a trick start's row from a carried work array (its hands set, nothing else)
    and from one prepared for the row."""
    from solver.search.prepare import prepare
    from solver.search.transposition import tt_key
    alive = int(row[K.P_H0] | row[K.P_H1] | row[K.P_H2])
    carried[K.T_H:K.T_H + 3] = row[K.P_H0:K.P_H2 + 1]
    prepare(row, solver.effs[row[K.P_GAMEKIND]], solver.ptss[row[K.P_GAMEKIND]], fresh, 1, K.OPT_ALL)
    leader, ply = int(row[K.P_LEADER]), bin(alive).count("1")
    keys = [tuple(int(k) % (1 << 64) for k in tt_key(leader, alive, ply, tab)) for tab in (carried, fresh)]
    return [(k[0], k[1]) for k in keys]


def test_three_players_key_holds_each_runs_owners_in_order_carried_or_not():
    from solver.search.prepare import prepare
    compile_kernel()
    solver = Solver(tt_megabytes=1)
    rnd = random.Random(41)
    carried, fresh = np.zeros(K.TAB_SIZE, dtype=np.int64), np.zeros(K.TAB_SIZE, dtype=np.int64)
    checked = 0
    for k in range(24):
        cards = list(range(32))
        rnd.shuffle(cards)
        game = ("diamonds", "hearts", "spades", "clubs", "grand", "null", "ramsch")[k % 7]
        record = {"hands": {SEATS[p]: card_codes(sum(1 << c for c in cards[10 * p:10 * p + 10])) for p in range(3)},
                  "skat": card_codes((1 << cards[30]) | (1 << cards[31])), "game": game}
        if game != "ramsch":
            record["declarer"] = k % 3
        deal = load_deal(record)
        st = deal.start_state()
        first = True
        while not st.over:
            if not st.trick and sum(len(list(iter_cards(h))) for h in st.hands) > 6:
                row = position_of(deal, st, 0 if game == "ramsch" else None).row
                if first:
                    prepare(row, solver.effs[row[K.P_GAMEKIND]], solver.ptss[row[K.P_GAMEKIND]], carried, 1,
                            K.OPT_ALL)
                    first = False
                hands = [int(h) for h in row[K.P_H0:K.P_H2 + 1]]
                g0, g1, g2 = packed(st.rules.eff, hands, hands[0] | hands[1] | hands[2])
                for k1, k2 in key_both_ways(row, carried, fresh, solver):
                    assert k1 == g0 | (g1 << 32)
                    assert k2 & 0xFFFFFFFF == g2
                    assert (k2 >> 32) & 3 == row[K.P_LEADER]
                checked += 1
            st.push(rnd.choice(list(iter_cards(st.legal()))))
    assert checked == 24 * 8


def test_the_tables_buckets_are_whole_cache_lines():
    """The table starts at a multiple of 128 bytes in memory, so that a bucket (two entries of
    32 bytes, four for two players) is one or two whole 64-byte cache lines, whatever the
    allocator gives the array."""
    for megabytes in (1, 3, 8):
        work = K.new_work(megabytes)
        assert (work.ctypes.data + 8 * K.TT_BASE) % 128 == 0
        assert 8 * K.TT_FIELDS * K.TT_WAYS == 64 and 8 * K.TT_FIELDS * K.TT_WAYS_DUEL == 128
        assert work.flags.c_contiguous and work[K.T_TTMASK] + 1 == (len(work) - K.TT_BASE) // K.TT_FIELDS


def _huge_kb_of(address: int) -> int | None:
    """The kB of transparent huge pages in this process's mapping that holds ``address`` (Linux)."""
    inside = False
    for line in Path("/proc/self/smaps").read_text().splitlines():
        head = line.split()[0]
        if "-" in head and not head.endswith(":"):
            lo, hi = (int(x, 16) for x in head.split("-"))
            inside = lo <= address < hi
        elif inside and head == "AnonHugePages:":
            return int(line.split()[1])
    return None


def test_a_new_work_array_is_zeroed_and_its_table_on_huge_pages_where_the_system_allows():
    """The table's memory is backed by huge pages where the system allows (numpy advises them for
    an array this large; on 4 kB pages each random probe would also walk the page tables); it
    comes zeroed (no entry has a stamp, so none is found).  The solver's size: a smaller array
    can come from memory the allocator reuses, already on 4 kB pages."""
    work = K.new_work()
    assert not work[:K.T_TTMASK].any() and not work[K.T_TTMASK + 1:].any()
    mode = Path("/sys/kernel/mm/transparent_hugepage/enabled")
    if not mode.exists() or "[never]" in mode.read_text():
        pytest.skip("no transparent huge pages on this system")
    K.table_of(work)[:] = 1                     # (the pages exist once touched)
    assert (_huge_kb_of(work.ctypes.data + 8 * K.TT_BASE) or 0) >= 2048      # (None: no such mapping)
