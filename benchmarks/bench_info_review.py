"""The review by what the player knew, measured: speed, and how it orders players.

    python benchmarks/bench_info_review.py [--deals 500] [--at bulk|default] [--no-shrink] [--seed 2026] [--workers 2]
    python benchmarks/bench_info_review.py speed [--deals 30] [--seed 2026]
    python benchmarks/bench_info_review.py card [--game 541932] [--card 0] [--seeds 60] [--settle-factor 32]
                                                [--no-shrink]
    python benchmarks/bench_info_review.py duplicate [--deals 200] [--others best] [--at default] [--seed 2026]
                                                     [--workers 2]

``speed``: the whole review of a deal as ``skat analyse`` gives it for one game (the
double-dummy review, every card by what its player knew, the declarer's chance by the
played-out advice and the declaration checked, at the default precision, the cards shared by
two processes: :data:`solver.analysis.PRECISION`), seconds a deal, median and worst; then the
bulk precision (:data:`solver.analysis.BULK_JUDGING`, ``skat bulk analyse --info`` and
``skat stats``) through the bulk runner on one process: deals a second a core.  The deals are
games of the ``rules`` player (quick to play) dealt from ``default_rng([seed, k])`` and the
games of ``data/iss_games.sgf``.

``card``: one card of a game of ``data/iss_games.sgf`` judged by what its player knew at the
default precision on each of ``--seeds`` seeds: its mark, class, estimates with their
intervals, the sample's own estimates, the worlds and the seconds, and on how many seeds it
was marked.

``duplicate``: the accuracy of the four players on the same cards and the same game.  Deal k
(seed S) is dealt from ``default_rng([S, k])`` and bid and declared at a table of three
``best`` players (a passed deal or a Ramsch is skipped); then each player type plays that
game's cards from the first lead (:func:`solver.analysis.play_on` from card 0) with all three
seats its own, or with ``--others T`` in one seat against two ``T`` players, each seat in
turn, and its cards are judged by what it knew.  A game's accuracy is the mean of its three
seats'; the difference of two types is
paired on the deal (the same hands, skat and game), and the declarer's and the defenders'
accuracies are shown apart.  The main form below seats the types together and lets each bid,
so a player's accuracy there also depends on the games its own bidding chose (a random
declarer's lost-from-the-start games give nothing up); the duplicate form judges card play
alone.

Deal k (seed S) is dealt from ``default_rng([S, k])`` and played at the table by a mix of
players (``best``, ``pimc``, ``rules``, ``random``: the four seatings of three of them rotate
with k); every finished suit, Grand or Null game is then reviewed by what each player knew
(:func:`solver.analysis.review` with ``info``, seeded by k) at the bulk precision
(:data:`solver.analysis.BULK_JUDGING`, as ``skat bulk analyse --info`` and ``skat stats``
judge) or with ``--at default`` at ``skat analyse``'s (each world solved only as far as the
settlement needs).
Prints, per player type, the cards reviewed and the mean information cost per card with its
95% interval (over the games); the mean accuracy a game (:func:`solver.analysis.accuracy`) with
its 95% interval; the marks a game (inaccuracies, mistakes and blunders: all, and
those the worlds settled) with their 95% intervals and the share of games with a mark; the
share of ``best``'s double-dummy "mistakes" (a card with a double-dummy cost) that the
information review calls best or good; and the review's speed (seconds a deal, median and
worst).  Deals are independent: any number of workers gives the same figures.
"""

from __future__ import annotations

import argparse
from dataclasses import replace
import sys
import time
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from solver.analysis import (BULK_JUDGING, JUDGING, Judging, judge_card, judged_accuracy, review,  # noqa: E402
                             seat_accuracy)
from solver.analysis.play_on import play_on  # noqa: E402
from solver.cards import CARD_NAMES  # noqa: E402
from solver.games import GAME_NAMES  # noqa: E402
from solver.iss import parse_line  # noqa: E402
from solver.players.arena import make_player  # noqa: E402
from solver.players.table import TableOptions, play_deal, shuffle  # noqa: E402
from solver.pool import imap_unordered  # noqa: E402
from solver.stats import mean_ci  # noqa: E402

TYPES = ("best", "pimc", "rules", "random")
#: The seatings of three of the four types, rotating with the deal number.
SEATINGS = [(a, b, c) for a in TYPES for b in TYPES for c in TYPES if len({a, b, c}) == 3]


def played_deal(k: int, seed: int):
    """Deal ``k`` of ``seed`` played at the table by its seating of three player types, and the
    types; None for a passed deal or a Ramsch."""
    types = SEATINGS[k % len(SEATINGS)]
    players = [make_player(t, seed + 1000 * k + i, scoring="simple") for i, t in enumerate(types)]
    dealt = shuffle(np.random.default_rng([seed, k]))
    r = play_deal(players, dealt, TableOptions())
    if r.passed or r.is_ramsch:
        return None
    return r, types


def one_deal(args) -> dict | None:
    k, seed, at, shrink = args
    judging = replace(JUDGING if at == "default" else BULK_JUDGING, points=False, shrink=shrink)
    played = played_deal(k, seed)
    if played is None:
        return None
    r, types = played
    t = time.perf_counter()
    # (costs and classes only: each world solved as far as the settlement needs, points=False)
    rv = review(r.deal, declaration=False, info=True, seed=k, judging=judging)
    seconds = time.perf_counter() - t
    out: dict = {"k": k, "seconds": seconds, "types": types, "seats": {}}
    acc = seat_accuracy(rv.cards)
    for c in rv.cards:
        if c.info is None or c.info.get("class") is None:
            continue
        s = out["seats"].setdefault(c.seat, {"cards": 0, "cost": 0.0, "dd_mistakes": 0, "dd_mistakes_fine": 0,
                                             "marks": 0, "settled": 0, "accuracy": acc["FMR"[c.seat]]})
        s["cards"] += 1
        s["cost"] += c.info["cost"]
        if c.info.get("mark"):
            s["marks"] += 1
            s["settled"] += bool(c.info.get("settled"))
        if c.cost > 0:
            s["dd_mistakes"] += 1
            s["dd_mistakes_fine"] += c.info["class"] in ("best", "good")
    return out


def print_paired(games: list[dict[str, float]], title: str) -> None:
    """For each pair of types, the mean difference of their accuracies over the games both
    have one in (each game: type -> accuracy), with its 95% interval."""
    print(f"accuracy, paired on {title}: difference, 95% interval")
    for i, x in enumerate(TYPES):
        for y in TYPES[i + 1:]:
            diffs = [g[x] - g[y] for g in games if g.get(x) is not None and g.get(y) is not None]
            if len(diffs) > 1:
                m, lo, hi = mean_ci(diffs, digits=1)
                print(f"  {x} - {y}: {m:+.1f}  {lo:+.1f} ... {hi:+.1f}  ({len(diffs)} games)")


def seat_judgements(deal, seat: int, seed: int, judging: Judging) -> list[dict]:
    """One seat's cards, each judged by what he knew (:func:`judge_card`, the review's own)."""
    st = deal.start_state()
    out = []
    for i, card in enumerate(deal.played):
        if st.over:
            break
        if st.to_move == seat:
            out.append(judge_card(deal, i, seed=seed, judging=judging))
        st.push(card)
    return out


def one_duplicate(args) -> dict | None:
    """Deal ``k`` bid at a table of ``best`` players, then played from the first lead by each
    type and reviewed: per type, each seat's accuracy and the declarer's seat; None for a passed
    deal or a Ramsch.  ``others`` None: the type in all three seats, one game; else the type in
    one seat and ``others`` in the other two, each seat in turn (three games, the type's cards
    judged)."""
    k, seed, at, others = args
    judging = replace(JUDGING if at == "default" else BULK_JUDGING, points=False)
    bidders = [make_player("best", seed + 1000 * k + i, scoring="simple") for i in range(3)]
    r = play_deal(bidders, shuffle(np.random.default_rng([seed, k])), TableOptions())
    if r.passed or r.is_ramsch:
        return None
    t = time.perf_counter()
    out: dict = {"k": k, "declarer": r.deal.declarer, "game": r.deal.game, "types": {}}
    for j, kind in enumerate(TYPES):
        alone = others is None or kind == others
        seatings = [(None, [kind] * 3)] if alone else [(s, [kind if q == s else others for q in range(3)])
                                                        for s in range(3)]
        accs: dict[str, float | None] = {}
        for s, kinds in seatings:
            players = [make_player(x, seed + 1000 * k + 10 * (j + 1) + q, scoring="simple")
                       for q, x in enumerate(kinds)]
            again = play_on(r.deal, 0, players)
            if s is None:
                rv = review(again, declaration=False, info=True, seed=k, judging=judging)
                accs = seat_accuracy(rv.cards)
            else:
                accs["FMR"[s]] = judged_accuracy(seat_judgements(again, s, k, judging))
        out["types"][kind] = accs
    out["seconds"] = time.perf_counter() - t
    return out


def duplicate(argv: list[str]) -> None:
    ap = argparse.ArgumentParser(description="accuracy of the player types on the same cards and game")
    ap.add_argument("--deals", type=int, default=200)
    ap.add_argument("--at", choices=("bulk", "default"), default="default")
    ap.add_argument("--seed", type=int, default=2026)
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--others", choices=TYPES, default=None,
                    help="the type in one seat and OTHERS in the other two, each seat in turn (default: the "
                         "type in all three seats)")
    a = ap.parse_args(argv)
    t0 = time.perf_counter()
    games: dict[str, list[float]] = {t: [] for t in TYPES}
    roles: dict[tuple[str, str], list[float]] = {}          # (type, "declarer"|"defenders") -> per game
    by_deal: list[dict[str, float]] = []
    kinds: dict[str, int] = {}
    jobs = [(k, a.seed, a.at, a.others) for k in range(a.deals)]
    for n, (_, res) in enumerate(imap_unordered(one_duplicate, jobs, a.workers), 1):
        if res is not None:
            kinds[GAME_NAMES[res["game"]]] = kinds.get(GAME_NAMES[res["game"]], 0) + 1
            here = {}
            for kind, seats in res["types"].items():
                vals = [v for v in seats.values() if v is not None]
                if vals:
                    here[kind] = float(np.mean(vals))
                    games[kind].append(here[kind])
                decl = "FMR"[res["declarer"]]
                if seats[decl] is not None:
                    roles.setdefault((kind, "declarer"), []).append(seats[decl])
                defs = [v for s, v in seats.items() if s != decl and v is not None]
                if defs:
                    roles.setdefault((kind, "defenders"), []).append(float(np.mean(defs)))
            by_deal.append(here)
        if n % 25 == 0:
            print(f"  {n}/{a.deals} deals, {time.perf_counter() - t0:.0f} s", file=sys.stderr)
    seated = "in all three seats" if a.others is None else f"in each seat in turn, {a.others} in the other two"
    print(f"{a.deals} deals (seed {a.seed}), {len(by_deal)} games bid and declared by best, each played from the "
          f"first lead by every type {seated} and reviewed at the {a.at} precision "
          f"{JUDGING if a.at == 'default' else BULK_JUDGING} (points=False), "
          f"{time.perf_counter() - t0:.0f} s on {a.workers} workers")
    print(f"{'player':8} {'games':>6} {'accuracy':>9}  95% interval    declarer  95% interval    "
          f"defenders  95% interval")
    for t in TYPES:
        if len(games[t]) > 1:
            m, lo, hi = mean_ci(games[t], digits=1)
            dm, dlo, dhi = mean_ci(roles.get((t, "declarer"), []), digits=1)
            fm, flo, fhi = mean_ci(roles.get((t, "defenders"), []), digits=1)
            print(f"{t:8} {len(games[t]):6d} {m:9.1f}  {lo:.1f} ... {min(hi, 100.0):.1f}   {dm:8.1f}  "
                  f"{dlo:.1f} ... {min(dhi, 100.0):.1f}   {fm:9.1f}  {flo:.1f} ... {min(fhi, 100.0):.1f}")
    print_paired(by_deal, "the deal (the same hands, skat and game)")
    print(f"games declared: {kinds}")
    print(f"ran {time.perf_counter() - t0:.0f} s")


def speed(argv: list[str]) -> None:
    import json
    import os
    import tempfile

    from solver.bulk.runner import run_bulk
    from solver.records import read_lines
    ap = argparse.ArgumentParser(description="the review's speed")
    ap.add_argument("--deals", type=int, default=30)
    ap.add_argument("--seed", type=int, default=2026)
    a = ap.parse_args(argv)
    t0 = time.perf_counter()
    deals: list = []
    k = 0
    while len(deals) < a.deals:
        players = [make_player("rules", a.seed + 1000 * k + i, scoring="simple") for i in range(3)]
        r = play_deal(players, shuffle(np.random.default_rng([a.seed, k])), TableOptions())
        k += 1
        if not (r.passed or r.is_ramsch):
            deals.append(r.deal)
    root = Path(__file__).resolve().parents[1]
    deals += [it.deal for it in read_lines(open(root / "data" / "iss_games.sgf")) if it.deal is not None]
    review(deals[-1], info=True, judging=Judging(samples=8))                    # (compiled, warm)
    seconds, worlds = [], []
    for i, d in enumerate(deals):
        t = time.perf_counter()
        rv = review(d, info=True, seed=i, workers=2, judging=JUDGING)
        seconds.append(time.perf_counter() - t)
        worlds += [c.info["worlds"] for c in rv.cards if c.info and c.info.get("worlds")]
    print(f"{len(deals)} deals ({len(deals) - a.deals} of them ISS games), seed {a.seed}, {k} dealt")
    over = sum(1 for x in seconds if x > 10)
    print(f"skat analyse, one game at the default precision {JUDGING} on 2 processes: "
          f"median {np.median(seconds):.2f} s a deal, 90th percentile {np.percentile(seconds, 90):.2f} s, "
          f"worst {max(seconds):.2f} s, {over} of {len(seconds)} over 10 s; "
          f"worlds a judged card: median {np.median(worlds):.0f}, mean {np.mean(worlds):.1f}, max {max(worlds)}")
    with tempfile.TemporaryDirectory() as tmp:
        src = os.path.join(tmp, "deals.jsonl")
        with open(src, "w") as f:
            for d in deals:
                f.write(json.dumps(d.to_record()) + "\n")
        for task, opts in (("analyse", {"info": True, "seed": 0}), ("stats", {"seed": 0})):
            t = time.perf_counter()
            run_bulk(task, src, os.path.join(tmp, f"{task}.jsonl"), workers=1, options=opts)
            dt = time.perf_counter() - t
            print(f"skat bulk {task}{' --info' if task == 'analyse' else ''} at the bulk precision {BULK_JUDGING}, "
                  f"one process: {len(deals) / dt:.2f} deals/s a core ({dt:.0f} s)")
    print(f"ran {time.perf_counter() - t0:.0f} s")


def one_card(argv: list[str]) -> None:
    ap = argparse.ArgumentParser(description="one card of a shipped ISS game judged on many seeds")
    ap.add_argument("--game", default="541932")
    ap.add_argument("--card", type=int, default=0, help="its place in the game, from 0")
    ap.add_argument("--seeds", type=int, default=60)
    ap.add_argument("--settle-factor", type=int, default=JUDGING.settle)
    ap.add_argument("--no-shrink", action="store_true")
    a = ap.parse_args(argv)
    root = Path(__file__).resolve().parents[1]
    line = next(x for x in open(root / "data" / "iss_games.sgf") if f"ID[{a.game}]" in x)
    deal = parse_line(line).deal
    assert deal is not None, f"ISS {a.game} has no deal"
    print(f"ISS {a.game}, card {a.card} ({CARD_NAMES[deal.played[a.card]]}), seeds 0-{a.seeds - 1}, default precision, "
          f"settling up to {a.settle_factor} x samples, shrinkage {'off' if a.no_shrink else 'on'}")
    marks, seconds = [], []
    for seed in range(a.seeds):
        t = time.perf_counter()
        j = judge_card(deal, a.card, seed=seed, judging=Judging(shrink=not a.no_shrink, settle=a.settle_factor))
        seconds.append(time.perf_counter() - t)
        marks.append(j["mark"])
        raw = j.get("sampled") or {}
        print(f"seed {seed:3d}  {j['mark'] or '-':12} {j['class']:10} cost {j['cost']:6.2f} {j['cost_ci']}  "
              f"drop {j['drop']:.4f} {j['drop_ci']}  sample {raw.get('cost')} / {raw.get('drop')}  "
              f"{j['worlds']:5d} worlds  {seconds[-1]:.1f} s", flush=True)
    print(f"marked on {sum(1 for m in marks if m)} of {a.seeds} seeds; seconds a seed: median "
          f"{np.median(seconds):.1f}, worst {max(seconds):.1f}, total {sum(seconds):.0f}")


def main() -> None:
    if sys.argv[1:2] == ["speed"]:
        return speed(sys.argv[2:])
    if sys.argv[1:2] == ["card"]:
        return one_card(sys.argv[2:])
    if sys.argv[1:2] == ["duplicate"]:
        return duplicate(sys.argv[2:])
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--deals", type=int, default=500)
    ap.add_argument("--at", choices=("bulk", "default"), default="bulk")
    ap.add_argument("--no-shrink", action="store_true", help="the sample's own estimates (an ablation)")
    ap.add_argument("--seed", type=int, default=2026)
    ap.add_argument("--workers", type=int, default=2)
    a = ap.parse_args()
    t0 = time.perf_counter()
    per_type: dict[str, list[float]] = {t: [] for t in TYPES}
    marks: dict[str, list[tuple[int, int]]] = {t: [] for t in TYPES}      # per game: (marks, settled marks)
    accuracy: dict[str, list[float]] = {t: [] for t in TYPES}              # per game: the seat's accuracy
    sat_in: list[dict[str, float]] = []                                     # per game: type -> its accuracy
    cards = {t: 0 for t in TYPES}
    fine = mistakes = 0
    seconds = []
    jobs = [(k, a.seed, a.at, not a.no_shrink) for k in range(a.deals)]
    for n, (_, res) in enumerate(imap_unordered(one_deal, jobs, a.workers), 1):
        if res is not None:
            seconds.append(res["seconds"])
            for seat, s in res["seats"].items():
                t = res["types"][seat]
                per_type[t].append(s["cost"] / s["cards"])
                marks[t].append((s["marks"], s["settled"]))
                accuracy[t].append(s["accuracy"])
                cards[t] += s["cards"]
                if t == "best":
                    mistakes += s["dd_mistakes"]
                    fine += s["dd_mistakes_fine"]
            sat_in.append({res["types"][seat]: s["accuracy"] for seat, s in res["seats"].items()})
        if n % 25 == 0:
            print(f"  {n}/{a.deals} deals, {time.perf_counter() - t0:.0f} s", file=sys.stderr)
    print(f"{a.deals} deals (seed {a.seed}), {len(seconds)} reviewed games, at the {a.at} precision "
          f"{JUDGING if a.at == 'default' else BULK_JUDGING} "
          f"(points=False{', no shrinkage' if a.no_shrink else ''}), "
          f"{time.perf_counter() - t0:.0f} s on {a.workers} workers")
    print(f"review speed: median {np.median(seconds):.2f} s a deal, worst {max(seconds):.2f} s (one core)")
    print(f"{'player':8} {'games':>6} {'cards':>6} {'cost/card':>10}  95% interval")
    for t in TYPES:
        if per_type[t]:
            m, lo, hi = mean_ci(per_type[t], digits=2)
            print(f"{t:8} {len(per_type[t]):6d} {cards[t]:6d} {m:10.2f}  {lo:.2f} ... {hi:.2f}")
    print(f"{'player':8} {'games':>6} {'marks/game':>11}  95% interval   {'settled/game':>12}  95% interval   "
          f"games marked")
    for t in TYPES:
        if len(marks[t]) > 1:
            m, lo, hi = mean_ci([x for x, _ in marks[t]], digits=2)
            ms, los, his = mean_ci([y for _, y in marks[t]], digits=2)
            share = sum(1 for x, _ in marks[t] if x) / len(marks[t])
            print(f"{t:8} {len(marks[t]):6d} {m:11.2f}  {lo:.2f} ... {hi:.2f}   {ms:12.2f}  {los:.2f} ... {his:.2f}   "
                  f"{share:.0%}")
    print(f"{'player':8} {'games':>6} {'accuracy':>9}  95% interval   (solver.analysis.accuracy: the share of his "
          f"side's winning chance his cards kept)")
    for t in TYPES:
        if len(accuracy[t]) > 1:
            m, lo, hi = mean_ci(accuracy[t], digits=1)
            print(f"{t:8} {len(accuracy[t]):6d} {m:9.1f}  {lo:.1f} ... {min(hi, 100.0):.1f}")
    print_paired(sat_in, "the games both sat in (the same cards dealt)")
    if mistakes:
        print(f"best's double-dummy mistakes the information review calls best or good: {fine}/{mistakes} "
              f"= {fine / mistakes:.0%}")


if __name__ == "__main__":
    main()
