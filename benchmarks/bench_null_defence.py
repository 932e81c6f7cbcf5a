"""Null defence measured: the declarer's win rate against double-dummy defence, ``best`` and ``pimc``.

    python benchmarks/bench_null_defence.py --deals 300 --workers 2 [--seed 499] [--out FILE]
        [--defences dd,best,pimc,best-plain-null]

Deal k (seed S) is the first of ``default_rng([S, k, j])`` (j = 0, 1, ...) in which the seat
whose ten cards carry the least Null danger (:func:`solver.heuristics.null_danger`, the first
such seat on a tie) has a Null after the pick-up that wins at least a quarter of sixteen
double-dummy worlds (a Null a player would declare); its discard is chosen as
``selfplay_stats.py`` chooses it (``evaluate_declare``, sixteen worlds, the skat seen).  The
deal is then played three times, the declarer always ``best``, the two defenders each time of
one kind:

- ``dd``: double-dummy defence -- each defender sees every card and plays a card of the best
  value for its side in the actual position (the solver's, the lowest such card): the strongest
  defence there is, and the one the double-dummy rate assumes;
- ``best`` and ``pimc``: the project's players, seeing only their own cards (``--defences`` may
  add ``best``'s ablation variants, e.g. ``best-plain-null``: its Null defence without the extra
  worlds).

Seed 499 is not a seed any model was fitted on.  Prints per defence: games, the declarer's win
rate with its 95% (Wilson) interval, and paired differences (the same deals): best - dd and
pimc - dd in the declarer's win rate, with 95% intervals; and the deals the ``best`` defence
lost but the double-dummy defence won, for a Skat player to read (``--out``: every game as a
JSON line).  Deals are independent: any number of workers gives the same figures.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from solver.cards import CARD_NAMES, card_codes  # noqa: E402
from solver.deal import Deal, score_deal  # noqa: E402
from solver.advice import evaluate_declare  # noqa: E402
from solver.games import NULL, SEATS, Declaration  # noqa: E402
from solver.heuristics import null_danger  # noqa: E402
from solver.players.arena import make_player  # noqa: E402
from solver.players.base import Player  # noqa: E402
from solver.players.table import play_out, shuffle  # noqa: E402
from solver.pool import imap_unordered  # noqa: E402
from solver.search.api import default_solver  # noqa: E402
from solver.stats import mean_ci, wilson  # noqa: E402

DEFENCES = ("dd", "best", "pimc")      # the default defences (dd first: the others are paired with it)


class DoubleDummyDefender(Player):
    """A defender that sees every card of ``deal``: in the actual position it plays a card of the
    best value for its side (the solver's best moves, the lowest of them)."""

    def __init__(self, deal: Deal):
        self.deal = deal
        self.solver = default_solver()

    def play(self, view) -> int:
        st = self.deal.start_state()
        for _, card in view.history:
            st.push(card)
        best = self.solver.best_moves_of(self.deal, st)
        top = best[0][1]
        return min(c for c, v in best if v == top)


#: A Null worth measuring: its double-dummy rate after the pick-up at least this (a player would
#: declare it); up to :data:`TRIES` deals are dealt for deal k until one is.
MIN_DD = 0.25
TRIES = 12


def null_deal(k: int, seed: int) -> tuple[Deal, float]:
    """Deal k's Null and its double-dummy rate: the declarer (the seat of least Null danger), his
    discard after the pick-up, the declaration; the first of deals ``default_rng([seed, k, j])``
    whose Null wins at least :data:`MIN_DD` of its worlds (else the last)."""
    for j in range(TRIES):
        dealt = shuffle(np.random.default_rng([seed, k, j]))
        seat = min(range(3), key=lambda p: (null_danger(dealt[p]), p))
        twelve = dealt[seat] | dealt[3]
        ev = evaluate_declare(twelve, seat, 18, samples=16, first_batch=16, seed=seed * 100003 + k, workers=1,
                              precision=0.2, discards_per_game=2, model=None, contenders=None)
        nulls = [r for r in ev.declarations if r.declaration == Declaration(NULL)]
        best = max(nulls, key=lambda r: r.expected_score(18))
        if best.p_win_dd(18) >= MIN_DD:
            break
    hands = list(dealt[:3])
    assert best.discard is not None                 # (a declaration after the pick-up has its discard)
    hands[seat] = twelve & ~best.discard
    return Deal(hands, best.discard, seat, Declaration(NULL), [], 18), best.p_win_dd(18)


def one_deal(args) -> dict:
    k, seed, defences = args
    t0 = time.perf_counter()
    base, rate = null_deal(k, seed)
    out = {"k": k, "seed": seed, "declarer": SEATS[base.declarer], "p_win_dd": round(rate, 4),
           "hands": [card_codes(h) for h in base.hands], "skat": card_codes(base.skat), "won": {}}
    for d in defences:
        deal = Deal(list(base.hands), base.skat, base.declarer, base.declaration, [], 18)
        seats: list[Player] = []
        for p in range(3):
            if p == deal.declarer:
                seats.append(make_player("best", seed * 7919 + k, scoring="simple"))
            elif d == "dd":
                seats.append(DoubleDummyDefender(deal))
            else:
                seats.append(make_player(d, seed * 7919 + k + 7 * (p + 1), scoring="simple"))
        play_out(deal, seats)
        res, _ = score_deal(deal)
        out["won"][d] = bool(res.won)
        out.setdefault("played", {})[d] = [CARD_NAMES[c] for c in deal.played]
    out["seconds"] = round(time.perf_counter() - t0, 2)
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--deals", type=int, default=300)
    ap.add_argument("--seed", type=int, default=499)
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--out", default=None, help="every deal as a JSON line")
    ap.add_argument("--defences", default=",".join(DEFENCES),
                    help="comma-separated: dd and any computer player or best variant (dd is always played)")
    a = ap.parse_args()
    defences = ["dd"] + [d for d in a.defences.split(",") if d and d != "dd"]
    t0 = time.perf_counter()
    rows = []
    for n, (_, row) in enumerate(imap_unordered(one_deal, [(k, a.seed, defences) for k in range(a.deals)],
                                               a.workers), 1):
        rows.append(row)
        if n % 25 == 0:
            print(f"  {n}/{a.deals} deals, {time.perf_counter() - t0:.0f} s", file=sys.stderr, flush=True)
    rows.sort(key=lambda r: r["k"])
    if a.out:
        Path(a.out).write_text("".join(json.dumps(r) + "\n" for r in rows))
    print(f"# python benchmarks/bench_null_defence.py --deals {a.deals} --seed {a.seed} --workers {a.workers} "
          f"--defences {','.join(defences)}: {time.perf_counter() - t0:.0f} s")
    rates = np.array([r["p_win_dd"] for r in rows])
    print(f"{len(rows)} Null games after the pick-up, the declarer best (double-dummy rate over sixteen worlds: "
          f"mean {rates.mean():.3f}, {int((rates < MIN_DD).sum())} below {MIN_DD}); the declarer's win rate by "
          f"defence:")
    won = {d: np.array([r["won"][d] for r in rows], dtype=float) for d in defences}
    for d in defences:
        k = int(won[d].sum())
        lo, hi = wilson(k, len(rows))
        print(f"  {d:5} defence: {k}/{len(rows)} = {k / len(rows):.3f} (95% {lo:.3f} ... {hi:.3f})")
    for d in defences[1:]:
        m, lo, hi = mean_ci(won[d] - won["dd"], digits=3)
        print(f"  {d} - dd, paired: {m:+.3f} (95% {lo:+.3f} ... {hi:+.3f})")
    for d in defences[2:]:
        m, lo, hi = mean_ci(won[d] - won[defences[1]], digits=3)
        print(f"  {d} - {defences[1]}, paired: {m:+.3f} (95% {lo:+.3f} ... {hi:+.3f})")
    lost = [r for r in rows if r["won"].get("best") and not r["won"]["dd"]]
    print(f"deals the best defence lost and the double-dummy defence won: {len(lost)} "
          f"(k: {', '.join(str(r['k']) for r in lost[:40])}{' ...' if len(lost) > 40 else ''})")


if __name__ == "__main__":
    main()
