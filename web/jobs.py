"""What the web API runs, off the event loop in worker processes.

Each job takes the request's fields (named as the command line's arguments
and options) and returns what the matching command prints with ``--json``,
built by the same library calls.  Bad input raises :class:`BadInput` with a
one-line message.
"""

from __future__ import annotations

from typing import Any

from solver.advice import ADVICE, DEFAULT, Advice, EvaluationError, Sampling, evaluate_declare, evaluate_hand
from solver.advice.sentences import answer_record, estimate_line
from solver.analysis import JUDGING, position_values, review
from solver.analysis.play_on import compare_play_on
from solver.analysis.position import in_review_units
from solver.analysis.puzzles import cut_puzzles
from solver.bidding import auction_for_question
from solver.cards import CARD_NAMES, CardParseError, parse_card, parse_cards
from solver.deal import DealError, replay
from solver.games import SEATS, parse_seat
from solver.players.table import make_player, view_of
from solver.handmodel.model import advice_name, estimate_hand
from solver.records import item_from_record, read_lines, record_from_fields
from solver.search import api as search


class BadInput(ValueError):
    """The request cannot be answered as asked; the message says why."""


_BAD = (CardParseError, DealError, EvaluationError, ValueError, KeyError, TypeError)


def _options(p: dict[str, Any]) -> dict[str, Any]:
    """A request's option objects: how to sample, with the stops the request allows
    (:meth:`~solver.advice.options.Sampling.asked`: ``asked`` lists the fields it gave, and an
    explicit ``samples`` is honoured as ``skat bid --samples`` is), and what to advise."""
    asked = set(p.get("asked") or ())
    sampling = Sampling(samples=p.get("samples", DEFAULT.samples), precision=p.get("precision", DEFAULT.precision),
                        seed=p.get("seed", DEFAULT.seed)).asked("samples" in asked, "precision" in asked)
    return {"sampling": sampling,
            "advice": Advice(scoring=p.get("scoring", ADVICE.scoring), min_win=p.get("min_win", ADVICE.min_win))}


def bid(p: dict[str, Any], progress=None) -> dict:
    """``skat bid CARDS --seat S [--to N] ... --json``."""
    try:
        ev = evaluate_hand(p["cards"], p["seat"], bid=p.get("to"), **_options(p), workers=1, progress=progress,
                           auction=auction_for_question(p.get("auction"), p["seat"], p.get("to")))
        return answer_record(ev, "bid", asked=p.get("to") is not None)
    except _BAD as e:
        raise BadInput(_one_line(e)) from None


def estimate(p: dict[str, Any]) -> dict:
    """The hand-value model's instant estimate of a bid question (no worlds: microseconds), as
    ``skat bid`` prints it before its Monte Carlo answer."""
    try:
        est = estimate_hand(parse_cards(p["cards"]), parse_seat(p["seat"]), p.get("to"))
    except _BAD as e:
        raise BadInput(_one_line(e)) from None
    d = est.declarations[est.recommended]
    return {"by": "model", "line": estimate_line(est), "recommended": advice_name(est.recommended),
            "verdict": est.verdict, "settled": est.settled, "unsettled": est.unsettled,
            "p_win": round(d.p_win, 4), "expected_score": round(d.expected_score, 2), "safe_bid": est.safe_bid}


def declare(p: dict[str, Any], progress=None) -> dict:
    """``skat declare CARDS [--skat S] --bid N --seat S ... --json``."""
    try:
        ev = evaluate_declare(p["cards"], p["seat"], p["bid"], skat=p.get("skat"), **_options(p),
                              discards_per_game=p.get("discards", 3), workers=1, progress=progress,
                              auction=auction_for_question(p.get("auction"), p["seat"], p["bid"], declare=True))
        return answer_record(ev, "declare")
    except _BAD as e:
        raise BadInput(_one_line(e)) from None


def _item(p: dict[str, Any]):
    """The one record or ISS line of a request: ``record`` (an object), ``iss`` (a line), or
    the deal's fields (``F``, ``M``, ``R``, ``skat``, ``game``, ``declarer``, ...)."""
    if p.get("record") is not None:
        if not isinstance(p["record"], dict):
            raise BadInput("'record': a deal record is a JSON object")
        it = item_from_record(1, p["record"])
    elif p.get("iss"):
        line = str(p["iss"]).strip()
        if "\n" in line:
            raise BadInput("'iss' holds one game line")
        items = list(read_lines([line]))
        if not items:
            raise BadInput("nothing to read: give a record, an ISS line or the deal's fields")
        it = items[0]
    else:
        try:
            it = item_from_record(1, record_from_fields(p))
        except _BAD as e:
            raise BadInput(_one_line(e)) from None
    if it.error:
        raise BadInput(it.error.removeprefix("line 1: "))
    return it


def solve(p: dict[str, Any]) -> dict:
    """``skat solve ... --json`` of one deal (``best``: every legal card's value too)."""
    it = _item(p)
    if it.deal is None:
        return {"id": it.id, "passed": True, "message": "passed in: no game to solve"}
    try:
        return search.solve(it.deal, best=bool(p.get("best"))).to_record()
    except _BAD as e:
        raise BadInput(_one_line(e)) from None


def analyse(p: dict[str, Any]) -> dict:
    """``skat analyse ... --json`` of one played deal."""
    it = _item(p)
    if it.deal is None:
        return {"id": it.id, "passed": True}
    try:
        rv = review(it.deal, declaration=not p.get("no_declaration"), info=p.get("info", True),
                    judging=JUDGING.asked(samples=p.get("samples") or None, precision=p.get("precision") or None),
                    seed=p.get("seed", 0))
    except _BAD as e:
        raise BadInput(_one_line(e)) from None
    rec = rv.to_record()
    if it.iss is not None:
        rec["iss_result"] = it.iss.recorded
    return rec


def position(p: dict[str, Any]) -> dict:
    """``skat analyse --at K --json`` of the position a record's ``played`` ends at: every legal
    card's double-dummy value and, on ``samples`` worlds, its value by what the mover knew
    (``over``: the game is over there, no card to value)."""
    it = _item(p)
    if it.deal is None:
        raise BadInput("passed in: no position to analyse")
    end = replay(it.deal)
    if end.over:                                    # the board at the end: nothing left to value
        value = None if it.deal.declaration.is_ramsch else in_review_units(end.final_value(), it.deal)[0]
        return {"id": it.id, "at": len(it.deal.played), "over": True, "cards": [], "value": value}
    try:
        pv = position_values(it.deal, samples=p.get("samples", JUDGING.samples), seed=p.get("seed", 0),
                             line=p.get("line", True))
    except _BAD as e:
        raise BadInput(_one_line(e)) from None
    return {"id": it.id, "over": False, **pv.to_record()}


def move(p: dict[str, Any]) -> dict:
    """A computer player's card at the position a record's ``played`` ends at (playing on from
    a position of a reviewed deal: the page holds every card already)."""
    it = _item(p)
    if it.deal is None or not it.classic:
        raise BadInput("a suit, Grand, Null or Ramsch deal with its played cards")
    try:
        st = it.deal.start_state()
        for c in it.deal.played:
            st.push(c)
        if st.over:
            raise BadInput(f"the game is over after {len(it.deal.played)} cards: no card to play")
        player = make_player(p.get("player", "best"), p.get("seed", 0), {"level": p.get("strength", 1)},
                             scoring="simple")
        card = player.play(view_of(st, st.to_move, it.deal))
    except _BAD as e:
        raise BadInput(_one_line(e)) from None
    return {"seat": SEATS[st.to_move], "card": CARD_NAMES[card]}


def compare(p: dict[str, Any]) -> dict:
    """The deal as played, as played on from ``at`` cards in (``cards``), and the best line."""
    it = _item(p)
    if it.deal is None or not it.classic or it.deal.declaration.is_ramsch:
        raise BadInput("a suit, Grand or Null game with its played cards")
    at = int(p["at"])
    if at > len(it.deal.played):
        raise BadInput(f"at: the deal has {len(it.deal.played)} cards played")
    try:
        cards = [parse_card(c) for c in p.get("cards") or []]
        again = _item({"record": dict(it.deal.to_record(), played=[CARD_NAMES[c] for c in
                                                                     it.deal.played[:at] + cards])})
        if again.deal is None:
            raise BadInput("no deal")
        return compare_play_on(it.deal, at, again.deal)
    except _BAD as e:
        raise BadInput(_one_line(e)) from None


def puzzles(p: dict[str, Any]) -> dict:
    """``skat puzzles`` of one played game: its puzzles' lines."""
    it = _item(p)
    if it.deal is None or not it.classic:
        return {"id": it.id, "puzzles": []}
    try:
        found = cut_puzzles(it.deal, seed=p.get("seed", 0), samples=p.get("samples", 64), game_id=str(it.id))
    except _BAD as e:
        raise BadInput(_one_line(e)) from None
    return {"id": it.id, "puzzles": [x.to_record() for x in found]}


def _one_line(e: Exception) -> str:
    msg = str(e.args[0]) if isinstance(e, KeyError) and e.args else str(e)
    return " ".join(msg.split()) or type(e).__name__
