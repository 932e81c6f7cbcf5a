"""Self-play games for the learned model of card play (:mod:`solver.policy`), as deal records.

    python benchmarks/policy_games.py --deals 300 --seed 7101 --workers 2 --out data/policy/games_7101.jsonl
    python benchmarks/policy_games.py --deals 100 --seed 7199 --workers 2 --out data/policy/games_7199.jsonl  (held out)

Deal k of seed S is dealt from ``default_rng([S, k])`` and played as the arena benchmark plays
it (``benchmarks/bench_best.py``: its bid advice on 12 worlds, Seeger-Fabian): ``best`` and
``pimc`` in the seatings A,B,B and B,A,A in their three rotations, six games a deal.  Every
game that was declared is one deal record a line (``players`` names who sat where), written
as its deal finishes; a rerun goes on after the deals already finished.  A deal whose six games
were all passed in writes no record, so every finished deal's number is also appended to a file
beside ``--out`` (its name with ``.done``): a rerun does not play it again.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from benchmarks.bench_best import dealt_of, mixed_games  # noqa: E402
from solver.games import SEATS  # noqa: E402
from solver.pool import imap_unordered  # noqa: E402

def deal_games(args: tuple[str, str, int, int]) -> list[dict]:
    """Deal ``k`` of ``seed`` in the six mixed seatings of types ``a`` and ``b``, as the arena
    benchmark plays it (:func:`benchmarks.bench_best.mixed_games`): the declared games' records,
    each with its ``players`` and ``deal`` number."""
    a, b, seed, k = args
    dealt, bid_seed = dealt_of(seed, k)
    out = []
    for triple, rot, types, r in mixed_games(a, b, dealt, bid_seed):
        if r.passed:
            continue
        rec = r.to_record()
        rec.update(id=f"policy-{seed}-{k}-{triple[0]}-{rot}", deal=k, seed=seed,
                   players={SEATS[s]: t for s, t in enumerate(types)})
        out.append(rec)
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--deals", type=int, default=300)
    ap.add_argument("--seed", type=int, default=7101)
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--players", default="best,pimc", help="the two types A,B")
    ap.add_argument("--out", type=Path, required=True)
    args = ap.parse_args()
    a, b = args.players.split(",")
    finished = args.out.with_name(args.out.name + ".done")
    done = set()
    if args.out.exists():
        done = {json.loads(line)["deal"] for line in args.out.read_text().splitlines() if line.strip()}
    if finished.exists():
        done |= {int(line) for line in finished.read_text().split()}
    todo = [(a, b, args.seed, k) for k in range(args.deals) if k not in done]
    args.out.parent.mkdir(parents=True, exist_ok=True)
    t0 = time.time()
    with args.out.open("a") as f, finished.open("a") as marks:
        for i, ((_, _, _, k), games) in enumerate(imap_unordered(deal_games, todo, workers=args.workers), 1):
            for g in games:
                f.write(json.dumps(g) + "\n")
            f.flush()
            marks.write(f"{k}\n")                         # (a deal with games is also marked by its records)
            marks.flush()
            if i % 10 == 0 or i == len(todo):
                print(f"{i}/{len(todo)} deals, {time.time() - t0:.0f} s", flush=True)


if __name__ == "__main__":
    main()
