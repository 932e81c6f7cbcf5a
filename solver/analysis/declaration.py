"""Was the game right?  The declarer's chance by what he knew when he declared, the declaration
checked by the advice, and the other declarations double-dummy."""

from __future__ import annotations

from typing import Any


from ..cards import CARD_NAMES, iter_cards
from ..deal import Deal
from ..games import GAME_NAMES, GAMES, NULL, Declaration
from ..heuristics import ranked_discards
from ..search.api import Solver, default_solver, position
from ..settlement import settle_dd
from ..advice import evaluate_declarer
from ..advice.options import DEFAULT_PRECISION



def declared_chance(deal: Deal, *, seed: int = 0, samples: int = 64, precision: float = DEFAULT_PRECISION,
                    solver: Solver | None = None) -> dict[str, Any]:
    """The declarer's winning chance in the game he declared, at the bid, by what he knew when he
    declared it: the played-out advice for his hand, his declaration and the auction as it
    went (:func:`~solver.advice.hands.evaluate_declarer`).  ``auction``: whether the worlds were
    drawn by the record's auction (False: it has none, or no sampled world explains it)."""
    ev = evaluate_declarer(deal, declared_only=True, samples=samples, seed=seed, precision=precision, solver=solver)
    r, bid = ev.recommended, deal.bid or 18
    low, high = r.p_win_ci(bid)
    return {"p_win": round(r.p_win(bid), 4), "p_win_ci": [round(low, 4), round(high, 4)],
            "expected_score": round(r.expected_score(bid), 2), "worlds": r.samples, "auction": bool(ev.auction),
            "evidence": r.evidence if r.calibrated else None}




#: The declaration check's first round of worlds (``skat bid`` races 16): every declaration on
#: half of it, the four best on all of it, then the two leaders on up to ``samples``.  A check
#: of a close pick-up with 16 took 10 s on one core, with 8 under 7 s (the same advice in 27 of
#: 30 deals; the others differ as two seeds do).
CHECK_FIRST_BATCH = 8


def declaration_advice(deal: Deal, seed: int = 0, samples: int = 64) -> dict[str, Any]:
    """Was this game, at this bid, right by the played-out advice?  A Hand game: the declarer's
    ten cards evaluated as ``skat bid`` does at the bid; a pick-up: his twelve as ``skat
    declare`` does (the race starting from :data:`CHECK_FIRST_BATCH` worlds); the worlds drawn
    by the auction as it went (a record's ``auction``).  The advice's choice and its expected
    score beside the actual declaration's (None where the advice did not evaluate the actual
    discard)."""
    decl, bid = deal.declaration, deal.bid or 18
    ev = evaluate_declarer(deal, samples=samples, seed=seed, first_batch=CHECK_FIRST_BATCH)
    if decl.hand:
        actual = next((r for r in ev.declarations if r.declaration == decl), None)
    else:
        actual = next((r for r in ev.declarations if r.declaration == decl and r.discard == deal.skat), None)
    best = ev.recommended
    return {"advised": ev.name_of(best), "advised_discard": [CARD_NAMES[c] for c in iter_cards(best.discard or 0)],
            "advised_expected_score": round(best.expected_score(bid), 2),
            "actual": ev.name_of(actual) if actual is not None else decl.name,
            "actual_expected_score": None if actual is None else round(actual.expected_score(bid), 2),
            "right": None if actual is None else actual.expected_score(bid) >= best.expected_score(bid) - 1e-9,
            "bid": bid, "samples": ev.samples}


def declaration_alternatives(deal: Deal, solver: Solver | None = None, discards: int = 2) -> list[dict]:
    """The actual declaration and the alternatives a declarer with these twelve cards had,
    each solved double-dummy before the first lead and settled at the bid (best first), by
    :func:`~solver.settlement.settle_dd`.

    Pick-up games try the actual discard and the best ``discards`` by the
    twelve-card heuristic for every game; Hand games keep the skat and try
    every game as a Hand game.
    """
    s = solver or default_solver()
    d0 = deal.declaration
    twelve = deal.hands[deal.declarer] | deal.skat
    options: list[tuple[Declaration, int]] = []
    for g in GAMES:
        decl = Declaration(g, hand=d0.hand, ouvert=d0.ouvert and g == NULL)
        if d0.hand:
            options.append((decl, deal.skat))
        else:
            for dsc in dict.fromkeys([deal.skat] + ranked_discards(twelve, g)[:discards]):
                options.append((decl, dsc))
    if (d0, deal.skat) not in options:
        options.append((d0, deal.skat))
    positions = []
    for decl, dsc in options:
        hands = list(deal.hands)
        hands[deal.declarer] = twelve & ~dsc
        positions.append(position(Deal(hands, dsc, deal.declarer, decl, [], deal.bid, deal.leader)))
    out = []
    for (decl, dsc), r in zip(options, settle_dd(positions, deal.bid, s)):
        row: dict[str, Any] = {k: r[k] for k in ("dd_points", "dd_declarer_wins", "score") if k in r}
        row.update(game=GAME_NAMES[decl.game], declaration=decl.name,
                   discard=[CARD_NAMES[c] for c in iter_cards(dsc)], actual=(decl == d0 and dsc == deal.skat))
        out.append(row)
    out.sort(key=lambda r: (-r["score"], not r["actual"]))
    return out


