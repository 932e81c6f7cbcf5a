"""Self-play statistics for play-calibrated bid advice: deal, choose the game, play it out.

    python benchmarks/selfplay_stats.py --hands 10000 --workers 2          (resumable; hours)
    python benchmarks/selfplay_stats.py --hands 10000 --scheduler tcp://host:8786   (a Dask cluster)
    python benchmarks/selfplay_stats.py --fit                              (retrain solver/data/bid_model.json)

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
evaluator's second and third choices (with their features and their score
means over the won and the lost worlds), to measure how often the
recommended game is the one that scores best; the training hands' second and
third choices are fitted on too (the advice prices declarations it does not
choose).  Hands are written as they finish, on ``--workers`` local
processes or a Dask cluster (``--scheduler``); a hand that raises is
written with its error and tried again on the next run.

``--fit`` fits :class:`solver.calibration.PlayModel` on the hands with a
seed other than the held-out ``--holdout-seed``
(:func:`solver.calibration.training_rows`) and writes ``--model`` with the
players, seeds, hand counts and date that produced it.

``--evaluate`` scores the model on the held-out hands (``--seed`` of those
runs = ``--holdout-seed``, never fitted on): Brier score, calibration in the
large (mean predicted minus mean won) and a reliability table for (a) the
model's played-out ``p_win``, (b) the double-dummy ``p_win_dd``, (c) the club
point count (Stegen) turned into a probability by the win rate per count on
the training hands; the same per game class (suit, Grand, Null); the
advice's Schneider chance (played-out P(win) times the model's P(Schneider |
won)) and the double-dummy Schneider rate against played-out Schneider; and, on the hands
that also played the evaluator's second and third choices, how often the
recommended game scored best of the three; last, a diagnostic on the
training hands for ``skat declare`` (the model priced on the ten cards kept
after the pick-up, which it was not fitted on, against those games' results).

    python benchmarks/selfplay_stats.py --hands 2000 --seed 99 --workers 2   (the held-out hands)
    python benchmarks/selfplay_stats.py --seed 99 --precise 2000 --workers 2    (the same, at the advice's precision)
    python benchmarks/selfplay_stats.py --evaluate

The self-play rows hold the rates of sixteen worlds, on which the evaluator
chose the declaration (the best of many on few worlds looks better than it
is); ``--precise N`` re-evaluates N held-out hands' declarations as
``skat bid`` does at its default precision, and ``--evaluate`` then scores
the advice on those rates too: the advice as a user gets it.
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

from solver.calibration import (DESIGNED_HOLDOUT_SEED, HOLDOUT_SEED, PlayModel, after_pickup_row, game_class,  # noqa: E402
                                hand_features, rate_logit,
                                row_features, row_schneider_share, row_worlds, training_rows)
from solver.cards import card_codes, parse_cards  # noqa: E402
from solver.stats import mean_ci  # noqa: E402
from solver.deal import Deal, score_deal  # noqa: E402
from solver.advice import evaluate_declare, evaluate_hand  # noqa: E402
from solver.games import NULL, SEATS, Declaration  # noqa: E402
from solver.players.arena import make_player  # noqa: E402
from solver.players.table import play_out, shuffle  # noqa: E402
from solver.pool import imap_unordered  # noqa: E402

OUT = ROOT / "data" / "selfplay" / "hands.jsonl"
#: Beside ``--out``: held-out hands' declarations re-evaluated at the advice's precision (``--precise``).
PRECISE = "precise.jsonl"
MODEL = ROOT / "solver" / "data" / "bid_model.json"
DESIGNED = ROOT / "data" / "selfplay" / "designed.jsonl"


def _play(dealt: list[int], seat: int, r, players: list[str], seed: int, samples: int) -> dict:
    """Play one candidate declaration ``r`` (a DeclarationResult) of the hand in ``seat``."""
    hands = list(dealt[:3])
    decl = r.declaration
    skat = dealt[3]
    declare = None
    if not decl.hand:
        twelve = hands[seat] | skat
        ev = evaluate_declare(twelve, seat, 18, samples=samples // 2, first_batch=samples // 2, seed=seed,
                              workers=1, precision=0.2, discards_per_game=2, model=None, contenders=None)
        # the declaration stays the one chosen from ten cards: only the discard is picked here
        same = [c for c in ev.declarations if c.declaration.game == decl.game and c.declaration.ouvert == decl.ouvert]
        best = max(same, key=lambda c: c.expected_score(18)) if same else ev.recommended
        assert best.discard is not None             # (a declaration after the pick-up has its discard)
        skat = best.discard
        hands[seat] = twelve & ~skat
        decl = best.declaration
        # what ``skat declare`` sees after the pick-up (the ten cards kept, the skat known): rows
        # for a model of the declaration made after the pick-up
        declare = _describe(best, hands[seat], seat)
    deal = Deal(hands, skat, seat, decl, [], None)
    seats = [make_player(p, seed + 7 * i) for i, p in enumerate(players)]
    play_out(deal, seats)
    res, st = score_deal(deal)
    out = {"game": decl.name, "won": bool(res.won), "declarer_points": st.declarer_points,
           "schneider": bool(res.schneider), "schwarz": bool(res.schwarz), "score": res.score}
    return dict(out, declare=declare) if declare else out


def _describe(r, cards: int, seat: int) -> dict:
    """What the evaluator says of one declaration (a DeclarationResult, double-dummy): its class,
    win rate, features, expected score at 18 and that score's mean over the won and over the lost
    worlds (a play model's expected score is p x the one + (1 - p) x the other)."""
    s = r.scores_at(18).astype(float)
    won = r.wins_at(18)
    return {"class": game_class(r.declaration), "p_win_dd": round(r.p_win(18), 4),
            "p_schneider_dd": round(r.p_schneider_dd(18), 4),
            "expected_score_dd": round(r.expected_score(18), 2),
            "score_won_dd": round(float(s[won].mean()), 2) if won.any() else None,
            "score_lost_dd": round(float(s[~won].mean()), 2) if (~won).any() else None,
            "features": {f: round(v, 4) for f, v in hand_features(cards, seat, r.declaration, r.p_win(18)).items()}}


def guarded(fn, args) -> dict:
    """``fn(args)``, a row; a row that raises is written with its ``error`` (never fitted on, tried
    again on the next run) and the run goes on.  ``args`` start with the row's k and seed."""
    try:
        return fn(args)
    except Exception as e:                       # noqa: BLE001 - the row says what went wrong
        import traceback
        return {"k": args[0], "seed": args[1], "error": f"{type(e).__name__}: {e}",
                "traceback": traceback.format_exc(limit=-3), "won": None, "played": None}


def one_hand(args) -> dict:
    """One hand's row (:func:`guarded`)."""
    return guarded(_one_hand, args)


def hand_deal(k: int, seed: int) -> tuple[list[int], int]:
    """Hand k's deal and the seat whose hand is played."""
    return shuffle(np.random.default_rng([seed, k])), k % 3


def _one_hand(args) -> dict:
    k, seed, players, samples, top3, min_dd = args
    t0 = time.perf_counter()
    dealt, seat = hand_deal(k, seed)
    ev = evaluate_hand(dealt[seat], seat, samples=samples, first_batch=samples, seed=seed * 100003 + k,
                       workers=1, precision=0.2, model=None, contenders=None)
    ranked = ev.ranked()
    r = ranked[0]
    row = {"k": k, "seed": seed, "seat": SEATS[seat], "cards": card_codes(dealt[seat]),
           "skat": card_codes(dealt[3]), "declaration": r.declaration.name, **_describe(r, dealt[seat], seat),
           "players": players}
    if r.p_win(18) < min_dd:                      # nobody bids it: not played, never fitted
        row.update(won=None, played=None, seconds=round(time.perf_counter() - t0, 2))
        return row
    out = _play(dealt, seat, r, players, seed * 7919 + k, samples)
    row.update(won=out["won"], played=out)
    if top3 and k % top3 == 0:
        # the second and third choices carry their features too: played out, they are training
        # rows for declarations the evaluator did not choose (the advice prices those as well)
        row["top3"] = [dict(_play(dealt, seat, c, players, seed * 7919 + k, samples),
                            declaration=c.declaration.name, **_describe(c, dealt[seat], seat))
                       for c in ranked[:3]]
    row["seconds"] = round(time.perf_counter() - t0, 2)
    return row


def one_precise(args) -> dict:
    """One played hand's declaration evaluated as ``skat bid`` evaluates it (``evaluate_hand``'s
    default precision, on its own worlds): the double-dummy rates a user of the advice sees.
    The self-play row holds sixteen worlds' rates of the declaration that scored best on them,
    an upward-biased choice (the winner's curse) that the advice, with hundreds of worlds, has
    far less of."""
    seed, k, cards, seat, name = args
    try:
        r = evaluate_hand(parse_cards(" ".join(cards)), seat, declarations=[Declaration.from_name(name)],
                          seed=seed * 100003 + k + 50000, workers=1, model=None).declarations[0]
        return {"seed": seed, "k": k, "declaration": name, "p_win_dd": round(r.p_win_dd(18), 4),
                "p_schneider_dd": round(r.p_schneider_dd(18), 4), "worlds": r.samples}
    except Exception as e:                       # noqa: BLE001 - the row says what went wrong
        return {"seed": seed, "k": k, "declaration": name, "error": f"{type(e).__name__}: {e}"}


def precise_order(rows: list[dict], seed: int) -> list[dict]:
    """The played hands of ``seed`` in a seeded random order: any number of them re-evaluated
    (``--precise N``) is a random sample."""
    played = sorted((r for r in rows if r.get("seed") == seed and r.get("played")), key=lambda r: r["k"])
    return [played[i] for i in np.random.default_rng(seed).permutation(len(played))]


def at_precise_rate(row: dict, precise: dict) -> dict:
    """``row`` with the rates and ``dd_logit`` of its declaration's re-evaluation ``precise``."""
    return dict(row, p_win_dd=precise["p_win_dd"], p_schneider_dd=precise["p_schneider_dd"],
                worlds=precise.get("worlds") or row_worlds(row),
                features=dict(row["features"], dd_logit=rate_logit(precise["p_win_dd"],
                                                                   precise.get("worlds") or row_worlds(row))))


BINS = np.linspace(0, 1, 11)


def _ci(x: np.ndarray) -> str:
    """A mean with its 95% interval (normal approximation)."""
    m, low, high = mean_ci(x, digits=None) if len(x) > 1 else (float(x.mean()), float("nan"), float("nan"))
    return f"{m:+.4f} (95% {low:+.4f} ... {high:+.4f})"


def _brier_block(name: str, p: np.ndarray, y: np.ndarray) -> list[str]:
    lines = [f"  {name:28} Brier {np.mean((p - y) ** 2):.4f}   mean predicted {p.mean():.3f}, won {y.mean():.3f}, "
             f"calibration in the large {_ci(p - y)}"]
    idx = np.clip(np.digitize(p, BINS) - 1, 0, 9)
    cells = []
    for b in range(10):
        sel = idx == b
        if sel.any():
            cells.append(f"{BINS[b]:.1f}-{BINS[b + 1]:.1f}: {p[sel].mean():.2f}/{y[sel].mean():.2f} (n {sel.sum()})")
    lines.append("      reliability (predicted/won): " + "; ".join(cells))
    return lines


def _schneider_won(row: dict) -> bool:
    """The played-out outcome the Schneider checks score: won by the declarer with Schneider."""
    return bool(row["played"]["schneider"]) and bool(row["won"])


def _stegen_count(row: dict) -> int:
    from solver.heuristics import null_danger, stegen
    from solver.cards import parse_card_list
    cards = sum(1 << c for c in parse_card_list(row["cards"]))
    g = Declaration.from_name(row["declaration"]).game
    return -null_danger(cards) if g == NULL else int(stegen(cards, g))


def _declare_block(train: list[dict], model: PlayModel) -> list[str]:
    """``skat declare`` prices the ten cards kept after the pick-up with the model's ``declare``
    classes, fitted on the training rows that recorded what the declarer saw after the pick-up
    (``played.declare``, eight worlds with the skat known).  On those rows this is the fit, not a
    held-out measure, printed beside the bid model's classes on the same kept cards (what the
    advice used before); the held-out rows here were written before ``declare`` was recorded, so
    the held-out check is ``benchmarks/bench_declare_calibration.py`` (the auction benchmark's
    held-out deals, re-asked)."""
    got = []
    for r in train:
        d = r["played"].get("declare")
        if not d or not PlayModel.covers(Declaration.from_name(r["played"]["game"])):
            continue
        f = row_features(after_pickup_row(r))
        p = model.p_win(f, d["class"], after_pickup=True)
        q = model.p_win(f, d["class"])
        if p is not None and q is not None:
            got.append((p[0], q[0], d["p_win_dd"], bool(r["won"])))
    if not got:
        return []
    pa, pq, pb, y = (np.array(x, dtype=float) for x in zip(*got))
    return ([f"after the pick-up (skat declare), training hands, in sample: {len(got)} pick-up games "
             f"priced on the ten cards kept"]
            + _brier_block("(a) the declare models (fitted here)", pa, y)
            + _brier_block("(a') the bid models on the kept cards", pq, y)
            + _brier_block("(b) double-dummy, skat known", pb, y))


def evaluate(rows: list[dict], args) -> str:
    """The held-out comparison (see the module docs)."""
    model = PlayModel.load(args.model)
    train = [r for r in rows if r["seed"] != args.holdout_seed and r.get("played")]
    test = [r for r in rows if r["seed"] == args.holdout_seed and r.get("played")]
    if not test:
        return f"no played held-out hands (seed {args.holdout_seed}) in {args.out}"
    # (c): the win rate per (class, count) on the training hands, smoothed towards the class rate
    table: dict = {}
    for r in train:
        key = (r["class"], _stegen_count(r))
        w, n = table.get(key, (0, 0))
        table[key] = (w + bool(r["won"]), n + 1)
    base = {c: np.mean([float(r["won"]) for r in train if r["class"] == c] or [0.5])
            for c in ("suit", "grand", "null")}

    def stegen_p(r):
        w, n = table.get((r["class"], _stegen_count(r)), (0, 0))
        return (w + 2 * base[r["class"]]) / (n + 2)

    def model_p(r):
        # as the advice has it (DeclarationResult.calibrated, PlayModel.covers): where every world
        # or none is won double-dummy, or the model does not cover the game, the double-dummy rate stands
        use = PlayModel.covers(Declaration.from_name(r["declaration"]))
        got = model.p_win(row_features(r), r["class"]) if use else None
        return got[0] if got else r["p_win_dd"]

    def model_es(t):
        # the advice's expected score at 18: the won and the lost worlds' means, weighed by p_win
        if t.get("score_won_dd") is None or t.get("score_lost_dd") is None:
            return t["expected_score_dd"]
        p = model_p(t)
        return p * t["score_won_dd"] + (1 - p) * t["score_lost_dd"]
    # the advice's Schneider (DeclarationResult.p_schneider): P(win) played out times P(Schneider
    # | won), the model's where the model applies, else the won worlds' share
    def q(r):
        share = row_schneider_share(r)
        if share is None:
            return 0.0
        use = (PlayModel.prices_schneider(Declaration.from_name(r["declaration"]), r["p_win_dd"])
               and model.p_win(row_features(r), r["class"]) is not None)
        got = model.p_schneider(row_features(r), share, round(r["p_win_dd"] * row_worlds(r))) if use else None
        return got[0] if got else share
    lines = [f"held-out hands (seed {args.holdout_seed}): {len(test)} played; model {args.model} "
             f"fitted on {model.about.get('hands')}; training hands here {len(train)}"]
    for cls_ in (None, "suit", "grand", "null"):
        sel = [r for r in test if cls_ is None or r["class"] == cls_]
        if not sel:
            continue
        y = np.array([bool(r["won"]) for r in sel], dtype=float)
        pa, pb, pc = (np.array([f(r) for r in sel]) for f in (model_p, lambda r: r["p_win_dd"], stegen_p))
        lines.append(f"{cls_ or 'all games'}: {len(sel)} hands")
        lines += _brier_block("(a) played-out p_win (model)", pa, y)
        lines += _brier_block("(b) double-dummy p_win_dd", pb, y)
        lines += _brier_block("(c) club point count", pc, y)
        lines.append(f"  Brier (a) - (b), paired: {_ci((pa - y) ** 2 - (pb - y) ** 2)}; "
                     f"(a) - (c): {_ci((pa - y) ** 2 - (pc - y) ** 2)}")
    sch = [r for r in test if r["class"] != "null"]
    if sch:
        y = np.array([_schneider_won(r) for r in sch], dtype=float)
        share = np.array([row_schneider_share(r) or 0.0 for r in sch])
        lines.append(f"Schneider won by the declarer (suit and Grand): {len(sch)} hands")
        pa = np.array([model_p(r) * q(r) for r in sch])
        pb = np.array([r["p_schneider_dd"] for r in sch])
        lines += _brier_block("(a) advice (played out)", pa, y)
        lines += _brier_block("    p_win played out, won worlds' share",
                              np.array([model_p(r) for r in sch]) * share, y)
        lines += _brier_block("(b) double-dummy p_schneider", pb, y)
        lines.append(f"  Brier (a) - (b), paired: {_ci((pa - y) ** 2 - (pb - y) ** 2)}")
        won = [r for r in sch if r["won"]]
        yw = np.array([bool(r["played"]["schneider"]) for r in won], dtype=float)
        lines.append(f"  given won: {len(won)} hands")
        lines += _brier_block("(a) P(Schneider | won) model", np.array([q(r) for r in won]), yw)
        lines += _brier_block("(b) won worlds' Schneider share", np.array([row_schneider_share(r) or 0.0
                                                                            for r in won]), yw)
    precise = {(p["seed"], p["k"]): p for p in _read(Path(args.out).with_name(PRECISE)) if "error" not in p}
    both = [(r, precise[r["seed"], r["k"]]) for r in test
            if precise.get((r["seed"], r["k"]), {}).get("declaration") == r["declaration"]]
    if both:
        # the advice as it is used: the model on the rates ``skat bid`` computes for the declaration
        y = np.array([bool(r["won"]) for r, _ in both], dtype=float)
        pa = np.array([model_p(at_precise_rate(r, p)) for r, p in both])
        pa16 = np.array([model_p(r) for r, _ in both])
        pb = np.array([p["p_win_dd"] for _, p in both])
        pc = np.array([stegen_p(r) for r, _ in both])
        worlds = np.mean([p["worlds"] for _, p in both])
        chose = np.mean([r["p_win_dd"] for r, _ in both])
        lines.append(f"at the advice's precision: {len(both)} of these hands"
                     f"{' (a random sample)' if len(both) < len(test) else ''} with their declaration "
                     f"re-evaluated as `skat bid` does it ({worlds:.0f} worlds on average; double-dummy rate "
                     f"{pb.mean():.3f} there, {chose:.3f} on the sixteen worlds that chose the declaration)")
        lines += _brier_block("(a) p_win at that precision", pa, y)
        lines += _brier_block("(a) p_win on sixteen worlds", pa16, y)
        lines += _brier_block("(b) p_win_dd at that precision", pb, y)
        lines += _brier_block("(c) club point count", pc, y)
        lines.append(f"  Brier (a) - (b), paired: {_ci((pa - y) ** 2 - (pb - y) ** 2)}; "
                     f"(a) - (c): {_ci((pa - y) ** 2 - (pc - y) ** 2)}; (a) - (a) on sixteen worlds: "
                     f"{_ci((pa - y) ** 2 - (pa16 - y) ** 2)}")
        trump = [(at_precise_rate(r, p), r) for r, p in both if r["class"] != "null"]
        y = np.array([_schneider_won(r) for _, r in trump], dtype=float)
        lines.append(f"  Schneider won by the declarer at that precision: {len(trump)} trump games")
        lines += _brier_block("(a) advice (played out)", np.array([model_p(t) * q(t) for t, _ in trump]), y)
        lines += _brier_block("(b) double-dummy p_schneider", np.array([t["p_schneider_dd"] for t, _ in trump]), y)
    top = [r for r in test if r.get("top3") and len(r["top3"]) >= 2]
    if top:
        lines.append(f"the top three declarations by double-dummy expected score, each played out "
                     f"({len(top)} held-out hands): how often the recommended one scored best of them")
        best = sum(r["top3"][0]["score"] >= max(t["score"] for t in r["top3"]) for r in top)
        lines.append(f"  double-dummy advice: {best}/{len(top)} = {best / len(top):.2f}")
        full = [r for r in top if all("features" in t for t in r["top3"])]
        if full:
            pick = [max(r["top3"], key=model_es) for r in full]
            best = sum(p["score"] >= max(t["score"] for t in r["top3"]) for p, r in zip(pick, full))
            dd_best = sum(r["top3"][0]["score"] >= max(t["score"] for t in r["top3"]) for r in full)
            gain = _ci(np.array([p["score"] - r["top3"][0]["score"] for p, r in zip(pick, full)], dtype=float))
            lines.append(f"  played-out advice (the model's expected score picks among the three): "
                         f"{best}/{len(full)} = {best / len(full):.2f} (double-dummy on the same hands "
                         f"{dd_best / len(full):.2f}); played score against the double-dummy pick {gain} a hand")
    lines += _declare_block(train, model)
    secs = [r["seconds"] for r in rows if "seconds" in r]
    if secs:
        lines.append(f"self-play cost: {np.mean(secs):.1f} s a hand (one process), {len(rows)} hands in {args.out}")
    return "\n".join(lines)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--hands", type=int, default=10000)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--scheduler", help="a Dask scheduler's address: play the hands on that cluster")
    ap.add_argument("--players", default="best,best,best")
    ap.add_argument("--samples", type=int, default=16, help="the evaluator's worlds per hand")
    ap.add_argument("--top3-every", type=int, default=10)
    ap.add_argument("--min-dd", type=float, default=0.15,
                    help="hands whose best declaration wins fewer double-dummy worlds are written, not played")
    ap.add_argument("--out", default=str(OUT))
    ap.add_argument("--fit", action="store_true", help="fit the model on what --out holds, write --model")
    ap.add_argument("--holdout-seed", type=int, default=HOLDOUT_SEED, help="hands of this seed are never fitted on")
    ap.add_argument("--model", default=str(MODEL))
    ap.add_argument("--designed", default=str(DESIGNED),
                    help="the designed sample's rows (benchmarks/designed_playout.py), fitted on beside --out's "
                         "('' for none)")
    ap.add_argument("--evaluate", action="store_true", help="score the model on the held-out hands")
    ap.add_argument("--precise", type=int, metavar="N",
                    help=f"re-evaluate up to N played hands of --seed at the advice's precision (into {PRECISE} "
                         f"beside --out; resumable) for --evaluate's comparison of the advice as it is used")
    args = ap.parse_args()
    out = Path(args.out)
    rows = _read(out)
    if args.evaluate:
        print(evaluate(rows, args))
        return
    if args.fit:
        # the designed sample's forced declarations (benchmarks/designed_playout.py) beside the
        # chosen ones: the whole range of double-dummy rates, the ends too; its held-out seed apart
        designed = _read(Path(args.designed)) if args.designed else []
        train = training_rows(rows, args.holdout_seed) + training_rows(designed, DESIGNED_HOLDOUT_SEED)
        seeds = sorted({r["seed"] for r in train if "seed" in r})
        players = sorted({",".join(r["players"]) for r in train if "players" in r})
        data = [str(p.relative_to(ROOT) if p.is_relative_to(ROOT) else p)
                for p in [out] + ([Path(args.designed).resolve()] if designed else [])]
        model = PlayModel.fit(train, {"players": players, "seeds": seeds, "date": datetime.date.today().isoformat(),
                                      "data": data})
        model.save(args.model)
        print(f"fitted on {sum(model.about['hands'].values())} of {len(train)} played hands (seeds {seeds}; "
              f"the others declared after the pick-up, {model.about['declare_hands']}, or not covered: suit and "
              f"Grand Ouvert, announced levels): {model.about['hands']}; wrote {args.model}")
        return
    if args.precise is not None:
        path = out.with_name(PRECISE)
        done = {(r["seed"], r["k"]) for r in _read(path) if "error" not in r}
        wanted = precise_order(rows, args.seed)[:args.precise]
        items: list[tuple] = [(r["seed"], r["k"], r["cards"], r["seat"], r["declaration"]) for r in wanted
                              if (r["seed"], r["k"]) not in done]
        _write_as_done(one_precise, items, path, args, len(wanted) - len(items), len(wanted))
        return
    done = {r["k"] for r in rows if r["seed"] == args.seed and "error" not in r}     # failed hands: again
    todo = [k for k in range(args.hands) if k not in done]
    players = args.players.split(",")
    items = [(k, args.seed, players, args.samples, args.top3_every, args.min_dd) for k in todo]  # type: ignore[misc]
    _write_as_done(one_hand, items, out, args, len(done), args.hands)


def _read(path: Path) -> list[dict]:
    return [json.loads(x) for x in path.read_text().splitlines() if x.strip()] if path.exists() else []


def _write_as_done(fn, items: list, path: Path, args, done: int, total: int) -> None:
    """Run ``fn`` on ``items`` (on ``--workers`` processes or the ``--scheduler``'s cluster) and
    append each row to ``path`` as it finishes: a slow hand holds up no other, a stopped run
    loses only the hands in flight."""
    path.parent.mkdir(parents=True, exist_ok=True)
    t0 = time.perf_counter()
    errors = 0
    with path.open("a") as f:
        for i, (_, row) in enumerate(imap_unordered(fn, items, args.workers, scheduler=args.scheduler), 1):
            f.write(json.dumps(row) + "\n")
            f.flush()
            errors += "error" in row
            if i % (4 * args.workers) == 0 or i == len(items):
                el = time.perf_counter() - t0
                print(f"{done + i}/{total} hands, {el:.0f} s, about {el / i * (len(items) - i):.0f} s left"
                      + (f"; {errors} hands failed (their rows say why)" if errors else ""),
                      file=sys.stderr, flush=True)

if __name__ == "__main__":
    main()
