"""A double-dummy review of a played deal of any variant, card by card (:func:`review`, the one
review driver).

For every card played: the value of the position before it (suit/Grand: the
declarer's final card points under perfect play; Null: whether the declarer
still wins), the value after it, the best cards at that point, and the cost of
the card actually played (card points given away by its side, or a won Null
turned into a lost one).  A card that changes the outcome under perfect play
(win <-> loss, Schneider reached or missed) is marked.

The values telescope: in a suit or Grand game played out, the declarer's
final points = the start value - the declarer's total cost + the defenders'
total cost.  All solves of one review share one transposition table
(:meth:`~solver.search.api.Solver.shared_table`): every position belongs to
the same deal.  A classic Ramsch (each seat's own points) and Offiziersskat (F's points,
every face-down card known) value every legal card at every card played
(:func:`review_options`).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import Any, TypedDict

import numpy as np

from .cards import CARD_NAMES, iter_cards
from .deal import Deal, ramsch_record, replay, score_deal, score_ramsch
from .games import GAME_NAMES, GAMES, NULL, RAMSCH, SEATS, Declaration
from .heuristics import ranked_discards
from .offiziersskat import SIDES, OffiziersDeal, f_wins, score_offiziers
from .pool import map_processes, started
from .scoring import SCHNEIDER_ESCAPE, SCHNEIDER_POINTS, points_needed
from .search.api import Position, Solver, default_solver, position, position_of, split_spitze
from .search.offiziers import best_cards, solve_points
from .settlement import settle_dd
from .shrinkage import posterior, review_prior
from .stats import Z95


@dataclass
class CardReview:
    index: int                       # 0-based position in the play
    trick: int                       # 1-based trick number
    card: int
    seat: int
    declarer_side: bool
    value_before: Any                # int points, or bool (Null: declarer wins)
    value_after: Any
    best: list[int]                  # the best cards at that point
    best_value: Any
    cost: int                        # card points lost for the side (Null: 1 if the card lost the game)
    outcome_changed: str | None      # e.g. "win -> loss", "Schneider missed"
    seats: str = SEATS               # the variant's seat letters (Offiziersskat: "FR")
    info: dict | None = None         # the card judged from the mover's seat (:func:`info_review`)

    def to_dict(self) -> dict:
        out = {"card": CARD_NAMES[self.card], "seat": self.seats[self.seat], "trick": self.trick,
               "value_before": self.value_before, "value_after": self.value_after,
               "best": [CARD_NAMES[c] for c in self.best], "best_value": self.best_value,
               "cost": self.cost, "dd_cost": self.cost, "outcome_changed": self.outcome_changed}
        if self.info is not None:
            out["info"] = self.info
        return out


@dataclass
class DealReview:
    """A reviewed deal of any variant: its cards' reviews, the start value, the actual result."""

    deal: Any                                    # the variant's deal (classic: :class:`~solver.deal.Deal`)
    cards: list[CardReview]
    start_value: Any
    final: dict[str, Any]                        # actual points/tricks, scored result when finished
    alternatives: list[dict] = field(default_factory=list)
    seats: str = SEATS                           # the variant's seat letters
    sides: bool = True                           # a declarer against the others (not a classic Ramsch)
    luck: dict | None = None                     # :func:`luck_and_skill`, with the information review
    declaration_advice: dict | None = None       # :func:`declaration_advice`, with the information review

    @property
    def is_null(self) -> bool:
        return isinstance(self.deal, Deal) and self.deal.declaration.is_null

    def summary(self) -> dict:
        per_seat: dict[str, dict] = {}
        for s, name in enumerate(self.seats):
            mine = [c for c in self.cards if c.seat == s and c.cost > 0]
            per_seat[name] = {"mistakes": len(mine), "cost": sum(c.cost for c in mine)}
        worst = max(self.cards, key=lambda c: (c.cost, -c.index), default=None)
        out: dict[str, Any] = {"start_value": self.start_value}
        if self.sides:                                       # (a Ramsch has no sides)
            out["declarer_cost"] = sum(c.cost for c in self.cards if c.declarer_side)
            out["defender_cost"] = sum(c.cost for c in self.cards if not c.declarer_side)
        out.update(mistakes=per_seat, **self.final)
        out["worst_mistake"] = worst.to_dict() | {"index": worst.index} if worst and worst.cost > 0 else None
        if any(c.info is not None for c in self.cards):
            out["info"] = info_summary(self.cards, self.seats)
        if self.luck is not None:
            out["luck"] = self.luck
        if self.declaration_advice is not None:
            out["declaration_advice"] = self.declaration_advice
        if self.alternatives:
            out["declaration"] = self.alternatives
        return out

    def to_record(self) -> dict:
        rec = self.deal.to_record()
        rec["analysis"] = [c.to_dict() for c in self.cards]
        rec["summary"] = self.summary()
        return rec


def _outcome(decl: Declaration, v: Any) -> tuple[str, str]:
    """(win/loss, schneider level) of a value, for marking outcome changes."""
    if decl.is_null:
        return ("win" if v else "loss", "")
    kept = True
    if decl.spitze:
        v, kept = split_spitze(v)
    need = points_needed(decl)
    level = "schneider" if v >= SCHNEIDER_POINTS else ("schneider lost" if v < SCHNEIDER_ESCAPE else "")
    return ("win" if v >= need and kept else "loss", level)


def _changed(decl: Declaration, before: Any, after: Any) -> str | None:
    (w0, l0), (w1, l1) = _outcome(decl, before), _outcome(decl, after)
    if decl.spitze and split_spitze(before)[1] and not split_spitze(after)[1]:
        return f"{w0} -> {w1}: Spitze lost"
    if decl.spitze and not split_spitze(before)[1] and split_spitze(after)[1]:
        return f"{w0} -> {w1}: Spitze kept"
    if w0 != w1:
        return f"{w0} -> {w1}"
    if l0 != l1:
        if l0 == "schneider":
            return "Schneider missed"
        if l1 == "schneider":
            return "Schneider reached"
        if l1 == "schneider lost":
            return "declarer now Schneider"
        return "declarer out of Schneider"
    return None


#: The review by what the players knew at ``skat analyse``'s precision (and the web's), and at
#: the lower one of the bulk runs (``skat bulk analyse --info``, ``skat stats``): at most
#: ``samples`` worlds a card until its judgement is within ``precision``, at most
#: ``advice_samples`` worlds for the declarer's chance and the declaration check.
#: ``first``: the worlds a card is first judged on; more are drawn, doubling, until the judgement
#: is within ``precision`` or ``samples`` is reached.  ``points``: each legal card's expected card
#: points too (every world solved exactly; without them a world is solved only as far as the
#: settlement needs, the thresholds 31, 61, 90 and 120: the same judgements, about twice as fast).
class Precision(TypedDict):
    first: int
    samples: int
    precision: float
    advice_samples: int
    points: bool
    settle: int


#: A card whose class the worlds do not settle gets more of them, up to this many times
#: ``samples`` (:func:`judge_card`; a review's default, ``settle``).  32: the sample game's
#: opening A of spades (it gives up 0.9 points and 0.9% winning chance; good's limits are 3
#: and 3%) stays unmarked on each of the seeds 0 to 59; at 4, seed 10 marked it.
SETTLE_FACTOR = 32

PRECISION: Precision = {"first": 8, "samples": 32, "precision": 0.1, "advice_samples": 32, "points": True,
                        "settle": SETTLE_FACTOR}
#: (bulk: an unsettled card gets at most 16 x 8 worlds; 1.5 games a second a core against 2.8 at
#: 4 x 8, and at 8 x 8 the marks did not tell best from pimc: docs/guide/review.md)
BULK_PRECISION: Precision = {"first": 4, "samples": 8, "precision": 0.2, "advice_samples": 8, "points": False,
                             "settle": 16}


def review(deal: Any, solver: Solver | None = None, declaration: bool = True, info: bool = False,
           seed: int = 0, samples: int = PRECISION["samples"], precision: float = PRECISION["precision"],
           advice_samples: int = PRECISION["advice_samples"], workers: int = 1,
           first: int = PRECISION["first"], points: bool = PRECISION["points"],
           settle: int = PRECISION["settle"], shrink: bool = True) -> DealReview:
    """Review every card of a deal of any variant double-dummy (see the module docs): the one
    review driver.  A classic Ramsch and Offiziersskat value every legal card at every card
    played (:func:`review_options`); a classic suit, Grand or Null game solves the positions
    along the play exactly and probes the other cards (cheaper, the same best cards).

    The play is walked once with the variant's state: at each card, the position before it is
    solved exactly and every other legal card is probed by pushing it, taking a snapshot and
    popping it again.

    ``info``: every card is also judged by what its player knew (:func:`info_review`: ``first``
    worlds a card, then more until its judgement is within ``precision``, at most ``samples``,
    and for a card not settled by then up to ``settle`` times ``samples``; ``shrink``: the
    sampled estimates read against the review's priors;
    with ``points``, each legal card's expected card points too;
    its cards shared by ``workers`` processes, which start before the double-dummy review), and
    the deal gets its luck and skill (:func:`luck_and_skill`: the declarer's chance by the
    played-out advice, at most ``advice_samples`` worlds) and, with ``declaration``, the
    declaration checked by the advice (:func:`declaration_advice`).
    """
    s = solver or default_solver()
    if not isinstance(deal, Deal):
        return review_piles(deal, s)
    game = not deal.declaration.is_ramsch and not deal.is_study
    parts: list[tuple[str, dict]] = []               # the slow ones first, so that two processes end together
    if info and game:
        parts.append(("chance", {"deal": deal, "seed": seed, "samples": advice_samples, "precision": precision / 2}))
        if declaration:
            parts.append(("advice", {"deal": deal, "seed": seed, "samples": advice_samples}))
    if info:
        parts += [("card", job) for job in _card_jobs(deal, seed, samples, precision, first=first, points=points,
                                                      shrink=shrink, settle=settle)]
    with started(_run_part, parts, workers if len(parts) > 1 else 1, s) as results:
        rv = review_ramsch(deal, s) if deal.declaration.is_ramsch else _review_game(deal, s, declaration)
        done = results()
    for c, judged in zip(rv.cards, (d for (kind, _), d in zip(parts, done) if kind == "card")):
        c.info = judged
    if info and game:
        rv.luck = luck_and_skill(rv, done[0])
        if declaration:
            rv.declaration_advice = done[1]
    return rv


def declared_chance(deal: Deal, seed: int = 0, samples: int = 64, precision: float = 0.05,
                    solver: Solver | None = None) -> dict[str, Any]:
    """The declarer's winning chance in the game he declared, at the bid, by what he knew when he
    declared it: the played-out advice for his hand, his declaration and the auction as it
    went (:func:`~solver.advice.hands.evaluate_declarer`).  ``auction``: whether the worlds were
    drawn by the record's auction (False: it has none, or no sampled world explains it)."""
    from .advice import evaluate_declarer
    ev = evaluate_declarer(deal, declared_only=True, samples=samples, seed=seed, precision=precision, solver=solver)
    r, bid = ev.recommended, deal.bid or 18
    low, high = r.p_win_ci(bid)
    return {"p_win": round(r.p_win(bid), 4), "p_win_ci": [round(low, 4), round(high, 4)],
            "expected_score": round(r.expected_score(bid), 2), "worlds": r.samples, "auction": bool(ev.auction),
            "evidence": r.evidence if r.calibrated else None}


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
    from .advice import evaluate_declarer
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


def _review_game(deal: Deal, s: Solver, declaration: bool) -> DealReview:
    """A classic suit, Grand or Null game reviewed double-dummy (see :func:`review`)."""
    played = list(deal.played)
    decl = deal.declaration
    entries: list[CardReview] = []
    st = deal.start_state()
    positions: list[Position] = []               # the position before each card
    alternatives_at: list[list[tuple[int, Any]]] = []   # per card: (other legal card, its position or value)
    for card in played:
        if st.over:
            break
        positions.append(position_of(deal, st))
        others: list[tuple[int, Any]] = []
        for c in iter_cards(st.legal()):
            if c == card:
                continue
            st.push(c)
            others.append((c, st.final_value() if st.over else position_of(deal, st)))
            st.pop()
        alternatives_at.append(others)
        st.push(card)
    n = len(alternatives_at)
    final_state = st
    with s.shared_table():
        # the value of every position along the play: one exact solve each
        exact = s.null_many(positions) if decl.is_null else s.points_many(positions)
        values: list[Any] = list(exact)
        values.append(final_state.final_value() if final_state.over else
                      (s.null_many if decl.is_null else s.points_many)([position_of(deal, final_state)])[0])
        for k in range(n):
            pos = positions[k]
            card = played[k]
            best_value, after = values[k], values[k + 1]
            seat = pos.state.to_move
            ds = seat == deal.declarer
            # the other best cards: one zero-window probe per legal card
            best = [card] if after == best_value else []
            probes = [(c, p) for c, p in alternatives_at[k] if isinstance(p, Position)]
            best += [c for c, v in alternatives_at[k] if not isinstance(v, Position) and v == best_value]
            ps = [p for _, p in probes]
            if decl.is_null:
                ok = [v == best_value for v in s.null_many(ps)] if ps else []
            elif ds:
                ok = s.reach_many(ps, [best_value] * len(ps)) if ps else []
            else:
                ok = [not v for v in s.reach_many(ps, [best_value + 1] * len(ps))] if ps else []
            best += [c for (c, _), good in zip(probes, ok) if good]
            best.sort()
            changed = _changed(decl, best_value, after)
            if decl.is_null:
                cost = int(bool(best_value) != bool(after))
            elif decl.spitze:
                # the values carry the Spitze bonus (the search's order), shown as card points; a card
                # that decides the Spitze is a mistake even when it gains points (its note says why)
                (b_pts, b_kept), (a_pts, a_kept) = split_spitze(best_value), split_spitze(after)
                cost = (b_pts - a_pts) if ds else (a_pts - b_pts)
                if b_kept != a_kept:
                    cost = max(cost, 1)
                best_value, after = b_pts, a_pts
            else:
                cost = (best_value - after) if ds else (after - best_value)
            entries.append(CardReview(k, pos.state.trick_number, card, seat, ds, best_value, after,
                                      best, best_value, cost, changed))
    start = split_spitze(values[0])[0] if decl.spitze else values[0]
    final: dict[str, Any] = {}
    st = replay(deal)
    final["declarer_points"] = st.declarer_points
    final["declarer_tricks"] = st.declarer_tricks
    final["finished"] = st.finished
    if decl.spitze:
        final["spitze_possible"] = split_spitze(values[0])[1]       # double-dummy, from the first card
    if final["finished"]:
        res, _ = score_deal(deal)
        final.update(won=res.won, game_value=res.game_value, score=res.score, reason=res.reason)
        if decl.spitze:
            final["spitze_kept"] = st.spitze_kept
    alternatives = declaration_alternatives(deal, s) if declaration and not deal.is_study else []
    return DealReview(deal, entries, start, final, alternatives)


def review_ramsch(deal: Deal, solver: Solver | None = None) -> DealReview:
    """A Ramsch reviewed from each player's point of view: before every card, the fewest card
    points the player to move could still end with if the other two played against him
    (paranoid); after it, the same for the card played; the best cards; the cost (the points
    the card gave up against that).  ``start_value``: each seat's fewest points from the
    first card."""
    s = solver or default_solver()
    st = deal.start_state()
    # per card: the mover and every legal card's value for him (a position to solve, or final)
    plans: list[tuple[int, int, int, list[tuple[int, Any]]]] = []
    for card in deal.played:
        if st.over:
            break
        seat = st.to_move
        options: list[tuple[int, Any]] = []
        for c in iter_cards(st.legal()):
            st.push(c)
            options.append((c, st.final_value(seat) if st.over else position_of(deal, st, seat)))
            st.pop()
        plans.append((st.trick_number, seat, card, options))
        st.push(card)
    start_positions = [position_of(deal, deal.start_state(), seat) for seat in range(3)] \
        if deal.played or not st.over else []
    with s.shared_table():
        todo = [p for _, _, _, opts in plans for _, p in opts if isinstance(p, Position)]
        solved = iter(s.points_many(todo + start_positions))
        values = [[(c, next(solved) if isinstance(p, Position) else p) for c, p in opts] for _, _, _, opts in plans]
        start = {SEATS[q]: v for q, v in enumerate(solved)}
    # every seat keeps his own points low: the value is the mover's, a lower one is better
    entries = review_options([(t, seat, card, vals) for (t, seat, card, _), vals in zip(plans, values)],
                             wants_more=lambda seat: False, declarer_side=lambda seat: False)
    final: dict[str, Any] = {"points": {SEATS[q]: st.points[q] for q in range(3)},
                             "tricks": {SEATS[q]: st.tricks[q] for q in range(3)}, "finished": st.over}
    if st.over and not deal.is_study:
        final.update(ramsch_record(*score_ramsch(deal)))
    return DealReview(deal, entries, start, final, sides=False)


def review_options(plans: list[tuple[int, int, int, list[tuple[int, Any]]]], wants_more: Callable[[int], bool],
                   declarer_side: Callable[[int], bool], seats: str = SEATS,
                   changed: Callable[[Any, Any], str | None] | None = None) -> list[CardReview]:
    """The card reviews of a play whose every legal card was valued: ``plans`` per card played
    (trick, seat, card, [(legal card, value)]); ``wants_more(seat)``: does that seat want the
    value high (the declarer's points) or low (a defender's view of them, a Ramsch player's own
    points)?  The best cards reach the mover's optimum; a card's cost is what it gave up
    against it, in the value's units.

    >>> [r.cost for r in review_options([(1, 0, 5, [(5, 40), (6, 55)]), (1, 1, 7, [(7, 55), (8, 50)])],
    ...                                 wants_more=lambda seat: seat == 0, declarer_side=lambda seat: seat == 0)]
    [15, 5]
    """
    out = []
    for k, (trick, seat, card, vals) in enumerate(plans):
        sign = 1 if wants_more(seat) else -1
        before = sign * max(sign * v for _, v in vals)
        after = dict(vals)[card]
        best = sorted(c for c, v in vals if v == before)
        out.append(CardReview(k, trick, card, seat, declarer_side(seat), before, after, best, before,
                              sign * (before - after), changed(before, after) if changed else None, seats))
    return out


def review_piles(deal: OffiziersDeal, solver: Solver | None = None) -> DealReview:
    """An Offiziersskat deal reviewed with every face-down card known: at every card played,
    each legal card's value is F's final card points with best play after it (F wants many, R
    few; in Ramsch the other way round); a card that turns the winner is marked."""
    s = solver or default_solver()
    st = deal.start_state()
    plans = []
    with s.shared_table():
        for card in deal.played:
            plans.append((st.trick_number, st.to_move, card, best_cards(st, s)))
            st.push(card)
        start = plans[0][3][0][1] if plans else solve_points([st], s)[0]

    def changed(before: int, after: int) -> str | None:
        w0, w1 = f_wins(deal.game, before), f_wins(deal.game, after)
        return None if w0 == w1 else ("win -> loss" if w0 else "loss -> win")

    entries = review_options(plans, wants_more=lambda seat: (seat == 0) != (deal.game == RAMSCH),
                             declarer_side=lambda seat: seat == 0, seats=SIDES, changed=changed)
    final: dict[str, Any] = {"declarer_points": st.points[0], "finished": st.finished}
    if st.finished:
        r = score_offiziers(deal)
        final.update(won=r.won, winner=r.winner, score=r.scores["F"], reason=r.reason)
    return DealReview(deal, entries, start, final, seats=SIDES)


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


# ------------------------------------------------------------------ by what the mover knew

#: A card's class by what it gave up from the mover's seat: (most expected score given up, most
#: winning chance given up) for each class but the last; a card past both limits of a class
#: falls to the next.  The score is the mover's side's (the declarer's settlement, its negative
#: for a defender), the chance his side's.
CLASSES = ("best", "good", "inaccuracy", "mistake", "blunder")
LIMITS = {"best": (0.5, 0.005), "good": (3.0, 0.03), "inaccuracy": (10.0, 0.10), "mistake": (30.0, 0.25)}
#: A Ramsch has no winner's chance: the limits on the card points a card gives up.
RAMSCH_LIMITS = {"best": 0.5, "good": 2.0, "inaccuracy": 6.0, "mistake": 15.0}



def card_class(cost: float, drop: float, ramsch: bool = False) -> str:
    """The class of a card that gave up ``cost`` (expected score, or a Ramsch's card points) and
    ``drop`` (its side's winning chance) against the best card.

    >>> card_class(0.0, 0.0), card_class(2.0, 0.01), card_class(12.0, 0.05), card_class(1.0, 0.4)
    ('best', 'good', 'mistake', 'blunder')
    >>> card_class(4.0, 0.0, ramsch=True)
    'inaccuracy'
    """
    for name in CLASSES[:-1]:
        if ramsch:
            if cost <= RAMSCH_LIMITS[name]:
                return name
        elif cost <= LIMITS[name][0] and drop <= LIMITS[name][1]:
            return name
    return CLASSES[-1]


def info_review(deal: Deal, seed: int = 0, samples: int = PRECISION["samples"], scoring: str = "simple",
                solver: Solver | None = None, precision: float = PRECISION["precision"], workers: int = 1,
                first: int = PRECISION["first"], points: bool = PRECISION["points"], shrink: bool = True,
                settle: int = PRECISION["settle"]) -> list[dict]:
    """Every card of ``deal.played`` judged by what its player knew: the worlds he could not tell
    apart (his hand, the cards played and by whom, the voids shown, the skat if he is the
    declarer who saw it, the declaration, an Ouvert hand, the auction), weighted by the
    inference the ``best`` player uses, each solved double-dummy for every legal card, and
    settled by the one settlement (:meth:`~solver.players.best.BestPlayer.card_values`).

    Per card: ``cards`` (each legal card's declarer ``p_win``, the mover's side's
    ``expected_score`` and, with ``points``, the declarer's expected card ``points``), ``cost`` (the expected score
    it gave up against the best card; a Ramsch: the card points), ``drop`` (its side's winning
    chance given up), ``class`` (:func:`card_class` of that cost and drop), ``cost_ci`` and
    ``drop_ci`` (their 95% intervals; a point where the worlds were every world he could not
    tell apart), ``settled`` (both ends of the intervals give the same mark) and ``mark``
    (:func:`mark_text`: the class, a "?" beside it where it is not settled), ``best``,
    ``worlds`` and ``exact`` (those were all the worlds there are: near the end they are
    enumerated).  Over a sample of worlds (and ``shrink``, the simple scoring, not a Ramsch)
    the cost and drop are the sample's paired, per-world estimates read against the review's
    empirical-Bayes priors (:func:`_mark`): posterior means and 95% credible intervals, with the
    sample's own estimates and standard errors in ``sampled``.

    The worlds, as ``skat bid`` samples: ``first`` worlds first, then as many again (the
    same seed's next ones) until the 95% interval of the card's ``drop`` (a Ramsch: its cost as a
    share of the 120 card points) is within ``precision``, all the worlds there are were
    solved, or ``samples`` is reached; a card whose class is not settled then goes on, doubling,
    to ``settle`` (:data:`SETTLE_FACTOR`) times ``samples`` worlds, these solved only as far as the settlement
    needs (the expected card ``points`` are the earlier worlds').  The worlds of card ``i`` come from ``seed`` and ``i``
    alone, and the stopping rule reads only them: two deals the mover cannot tell apart get
    the same judgement, and ``workers`` processes (the cards shared among them) the same as
    one.  A card that was the only legal one is ``forced``."""
    parts = [("card", job) for job in _card_jobs(deal, seed, samples, precision, scoring, first, points, shrink,
                                                 settle)]
    with started(_run_part, parts, workers, solver or default_solver()) as results:
        return results()


def _card_jobs(deal: Deal, seed: int, samples: int, precision: float, scoring: str = "simple",
               first: int = PRECISION["first"], points: bool = PRECISION["points"], shrink: bool = True,
               settle: int = PRECISION["settle"]) -> list[dict]:
    """:func:`judge_card`'s arguments for every card played before the game was over."""
    st = deal.start_state()
    n = 0
    for card in deal.played:
        if st.over:
            break
        st.push(card)
        n += 1
    return [{"deal": deal, "i": i, "seed": seed, "samples": samples, "precision": precision, "scoring": scoring,
             "first": first, "points": points, "shrink": shrink, "settle": settle} for i in range(n)]


def _run_part(part: tuple[str, dict], solver: Solver | None = None) -> Any:
    """One independent part of a review by what the players knew (a card's judgement, the
    declarer's chance, the declaration's check); its answer depends on its arguments alone,
    so any number of processes gives the same."""
    kind, kw = part
    if kind == "card":
        return judge_card(**kw, solver=solver)
    if kind == "chance":
        return declared_chance(**kw, solver=solver)
    return declaration_advice(**kw)


def judge_card(deal: Deal, i: int, seed: int = 0, samples: int = PRECISION["samples"],
               precision: float = PRECISION["precision"], scoring: str = "simple", solver: Solver | None = None,
               first: int = PRECISION["first"], points: bool = PRECISION["points"], shrink: bool = True,
               settle: int = PRECISION["settle"]) -> dict:
    """Card ``i`` of ``deal.played`` judged by what its player knew (see :func:`info_review`)."""
    # (the prior was fitted on the simple scoring's scores)
    shrink = shrink and scoring == "simple"
    from .players.table import view_of
    st = deal.start_state()
    for c in deal.played[:i]:
        st.push(c)
    card = deal.played[i]
    ramsch = deal.declaration.is_ramsch
    seat = st.to_move
    view = view_of(st, seat, deal)
    legal = list(iter_cards(view.legal()))
    if len(legal) == 1:
        return {"cost": 0.0, "drop": 0.0, "class": "best", "settled": True, "cost_ci": [0.0, 0.0],
                "drop_ci": [0.0, 0.0], "mark": "", "forced": True, "best": [CARD_NAMES[card]],
                "worlds": 0, "exact": False, "cards": {}}
    player = _knower(min(first, samples), [seed, i], scoring, solver, points)
    vals = player.card_values(view)
    if vals is None:                              # what he saw contradicts the inference: no judgement
        return {"cost": None, "drop": None, "class": None, "settled": False, "cost_ci": None, "drop_ci": None,
                "mark": "", "best": [], "worlds": 0, "exact": False, "cards": {}}
    k = legal.index(card)
    judged = _judged(vals, seat == deal.declarer, ramsch)
    mark = _mark(judged, k, ramsch, bool(vals["exact"]), shrink)
    cap = settle * samples
    while not vals["exact"] and vals["worlds"] < cap and (
            not mark["settled"] or (vals["worlds"] < samples and _unsure(judged, k, ramsch) > precision)):
        limit = samples if mark["settled"] else cap
        player.samples = min(vals["worlds"], limit - vals["worlds"])
        # the settling worlds, past ``samples``, are solved only as far as the settlement needs
        # (the class reads nothing else): several times as many worlds in the same time
        player.exact_points = points and vals["worlds"] < samples
        more = player.card_values(view)
        if more is None:
            break
        vals = _pooled(vals, more)
        judged = _judged(vals, seat == deal.declarer, ramsch)
        mark = _mark(judged, k, ramsch, False, shrink)
    w, per_world, wins, side, chance = judged
    top = int(np.argmax(side))
    return {**mark,
            "best": [CARD_NAMES[c] for j, c in enumerate(legal) if side[j] >= side[top] - 1e-9],
            "worlds": vals["worlds"], "exact": bool(vals["exact"]),
            "cards": {CARD_NAMES[c]: {"p_win": None if ramsch else round(float(vals["p_win"][j]), 4),
                                      "expected_score": round(float(side[j]), 2),
                                      "points": None if vals["points"] is None else round(float(vals["points"][j]), 2)}
                      for j, c in enumerate(legal)}}


def cards_by_what_he_knows(view: Any, samples: int = 16, seed: int = 0,
                           solver: Solver | None = None) -> list[dict] | None:
    """The mover's legal cards by what he knows (``view``: his :class:`~solver.players.PlayView`),
    best first, as :func:`info_review` values them over ``samples`` worlds: per card its
    ``card``, the declarer's ``p_win`` (None in a Ramsch) and the mover's side's
    ``expected_score`` (a Ramsch: minus his card points).  A hint that never looks at the
    hidden cards.  None when no world fits what he knows."""
    legal = list(iter_cards(view.legal()))
    vals = _knower(samples, [seed, len(view.history)], "simple", solver, points=False).card_values(view)
    if vals is None:
        return None
    ramsch = view.declaration.is_ramsch
    _, _, _, side, _ = _judged(vals, view.seat == view.declarer, ramsch)
    out = [{"card": CARD_NAMES[c], "p_win": None if ramsch else round(float(vals["p_win"][j]), 4),
            "expected_score": round(float(side[j]), 2)} for j, c in enumerate(legal)]
    return sorted(out, key=lambda r: -r["expected_score"])


def _knower(samples: int, seed: list[int], scoring: str, solver: Solver | None, points: bool = True) -> Any:
    """The ``best`` player that values a mover's cards by what he knows (its inference, the
    game's stakes), over ``samples`` worlds from ``seed``, every card early too; ``points``: the
    cards' expected card points too (else each world is solved only as the settlement needs)."""
    from .players.best import BestPlayer
    # (null_defence=1: the review and the hints choose their own number of worlds)
    player = BestPlayer(seed=0, scoring=scoring, samples=samples, solver=solver or default_solver(), null_defence=1)
    player.rng = np.random.default_rng(seed)
    player.early_half = False                     # a judgement wants every world, early too
    player.exact_points = points
    return player


def _judged(vals: dict, mine: bool, ramsch: bool) -> tuple[np.ndarray, ...]:
    """The worlds' weights; per world and card the mover's side's value and its win; per card
    their weighted means (``side``, ``chance``)."""
    w = vals["weights"]
    per_world = -vals["world_score"] if ramsch else (1.0 if mine else -1.0) * vals["world_score"]
    wins = np.zeros(per_world.shape) if ramsch else (vals["won"] if mine else ~vals["won"]).astype(float)
    return w, per_world, wins, w @ per_world, w @ wins


def _unsure(judged: tuple[np.ndarray, ...], k: int, ramsch: bool) -> float:
    """The half-width of the 95% interval of card ``k``'s drop against the sample's best card
    (a Ramsch: its cost in card points, as a share of all 120)."""
    w, per_world, wins, side, _ = judged
    top = int(np.argmax(side))
    if ramsch:
        return _interval(per_world[:, top] - per_world[:, k], w)[1] / 120.0
    return _interval(wins[:, top] - wins[:, k], w)[1]


def _pooled(a: dict, b: dict) -> dict:
    """Two samples of one card's worlds as one (each keeps its share of the weight by its size);
    the expected card points are the first's alone where the second's worlds were solved only as
    far as the settlement needs."""
    na, nb = a["worlds"], b["worlds"]
    n = na + nb
    return {"legal": a["legal"], "worlds": n, "weights": np.concatenate([a["weights"] * na, b["weights"] * nb]) / n,
            "won": np.concatenate([a["won"], b["won"]]),
            "world_score": np.concatenate([a["world_score"], b["world_score"]]),
            "p_win": (a["p_win"] * na + b["p_win"] * nb) / n,
            "points": None if a["points"] is None else a["points"] if b["points"] is None else
            (a["points"] * na + b["points"] * nb) / n,
            "exact": False}


def _interval(diff: np.ndarray, w: np.ndarray) -> tuple[float, float]:
    """The weighted mean of a paired difference and the half-width of its 95% interval (with
    the worlds' effective number; infinite below two).

    >>> m, half = _interval(np.array([1.0, 0.0, 1.0, 0.0]), np.full(4, 0.25))
    >>> m, round(half, 4)
    (0.5, 0.5658)
    """
    m = float(w @ diff)
    n_eff = 1.0 / float(w @ w)
    if n_eff < 2:
        return m, math.inf
    var = float(w @ (diff - m) ** 2) * n_eff / (n_eff - 1)
    return m, Z95 * math.sqrt(var / n_eff)


def _mark(judged: tuple[np.ndarray, ...], k: int, ramsch: bool, exact: bool, shrink: bool = True) -> dict[str, Any]:
    """Card ``k``'s judgement against the worlds' best card: its ``cost`` and ``drop`` (the
    estimates), their 95% intervals (a point where the worlds are ``exact``: every world there
    is, nothing to subtract), the ``class`` of the estimates, whether the intervals' two ends
    give the same mark (``settled``: best and good are both unmarked) and the ``mark`` shown.

    Sampled worlds, with ``shrink`` (not a Ramsch): the estimates are read against how the
    cards of many reviewed games spread (:func:`solver.shrinkage.review_prior`, an empirical-Bayes
    prior): ``cost`` and ``drop`` are the posterior means and the intervals credible ones.  The
    sample's own estimates and standard errors are kept in ``sampled``."""
    w, per_world, wins, side, chance = judged
    sampled = None
    if exact:
        top = int(np.argmax(side))
        cost = float(side[top] - side[k])
        drop = max(0.0, float(chance[top] - chance[k]))
        cost_ci, drop_ci = [cost, cost], [drop, drop]
    else:
        # cross-fitted: each world compares the card with the best card of the *other* half of the
        # worlds, so the best card's luck in these worlds (the highest of several noisy means is
        # too high: the winner's curse) is not charged to the card played
        tops = _cross_tops(w, per_world)
        rows = np.arange(per_world.shape[0])
        cost, ch = _interval(per_world[rows, tops] - per_world[:, k], w)
        drop, dh = _interval(wins[rows, tops] - wins[:, k], w)
        dh = 0.0 if ramsch else dh
        cost_se, drop_se = ch / Z95, dh / Z95
        sampled = {"cost": round(cost, 4), "cost_se": round(cost_se, 4) if math.isfinite(ch) else None,
                   "drop": round(drop, 4), "drop_se": round(drop_se, 4) if math.isfinite(dh) else None}
        cost_prior, drop_prior = (review_prior("cost"), review_prior("drop")) if shrink and not ramsch else (None, None)
        if cost_prior is not None and drop_prior is not None:
            cost, *cost_ci = posterior(cost_prior, cost, cost_se)
            drop, *drop_ci = posterior(drop_prior, drop, drop_se)
        else:
            cost_ci, drop_ci = [cost - ch, cost + ch], [drop - dh, drop + dh]
        cost, drop = max(0.0, cost), max(0.0, drop)
    lo_c, hi_c = max(0.0, cost_ci[0]), max(0.0, cost_ci[1])
    lo_d, hi_d = max(0.0, drop_ci[0]), min(1.0, max(0.0, drop_ci[1]))
    cls = card_class(cost, drop, ramsch)
    low = card_class(lo_c, lo_d, ramsch)
    high = card_class(hi_c, hi_d, ramsch)
    settled = mark_text(low) == mark_text(cls) == mark_text(high)       # (best and good alike unmarked)
    out = {"cost": round(cost, 2), "drop": round(drop, 4), "class": cls, "settled": settled,
           "cost_ci": [round(lo_c, 2), round(hi_c, 2)] if math.isfinite(hi_c) else None,
           "drop_ci": [round(lo_d, 4), round(hi_d, 4)] if math.isfinite(drop_ci[1]) else None,
           "mark": mark_text(cls, settled)}
    if sampled is not None:
        out["sampled"] = sampled
    return out


def _cross_tops(w: np.ndarray, per_world: np.ndarray) -> np.ndarray:
    """Per world: the best card (by the weighted mean value) of the other half of the worlds
    (even and odd places), or of all of them where a half has no weight.

    >>> # card 0 is best in the even worlds, card 1 in the odd ones: each half is judged by the other's
    >>> _cross_tops(np.full(4, 0.25), np.array([[1.0, 0.0], [0.0, 5.0], [1.0, 0.0], [0.0, 5.0]])).tolist()
    [1, 0, 1, 0]
    """
    odd = np.arange(per_world.shape[0]) % 2 == 1
    best = int(np.argmax(w @ per_world))
    tops = np.full(per_world.shape[0], best)
    for half in (odd, ~odd):
        other = ~half
        if w[other].sum() > 0:
            tops[half] = int(np.argmax(w[other] @ per_world[other]))
    return tops


#: The classes a review marks (the others are unmarked).
MARKED = ("inaccuracy", "mistake", "blunder")


def mark_text(cls: str | None, settled: bool = True) -> str:
    """What a review shows for a card's class, the same in the terminal, the HTML report and
    the web: nothing for a best or good card, the class's name for the others, with "?" beside
    it where the worlds did not settle it.

    >>> mark_text("good"), mark_text("mistake"), mark_text("blunder", settled=False), mark_text("good", False)
    ('', 'mistake', 'blunder?', '')
    """
    if cls not in MARKED:
        return ""
    return cls + ("" if settled else "?")


def info_summary(cards: list[CardReview], seats: str = SEATS) -> dict[str, dict]:
    """Per seat: the information cost of its cards (the expected score they gave up), how
    many fell in each class, and how many of its marks the worlds did not settle (``unsettled``,
    counted in their classes too)."""
    out: dict[str, dict] = {}
    for s, name in enumerate(seats):
        mine = [c.info for c in cards if c.seat == s and c.info is not None and c.info.get("class")]
        out[name] = {"cards": len(mine), "cost": round(sum(i["cost"] for i in mine), 2),
                     **{cls: sum(1 for i in mine if i["class"] == cls) for cls in CLASSES},
                     "unsettled": sum(1 for i in mine if i["class"] in MARKED and not i.get("settled", True))}
    return out


def ratings(rows: Iterable[dict]) -> list[dict]:
    """Card play rated per player over the rows of ``skat bulk stats`` (one per seat of a
    reviewed game), best first: games and cards reviewed, the mean information cost per card
    with its 95% interval (over the games), each class per game, and as declarer the games won
    against the winning chance he saw at his first card (``surplus``: won minus expected, per
    game)."""
    from .stats import mean_ci
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
        row["surplus_per_game"] = round((row["won"] - sum(expected)) / len(decl), 3) \
            if decl and len(expected) == len(decl) else None
        out.append(row)
    return sorted(out, key=lambda r: (r["info_cost_per_card"] if r["info_cost_per_card"] is not None
                                      else math.inf, r["player"]))


def review_many(deals: Iterable[Any], workers: int = 1, card_workers: int = 1, **kw) -> list[DealReview]:
    """Review many deals, on ``workers`` processes (each deal's cards judged by what their
    players knew on ``card_workers``: for one deal, see :func:`review`)."""
    return map_processes(_review_one, [(d, dict(kw, workers=card_workers)) for d in deals], workers)


def _review_one(args) -> DealReview:
    d, kw = args
    return review(d, **kw)
