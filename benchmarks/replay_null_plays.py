"""Play every Null game of the played-out samples again with today's players.

    python benchmarks/replay_null_plays.py --workers 2          (resumable; half an hour on two cores)

The play model is fitted on how declarations play out with ``best`` in all three seats
(``selfplay_stats.py``, ``designed_playout.py``).  When ``best`` plays a game differently -- its
Null defence draws more worlds since 2026-12-06 (``BestPlayer.null_defence``) -- the rows of
that game no longer say how such games play out against it.  This script plays each Null and
Null Ouvert row again (the self-play hands, their second and third choices, and the designed
rows): the same deal (``default_rng([S, k])``, or ``[S, k, j]`` for a designed row), the same
declaration, the discard chosen as the row's run chose it (``selfplay_stats._play``, the same
seeds), today's players.  The evaluation (features, double-dummy rates) does not depend on the
play and is kept.  Each replayed game is journalled in ``--journal`` as it finishes (a stopped
run goes on after it); at the end the rows' ``won`` and ``played`` are replaced in the samples'
files, each replaced row marked ``"replayed": DATE``.  Then refit (``selfplay_stats.py --fit``)
and measure (``bench_reliability.py``).
"""

from __future__ import annotations

import argparse
import datetime
import json
import sys
import time
from pathlib import Path


ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from benchmarks.designed_playout import TRIES, try_deal  # noqa: E402
from benchmarks.selfplay_stats import _play, _read, hand_deal  # noqa: E402
from solver.cards import card_codes  # noqa: E402
from solver.games import SEATS, Declaration  # noqa: E402
from solver.pool import imap_unordered  # noqa: E402

DATA = ROOT / "data" / "selfplay"
FILES = ("hands.jsonl", "designed.jsonl")


class _Chosen:
    """What ``selfplay_stats._play`` reads of a declaration result: the declaration."""

    def __init__(self, name: str):
        self.declaration = Declaration.from_name(name)


def _is_null(name: str) -> bool:
    return Declaration.from_name(name).is_null


def jobs(rows_by_file: dict[str, list[dict]]) -> list[tuple]:
    """Every Null game to play again: (file, seed, k, top3 index or -1, declaration)."""
    out = []
    for name, rows in rows_by_file.items():
        for r in rows:
            if "error" in r or not r.get("played"):
                continue
            if _is_null(r["declaration"]):
                out.append((name, r["seed"], r["k"], -1, r["declaration"]))
            for i, t in enumerate(r.get("top3") or []):
                if i and _is_null(t["declaration"]):        # (top3[0] is the row's own game)
                    out.append((name, r["seed"], r["k"], i, t["declaration"]))
    return out


def dealt_of(name: str, seed: int, k: int, cards: list[str]) -> tuple[list[int], int]:
    """The deal and seat of a row (a designed row: the try whose seat holds its cards)."""
    if name == "hands.jsonl":
        return hand_deal(k, seed)
    for j in range(TRIES):
        dealt, seat = try_deal(k, seed, j)
        if card_codes(dealt[seat]) == cards:
            return dealt, seat
    raise ValueError(f"designed row {seed}/{k}: no try deals its cards")


def replay(job: tuple, cards: list[str], seat_name: str) -> dict:
    name, seed, k, i, decl = job
    t0 = time.perf_counter()
    try:
        dealt, seat = dealt_of(name, seed, k, cards)
        assert SEATS[seat] == seat_name, (job, SEATS[seat], seat_name)
        out = _play(dealt, seat, _Chosen(decl), ["best", "best", "best"], seed * 7919 + k, 16)
        return {"job": list(job), "played": out, "seconds": round(time.perf_counter() - t0, 2)}
    except Exception as e:                       # noqa: BLE001 - the journal says what went wrong
        return {"job": list(job), "error": f"{type(e).__name__}: {e}"}


def _one(args: tuple) -> dict:
    job, cards, seat_name = args
    return replay(tuple(job), cards, seat_name)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--journal", default=str(DATA / "null_replays.jsonl"))
    ap.add_argument("--limit", type=int, default=None, help="only the first N games (a trial)")
    a = ap.parse_args()
    rows_by_file = {name: _read(DATA / name) for name in FILES}
    by_key = {(name, r["seed"], r["k"]): r for name, rows in rows_by_file.items() for r in rows if "k" in r}
    journal = Path(a.journal)
    done = {tuple(x["job"]) for x in _read(journal) if "error" not in x}
    todo = [j for j in jobs(rows_by_file) if j not in done][:a.limit]
    print(f"{len(done)} Null games replayed before, {len(todo)} to go", file=sys.stderr, flush=True)
    t0 = time.perf_counter()
    items = [(j, by_key[j[:3]]["cards"], by_key[j[:3]]["seat"]) for j in todo]
    with journal.open("a") as f:
        for n, (_, row) in enumerate(imap_unordered(_one, items, a.workers), 1):
            f.write(json.dumps(row) + "\n")
            f.flush()
            if n % 50 == 0 or n == len(items):
                el = time.perf_counter() - t0
                print(f"  {n}/{len(items)} games, {el:.0f} s, about {el / n * (len(items) - n):.0f} s left",
                      file=sys.stderr, flush=True)
    replayed = {tuple(x["job"]): x["played"] for x in _read(journal) if "error" not in x}
    missing = [j for j in jobs(rows_by_file) if j not in replayed]
    if missing:
        print(f"{len(missing)} games not replayed (see the journal's errors): the samples are left as they were",
              file=sys.stderr)
        sys.exit(1)
    today = datetime.date.today().isoformat()
    changed = {"won": 0, "lost": 0, "same": 0}
    for (name, seed, k, i, _decl), played in replayed.items():
        r = by_key[(name, seed, k)]
        # the row's own game is also the first of its top3 (played with the same seeds)
        targets = ([r["top3"][0]] if r.get("top3") else []) if i < 0 else [r["top3"][i]]
        before = bool(r["won"] if i < 0 else r["top3"][i]["won"])
        if i < 0:
            r.update(won=played["won"], played=played, replayed=today)
        for t in targets:
            t.update({key: played[key] for key in ("won", "declarer_points", "schneider", "schwarz", "score")},
                     replayed=today)
        now = bool(played["won"])
        changed["same" if now == before else ("won" if now else "lost")] += 1
    for name, rows in rows_by_file.items():
        (DATA / name).write_text("".join(json.dumps(r) + "\n" for r in rows))
    print(f"replayed {len(replayed)} Null games: {changed['same']} the same, {changed['lost']} now lost, "
          f"{changed['won']} now won ({time.perf_counter() - t0:.0f} s)")


if __name__ == "__main__":
    main()
