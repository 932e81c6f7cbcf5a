"""Luck and skill in a deal, and the players rated over many."""

from __future__ import annotations

import math
from collections.abc import Iterable
from typing import Any


from ..games import SEATS
from ..scoring import points_needed
from ..stats import mean_ci
from .accuracy import accuracy_over
from .options import CLASSES
from .results import DealReview, info_summary



def luck_and_skill(rv: DealReview, chance: dict[str, Any] | None = None) -> dict[str, Any] | None:
    """Was the result the cards' doing or the players'?  The declarer's winning chance by what he
    knew (``chance``: :func:`declared_chance`, the played-out advice for his hand, declaration
    and auction; without it, his first card's judgement, :func:`info_review`), the
    double-dummy outcome of the actual deal (how the cards lay), and the result.  ``luck``: the
    declarer's side's share of the result that came from the lie of the cards (the
    double-dummy outcome less his chance: +0.7 when a 30% game was won double-dummy), the
    defenders' the opposite; ``skill`` per seat: its cards' information cost (expected score
    given up by what it knew).  ``chance_from`` says which chance was used, ``chance_evidence``
    what the advice's played-out chance rests on (its ``text``).  None without
    either chance (no advice and the declarer played no card)."""
    deal = rv.deal
    if chance is not None:
        expected, source = chance["p_win"], "advice" if chance["auction"] else "advice without an auction"
    else:
        first = next((c.info for c in rv.cards if c.seat == deal.declarer and c.info and c.info.get("cards")), None)
        if first is None:
            return None
        expected = max(first["cards"].values(), key=lambda v: v["expected_score"])["p_win"]
        source = "first card"
    dd_won = bool(rv.start_value) if deal.declaration.is_null else rv.start_value >= points_needed(deal.declaration)
    luck = round(float(dd_won) - expected, 4)
    skill = {name: s["cost"] for name, s in info_summary(rv.cards).items()}
    return {"declarer_chance": expected, "chance_from": source, "dd_declarer_wins": dd_won,
            "chance_evidence": chance.get("evidence") if chance is not None else None,
            "won": rv.final.get("won"),
            "luck": {SEATS[p]: (luck if p == deal.declarer else -luck) + 0.0 for p in range(3)}, "skill": skill}




def ratings(rows: Iterable[dict]) -> list[dict]:
    """Card play rated per player over the rows of ``skat bulk stats`` (one per seat of a
    reviewed game), best first: games and cards reviewed, the mean information cost per card
    with its 95% interval (over the games), each class per game, and as declarer the games won
    against the winning chance he saw at his first card (``surplus``: won minus expected, per
    game), and his ``accuracy`` over the games (:func:`~.accuracy.accuracy_over`: the mean of
    his games' accuracies, ``accuracy_ci95`` its 95% interval)."""
    by: dict[str, list[dict]] = {}
    for r in rows:
        by.setdefault(str(r["player"]), []).append(r)
    out = []
    for name, rs in by.items():
        cards = sum(r["cards"] for r in rs)
        per_game = [r["info_cost"] / r["cards"] for r in rs if r["cards"]]
        mean, low, high = mean_ci(per_game, digits=3) if len(per_game) > 1 else \
            ((round(per_game[0], 3), float("-inf"), float("inf")) if per_game else (0.0, float("-inf"), float("inf")))
        decl = [r for r in rs if r["declarer"] and r.get("won") is not None]
        expected = [r["expected_win"] for r in decl if r.get("expected_win") is not None]
        row = {"player": name, "games": len(rs), "cards": cards,
               "info_cost_per_card": round(sum(r["info_cost"] for r in rs) / cards, 3) if cards else None,
               "per_game_ci95": [low, high], "mean_per_game": mean,
               **{f"{c}_per_game": round(sum(r[c] for r in rs) / len(rs), 3) for c in CLASSES[2:]},
               "declared": len(decl), "won": sum(bool(r["won"]) for r in decl),
               "expected_wins": round(sum(expected), 2) if expected else None}
        acc = accuracy_over(r.get("accuracy") for r in rs)
        row.update(accuracy=acc["accuracy"], accuracy_ci95=acc["ci95"])
        row["surplus_per_game"] = round((row["won"] - sum(expected)) / len(decl), 3) \
            if decl and len(expected) == len(decl) else None
        out.append(row)
    return sorted(out, key=lambda r: (r["info_cost_per_card"] if r["info_cost_per_card"] is not None
                                      else math.inf, r["player"]))


