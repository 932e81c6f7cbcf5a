"""Card play apart from bidding: the arena's games split into what the declarer's play and what a
defender's play is worth.

    python benchmarks/cardplay_split.py benchmarks/results/best_vs_pimc_32_41001.jsonl ... \
        --out benchmarks/results/cardplay_split_best_pimc.txt

Reads the rows of ``benchmarks/bench_best.py`` (any number of runs of the same two players) and
needs no new games.  In the six mixed seatings of a deal, the same seat often declares the same
game with the same discard whoever sits where; two such games that differ in one seat's type
alone compare that seat's card play with everything else the same:

``declarer``
    A declares against two defenders, B declares from the same seat against the same two
    defenders in the same seats (A,A,B beside B,A,B, the declarer first).  The pair's A - B:
    the declarer's score, his win (1 or 0), his card points and his Schneider.
``defender``
    The declarer and the other defender stay; one defender is A in one game and B in the other.
    The pair's figures are the declarer's against B less against A, so a positive figure says
    A defends better.  Given apart for an A and a B declarer.

The mirrored seating (:func:`bench_best.declaration_pairs`) changes all three seats at once, so
it cannot tell a declarer's play from his defenders'.  The pairs of a deal share its cards, so
each interval counts deals, not pairs (a cluster-robust standard error over deals).
"""

from __future__ import annotations

import argparse
import json
import math
import sys
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from solver.calibration import GAME_CLASSES, game_class  # noqa: E402
from solver.games import Declaration  # noqa: E402
from solver.stats import Z95  # noqa: E402

#: The figures of a pair: the declarer's score, won, card points and Schneider (90 or more points).
FIGURES = ("score", "won", "points", "schneider")


@dataclass(frozen=True)
class Pair:
    """Two games of a deal that differ in one seat's type (``role``: "declarer", or "defender"
    with ``declarer_type`` the declarer's type), as the figures A - B (:data:`FIGURES`)."""
    deal: tuple[int, int]
    role: str
    declarer_type: str
    game_class: str
    diff: dict[str, float]


def _figures(g: dict) -> dict[str, float]:
    d = g["declarer"]
    return {"score": float(g["scores"][d]), "won": float(g["won"]),
            "points": float(g["declarer_points"]), "schneider": float(g["declarer_points"] >= 90)}


def _minus(x: dict[str, float], y: dict[str, float]) -> dict[str, float]:
    return {k: x[k] - y[k] for k in FIGURES}


def pairs(rows: Iterable[dict]) -> list[Pair]:
    """Every pair of mixed games of a row that differ in one seat's type, with the same declarer,
    game and discard (the rows' players A = ``a`` and B = ``b``)."""
    out: list[Pair] = []
    for r in rows:
        a, b = r["a"], r["b"]
        by = {tuple(g["types"]): g for g in r["games"]
              if len(set(g["types"])) == 2 and "declarer" in g and "declarer_points" in g}
        for types, g in by.items():
            d = g["declarer"]
            cls = game_class(Declaration.from_name(g["game"]))
            for seat in range(3):
                if types[seat] != a:
                    continue
                swapped = tuple(b if s == seat else t for s, t in enumerate(types))
                h = by.get(swapped)
                if h is None or h["declarer"] != d or h["game"] != g["game"] or h.get("discard") != g.get("discard"):
                    continue
                deal = (r["seed"], r["deal"])
                if seat == d:
                    out.append(Pair(deal, "declarer", a, cls, _minus(_figures(g), _figures(h))))
                else:
                    out.append(Pair(deal, "defender", types[d], cls, _minus(_figures(h), _figures(g))))
    return out


def clustered_ci(values: list[float], clusters: list[tuple[int, int]]) -> tuple[float, float, float]:
    """(mean, low, high) of ``values`` with a 95% interval whose standard error treats each
    cluster (a deal) as one draw: the pairs of a deal are not independent."""
    x = np.asarray(values, dtype=float)
    if x.size == 0:
        return math.nan, math.nan, math.nan
    m = float(x.mean())
    sums: dict[tuple[int, int], float] = {}
    for v, c in zip(x, clusters):
        sums[c] = sums.get(c, 0.0) + (v - m)
    k = len(sums)
    if k < 2:
        return m, -math.inf, math.inf
    se = math.sqrt(sum(s * s for s in sums.values()) * k / (k - 1)) / x.size
    return m, m - Z95 * se, m + Z95 * se


def _line(label: str, ps: list[Pair], figures: tuple[str, ...]) -> str:
    deals = len({p.deal for p in ps})
    cells = []
    for f in figures:
        m, lo, hi = clustered_ci([p.diff[f] for p in ps], [p.deal for p in ps])
        fmt = "+.2f" if f in ("score", "points") else "+.3f"
        cells.append(f"{f} {m:{fmt}} ({lo:{fmt}} … {hi:{fmt}})")
    return f"  {label}: {len(ps)} pairs on {deals} deals; " + "; ".join(cells)


def report(rows: list[dict]) -> str:
    a, b = rows[0]["a"], rows[0]["b"]
    seeds = sorted({r["seed"] for r in rows})
    ps = pairs(rows)
    out = [f"A = {a}, B = {b}: {len(rows)} deals of seed{'s' if len(seeds) > 1 else ''} "
           f"{', '.join(map(str, seeds))}; pairs of games that differ in one seat's type alone "
           "(same declarer seat, game and discard), A - B with 95% intervals over deals"]
    for cls in GAME_CLASSES + ("all",):
        mine = [p for p in ps if cls in ("all", p.game_class)]
        if not mine:
            continue
        out.append(f"{cls}:")
        groups = [("declarer A - B, the same defenders", [p for p in mine if p.role == "declarer"])]
        for t in (a, b):
            groups.append((f"a defender A instead of B against a {t} declarer (the declarer's figures "
                           "against B less against A)",
                           [p for p in mine if p.role == "defender" and p.declarer_type == t]))
        # card points and Schneider say nothing of a Null, so "all" has score and won alone
        figures = FIGURES if cls in ("suit", "grand") else FIGURES[:2]
        for label, group in groups:
            if group:
                out.append(_line(label, group, figures))
    return "\n".join(out) + "\n"


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("runs", nargs="+", type=Path, help="bench_best.py result files (.jsonl) of the same A and B")
    ap.add_argument("--out", type=Path, help="also write the report here")
    args = ap.parse_args()
    rows = [json.loads(x) for p in args.runs for x in p.read_text().splitlines() if x.strip()]
    if len({(r["a"], r["b"]) for r in rows}) != 1:
        ap.error("the runs must be of the same two players A and B")
    text = report(rows)
    print(text, end="")
    if args.out:
        args.out.write_text(text)


if __name__ == "__main__":
    main()
