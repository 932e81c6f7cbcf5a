"""How much each inference cue is worth: how well the weighted worlds place the hidden cards.

    python benchmarks/bench_inference.py --deals 40 --workers 1 [--games FILE]

Plays ``--deals`` arena deals with three ``pimc`` players (or reads deal
records with an ``auction`` and ``played`` from ``--games``, e.g. ``skat
arena --out``), then, at every card a player chose in tricks 1, 3, 5 and 7,
draws 2,000 worlds from that player's view and measures, for each set of
cues, the probability the weighted worlds give to where every hidden card
really is (the mean over cards), and the log-likelihood of the true holders
(per card, in nats).  Uniform worlds are the baseline; a cue that helps
raises both.  The 95% interval is over decision points.  Also reported: how
often the true world itself gets weight 0 under a cue (the cue is then
wrong about a real player).
"""

from __future__ import annotations

import argparse
import json
import math
import sys
import time
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from solver.cards import iter_cards  # noqa: E402
from solver.stats import Z95  # noqa: E402
from solver.deal import load_deal, replay  # noqa: E402
from solver.inference import Inference  # noqa: E402
from solver.players.arena import run_arena  # noqa: E402
from solver.bidding import parse_calls  # noqa: E402
from solver.players.table import view_of  # noqa: E402

CUE_SETS = {"uniform": (), "auction": ("auction",), "declarer": ("declarer",), "play": ("play",),
            "all": ("auction", "declarer", "play")}


def decision_points(rec: dict) -> list[tuple]:
    """(view, true remaining hands, true skat) at the first card of tricks 1, 3, 5, 7 of each
    player who does not know everything (not an Ouvert declarer's opponents' cards...)."""
    deal = load_deal(rec)
    played = list(deal.played)
    deal.played = []
    st = replay(deal)
    out = []
    for i, card in enumerate(played):
        if i % 3 == 0 and (i // 3) in (0, 2, 4, 6):
            for seat in range(3):
                view = view_of(st, seat, deal)
                out.append((view, tuple(st.hands), deal.skat))
        st.push(card)
        deal.played.append(card)
    return out


def score(view, truth_hands, truth_skat, cues, rng, n=2000) -> tuple[float, float, bool]:
    sampler = view.sampler(rng)
    worlds = sampler.draw(n)
    if cues:
        inf = Inference(view.seat, view.declarer, view.declaration, view.bid, view.auction, view.history, cues)
        w = np.array([inf.weight(x.hands, x.skat) for x in worlds])
        true_zero = inf.weight(truth_hands, truth_skat) == 0
    else:
        w = np.ones(n)
        true_zero = False
    if w.sum() <= 0:
        w = np.ones(n)
    w = w / w.sum()
    hidden = [c for c in iter_cards(0xFFFFFFFF & ~view.hand & ~view.played() & ~(view.skat or 0))]
    probs = []
    for c in hidden:
        holder = next((p for p in range(3) if (truth_hands[p] >> c) & 1), 3)
        if holder == view.seat:
            continue
        if holder == 3:
            mask = np.array([(x.skat >> c) & 1 for x in worlds], dtype=bool)
        else:
            mask = np.array([(x.hands[holder] >> c) & 1 for x in worlds], dtype=bool)
        probs.append(float(w[mask].sum()))
    p = np.array(probs)
    return float(p.mean()), float(np.log(np.maximum(p, 1e-3)).mean()), true_zero


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--deals", type=int, default=40)
    ap.add_argument("--workers", type=int, default=1)
    ap.add_argument("--seed", type=int, default=77)
    ap.add_argument("--games", help="deal records with auction and play (JSONL) instead of new arena games")
    args = ap.parse_args()
    t0 = time.perf_counter()
    if args.games:
        games = [json.loads(x) for x in Path(args.games).read_text().splitlines() if x.strip()]
    else:
        games = []
        run_arena(["pimc", "pimc", "pimc"], args.deals, seed=args.seed, strength={"bid_samples": 16},
                  on_game=games.append, workers=args.workers)
    games = [g for g in games if not g.get("passed") and g.get("played") and parse_calls(g.get("auction", []))]
    played_s = time.perf_counter() - t0
    rng = np.random.default_rng(args.seed)
    rows: dict[str, list] = {k: [] for k in CUE_SETS}
    zeros = {k: 0 for k in CUE_SETS}
    points = 0
    for g in games:
        for view, hands, skat in decision_points(g):
            points += 1
            for k, cues in CUE_SETS.items():
                m, ll, z = score(view, hands, skat, cues, rng)
                rows[k].append((m, ll))
                zeros[k] += z
    print(f"{len(games)} played games, {points} decision points; games {played_s:.0f} s, "
          f"inference {time.perf_counter() - t0 - played_s:.0f} s")
    print(f"{'cues':10} {'P(true holder)':>16} {'95% interval':>18} {'log-lik/card':>13} {'true world at 0':>16}")
    base = np.array(rows["uniform"])
    for k in CUE_SETS:
        a = np.array(rows[k])
        m = a[:, 0].mean()
        h = Z95 * a[:, 0].std(ddof=1) / math.sqrt(len(a))
        d = a[:, 1] - base[:, 1]
        print(f"{k:10} {m:16.4f} {m - h:8.4f} … {m + h:7.4f} {a[:, 1].mean():13.4f} "
              f"{zeros[k]:8d} / {points}   (gain {d.mean():+.4f} ± {Z95 * d.std(ddof=1) / math.sqrt(len(d)):.4f})")


if __name__ == "__main__":
    main()
