"""Where the time of bulk bid advice goes: ``skat bulk bid --fast`` against the default.

    python -m benchmarks.bench_bulk_bid                    (a table; --out writes it as JSON too)
    python -m benchmarks.bench_bulk_bid --search-hands 200 --model-hands 10000

Three measurements, on one worker (rows/s a core):

1. **The model alone** on ``--model-hands`` fresh seeded random hands (seed 7, never fitted on
   nor held out): rows/s of the hand-value model, and the share of hands it settles.
2. **The same hands through ``skat bulk bid``** (``--search-hands`` of them), default and
   ``--fast``: rows/s, the share answered by the model, and how often the two runs' verdict,
   game and safe bid agree.  The default's rows/s is also what ``--fast`` pays per hand it
   cannot settle, so the projection for a million hands follows from these two figures.
3. **The held-out labels** (``data/handmodel/holdout-*.parquet``: the default's own answers on
   seed-99 hands, never fitted on): the model's agreement at several settling margins, and its
   calibration against played-out results (``benchmarks/fit_hand_model.py check``).

The shipped data (``data/bulk/hands.csv`` and the deals' seats) run through both as well.
"""

from __future__ import annotations

import argparse
import csv
import json
import tempfile
import time
from pathlib import Path

import pyarrow.parquet as pq

from solver.bulk.runner import run_bulk
from solver.cards import parse_cards
from solver.games import SEATS
from solver.handmodel.model import Z_CHOICES, load_model

from .fit_hand_model import LABELS, ROOT, agreement, calibration, read_labels, training_hands

FRESH_SEED = 7


def model_alone(n: int) -> dict:
    model = load_model()
    hands: list[tuple[int, int, int | None]] = [(parse_cards(h["cards"]), SEATS.index(h["seat"]), None)
                                                for h in training_hands(n, FRESH_SEED)]
    model.estimate(hands[:50])                                       # warm-up
    t = time.perf_counter()
    est = model.estimate(hands)
    dt = time.perf_counter() - t
    return {"hands": n, "seconds": round(dt, 2), "rows_per_second": round(n / dt, 1),
            "settled": round(sum(e.settled for e in est) / n, 4)}


def _rows(path: Path) -> dict[tuple[str, str], dict]:
    return {(r["id"], r["seat"]): r for r in pq.read_table(path).to_pylist()}


def through_bulk(csv_path: Path, label: str, tmp: Path) -> dict:
    out: dict = {}
    for mode in ("default", "fast"):
        dest = tmp / f"{label}-{mode}.parquet"
        opts = {"samples": 400, "precision": 0.05, "seed": 1, **({"fast": True} if mode == "fast" else {})}
        s = run_bulk("bid", str(csv_path), str(dest), workers=1, options=opts)
        out[mode] = {"rows": s.rows_out, "seconds": round(s.seconds, 1),
                     "rows_per_second": round(s.rows_out / s.seconds, 2) if s.seconds else None}
    a, b = _rows(tmp / f"{label}-default.parquet"), _rows(tmp / f"{label}-fast.parquet")
    by_model = [k for k in b if b[k]["by"] == "model"]
    clear = [k for k in by_model if a[k]["verdict"] != "borderline"]
    bids = [k for k in clear if a[k]["verdict"] == "bid" and b[k]["verdict"] == "bid"]
    out["by_model"] = round(len(by_model) / len(b), 4) if b else None
    out["verdict_agrees"] = round(sum(a[k]["verdict"] == b[k]["verdict"] for k in clear) / len(clear), 4) \
        if clear else None
    out["game_agrees"] = round(sum(a[k]["recommended"] == b[k]["recommended"] for k in bids) / len(bids), 4) \
        if bids else None
    out["all_rows_equal_where_searched"] = all(
        {**a[k], "by": None} == {**b[k], "by": None} for k in b if b[k]["by"] == "search")
    return out


def main(argv: list[str] | None = None) -> None:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--model-hands", type=int, default=10000)
    p.add_argument("--search-hands", type=int, default=200)
    p.add_argument("--out", type=Path)
    args = p.parse_args(argv)
    started = time.time()
    result: dict = {"model": load_model().about, "z": load_model().z, "model_alone": model_alone(args.model_hands)}
    with tempfile.TemporaryDirectory() as tmp:
        t = Path(tmp)
        fresh = t / "fresh.csv"
        with open(fresh, "w", newline="") as fh:
            w = csv.DictWriter(fh, fieldnames=["id", "cards", "seat"])
            w.writeheader()
            w.writerows(training_hands(args.search_hands, FRESH_SEED))
        result["fresh_hands"] = through_bulk(fresh, "fresh", t)
        result["shipped_hands"] = through_bulk(ROOT / "data" / "bulk" / "hands.csv", "shipped", t)
    held = read_labels(sorted(LABELS.glob("holdout-*.parquet")))
    model = load_model()
    result["held_out"] = [agreement(held, model, z) for z in Z_CHOICES]
    result["calibration"] = calibration(model, labels=held)
    f = result["fresh_hands"]
    default_rate, fast_rate = f["default"]["rows_per_second"], f["fast"]["rows_per_second"]
    result["projection_1M_two_cores_hours"] = {
        "default": round(1e6 / (2 * default_rate) / 3600, 1) if default_rate else None,
        "fast": round(1e6 / (2 * fast_rate) / 3600, 1) if fast_rate else None}
    result["minutes"] = round((time.time() - started) / 60, 1)
    text = json.dumps(result, indent=1)
    print(text)
    if args.out:
        args.out.write_text(text + "\n")


if __name__ == "__main__":
    main()
