"""Is the advice a player declares by calibrated against the games it then played in the arena?

    python benchmarks/bench_arena_calibration.py --arena benchmarks/results/best_declare_17001.jsonl \\
        --player best --out benchmarks/results/arena_calibration_17001.jsonl        (resumable)
    python benchmarks/bench_arena_calibration.py --out benchmarks/results/arena_calibration_17001.jsonl --report

For every game of an arena run (``benchmarks/bench_best.py``) whose declarer is of type
``--player``, that declarer is seated again as the arena seated him (the deal's bid seed, the
arena's bid worlds) and asked the advice he chose his game by: his bid advice on his ten cards for
a Hand game (:meth:`~solver.players.base.PimcPlayer.bid_advice`), his declaration advice on his
twelve after the pick-up (:meth:`~solver.players.base.PimcPlayer.declaration_advice`).  Its
recommendation must be the game he declared (and his discard, where the arena row records it):
the same seed gives the same worlds, so a declaration priced again is the one the arena's player
saw; a row where they differ is counted as such and left out of the tables.

One declaration (a deal, the declarer's seat, his bid, game and discard) is played by one to three
seatings of the arena, against other defenders; its result is the share of them won.  The report,
per answer class (suit, Grand, Null, Null Ouvert; Hand or after the pick-up): the declarations and
their games, the mean played-out P(win) at the bid against the share won (calibration in the
large, with its 95% interval over the declarations), the double-dummy rate's own, and the Brier
score; the played-out P(win) in bands of a fifth.  The defence is the arena's: both its types.
Nothing here is fitted: the play model was fitted on self-play of seeds 1 and 301, and an arena
seed is a fresh one.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections import defaultdict
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from benchmarks.bench_best import bid_worlds, dealt_of  # noqa: E402
from solver.calibration import GAME_CLASSES, game_class, hand_features  # noqa: E402
from solver.cards import card_codes  # noqa: E402
from solver.games import Declaration  # noqa: E402
from solver.players.base import PimcPlayer  # noqa: E402
from solver.players.table import make_player  # noqa: E402
from solver.stats import mean_ci  # noqa: E402

#: The played-out P(win) bands of the report.
BANDS = (0.0, 0.2, 0.4, 0.6, 0.8, 1.0 + 1e-9)


def declarations(arena_row: dict, player: str) -> dict[tuple, dict]:
    """The declarations of ``player``'s type in one arena deal, each with the results of the games
    that played it: key (declarer seat, bid, game, discard) -> {"won": [..], "score": [the
    declarer's score ..], "hand": bool}."""
    out: dict[tuple, dict] = {}
    for g in arena_row["games"]:
        d = g.get("declarer")
        if d is None or g["types"][d] != player:
            continue
        hand = "hand" in g["game"].split()
        key = (d, g["bid"], g["game"], g.get("discard"))
        got = out.setdefault(key, {"won": [], "score": [], "hand": hand})
        got["won"].append(bool(g["won"]))
        got["score"].append(g["scores"][d])
    return out


def seated(arena_row: dict, player: str, d: int) -> tuple[PimcPlayer, list[int]]:
    """Seat ``d``'s player of type ``player`` as the arena seated him in one deal (its bid seed,
    the arena's bid worlds: the same advice he bid and declared by), with the deal's cards."""
    dealt, bid_seed = dealt_of(arena_row["seed"], arena_row["deal"])
    p = make_player(player, bid_seed + 10 * d, {"bid_samples": bid_worlds(arena_row)}, bid_seed=bid_seed)
    if not isinstance(p, PimcPlayer):
        raise SystemExit(f"{player!r} does not bid and declare by advice (not a PIMC player): nothing to price")
    return p, dealt


def priced(arena_row: dict, player: str, key: tuple, hand: bool) -> dict:
    """One declaration priced again as its declarer priced it: its played-out P(win) at the bid,
    its double-dummy rate and worlds; what his bid advice on his ten cards expected to score at
    that bid (``bid_expected``: its best declaration's expected score, ``bid_game`` that
    declaration), whether the advice recommends what the arena saw, and the
    ten cards the game is played with and their features (:func:`~solver.calibration.hand_features`,
    as the play model reads them: rows a model could be fitted on)."""
    d, bid, game, discard = key
    p, dealt = seated(arena_row, player, d)
    bid_ev = p.bid_advice(dealt[d], d)
    at_bid = max(bid_ev.declarations, key=lambda x: x.expected_score(bid))
    if hand:
        # the player's own choice (choose_hand), not a copy of it; priced: the game the arena played
        chosen = p.choose_hand(dealt[d], d, bid)
        same = chosen is not None and chosen.name == game
        hands = [x for x in bid_ev.declarations if x.declaration.hand]
        r = next((x for x in hands if x.declaration.name == game), max(hands, key=lambda x: p.choice_value(x, bid)))
    else:
        ev = p.declaration_advice(dealt[d] | dealt[3], d, bid)
        r = ev.recommended
        same = r.declaration.name == game and (discard is None or " ".join(card_codes(r.discard)) == discard)
    kept = dealt[d] if hand else (dealt[d] | dealt[3]) & ~r.discard
    return {"p_win": r.p_win(bid), "p_win_dd": r.p_win_dd(bid), "worlds": int(r.samples), "same": same,
            "recommended": r.declaration.name, "bid_expected": at_bid.expected_score(bid),
            "bid_game": at_bid.declaration.name, "kept": " ".join(card_codes(kept)),
            "features": hand_features(kept, d, r.declaration, r.p_win_dd(bid), int(r.samples))}


def run(arena: Path, player: str, out: Path) -> None:
    done = set()
    if out.exists():
        done = {(r["seed"], r["deal"]) for r in map(json.loads, filter(str.strip, out.read_text().splitlines()))}
    rows = [json.loads(x) for x in arena.read_text().splitlines() if x.strip()]
    todo = [r for r in rows if "games" in r and (r["seed"], r["deal"]) not in done]
    t0 = time.perf_counter()
    with out.open("a") as f:
        for i, row in enumerate(todo):
            for key, v in declarations(row, player).items():
                got = priced(row, player, key, v["hand"])
                d, bid, game, discard = key
                f.write(json.dumps({"seed": row["seed"], "deal": row["deal"], "player": player, "declarer": d,
                                    "bid": bid, "game": game, "discard": discard, "hand": v["hand"],
                                    "won": v["won"], "score": v["score"], **got}) + "\n")
            f.flush()
            if (i + 1) % 20 == 0:
                print(f"{i + 1}/{len(todo)} deals, {time.perf_counter() - t0:.0f} s", file=sys.stderr)


def calibration_line(name: str, rows: list[dict]) -> str:
    """One class's line: declarations, games, mean P(win), share won, calibration in the large
    (95% over the declarations) for the played-out P(win) and the double-dummy rate, Brier."""
    if not rows:
        return f"{name:<30} {0:>6}"
    won = np.array([np.mean(r["won"]) for r in rows])
    pred = np.array([r["p_win"] for r in rows])
    dd = np.array([r["p_win_dd"] for r in rows])
    games = sum(len(r["won"]) for r in rows)
    c, lo, hi = mean_ci(pred - won)
    cd, lod, hid = mean_ci(dd - won)
    brier = float(np.mean((pred - won) ** 2))
    return (f"{name:<30} {len(rows):>6} {games:>6}  {pred.mean():.3f}  {won.mean():.3f}   "
            f"{c:+.3f} ({lo:+.3f} ... {hi:+.3f})   {cd:+.3f} ({lod:+.3f} ... {hid:+.3f})  {brier:.3f}")


def report(out: Path) -> str:
    rows = [json.loads(x) for x in out.read_text().splitlines() if x.strip()]
    same = [r for r in rows if r["same"]]
    lines = [f"{len(rows)} declarations of {rows[0]['player'] if rows else '-'} in "
             f"{len({(r['seed'], r['deal']) for r in rows})} arena deals; {len(rows) - len(same)} priced again "
             f"to another game than the arena's (left out)",
             f"{'class':<30} {'decl.':>6} {'games':>6}  P(win) won    played-out P(win) - won       "
             f"double-dummy rate - won       Brier"]
    by: dict[str, list[dict]] = defaultdict(list)
    for r in same:
        cls = game_class(Declaration.from_name(r["game"]))
        by[f"{cls}, {'Hand' if r['hand'] else 'after the pick-up'}"].append(r)
        by[cls].append(r)
    for cls in GAME_CLASSES:
        for name in (f"{cls}, Hand", f"{cls}, after the pick-up", cls):
            lines.append(calibration_line(name, by[name]))
    lines.append(calibration_line("all", same))
    lines.append("played-out P(win) in bands, all classes:")
    for lo, hi in zip(BANDS, BANDS[1:]):
        lines.append(calibration_line(f"  {lo:.1f} ... {min(hi, 1.0):.1f}", [r for r in same if lo <= r["p_win"] < hi]))
    lines.append("(one row a declaration: the share of its one to three games won; the interval is over the "
                 "declarations)")
    lines += ["", "what the bid advice on the ten cards expected to score at the bid it was held to (its best "
              "declaration there), against the declarer's score played (Seeger-Fabian, his own):",
              f"{'bid advice best declaration':<44} {'decl.':>6}  expected   played   expected - played (95%)"]
    by_bid: dict[str, list[dict]] = defaultdict(list)
    for r in rows:
        if "bid_expected" in r:
            b = Declaration.from_name(r["bid_game"])
            by_bid[f"{game_class(b)}, {'Hand' if b.hand else 'pick-up'}"].append(r)
    # a pick-up's split by the game declared after it: which one is a choice made on the skat, so
    # the two parts are not the bid advice's errors; their sum is
    names = [n for k in sorted(by_bid) for n in
             ((k, f"{k}: the same game declared", f"{k}: another game declared") if k.endswith("pick-up") else (k,))]
    for name in names + ["all"]:
        key, _, which = name.partition(": ")
        got = [r for r in rows if "bid_expected" in r] if name == "all" else by_bid[key]
        if which:
            got = [r for r in got if (r["game"] == r["bid_game"]) == which.startswith("the same")]
        if got:
            e = np.array([r["bid_expected"] for r in got])
            played = np.array([np.mean(r["score"]) for r in got])
            c, lo, hi = mean_ci(e - played, digits=1)
            lines.append(f"{name:<44} {len(got):>6}  {e.mean():8.1f} {played.mean():8.1f}   "
                         f"{c:+.1f} ({lo:+.1f} ... {hi:+.1f})")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--arena", type=Path, help="an arena run's JSONL (benchmarks/bench_best.py --out)")
    ap.add_argument("--player", default="best", help="the type whose declarations are priced")
    ap.add_argument("--out", type=Path, required=True, help="JSONL of every declaration; resumed")
    ap.add_argument("--report", action="store_true", help="only report what --out holds")
    a = ap.parse_args(argv)
    if not a.report:
        if a.arena is None:
            ap.error("--arena is needed unless --report")
        run(a.arena, a.player, a.out)
    print(report(a.out))


if __name__ == "__main__":
    main()
