"""Auction-aware advice against games played out: is P(win) calibrated, with and without the auction?

    python benchmarks/bench_auction_calibration.py --deals 600 --workers 2     (resumable; about 6 s a deal)
    python benchmarks/bench_auction_calibration.py --report                    (the table, from --out)

Deal k (``--seed`` S, held out: the play model was fitted on seed 1 and checked on 99) is dealt
from ``default_rng([S, k])`` and played at the table by three ``best`` players, auction
included.  For every game won in the auction (not passed in), the declarer's advice for the
game he declared is asked as he knew it when he declared (:func:`solver.advice.hands.evaluate_declarer`:
his ten cards for a Hand game, his twelve after the pick-up), once with the auction as it went
(the worlds weighted by how likely the others' calls are) and once without; the row keeps both
P(win) at the bid, whether he won, and the highest value an opponent of his bid or held.

The report: per slice (all games; an opponent held to 24 or more; to 30 or more) the number of
games, the share won, and for each advice the mean P(win) minus the share won (calibration in
the large) with its 95% interval, and the Brier score.  Rows are appended as deals finish, so a
rerun goes on where the last one stopped.
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import sys
import time
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from solver.calibration import default_model, game_class  # noqa: E402
from solver.cards import card_codes  # noqa: E402
from solver.advice import evaluate_declarer  # noqa: E402
from solver.inference import auction_facts  # noqa: E402
from solver.players.arena import make_player  # noqa: E402
from solver.players.table import TableOptions, play_deal, shuffle  # noqa: E402
from solver.pool import imap_unordered  # noqa: E402
from solver.stats import mean_ci  # noqa: E402

OUT = ROOT / "benchmarks" / "results" / "auction_calibration.jsonl"
SLICES = (("all games", 0), ("an opponent held to >= 24", 24), ("an opponent held to >= 30", 30))


def one_deal(args: tuple[int, int, int]) -> dict:
    k, seed, samples = args
    t = time.perf_counter()
    players = [make_player("best", seed + 1000 * k + i, scoring="simple") for i in range(3)]
    r = play_deal(players, shuffle(np.random.default_rng([seed, k])), TableOptions())
    row: dict = {"k": k, "seed": seed}
    if r.passed or r.is_ramsch:
        return {**row, "passed": True, "seconds": round(time.perf_counter() - t, 2)}
    deal = r.deal
    d, bid = deal.declarer, deal.bid
    opponents = [v for seat, v in auction_facts(r.auction).bid.items() if seat != d]
    with_auction = evaluate_declarer(deal, declared_only=True, samples=samples, seed=k)
    bare = dataclasses.replace(deal, extra={**deal.extra, "auction": []})
    without = evaluate_declarer(bare, declared_only=True, samples=samples, seed=k)
    model = default_model()
    if not deal.declaration.hand:
        # after the pick-up: the kept cards and the discard, and the bare advice on the same
        # worlds priced as the advice did before the declare models (a paired comparison)
        row.update(pickup=True, kept=card_codes(deal.hands[d]), discard=card_codes(deal.skat),
                   p_without_bid_models=without.calibrated_with(model.without_declare()).recommended.p_win(bid))
    return {**row, "declare_models": model.prices_declare, "class": game_class(deal.declaration),
            "passed": False, "declarer": "FMR"[d], "game": deal.declaration.name, "bid": bid,
            "opponent_max": max(opponents, default=0), "auction": r.auction and [f"{s}:{c}" for s, c in r.auction],
            "auction_used": bool(with_auction.auction),
            "p_with": with_auction.recommended.p_win(bid), "p_without": without.recommended.p_win(bid),
            "won": bool(r.result["won"]), "seconds": round(time.perf_counter() - t, 2)}


def run(args) -> None:
    out = Path(args.out)
    done = set()
    if out.exists():
        done = {(r["seed"], r["k"]) for r in map(json.loads, out.read_text().splitlines()) if r}
    todo = [(k, args.seed, args.samples) for k in range(args.deals) if (args.seed, k) not in done]
    t = time.perf_counter()
    with out.open("a") as f:
        for i, (_, row) in enumerate(imap_unordered(one_deal, todo, args.workers), 1):
            f.write(json.dumps(row) + "\n")
            f.flush()
            if i % 10 == 0 or i == len(todo):
                print(f"{i}/{len(todo)} deals, {time.perf_counter() - t:.0f} s", file=sys.stderr)


def _cell(p: np.ndarray, won: np.ndarray) -> str:
    """Calibration in the large (mean P(win) minus the share won, 95% interval) and the Brier score."""
    m, lo, hi = mean_ci(p - won)
    return f"{m:+.3f} ({lo:+.3f} ... {hi:+.3f}) B {float(np.mean((p - won) ** 2)):.3f}"


def _group(rows: list[dict]) -> str:
    """Which play model priced a row's pick-up game: rows written before the ``declare`` models
    existed priced the kept cards with the models of ten cards before the pick-up."""
    return "declare models" if rows[0].get("declare_models") else "bid models on the kept cards"


def report(args) -> None:
    every = [json.loads(line) for line in Path(args.out).read_text().splitlines() if line.strip()]
    deals = len({(r["seed"], r["k"]) for r in every})
    secs = sum(r["seconds"] for r in every)
    print(f"{deals} deals played by three `best` players ({secs / 3600:.1f} h of one core); P(win) at the bid "
          f"against the game's result")
    games = [r for r in every if not r["passed"]]
    groups = [[r for r in games if not r.get("declare_models")], [r for r in games if r.get("declare_models")]]
    for rows in (g for g in groups if g):
        print(f"\n{len(rows)} games declared, pick-up games priced by the {_group(rows)}")
        print(f"{'slice':28} {'games':>5} {'won':>6}   {'with the auction':>32}   {'without':>32}")
        for name, at in SLICES:
            sel = [r for r in rows if r["opponent_max"] >= at]
            if not sel:
                continue
            won = np.array([r["won"] for r in sel], dtype=float)
            cells = [_cell(np.array([r[key] for r in sel]), won) for key in ("p_with", "p_without")]
            print(f"{name:28} {len(sel):5d} {won.mean():6.3f}   {cells[0]:>32}   {cells[1]:>32}")
        used = sum(r["auction_used"] for r in rows)
        print(f"(calibration in the large: mean P(win) minus the share won, 95% interval; B: Brier score; "
              f"the auction weighted the worlds in {used} of {len(rows)} games)")
    _by_game(games)


def _by_game(games: list[dict]) -> None:
    """The bare advice (no auction) per game class, Hand and after the pick-up; where the rows
    hold it, the pick-up game priced both ways on the same worlds (``declare`` models against the
    bid models on the kept cards)."""
    new = [r for r in games if r.get("declare_models")]
    if not new:
        return
    print(f"\nby game, the advice without the auction ({len(new)} games priced with the declare models)")
    print(f"{'game':24} {'games':>5} {'won':>6}   {'the shipped models':>32}   {'bid models on the kept cards':>32}")
    for stage in ("after the pick-up", "Hand", "either"):
        for cls in ("suit", "grand", "null", "all") if stage != "either" else ("grand", "all"):
            sel = [r for r in new if stage == "either" or r.get("pickup", False) == (stage != "Hand")
                   if cls in ("all", r["class"])]
            if len(sel) < 2:
                continue
            won = np.array([r["won"] for r in sel], dtype=float)
            # a Hand game is priced the same either way
            old = _cell(np.array([r.get("p_without_bid_models", r["p_without"]) for r in sel]), won) \
                if stage != "Hand" else "(the same)"
            print(f"{cls + ', ' + stage:24} {len(sel):5d} {won.mean():6.3f}   "
                  f"{_cell(np.array([r['p_without'] for r in sel]), won):>32}   {old:>32}")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--deals", type=int, default=600)
    ap.add_argument("--seed", type=int, default=2027, help="held out: not the play model's seeds (1, 99)")
    ap.add_argument("--samples", type=int, default=64, help="worlds a game's advice may draw")
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--out", default=str(OUT))
    ap.add_argument("--report", action="store_true", help="print the table from --out and stop")
    args = ap.parse_args()
    if not args.report:
        run(args)
    report(args)


if __name__ == "__main__":
    main()
