"""The double-dummy review of each kind of game: a suit, Grand or Null game along its play, a
classic Ramsch and Offiziersskat every legal card at every card played (:func:`review_options`)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any


from ..cards import iter_cards
from ..deal import Deal, ramsch_record, replay, score_deal, score_ramsch
from ..games import RAMSCH, SEATS
from ..offiziersskat import SIDES, OffiziersDeal, f_wins, score_offiziers
from ..search.api import Position, Solver, default_solver, position_of, split_spitze
from ..search.offiziers import best_cards, solve_points
from .declaration import declaration_alternatives
from .results import CardReview, DealReview, changed_outcome



def review_game(deal: Deal, s: Solver, declaration: bool) -> DealReview:
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
            changed = changed_outcome(decl, best_value, after)
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


