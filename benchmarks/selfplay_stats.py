"""Self-play statistics for play-calibrated bid advice: deal, choose the game, play it out.

    python benchmarks/selfplay_stats.py --hands 10000 --workers 2          (resumable; hours)
    python benchmarks/selfplay_stats.py --fit                              (retrain data/bid_model.json)

Hand k (seed S) is dealt from ``default_rng([S, k])``; the seat is ``k % 3``.
The hand evaluator (``samples`` worlds) picks the declaration with the best
expected score (Hand, or pick-up: then the declarer sees the skat and
``evaluate_declare`` picks discard and game), and three ``--players`` play it
out, each seeing only its own cards.  Every hand is one JSON line in
``--out``: the evaluator's features of the ten cards for that declaration
(:func:`solver.calibration.hand_features`, the double-dummy win and Schneider
rates among them) and the played-out result.  A rerun goes on after the
hands already written.  Hands whose best declaration wins fewer than
``--min-dd`` of the double-dummy worlds (nobody bids them) are written with
their features but not played, and never fitted on.  Every ``--top3-every`` th hand also plays the
evaluator's second and third choices, to measure how often the recommended
game is the one that scores best.

``--fit`` fits :class:`solver.calibration.PlayModel` on the hands with a
seed other than the held-out ``--holdout-seed`` and writes ``--model`` with
the players, seeds, hand counts and date that produced it.
"""

from __future__ import annotations

import argparse
import datetime
import json
import sys
import time
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from solver.calibration import PlayModel, game_class, hand_features  # noqa: E402
from solver.cards import card_list  # noqa: E402
from solver.deal import Deal, score_deal  # noqa: E402
from solver.evaluate import evaluate_declare, evaluate_hand  # noqa: E402
from solver.games import SEATS  # noqa: E402
from solver.players.arena import make_player  # noqa: E402
from solver.players.table import play_out, shuffle  # noqa: E402
from solver.pool import map_processes  # noqa: E402

OUT = ROOT / "data" / "selfplay" / "hands.jsonl"
MODEL = ROOT / "data" / "bid_model.json"


def _play(dealt: list[int], seat: int, r, players: list[str], seed: int, samples: int) -> dict:
    """Play one candidate declaration ``r`` (a DeclarationResult) of the hand in ``seat``."""
    hands = list(dealt[:3])
    decl = r.declaration
    skat = dealt[3]
    if not decl.hand:
        twelve = hands[seat] | skat
        ev = evaluate_declare(twelve, seat, 18, samples=samples // 2, first_batch=samples // 2, seed=seed,
                              workers=1, precision=0.2, discards_per_game=2)
        # the declaration stays the one chosen from ten cards: only the discard is picked here
        same = [c for c in ev.declarations if c.declaration.game == decl.game and c.declaration.ouvert == decl.ouvert]
        best = max(same, key=lambda c: c.expected_score(18)) if same else ev.recommended
        skat = best.discard
        hands[seat] = twelve & ~skat
        decl = best.declaration
    deal = Deal(hands, skat, seat, decl, [], None)
    seats = [make_player(p, seed + 7 * i) for i, p in enumerate(players)]
    play_out(deal, seats)
    res, st = score_deal(deal)
    return {"game": decl.name, "won": bool(res.won), "declarer_points": st.declarer_points,
            "schneider": bool(res.schneider), "schwarz": bool(res.schwarz), "score": res.score}


def one_hand(args) -> dict:
    k, seed, players, samples, top3, min_dd = args
    t0 = time.perf_counter()
    rng = np.random.default_rng([seed, k])
    dealt = shuffle(rng)
    seat = k % 3
    ev = evaluate_hand(dealt[seat], seat, samples=samples, first_batch=samples, seed=seed * 100003 + k,
                       workers=1, precision=0.2)
    ranked = ev.ranked()
    r = ranked[0]
    cls_ = game_class(r.declaration)
    row = {"k": k, "seed": seed, "seat": SEATS[seat], "cards": card_list(dealt[seat]),
           "skat": card_list(dealt[3]), "declaration": r.declaration.name, "class": cls_,
           "p_win_dd": round(r.p_win(18), 4),
           "p_schneider_dd": round(float((r.wins_at(18) & r.schneider).mean()), 4),
           "expected_score_dd": round(r.expected_score(18), 2),
           "features": {f: round(v, 4) for f, v in hand_features(dealt[seat], seat, r.declaration,
                                                                   r.p_win(18)).items()},
           "players": players}
    if r.p_win(18) < min_dd:                      # nobody bids it: not played, never fitted
        row.update(won=None, played=None, seconds=round(time.perf_counter() - t0, 2))
        return row
    out = _play(dealt, seat, r, players, seed * 7919 + k, samples)
    row.update(won=out["won"], played=out)
    if top3 and k % top3 == 0:
        row["top3"] = [dict(_play(dealt, seat, c, players, seed * 7919 + k, samples),
                            declaration=c.declaration.name, expected_score_dd=round(c.expected_score(18), 2))
                       for c in ranked[:3]]
    row["seconds"] = round(time.perf_counter() - t0, 2)
    return row


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--hands", type=int, default=10000)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--players", default="best,best,best")
    ap.add_argument("--samples", type=int, default=16, help="the evaluator's worlds per hand")
    ap.add_argument("--top3-every", type=int, default=10)
    ap.add_argument("--min-dd", type=float, default=0.15,
                    help="hands whose best declaration wins fewer double-dummy worlds are written, not played")
    ap.add_argument("--out", default=str(OUT))
    ap.add_argument("--fit", action="store_true", help="fit the model on what --out holds, write --model")
    ap.add_argument("--holdout-seed", type=int, default=99, help="hands of this seed are never fitted on")
    ap.add_argument("--model", default=str(MODEL))
    args = ap.parse_args()
    out = Path(args.out)
    rows = [json.loads(x) for x in out.read_text().splitlines() if x.strip()] if out.exists() else []
    if args.fit:
        train = [r for r in rows if r["seed"] != args.holdout_seed and r.get("played")]
        seeds = sorted({r["seed"] for r in train})
        model = PlayModel.fit(train, {"players": sorted({",".join(r["players"]) for r in train}), "seeds": seeds,
                                      "date": datetime.date.today().isoformat(),
                                      "data": str(out.relative_to(ROOT) if out.is_relative_to(ROOT) else out)})
        model.save(args.model)
        print(f"fitted on {len(train)} hands (seeds {seeds}): {model.about['hands']}; wrote {args.model}")
        return
    out.parent.mkdir(parents=True, exist_ok=True)
    done = {r["k"] for r in rows if r["seed"] == args.seed}
    todo = [k for k in range(args.hands) if k not in done]
    players = args.players.split(",")
    t0 = time.perf_counter()
    step = 4 * args.workers
    with out.open("a") as f:
        for i in range(0, len(todo), step):
            batch = todo[i:i + step]
            for row in map_processes(one_hand, [(k, args.seed, players, args.samples, args.top3_every, args.min_dd)
                                                for k in batch], args.workers, keep=True):
                f.write(json.dumps(row) + "\n")
            f.flush()
            el = time.perf_counter() - t0
            print(f"{len(done) + i + len(batch)}/{args.hands} hands, {el:.0f} s, about "
                  f"{el / (i + len(batch)) * (len(todo) - i - len(batch)):.0f} s left", file=sys.stderr, flush=True)


if __name__ == "__main__":
    main()
