"""The hand-value model (``solver/handmodel``): its training hands, labels, fit and held-out check.

    python -m benchmarks.fit_hand_model hands --n 20000 --seed 1 --out data/handmodel/train.csv
    python -m benchmarks.fit_hand_model hands --n 150000 --seed 3 --strong --out data/handmodel/strong.csv
    skat bulk labels data/handmodel/train.csv --out data/handmodel/train.parquet   (all cores; --resume)
    python -m benchmarks.fit_hand_model fit data/handmodel/train.parquet            (writes solver/data/hand_model.json)
    python -m benchmarks.fit_hand_model reach data/handmodel/option-*.parquet      (the option's reach, into the model)
    python -m benchmarks.fit_hand_model check data/handmodel/holdout.parquet        (held-out error per class)

Hand k of seed S is dealt from ``default_rng([S, k])`` (:func:`solver.deal.shuffle`); the seat is
``k % 3``.  The labels are ``skat bulk labels``: the bulk bid advice (400 samples, precision 0.05,
the run's ``--seed``) with every declaration's played-out P(win), P(Schneider), expected score and
highest paying bid.  Strong hands (seed 3, :func:`strong`) are labelled besides, so that the
rarer hands where the choice of game is made weigh in the fit.  The held-out hands are seed 99,
never fitted on, random as the training hands of seed 1.
"""

from __future__ import annotations

import argparse
import csv
import sys
from pathlib import Path

import dataclasses
import datetime
import json

import numpy as np
import pyarrow.parquet as pq

from solver.cards import card_codes, parse_cards, popcount
from solver.deal import shuffle
from solver.games import SEATS
from solver.handmodel.features import DECLARATIONS, FAMILIES, family, features
from solver.handmodel.model import (GAME_AGREEMENT, MODEL_RESOURCE, REACH_CHOICES, VERDICT_AGREEMENT, Z_CHOICES,
                                    HandModel)
from solver.handmodel.network import OUTPUTS, Network

ROOT = Path(__file__).resolve().parent.parent
MODEL_PATH = ROOT / "solver" / "data" / MODEL_RESOURCE
LABELS = ROOT / "data" / "handmodel"

#: The share of the training hands held back to measure the model's residual error (its
#: ``sigma``) and to choose its settling margin: the last hands by id of each seed.
VALIDATION = 0.1

#: The advice's P(win) is itself sampled: on a hand it settled in 16 or 48 worlds (most passes)
#: its own error is larger than the model's goal, so the model's P(win) error is also given
#: where the advice sampled its recommended declaration on this many worlds or more.
PRECISE = 100

#: The seed of the random training hands (the strong ones are seed 3, the held-out ones 99).
RANDOM_SEED = 1

#: The expected score's ``sigma`` is measured on validation labels within this many points of
#: zero, where the model's verdict is decided (far from it, a larger error changes no verdict).
NEAR = 30.0


def strong(cards: int) -> bool:
    """A hand someone might play: two jacks or more and four aces and tens or more (about one
    random hand in 23), the hands where the choice of game is made."""
    aces_tens = sum((cards >> (7 * s + r)) & 1 for s in range(4) for r in (5, 6))
    return popcount(cards >> 28) >= 2 and aces_tens >= 4


def training_hands(n: int, seed: int, start: int = 0, only_strong: bool = False) -> list[dict]:
    """Hands ``start`` .. ``start + n - 1`` of ``seed``: ``{"id", "cards", "seat"}``; with
    ``only_strong``, those of them that are :func:`strong`."""
    out = []
    for k in range(start, start + n):
        seat = k % 3
        hand = shuffle(np.random.default_rng([seed, k]))[seat]
        if only_strong and not strong(hand):
            continue
        out.append({"id": f"s{seed}-{k}", "cards": " ".join(card_codes(hand)), "seat": SEATS[seat]})
    return out


def write_hands(args: argparse.Namespace) -> None:
    rows = training_hands(args.n, args.seed, args.start, args.strong)
    with open(args.out, "w", newline="") as fh:
        w = csv.DictWriter(fh, fieldnames=["id", "cards", "seat"])
        w.writeheader()
        w.writerows(rows)
    print(f"{len(rows)} hands of seed {args.seed} -> {args.out}", file=sys.stderr)


def read_labels(paths: list[Path]) -> list[dict]:
    """The label rows of ``skat bulk labels`` files, in the order of their ids."""
    rows: list[dict] = []
    for p in paths:
        rows.extend(pq.read_table(p).to_pylist())
    return sorted(rows, key=lambda r: (r["id"].split("-")[0], int(r["id"].split("-")[1])))


def family_data(rows: list[dict], fam: str) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """(x, y, weight, below) of one family: a row per hand and declaration of the family.  A
    declaration the advice did not sample has no labels, only the bound that its expected score
    lies below the recommended one's."""
    xs, ys, ws, below = [], [], [], []
    for r in rows:
        cards, seat = parse_cards(r["cards"]), SEATS.index(r["seat"])
        top = max(r[f"{k}_expected_score"] for k in DECLARATIONS if r[f"{k}_samples"])
        for k in DECLARATIONS:
            if family(k) != fam:
                continue
            n = r[f"{k}_samples"]
            xs.append(features(cards, seat, k))
            if n:
                ys.append([r[f"{k}_{o}"] for o in OUTPUTS])
                ws.append(min(n, 96) / 96)
                below.append(np.nan)
            else:
                ys.append([np.nan] * len(OUTPUTS))
                ws.append(0.5)
                below.append(top)
    return np.array(xs), np.array(ys, dtype=float), np.array(ws), np.array(below)


def fit(args: argparse.Namespace) -> None:
    paths = sorted(args.labels) or sorted(LABELS.glob("train-*.parquet")) + sorted(LABELS.glob("strong-*.parquet"))
    rows = read_labels(paths)
    train, valid = [], []
    for seed in sorted({r["id"].split("-")[0] for r in rows}):      # the last tenth of each seed's hands
        mine = [r for r in rows if r["id"].split("-")[0] == seed]
        cut = int(len(mine) * (1 - VALIDATION))
        train += mine[:cut]
        valid += mine[cut:]
    nets, sigma = {}, {}
    for fam in FAMILIES:
        x, y, w, below = family_data(train, fam)
        net = Network.fit(x, y, w, below=below, hidden=args.hidden, epochs=args.epochs, seed=args.seed)
        vx, vy, _, _ = family_data(valid, fam)
        p = net.predict(vx)
        sigma[fam] = {o: round(float(np.sqrt(np.nanmean((p[:, j] - vy[:, j]) ** 2))), 4)
                      for j, o in enumerate(OUTPUTS)}
        # the expected score's error where the verdict is decided: labels within NEAR of zero
        es = OUTPUTS.index("expected_score")
        near = np.abs(vy[:, es]) <= NEAR
        if near.any():
            sigma[fam]["expected_score"] = round(float(np.sqrt(np.mean((p[near, es] - vy[near, es]) ** 2))), 4)
        nets[fam] = net
        print(f"{fam:6} {len(x):6} rows; validation RMSE " + ", ".join(f"{o} {v}" for o, v in sigma[fam].items()),
              file=sys.stderr)
    # the settling margin: the smallest that keeps the settled verdicts and games as the advice's on
    # the validation hands (chosen there, never on the held-out ones)
    trial = HandModel(nets, sigma, {})
    random_valid = [r for r in valid if r["id"].startswith(f"s{RANDOM_SEED}-")] or valid    # (the hands bulk meets)
    def good(z: float) -> bool:
        a = agreement(random_valid, trial, z)
        return (a["verdict_agrees"] or 0) >= VERDICT_AGREEMENT and (a["game_agrees"] or 0) >= GAME_AGREEMENT
    z = next((c for c in Z_CHOICES if good(c)), Z_CHOICES[-1])
    print(f"settling margin z = {z}", file=sys.stderr)
    # the final networks are fitted on every training hand (the validation rows measured the error)
    for fam in FAMILIES:
        x, y, w, below = family_data(rows, fam)
        nets[fam] = Network.fit(x, y, w, below=below, hidden=args.hidden, epochs=args.epochs, seed=args.seed)
    about = {"labels": "skat bulk labels (400 samples, precision 0.05, --seed 1)",
             "hands": len(rows), "hand_seeds": sorted({r["id"].split("-")[0] for r in rows}),
             "files": [str(p.relative_to(ROOT)) if p.is_relative_to(ROOT) else str(p) for p in paths],
             "validation": f"the last {VALIDATION:.0%} of each seed's hands by id ({len(valid)}), for sigma and z",
             "hidden": args.hidden, "epochs": args.epochs, "fit_seed": args.seed,
             "date": datetime.date.today().isoformat()}
    about["z"] = f"{z}: the smallest of {list(Z_CHOICES)} with settled verdicts {VERDICT_AGREEMENT:.0%} and games " \
                 f"{GAME_AGREEMENT:.0%} as the advice's on the validation hands"
    model = HandModel(nets, sigma, about, z)
    args.model.write_text(json.dumps(model.to_json(), separators=(",", ":")) + "\n")
    print(f"{len(rows)} hands -> {args.model} (its option_reach is the default {model.option_reach}: choose it "
          f"with python -m benchmarks.fit_hand_model reach)", file=sys.stderr)


def choose_reach(rows: list[dict], model: HandModel) -> tuple[float, list[dict]]:
    """The pick-up option's reach (:data:`~solver.handmodel.model.REACH_CHOICES`): the smallest whose
    settled verdicts agree with the advice's (the labels' verdict, which the option turns) as the
    settling margin's must, on ``rows``: labels written with the option, of hands the model was not
    fitted on; and every reach's agreement."""
    before = [r["id"] for r in rows if r.get("verdict_basis") is None]
    if before:
        raise SystemExit(f"{len(before)} label rows (first {before[0]}) were written before the advice priced the "
                         f"pick-up's option (no verdict_basis): label them again with skat bulk labels")
    tried = []
    for reach in REACH_CHOICES:
        a = agreement(rows, dataclasses.replace(model, option_reach=reach), model.z)
        tried.append({"option_reach": reach, **{k: a[k] for k in ("settled", "verdict_agrees", "game_agrees")}})
    good = [t["option_reach"] for t in tried
            if (t["verdict_agrees"] or 0) >= VERDICT_AGREEMENT and (t["game_agrees"] or 0) >= GAME_AGREEMENT]
    return (min(good) if good else REACH_CHOICES[-1]), tried


def reach(args: argparse.Namespace) -> None:
    model = HandModel.from_json(json.loads(args.model.read_text()))
    paths = sorted(args.labels) or sorted(LABELS.glob("option-*.parquet"))
    rows = read_labels(paths)
    chosen, tried = choose_reach(rows, model)
    for t in tried:
        print(json.dumps(t), file=sys.stderr)
    model.option_reach = chosen
    model.about["option_reach"] = (
        f"{chosen}: the smallest of {list(REACH_CHOICES)} with settled verdicts {VERDICT_AGREEMENT:.0%} as the "
        f"advice's (the pick-up's option priced) on {len(rows)} fresh hands not fitted on "
        f"({', '.join(p.name for p in paths)})")
    args.model.write_text(json.dumps(model.to_json(), separators=(",", ":")) + "\n")
    print(f"option_reach = {chosen} -> {args.model}", file=sys.stderr)


def agreement(rows: list[dict], model: HandModel, z: float) -> dict:
    """The model against the labels (the bulk advice) on ``rows``: the share it settles, and on
    those its verdict, game and safe bid against the advice's (the safe bid where the advice's
    answer rests on a single game, not on the pick-up's option); its P(win) and expected score of
    the advice's recommended declaration against the advice's, on every hand."""
    est = model.estimate([(parse_cards(r["cards"]), SEATS.index(r["seat"]), r["bid"]) for r in rows], z=z)
    settled = [(r, e) for r, e in zip(rows, est) if e.settled]
    clear = [(r, e) for r, e in settled if r["verdict"] != "borderline"]
    bids = [(r, e) for r, e in clear if r["verdict"] == "bid" and e.verdict == "bid"]
    same = [(r, e) for r, e in bids if r["recommended"] == e.recommended]
    single = [(r, e) for r, e in same if r.get("verdict_basis") != "pickup"]
    # where the option answers, the advice bids up to its price (labels written since 2026-12-08)
    on_option = [(r, e) for r, e in same if r.get("verdict_basis") == "pickup" and r.get("pickup_up_to") is not None]
    perr = [abs(e.declarations[r["recommended"]].p_win - r[f"{r['recommended']}_p_win"]) for r, e in zip(rows, est)]
    # where the advice itself is precise: its recommended declaration sampled on PRECISE worlds or more
    precise = [x for x, r in zip(perr, rows) if (r[f"{r['recommended']}_samples"] or 0) >= PRECISE]
    eerr = [abs(e.declarations[r["recommended"]].expected_score - r["expected_score"]) for r, e in zip(rows, est)]
    share = lambda part, whole: round(len(part) / len(whole), 4) if whole else None  # noqa: E731
    # --model-only: the model answers every hand, borderline within its error of zero
    neither = [(r, e) for r, e in zip(rows, est) if r["verdict"] != "borderline" and e.verdict != "borderline"]
    only = {"borderline": share([e for e in est if e.verdict == "borderline"], est),
            "verdict_agrees": share([1 for r, e in neither if r["verdict"] == e.verdict], neither),
            "game_agrees": share([1 for r, e in neither if r["verdict"] == e.verdict == "bid"
                                  and r["recommended"] == e.recommended],
                                 [1 for r, e in neither if r["verdict"] == e.verdict == "bid"])}
    return {"hands": len(rows), "z": z, "settled": share(settled, rows),
            "borderline_by_advice": share([r for r in rows if r["verdict"] == "borderline"], rows),
            # a settled verdict where the advice cannot tell (its interval straddles zero)
            "settled_where_the_advice_is_borderline": share([1 for r, e in settled if r["verdict"] == "borderline"],
                                                            settled),
            "verdict_agrees": share([1 for r, e in clear if r["verdict"] == e.verdict], clear),
            "game_agrees": share(same, bids),
            # the labels' safe bid is the single game's; where the pick-up's option turned the
            # answer to bid, the advice's bid rests on the option's price, which the model does not give
            "safe_bid_agrees": share([1 for r, e in single if r["safe_bid"] == e.safe_bid], single),
            "bids_on_the_option": share([1 for r, e in same if r.get("verdict_basis") == "pickup"], same),
            # the model prices no option: how often its safe bid is the option's "up to", and how often below
            "safe_bid_agrees_on_the_option": share([1 for r, e in on_option if e.safe_bid == r["pickup_up_to"]],
                                                   on_option),
            "safe_bid_below_the_option": share([1 for r, e in on_option if (e.safe_bid or 0) < r["pickup_up_to"]],
                                               on_option),
            "p_win_mae": round(float(np.mean(perr)), 4),
            "p_win_mae_where_the_advice_is_precise": round(float(np.mean(precise)), 4) if precise else None,
            "precise_share": share(precise, rows), "expected_score_mae": round(float(np.mean(eerr)), 2),
            "model_only": only}


def played_out(seed: int = 99) -> list[dict]:
    """The self-play hands of ``seed`` that were played out (``data/selfplay/hands.jsonl``: the
    evaluator's declaration, played by three ``best`` players), as (cards, seat, key, won)."""
    out = []
    with open(ROOT / "data" / "selfplay" / "hands.jsonl") as fh:
        for line in fh:
            r = json.loads(line)
            if r["seed"] != seed or r.get("won") is None:
                continue
            words = r["declaration"].split()
            if any(w in ("schneider", "schwarz") for w in words):
                continue
            key = "_".join(w for w in words if w != "hand") + ("_hand" if "hand" in words else "")
            out.append({"id": f"s{r['seed']}-{r['k']}", "cards": parse_cards(r["cards"]),
                        "seat": SEATS.index(r["seat"]), "key": key, "won": bool(r["won"])})
    return out


def calibration(model: HandModel, seed: int = 99, labels: list[dict] | None = None) -> list[dict]:
    """Per family, the model's mean P(win) of the declaration played against the share won,
    with the 95% interval of that share, on played-out held-out hands; and, on those of them that
    the held-out labels cover (``labels``), the model's mean beside the advice's own (``advice``):
    a model that distils the advice is as calibrated as the advice is."""
    rows = played_out(seed)
    pred = model.predict([(r["cards"], r["seat"]) for r in rows])
    j = OUTPUTS.index("p_win")
    by_id = {r["id"]: r for r in labels or []}
    out = []
    for fam in FAMILIES:
        mine = [(i, r) for i, r in enumerate(rows) if family(r["key"]) == fam]
        if not mine:
            continue
        p = np.array([pred[r["key"]][i, j] for i, r in mine])
        w = np.array([r["won"] for _, r in mine], dtype=float)
        half = 1.96 * float(np.sqrt(w.mean() * (1 - w.mean()) / len(w)))
        row = {"class": fam, "hands": len(mine), "predicted": round(float(p.mean()), 4),
               "won": round(float(w.mean()), 4), "won_95": [round(float(w.mean()) - half, 4),
                                                            round(float(w.mean()) + half, 4)],
               "gap": round(float(p.mean() - w.mean()), 4)}
        both = [(pred[r["key"]][i, j], by_id[r["id"]][f"{r['key']}_p_win"], r["won"]) for i, r in mine
                if r["id"] in by_id and by_id[r["id"]][f"{r['key']}_p_win"] is not None]
        if both:
            b = np.array(both, dtype=float)
            row["advice"] = {"hands": len(both), "model": round(float(b[:, 0].mean()), 4),
                             "advice": round(float(b[:, 1].mean()), 4), "won": round(float(b[:, 2].mean()), 4)}
        out.append(row)
    return out


def check(args: argparse.Namespace) -> None:
    model = HandModel.from_json(json.loads(args.model.read_text()))
    rows = read_labels(sorted(args.labels) or sorted(LABELS.glob("holdout-*.parquet")))
    result = {"model": model.about, "agreement": [agreement(rows, model, z) for z in sorted({*args.z, model.z})],
              "calibration": calibration(model, labels=rows)}
    print(json.dumps(result, indent=1))


def main(argv: list[str] | None = None) -> None:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = p.add_subparsers(dest="cmd", required=True)
    h = sub.add_parser("hands", help="write seeded random hands as a CSV for skat bulk labels")
    h.add_argument("--n", type=int, required=True)
    h.add_argument("--seed", type=int, default=1)
    h.add_argument("--start", type=int, default=0)
    h.add_argument("--strong", action="store_true", help="keep only the strong hands among them (training "
                                                          "hands for the choice of game; seed 3)")
    h.add_argument("--out", type=Path, required=True)
    h.set_defaults(run=write_hands)
    f = sub.add_parser("fit", help="fit the model on label files (default: data/handmodel/train-*.parquet and "
                                   "strong-*.parquet)")
    f.add_argument("labels", type=Path, nargs="*")
    f.add_argument("--model", type=Path, default=MODEL_PATH)
    f.add_argument("--hidden", type=int, default=48)
    f.add_argument("--epochs", type=int, default=60)
    f.add_argument("--seed", type=int, default=0)
    f.set_defaults(run=fit)
    r = sub.add_parser("reach", help="choose the pick-up option's reach on fresh labelled hands written with the "
                                     "option (default: data/handmodel/option-*.parquet), into the model")
    r.add_argument("labels", type=Path, nargs="*")
    r.add_argument("--model", type=Path, default=MODEL_PATH)
    r.set_defaults(run=reach)
    c = sub.add_parser("check", help="the model against held-out labels (default: data/handmodel/holdout-*.parquet) "
                                     "and played-out results")
    c.add_argument("labels", type=Path, nargs="*")
    c.add_argument("--model", type=Path, default=MODEL_PATH)
    c.add_argument("--z", type=float, nargs="+", default=[1.0, 1.5, 2.0, 2.5, 3.0])
    c.set_defaults(run=check)
    args = p.parse_args(argv)
    args.run(args)


if __name__ == "__main__":
    main()
