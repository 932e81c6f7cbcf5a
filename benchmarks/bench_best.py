"""Playing strength of ``best`` against plain PIMC over duplicate deals, resumable.

    python benchmarks/bench_best.py --deals 1000 --workers 2 --out benchmarks/results/best_vs_pimc.jsonl
    python benchmarks/bench_best.py --player best-inference --deals 300 --no-reference --out ...   (ablation)
    python benchmarks/bench_best.py --baseline best-2026-12 --screen-bids --no-reference --seed 4001 --out ...
    python benchmarks/bench_best.py --player best-declare-auction --baseline best --screen-declarations \
        --no-reference --seed 18001 --out ...

Every deal is played in every seating of the two types A (``--player``) and
B (``--baseline``, default ``pimc``): A,B,B and B,A,A in their three
rotations (six games), plus B,B,B once as the reference defence.  Each
player's bidding, declaring and card play are its own; a deal's players share
its bid-advice worlds (``bid_seed``), so the same hand is judged alike.  Their
bid advice has 12 worlds (``--bid-samples``; 32 at a table) unless a form of
``best`` names its own.

The report: Seeger-Fabian points per game for A and B over the six mixed
games with 95% intervals, the difference A - B per deal (paired: the deal's
luck cancels) with its interval; the declarer's win rate when A or B
declares; against a B declarer, the defenders' card points and the
declarer's win rate when both defenders are A (B,A,A) versus both B
(B,B,B); seconds per move of each type.  Every deal is one JSON line in
``--out``; a rerun with the same file goes on after the last deal written.

``--screen-declarations`` goes one step further, for players that differ in their bids and their
declaration after the pick-up alone (``best`` against ``best-2026-12``, ``best-declare-auction``
against ``best``): a deal is played only where a bid limit differs or the auction's declarer would
declare differently (his Hand game, or his discard and game: :func:`same_calls`), with the same
check.

``--screen-bids`` is for two players that differ in their bid limits alone (``best-defending`` or
``best-bold`` against ``best-2026-12``: only the ``defending`` or ``bid_margin`` switch separates
them): where every seat's limit
is the same for both, the auctions, the games and the cards are the same, A - B is exactly 0,
and the deal is not played.  Every 25th such deal is played anyway, and the report checks that
its difference is 0.
"""

from __future__ import annotations

import argparse
import json
import math
import sys
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from solver.calibration import GAME_CLASSES, game_class  # noqa: E402
from solver.cards import card_codes  # noqa: E402
from solver.games import Declaration  # noqa: E402
from solver.stats import Z95, mean_ci  # noqa: E402
from solver.players.arena import make_player  # noqa: E402
from solver.players.table import DealResult, TableOptions, play_deal, run_auction, shuffle  # noqa: E402
from solver.pool import map_processes  # noqa: E402

#: The worlds every player's bid advice has in the arena (``--bid-samples``; a table's ``best`` has 32),
#: chosen for speed in its first runs and kept so that every run since resumes and compares alike
#: (a screened run on 32 took as long: 57 min for 1,000 deals of seed 40001 on two cores).  A row
#: records its own (rows written before 2026-12-07 had 12 and say nothing).
BID_SAMPLES = 12


def _timed(player, each: list[float]):
    """``player`` with its every card's seconds appended to ``each`` (a type's list: two forms
    of one class, ``best`` and ``best-2026-12``, are timed apart)."""
    orig = player.play

    def play(view):
        t = time.perf_counter()
        c = orig(view)
        each.append(time.perf_counter() - t)
        return c
    player.play = play
    return player


#: With ``--screen-bids``, every this many deals is played even when the bid limits agree: its
#: A - B must then be exactly 0, or the screen's premise fails (the report says so).
SCREEN_CHECK = 25


def _seated(t: str, bid_seed: int, strength: dict) -> list[Any]:
    """Three players of type ``t`` as a deal seats them before the play (their seeds in the first
    rotation; the bid and declare advice's worlds are the deal's whatever the seed)."""
    return [make_player(t, bid_seed + 10 * s, strength, bid_seed=bid_seed) for s in range(3)]


def _limits_agree(pa: list[Any], pb: list[Any], dealt: list[int]) -> bool:
    return all(pa[s].max_bid(dealt[s], s) == pb[s].max_bid(dealt[s], s) for s in range(3))


def same_bid_limits(a: str, b: str, dealt: list[int], bid_seed: int, strength: dict) -> bool:
    """A and B would stop bidding at the same value in every seat of the deal (their
    :meth:`~solver.players.base.Player.max_bid`, from the deal's shared bid-advice worlds)."""
    return _limits_agree(_seated(a, bid_seed, strength), _seated(b, bid_seed, strength), dealt)


def same_calls(a: str, b: str, dealt: list[int], bid_seed: int, strength: dict) -> bool:
    """A and B make the same calls before the play in every seating: the same bid limits in every
    seat (:func:`same_bid_limits`), so the same auction, and its declarer chooses the same Hand
    game, or picks up and puts away and declares the same (his declaration advice's worlds are the
    deal's, whatever his seat's seed).  A deal passed in is the same for both."""
    players = {t: _seated(t, bid_seed, strength) for t in (a, b)}
    if not _limits_agree(players[a], players[b], dealt):
        return False
    auction = run_auction(players[a], list(dealt[:3]))
    if auction.passed_in or auction.declarer is None:
        return True
    d, bid = auction.declarer, auction.value
    hand_games = {t: players[t][d].choose_hand(dealt[d], d, bid) for t in (a, b)}
    if hand_games[a] != hand_games[b]:
        return False
    if hand_games[a] is not None:
        return True
    twelve = dealt[d] | dealt[3]
    return len({players[t][d].declare(twelve, d, bid, auction=list(auction.history)) for t in (a, b)}) == 1


def dealt_of(seed: int, k: int) -> tuple[list[int], int]:
    """Deal ``k`` of ``seed``: its cards, and the bid-advice seed its players share."""
    return shuffle(np.random.default_rng([seed, k])), seed * 1_000_003 + 1000 * (k + 1)


#: The screens by name (``--screen-bids``, ``--screen-declarations``): a deal where one says A and B
#: make the same calls is not played (row ``same_bids``, with ``screen`` its name).
SCREENS: dict[str, Callable[[str, str, list[int], int, dict], bool]] = {"bids": same_bid_limits,
                                                                      "declarations": same_calls}


#: One game of :func:`mixed_games`: the seating's triple, its rotation, each seat's type, the result.
MixedGame = tuple[tuple[str, str, str], int, list[str], DealResult]


def mixed_games(a: str, b: str, dealt: list[int], bid_seed: int, reference: bool = False,
                spent: dict[str, list[float]] | None = None,
                seated: Callable[[str, Any], None] | None = None,
                bid_samples: int = BID_SAMPLES) -> Iterator[MixedGame]:
    """One deal played in the seatings A,B,B and B,A,A in their three rotations (and B,B,B once
    with ``reference``): ``(triple, rotation, type of each seat, result)`` a game; ``spent``:
    each type's seconds a card are appended there; ``seated(type, player)`` is called with each
    player before its game (a benchmark that records what a player does); ``bid_samples``: every
    player's bid worlds (a form of ``best`` that names its own keeps them)."""
    strength = {"bid_samples": bid_samples}
    opts = TableOptions(scoring="seeger-fabian")
    for triple in [(a, b, b), (b, a, a)] + ([(b, b, b)] if reference else []):
        for rot in range(3 if triple[0] != triple[1] else 1):
            seat_type = [triple[(s - rot) % 3] for s in range(3)]
            players = [make_player(t, bid_seed + 10 * s + rot, strength, bid_seed=bid_seed)
                       for s, t in enumerate(seat_type)]
            if spent is not None:
                players = [_timed(p, spent[t]) for p, t in zip(players, seat_type)]
            if seated is not None:
                for p, t in zip(players, seat_type):
                    seated(t, p)
            yield triple, rot, seat_type, play_deal(players, dealt, opts)


def _deal(args) -> dict:
    """Every seating of one deal: a JSON-ready row (with ``screen``, only a deal whose bid
    limits differ; another is a row marked ``same_bids`` without games)."""
    a, b, seed, k, reference, screen, bid_samples = args
    spent: dict[str, list[float]] = {a: [], b: []}
    dealt, bid_seed = dealt_of(seed, k)
    same = bool(screen) and SCREENS[screen](a, b, dealt, bid_seed, {"bid_samples": bid_samples})
    marks = {"same_bids": True, "screen": screen} if same else {}
    head = {"deal": k, "seed": seed, "a": a, "b": b, "bid_samples": bid_samples, "dealt": dealt}
    if same and k % SCREEN_CHECK:
        return {**head, "games": [], "moves": {}, **marks}
    games = []
    for _, _, seat_type, r in mixed_games(a, b, dealt, bid_seed, reference, spent, bid_samples=bid_samples):
        g: dict = {"types": seat_type, "scores": r.scores}
        if not r.passed:
            g.update(declarer=r.deal.declarer, game=r.deal.declaration.name, bid=r.deal.bid,
                     discard=" ".join(card_codes(r.deal.skat)) if not r.deal.declaration.hand else None,
                     won=bool(r.result["won"]), declarer_points=r.result["declarer_points"])
        games.append(g)
    moves = {t: {"seconds": sum(each), "moves": len(each), "each": [round(x, 4) for x in each]}
             for t, each in spent.items()}
    return {**head, "games": games, "moves": moves, **marks}


def _ci(x: np.ndarray) -> tuple[float, float, float]:
    return mean_ci(x, digits=None)


def _rate(k: int, n: int) -> str:
    if n == 0:
        return "   -"
    p = k / n
    h = Z95 * math.sqrt(p * (1 - p) / n)
    return f"{p:.3f} ({p - h:.3f} … {p + h:.3f}; {k}/{n})"


def report(rows: list[dict]) -> str:
    a, b = rows[0]["a"], rows[0]["b"]
    skipped = [r for r in rows if r.get("same_bids") and not r["games"]]
    checks = [r for r in rows if r.get("same_bids") and r["games"]]
    rows = [r for r in rows if r["games"]]
    pts: dict[str, list[float]] = {a: [], b: []}
    decl = {a: [0, 0], b: [0, 0]}
    by_game: dict[tuple[str, str], list[int]] = {}                   # (type, game class) -> declared, won
    seats = {a: 0, b: 0}                                              # seat-games in the mixed seatings
    vs_b: dict[str, list] = {"AA": [[], 0, 0], "BB": [[], 0, 0]}     # defenders' points, declarer wins, games
    for r in rows:
        per: dict[str, list[float]] = {a: [], b: []}
        for g in r["games"]:
            mixed = len(set(g["types"])) == 2
            if mixed:
                for s, t in enumerate(g["types"]):
                    per[t].append(g["scores"][s])
                    seats[t] += 1
            if "declarer" in g:
                dt = g["types"][g["declarer"]]
                if mixed:
                    decl[dt][0] += 1
                    decl[dt][1] += g["won"]
                    cls = game_class(Declaration.from_name(g["game"]))
                    tally = by_game.setdefault((dt, cls), [0, 0])
                    tally[0] += 1
                    tally[1] += g["won"]
                defenders = {g["types"][s] for s in range(3) if s != g["declarer"]}
                if dt == b and defenders in ({a}, {b}):
                    key = "AA" if defenders == {a} else "BB"
                    vs_b[key][0].append(120 - g["declarer_points"])
                    vs_b[key][1] += g["won"]
                    vs_b[key][2] += 1
        pts[a] += per[a]
        pts[b] += per[b]
    diff = list(per_deal_margin(rows + skipped).values())
    worlds = bid_worlds(rows[0])
    lines = [f"{len(rows)} duplicate deals, {sum(len(r['games']) for r in rows)} games "
             f"(A = {a}, B = {b}; Seeger-Fabian points per game over the six mixed seatings"
             + (f"; {worlds} bid worlds" if worlds != BID_SAMPLES else "") + ")"]
    if skipped or checks:
        margins = per_deal_margin(checks)
        off = [k for k, m in margins.items() if m != 0]
        what = {"bids": "stop bidding at the same values in every seat",
                "declarations": "make the same calls before the play (bids, Hand or pick-up, discard and game)"}
        screen = skipped[0].get("screen", "bids") if skipped else checks[0].get("screen", "bids")
        lines.append(f"--screen-{screen}: {len(skipped)} more deals where A and B {what[screen]} "
                     f"were not played: their A - B is 0 (checked on {len(checks)} such deals played: "
                     f"{'all 0' if not off else f'NOT 0 on deals {off[:5]}: the screen is invalid for these players'})."
                     f" The figures below are the {len(rows)} deals played; the paired difference counts all "
                     f"{len(rows) + len(skipped)}.")
    for t in (a, b):
        m, lo, hi = _ci(np.array(pts[t], dtype=float))
        lines.append(f"  {t:15} {m:8.2f}   95% {lo:7.2f} … {hi:7.2f}   ({len(pts[t])} seat-games)")
    m, lo, hi = _ci(np.array(diff, dtype=float))
    lines.append(f"  A - B per deal  {m:8.2f}   95% {lo:7.2f} … {hi:7.2f}")
    lines.append("declarer's win rate in the mixed seatings:")
    for t in (a, b):
        lines.append(f"  {t:15} declares {decl[t][0]:5d}, wins {_rate(decl[t][1], decl[t][0])}")
    lines.append("declared (share of the type's seat-games in the mixed seatings) and won, per game class:")
    for t in (a, b):
        for cls in GAME_CLASSES:
            n, won = by_game.get((t, cls), [0, 0])
            lines.append(f"  {t:15} {cls:11} declares {n:5d} ({n / max(1, seats[t]):.1%}), wins {_rate(won, n)}")
    lines.append(f"against a {b} declarer:")
    for key, label in (("AA", f"both defenders {a}"), ("BB", f"both defenders {b}")):
        d_pts, wins, n = vs_b[key]
        m, lo, hi = _ci(np.array(d_pts, dtype=float))
        lines.append(f"  {label:28} defenders' card points {m:6.2f} ({lo:.2f} … {hi:.2f}), "
                     f"declarer wins {_rate(wins, n)}")
    pairs = declaration_pairs(rows)
    if any(not k.startswith("same") for k in pairs):
        lines.append("the declarer's choice, paired with the mirrored seating (same seat, same cards; B's game -> "
                     "A's): pairs, declarer's score A - B a pair (total)")
        for k, x in sorted(pairs.items(), key=lambda kv: -len(kv[1])):
            lines.append(f"  {k:40} {len(x):5d}   {np.mean(x):8.2f}   ({sum(x):8.0f})")
    # by type (files written before 2026-12-06 21:30 timed by class: "best" was every form of it)
    for t in dict.fromkeys(t for r in rows for t in r["moves"]):
        each = np.array([x for r in rows for x in r["moves"].get(t, {}).get("each", [])])
        if each.size:
            lines.append(f"seconds per move, {t:12}: median {np.median(each):.3f}, mean {each.mean():.3f}, "
                         f"95th pct {np.percentile(each, 95):.3f}, max {each.max():.3f} ({each.size} moves)")
    return "\n".join(lines)


def declaration_pairs(rows: list[dict]) -> dict[str, list[float]]:
    """The declarer's choice, paired: every mixed game where A declares is set beside the game of
    the mirrored seating (every seat's type swapped), where B declares from the same seat with the
    same cards.  Keyed by B's game class -> A's ("same suit" where both declared the same game,
    "suit, other discard" where only the discard differs; a game the same and the discard the same
    is the same game, 0): the declarer's score A - B of each pair."""
    out: dict[str, list[float]] = {}
    for r in rows:
        a, b = r["a"], r["b"]
        by = {tuple(g["types"]): g for g in r["games"] if len(set(g["types"])) == 2 and "declarer" in g}
        for types, g in by.items():
            d = g["declarer"]
            h = by.get(tuple(b if t == a else a for t in types))
            if types[d] != a or h is None or h["declarer"] != d:
                continue
            ca, cb = (game_class(Declaration.from_name(x["game"])) for x in (g, h))
            if g["game"] != h["game"]:
                key = f"{cb} -> {ca}"
            elif "discard" not in g or "discard" not in h:
                key = f"same {ca} (discard not recorded)"      # (rows written before 2026-12-07)
            else:
                key = f"same {ca}" if g["discard"] == h["discard"] else f"{ca}, other discard"
            out.setdefault(key, []).append(float(g["scores"][d] - h["scores"][d]))
    return out


def bid_worlds(row: dict) -> int:
    """The bid worlds an arena row's players had (``--bid-samples``; rows that do not say: 12)."""
    return int(row.get("bid_samples", 12))


def per_deal_margin(rows: list[dict]) -> dict[int, float]:
    """A - B per deal over the six mixed seatings (deal -> margin)."""
    out = {}
    for r in rows:
        if r.get("same_bids") and not r["games"]:
            out[r["deal"]] = 0.0                 # (--screen-bids: the same games for A and B)
            continue
        per: dict[str, list[float]] = {r["a"]: [], r["b"]: []}
        for g in r["games"]:
            if len(set(g["types"])) == 2:
                for s, t in enumerate(g["types"]):
                    per[t].append(g["scores"][s])
        out[r["deal"]] = float(np.mean(per[r["a"]]) - np.mean(per[r["b"]]))
    return out


def compare(rows: list[dict], player: str, path: Path, args) -> str:
    """The paired difference (other run's margin - this run's) per deal on the common deals."""
    other = [json.loads(x) for x in path.read_text().splitlines() if x.strip()]
    other = [r for r in other if r["a"] == player and r["b"] == args.baseline and r["seed"] == args.seed]
    mine, theirs = per_deal_margin(rows), per_deal_margin(other)
    common = sorted(set(mine) & set(theirs))
    d = np.array([theirs[k] - mine[k] for k in common])
    m, lo, hi = _ci(d)
    m1 = float(np.mean([mine[k] for k in common]))
    m2 = float(np.mean([theirs[k] for k in common]))
    return (f"{player} vs {rows[0]['a']} on {len(common)} common deals: margins over {args.baseline} "
            f"{m2:.2f} and {m1:.2f}; difference {m:.2f} (95% {lo:.2f} … {hi:.2f})")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--player", default="best", help="A: best, or a variant best-bidding / best-inference / "
                                                      "best-search")
    ap.add_argument("--baseline", default="pimc", help="B")
    ap.add_argument("--deals", type=int, default=1000)
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--seed", type=int, default=2026)
    ap.add_argument("--out", required=True, help="JSONL of every deal; an existing file is resumed")
    ap.add_argument("--bid-samples", type=int, default=BID_SAMPLES,
                    help="every player's bid worlds (a table's best has 32; a form of best that names its own "
                         "keeps them); the rows of a file with other bid worlds are another run")
    ap.add_argument("--report", action="store_true", help="only report what --out holds")
    ap.add_argument("--no-reference", action="store_true",
                    help="skip the B,B,B game (ablation runs: it is the same in every run of a seed)")
    ap.add_argument("--compare", nargs="*", default=[], metavar="PLAYER=FILE",
                    help="ablation: for each other run, the per-deal difference of its A - B from this run's, "
                         "on the deals both hold, with its 95%% interval")
    ap.add_argument("--reference", help="a main run's --out (same seed and baseline): its B,B,B games of the "
                                        "same deals complete the report of a --no-reference run")
    ap.add_argument("--screen-bids", action="store_true",
                    help="for A and B that differ in their bid limits alone (best vs best-2026-12 with only the "
                         "'defending' switch changed): play only the deals where some seat's limit differs; the "
                         f"others are the same games, A - B = 0 (every {SCREEN_CHECK}th is played to check)")
    ap.add_argument("--screen-declarations", action="store_true",
                    help="for A and B that differ in their bids and declarations alone (best vs best-2026-12): "
                         "play only the deals where their bid limits differ or the declarer would declare "
                         "differently; the others are the same games (checked as --screen-bids)")
    args = ap.parse_args()
    screen = "bids" if args.screen_bids else "declarations" if args.screen_declarations else None
    out = Path(args.out)
    out.parent.mkdir(parents=True, exist_ok=True)
    held = [json.loads(x) for x in out.read_text().splitlines() if x.strip()] if out.exists() else []
    rows = [r for r in held if r["a"] == args.player and r["b"] == args.baseline and r["seed"] == args.seed
            and bid_worlds(r) == args.bid_samples
            and r["deal"] < args.deals]                          # (--report --deals N: the first N deals)
    if args.report and not rows:
        runs = sorted({f"--player {r['a']} --baseline {r['b']} --seed {r['seed']} --bid-samples {bid_worlds(r)}"
                       for r in held})
        sys.exit(f"{out} holds no deals of --player {args.player} --baseline {args.baseline} --seed {args.seed} "
                 f"--bid-samples {args.bid_samples}"
                 + (f"; it holds: {'; '.join(runs)}" if runs else " (it is empty or missing)"))
    done = {r["deal"] for r in rows}
    todo = [k for k in range(args.deals) if k not in done]
    t0 = time.perf_counter()
    if not args.report and todo:
        step = 4 * args.workers
        with out.open("a") as f:
            for i in range(0, len(todo), step):
                batch = todo[i:i + step]
                for row in map_processes(_deal, [(args.player, args.baseline, args.seed, k, not args.no_reference,
                                                  screen, args.bid_samples) for k in batch],
                                         args.workers, keep=True):
                    f.write(json.dumps(row) + "\n")
                    rows.append(row)
                f.flush()
                el = time.perf_counter() - t0
                left = len(todo) - i - len(batch)
                print(f"{len(rows)}/{args.deals} deals, {el:.0f} s, about {el / (i + len(batch)) * left:.0f} s "
                      f"left", file=sys.stderr, flush=True)
    rows.sort(key=lambda r: r["deal"])
    if rows and args.reference:
        ref = {}
        for line in Path(args.reference).read_text().splitlines():
            r = json.loads(line)
            if r["seed"] == args.seed and r["b"] == args.baseline:
                ref[r["deal"]] = [g for g in r["games"] if set(g["types"]) == {args.baseline}]
        missing = [r["deal"] for r in rows if r["deal"] not in ref]
        if missing:
            sys.exit(f"--reference {args.reference} lacks deals {missing[:5]}")
        rows = [dict(r, games=r["games"] + ([] if any(set(g["types"]) == {args.baseline} for g in r["games"])
                                            else ref[r["deal"]])) for r in rows]
    if rows:
        print(report(rows))
    for spec in args.compare:
        player, _, path = spec.partition("=")
        print(compare(rows, player, Path(path), args))
        print(f"(this run: {time.perf_counter() - t0:.0f} s on {args.workers} processes)")


if __name__ == "__main__":
    main()
