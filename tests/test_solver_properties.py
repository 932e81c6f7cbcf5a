"""Properties of the solver that follow from the definition of the value."""

import random

import pytest

from solver.cards import CARD_NAMES, card_codes, iter_cards
from solver.deal import load_deal, replay
from solver.games import SEATS
from solver.play import legal_moves, rules_for
from solver.search import layout as K
from solver.search.api import Solver, position, solve

from .conftest import load_jsonl, strip_solved

SMALL = [strip_solved(r) for r in load_jsonl("dd_small.jsonl")]
MID = [strip_solved(r) for r in load_jsonl("dd_mid.jsonl")]


def children_values(solver, rec):
    """(player to move is declarer, [value of each child]) by replaying every legal card."""
    deal = load_deal(rec)
    st = replay(deal)
    rules = rules_for(deal.game)
    led = int(rules.to_game[st.trick[0]]) if st.trick else -1
    legal = rules.set_from_game(legal_moves(rules.set_to_game(st.hands[st.to_move]), led, rules.eff))
    vals = []
    for c in iter_cards(legal):
        child = dict(rec, played=list(rec.get("played", [])) + [CARD_NAMES[c]])
        st2 = replay(load_deal(child))
        if st2.over:
            vals.append(st2.declarer_tricks == 0 if deal.declaration.is_null else st2.declarer_points)
        else:
            r = solve(child, solver=solver)
            vals.append(r.declarer_wins if deal.declaration.is_null else r.points)
    return st.to_move == deal.declarer, vals


@pytest.mark.parametrize("i", range(0, 500, 25))
def test_value_is_max_or_min_over_children(i):
    s = Solver(tt_megabytes=8)
    rec = SMALL[i]
    mine = solve(rec, solver=s)
    declarer_moves, vals = children_values(s, rec)
    if rec["game"] == "null":
        assert mine.declarer_wins == (any(vals) if declarer_moves else all(vals))
    else:
        assert mine.points == (max(vals) if declarer_moves else min(vals))


@pytest.mark.parametrize("i", range(0, 240, 24))
def test_threshold_agrees_with_exact_value(i):
    rec = [r for r in MID if r["game"] != "null"][i]
    s = Solver(tt_megabytes=8)
    v = solve(rec, solver=s).points
    p = position(rec)
    assert s.reach_many([p, p, p], [v, v + 1, 0]) == [True, False, True]


@pytest.mark.parametrize("i", range(0, 500, 20))
def test_every_technique_off_gives_the_same_value(i):
    rec = SMALL[i]
    ref = solve(rec, solver=Solver(tt_megabytes=4))
    for bit in (K.OPT_TT, K.OPT_SIMILAR, K.OPT_EQUIV, K.OPT_ORDER, K.OPT_QUICK, K.OPT_BOUNDS):
        assert solve(rec, solver=Solver(tt_megabytes=4, opts=K.OPT_ALL & ~bit)) == ref, bit


@pytest.mark.parametrize("seed", range(6))
def test_invariance_under_swapping_equivalent_cards(seed):
    """In an endgame study a card in a hand and a card out of play are
    equivalent when they are of one suit, worth the same points and no card
    in play lies between them: swapping them changes no value."""
    rnd = random.Random(seed)
    s = Solver(tt_megabytes=8)
    done = 0
    for rec in rnd.sample(SMALL, 80):
        deal = load_deal(rec)
        rules = rules_for(deal.game)
        in_play = deal.skat
        for h in deal.hands:
            in_play |= h
        g_in = rules.set_to_game(in_play)
        pairs = []
        for p in range(3):
            for c in iter_cards(deal.hands[p]):
                a = int(rules.to_game[c])
                for o in range(32):
                    lo, hi = min(a, o), max(a, o)
                    between = ((1 << hi) - 1) & ~((2 << lo) - 1) & int(rules.eff[a])
                    if (g_in >> o) & 1 or not (rules.eff[a] >> o) & 1 or rules.points[a] != rules.points[o]:
                        continue
                    if g_in & between == 0 and o != a:
                        pairs.append((p, c, int(rules.from_game[o])))
        if not pairs:
            continue
        p, c, o = rnd.choice(pairs)
        hands = [set(iter_cards(h)) for h in deal.hands]
        hands[p].remove(c)
        hands[p].add(o)
        played = [CARD_NAMES[o] if x == CARD_NAMES[c] else x for x in rec.get("played", [])]
        swapped = dict(rec, hands={SEATS[q]: card_codes(sum(1 << x for x in hands[q])) for q in range(3)},
                       played=played)
        a, b = solve(swapped, solver=s), solve(rec, solver=s)
        assert (a.points, a.all_tricks, a.declarer_wins, a.spitze_kept) == \
            (b.points, b.all_tricks, b.declarer_wins, b.spitze_kept)
        done += 1
    assert done >= 10


def test_best_moves_values_match_children():
    s = Solver(tt_megabytes=8)
    rec = MID[0]
    best = s.best_moves(rec)
    declarer_moves, vals = children_values(s, rec)
    assert sorted(v for _, v in best) == sorted(vals)
    assert best[0][1] == (max(vals) if declarer_moves else min(vals))


def _numba_cache_dir(tmp_path, monkeypatch):
    """A fake search source under ``tmp_path`` and the folder numba would cache it in with
    ``NUMBA_CACHE_DIR`` set to ``tmp_path`` (numba's own naming: the source's folder and a hash
    of its path)."""
    import numba
    from numba.core import caching
    from solver.search import layout as K
    # (numba 0.60 made the locator's name public; 0.59, which the project supports, has it private)
    locator = vars(caching).get("UserProvidedCacheLocator") or vars(caching)["_UserProvidedCacheLocator"]
    monkeypatch.setattr(numba.config, "CACHE_DIR", str(tmp_path))
    monkeypatch.setattr(K, "KERNEL_SOURCE", tmp_path / "src" / "search" / "kernel.py")
    K.KERNEL_SOURCE.parent.mkdir(parents=True)
    K.KERNEL_SOURCE.write_text("")
    return tmp_path / locator.get_suitable_cache_subpath(str(K.KERNEL_SOURCE))


def test_the_compile_notice_finds_a_kernel_cached_under_numba_cache_dir(tmp_path, monkeypatch):
    """numba keeps a user cache in ``<NUMBA_CACHE_DIR>/<folder>_<hash of its path>/``: a kernel
    cached there (newer than the source) is found, an empty cache is not."""
    from solver.search import layout as K
    cache = _numba_cache_dir(tmp_path, monkeypatch)
    assert not K.kernel_cached()
    cache.mkdir(exist_ok=True)          # (numba's locator makes it when asked where it is)
    for name in ("search", "solve_batch"):
        (cache / f"kernel.{name}-700.py311.nbi").write_text("")
    assert K.kernel_cached()


def test_the_compile_notice_says_what_a_compile_took_here(tmp_path, monkeypatch):
    """Before any compile on this machine the notice gives the range measured on two cores; after
    one, the time it took here, kept beside numba's cache."""
    from solver.search import compile as api
    cache = _numba_cache_dir(tmp_path, monkeypatch)
    cache.mkdir(exist_ok=True)
    assert api.compile_message().endswith("(7 s on an idle two-core machine, 15-30 s on a busy one)")
    api._record_compile_time(12.34)
    assert (cache / api.COMPILE_TIME_FILE).read_text() == "12.3\n"
    assert api.compile_message().endswith("(it took 12 s here the last time)")


def test_a_cache_entry_older_than_any_source_of_the_search_is_dropped(tmp_path, monkeypatch):
    """numba checks a cached function against its own file only; the search links code from
    several files, so an entry older than any of them must go (else a stale search runs)."""
    import os
    from solver.search import layout as K
    cache = _numba_cache_dir(tmp_path, monkeypatch)
    for name in ("kernel.py", "moves.py"):
        (K.KERNEL_SOURCE.parent / name).write_text("")
        os.utime(K.KERNEL_SOURCE.parent / name, (1000, 1000))
    (tmp_path / "src" / "play.py").write_text("")
    os.utime(tmp_path / "src" / "play.py", (1000, 1000))
    cache.mkdir(exist_ok=True)          # (numba's locator makes it when asked where it is)
    entries = [cache / f"kernel.{n}-700.py311.nbi" for n in ("search", "solve_batch")]
    entries.append(cache / "moves.pick_next-9.py311.nbi")
    for f in entries:
        f.write_text("")
        os.utime(f, (2000, 2000))
    assert K.kernel_cached() and K.drop_stale_cache() == 0
    os.utime(tmp_path / "src" / "play.py", (3000, 3000))     # a rule the search inlines changed
    assert not K.kernel_cached()
    assert K.drop_stale_cache() == 3 and not any(f.exists() for f in entries)


def test_a_cache_entry_another_process_deletes_meanwhile_is_no_error(tmp_path, monkeypatch):
    """Two commands started at once after an update both drop the stale entries: an entry the
    other one deleted between the listing and the look at its time is skipped, not an error
    (it was a FileNotFoundError out of every command)."""
    import os
    from pathlib import Path
    from solver.search import layout as K
    cache = _numba_cache_dir(tmp_path, monkeypatch)
    os.utime(K.KERNEL_SOURCE, (1000, 1000))
    cache.mkdir(exist_ok=True)
    kept = cache / "kernel.search-700.py311.nbi"
    kept.write_text("")
    os.utime(kept, (2000, 2000))
    gone = cache / "kernel.solve_batch-700.py311.nbi"      # listed, then deleted by the other process
    real_glob = Path.glob
    monkeypatch.setattr(Path, "glob", lambda self, pat: [*real_glob(self, pat), gone])
    assert K.drop_stale_cache() == 0 and kept.exists()
    assert not K.kernel_cached()            # solve_batch's entry is gone: not cached


@pytest.mark.slow
def test_a_cold_compile_builds_every_helper_once_for_its_declared_signature(tmp_path):
    """The first run compiles the search's helpers ahead of it, half in a second process
    (``compile_kernel``): the search must find each in the cache for the signature it was
    compiled for (a mismatch would compile it again, or a literal-typed copy), and solve.
    (A helper only other helpers call is linked into them and never loaded on its own.)  The
    helpers of :data:`solver.search.jit.LINKED_INLINE` are no functions of the search's own."""
    import json
    import os
    import subprocess
    import sys
    from pathlib import Path
    ref = next(r for r in load_jsonl("bench_deals.jsonl") if "dd_points" in r)
    deal = strip_solved(ref)
    code = (
        "import json\n"
        "from solver.search.api import compile_kernel, default_solver, position\n"
        "from solver.search.compile import COMPILED_ALONGSIDE\n"
        "compile_kernel()\n"
        "from solver.search.jit import HELPERS\n"
        "out = {'bad': [], 'compiled_here': []}\n"
        "for m, hs in HELPERS.items():\n"
        "    for d, args in hs:\n"
        "        if any(a != args for a in d.overloads):\n"
        "            out['bad'].append([d.py_func.__name__, [str(a) for a in d.overloads]])\n"
        "        if m in COMPILED_ALONGSIDE and sum(d._cache_misses.values()):\n"
        "            out['compiled_here'].append(d.py_func.__name__)\n"
        "from solver.search import kernel\n"
        "from solver.search.jit import LINKED_INLINE, _mangled, _marks_the_function\n"
        "out['marked'] = _marks_the_function()\n"
        "(lib,) = [c.library for c in kernel.solve_batch.overloads.values()]\n"
        "names = [f.name for f in lib._final_module.functions if not f.is_declaration]\n"
        "out['functions'] = sorted(m for m in LINKED_INLINE + ('solver.search.quick_tricks',)\n"
        "                          if any(n.startswith(_mangled(m)) for n in names))\n"
        f"out['points'] = default_solver().points_many([position({json.dumps(deal)!r})])[0]\n"
        "print(json.dumps(out))\n")
    env = {**os.environ, "NUMBA_CACHE_DIR": str(tmp_path)}
    root = Path(__file__).resolve().parents[1]
    r = subprocess.run([sys.executable, "-c", code], cwd=root, env=env, capture_output=True, text=True, timeout=300)
    assert r.returncode == 0, r.stderr
    out = json.loads(r.stdout.strip().splitlines()[-1])
    assert out["bad"] == []
    assert out["compiled_here"] == []          # the second process compiled them (two cores)
    assert out["points"] == ref["dd_points"]
    # the table's and the moves' helpers inlined into the search (solver.search.jit.LINKED_INLINE),
    # the sure tricks' left functions of their own (an llvmlite that cannot mark them: calls)
    assert "solver.search.quick_tricks" in out["functions"]
    if out["marked"]:
        assert out["functions"] == ["solver.search.quick_tricks"]


def test_the_search_is_right_for_any_window_not_only_a_zero_window():
    """The exact values use zero-window probes, but the search is fail-soft alpha-beta for any
    window: one wide search from the reference's mid-game positions gives their values.  (An
    exact table entry inside a wider window used to be searched on with no window left, and
    the first card's bound came back as the value: 48 for a 58.)"""
    from solver.search import kernel
    from solver.search.api import job_row
    from solver.search.jit import address_of, njit
    from solver.search.prepare import prepare

    @njit
    def search(leader, n, c0, c1, alpha, beta, work):    # (the search takes the work array's address)
        return kernel.search(leader, n, c0, c1, alpha, beta, address_of(work))
    recs = [r for r in load_jsonl("dd_mid.jsonl") if r["game"] != "null"][:120]
    s = Solver(tt_megabytes=4)
    s.points_many([position(strip_solved(recs[0]))])          # (compiles or loads the kernel)
    tab = s.work
    for k, rec in enumerate(recs):
        p = position(strip_solved(rec))
        row = job_row(p, K.JOB_POINTS, 0)
        kind = row[K.P_GAMEKIND]
        prepare(row, s.effs[kind], s.ptss[kind], tab, 1000 + k, K.OPT_ALL)
        v = search(row[K.P_LEADER], row[K.P_N], row[K.P_C0], row[K.P_C1], -1, 200, tab)
        assert p.base_points + v == rec["dd_points"], rec["id"]


def test_the_table_prefetch_compiles_to_a_prefetch_and_reads_nothing():
    """The table's prefetch (solver.search.jit.prefetch) is a hint: the compiled code asks the
    processor for the line, and the array and the answer stay as they were."""
    import numpy as np
    from numba import njit

    from solver.search.jit import prefetch

    @njit
    def read_after_prefetch(a, i):
        prefetch(a, i)
        return a[i]

    a = np.arange(64, dtype=np.int64)
    assert read_after_prefetch(a, 37) == 37
    assert (a == np.arange(64)).all()
    asm = read_after_prefetch.inspect_asm(read_after_prefetch.signatures[0]).lower()
    assert "prefetch" in asm
