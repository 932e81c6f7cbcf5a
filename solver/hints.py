"""The hints of a table, the same in the terminal and the browser.

A *question* is the dict a person's seat is asked (``kind``: ``bid``, ``answer``, ``play18``,
``hand``, ``discard``, ``card``, ``ramsch-pickup``, ``ramsch-discard``, ``offiziers-game``; its
private fields, starting with ``_``, hold the cards and the view).  In the auction and before
the pick-up the hint is the bid advice for the person's cards and the auction so far, at the
discard the declare advice, in play the best card by what the person knows (the review's
judgement, no hidden card used) with the double-dummy card as a second line labelled as using
every card; Ramsch has rules of thumb, Offiziersskat the strongest computer player's choice
from what the person sees.
"""

from __future__ import annotations

from typing import Any

from .advice import by_the_auction, evaluate_declare, evaluate_hand
from .advice.sentences import declare_verdict, evidence_line, hand_verdict, verdict
from .analysis import cards_by_what_he_knows
from .cards import CARD_NAMES, card_codes
from .deal import replay
from .games import GAME_NAMES
from .heuristics import ramsch_discard, ramsch_pickup
from .players.offiziers import make_offiziers_player
from .search.api import default_solver


def no_hint(e: Exception) -> dict:
    """A hint that could not be given: says why (a hint never ends the match)."""
    return {"kind": "none", "text": f"no hint here: {type(e).__name__}: {e}"}


def hint_for(q: dict, auction: list | None = None, deal: Any = None) -> dict:
    """The hint for question ``q``: ``{"kind", "text"}`` (and ``cards`` for a card).
    ``auction``: the calls so far; ``deal``: the whole deal, used only by the line labelled
    double-dummy."""
    if q["kind"] == "offiziers-game" or q.get("variant") == "offiziersskat":
        # Offiziersskat: what the strongest computer player would do from what you see (it
        # samples the face-down cards it cannot see, as you would)
        player = make_offiziers_player("best", seed=0)
        if q["kind"] == "offiziers-game":
            game = player.choose_game(q["_up"], q["_seat"], q["_games"])
            return {"kind": "advice",
                    "text": f"by what you see (the best computer player's choice): {GAME_NAMES[game]}"}
        card = player.play(q["_view"])
        return {"kind": "card", "text": f"best by what you see (the best computer player's choice over sampled "
                                        f"face-down cards): {CARD_NAMES[card]}", "cards": [CARD_NAMES[card]]}
    if q["kind"] in ("bid", "answer", "play18", "hand"):
        history = list(q["_history"] if "_history" in q else auction or [])
        bid = q["value"] if "value" in q else q["bid"]

        ev = by_the_auction(history, lambda weighed: evaluate_hand(
            q["_hand"], q["_seat"], bid=bid, samples=64, workers=1, precision=0.1, auction=weighed))
        by = "your cards and the auction so far" if ev.auction else \
            "your cards (no sampled world explains the auction)" if history else "your cards"
        answer = hand_verdict(ev) if q["kind"] == "hand" else verdict(ev, asked=bid is not None)
        return {"kind": "advice", "text": f"bid advice by {by}: {answer}. {evidence_line(ev)}".rstrip()}
    if q["kind"] == "discard":
        ev = evaluate_declare(q["_twelve"], q["_seat"], q["bid"], samples=64, workers=1, precision=0.1,
                              auction=list(auction or []) or None)
        return {"kind": "advice",
                "text": f"declare advice by your twelve cards: {declare_verdict(ev)}. {evidence_line(ev)}".rstrip()}
    if q["kind"] == "card":
        ranked = cards_by_what_he_knows(q["_view"], samples=16)
        lines = []
        if ranked:
            top = ranked[0]
            best = [r["card"] for r in ranked if r["expected_score"] >= top["expected_score"] - 1e-9]
            chance = "" if top["p_win"] is None else f", the declarer wins {100 * top['p_win']:.0f}%"
            lines.append(f"best by what you know (16 worlds you cannot tell apart): {' '.join(best)} "
                         f"(expected {top['expected_score']:+.1f}{chance})")
        else:
            best = []
        if deal is not None:
            moves = default_solver().best_moves_of(deal, replay(deal))
            dd = [CARD_NAMES[c] for c, v in moves if v == moves[0][1]]
            lines.append(f"double-dummy best (every card seen): {' '.join(dd)}")
        return {"kind": "card", "text": "\n".join(lines) or "no hint here", "cards": best}
    if q["kind"] == "ramsch-pickup":
        take = ramsch_pickup(q["_hand"])
        return {"kind": "advice", "text": "rule of thumb (no search): " +
                ("pick up the skat" if take else "push the skat on (it doubles the deal)")}
    if q["kind"] == "ramsch-discard":
        return {"kind": "advice", "text": "rule of thumb (no search): put back " +
                " ".join(card_codes(ramsch_discard(q["_twelve"])))}
    return {"kind": "none", "text": "no hint here"}

