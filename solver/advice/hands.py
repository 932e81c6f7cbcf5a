"""The advice's entry points: ten cards before the auction (:func:`evaluate_hand`), twelve
after the pick-up (:func:`evaluate_declare`), the declarer of a deal as he knew it
(:func:`evaluate_declarer`), and many hands at once (:func:`evaluate_hands`)."""


from __future__ import annotations

import dataclasses
import os
import time
from typing import Any
from collections.abc import Callable, Collection, Iterable, Sequence

import numpy as np

from ..bidding import auction_record, parse_calls
from ..calibration import default_model
from ..cards import CardParseError, card_codes, parse_cards, popcount
from ..deal import Deal
from ..heuristics import ranked_discards
from ..games import GAMES, GRAND, NULL, SUIT_GAMES, Declaration, DeclarationError, parse_seat
from ..play import spitze_card
from ..inference import auction_likelihood
from ..sampling import LikelySampler, WorldSampler
from ..scoring import SCORINGS, check_bid
from ..search.api import Solver, default_solver
from .options import Advice, Sampling, bundle
from .race import Candidate, Evaluator, Outcome, Race, Readings, result_of, score_span, shared
from .results import DeclarationResult, EvaluationError, HandEvaluation, calibrate


def base_declarations() -> list[Declaration]:
    """The menu: D H S C Grand Null Null-Ouvert after a pick-up, and the same as Hand games."""
    out = []
    for hand in (False, True):
        for g in GAMES:
            out.append(Declaration(g, hand=hand))
        out.append(Declaration(NULL, hand=hand, ouvert=True))
    return out


def _check(cards, n: int, seat, bid, scoring) -> tuple[int, int]:
    try:
        if isinstance(cards, str):
            cards = parse_cards(cards)
        elif not isinstance(cards, int):
            cards = parse_cards([str(c) for c in cards])
    except CardParseError as e:
        raise EvaluationError(str(e)) from None
    if popcount(cards) != n:
        raise EvaluationError(f"expected {n} cards, got {popcount(cards)}")
    try:
        seat = parse_seat(seat)
    except DeclarationError as e:
        raise EvaluationError(str(e)) from None
    if bid is not None:
        try:
            check_bid(bid)
        except ValueError as e:
            raise EvaluationError(str(e)) from None
    if scoring not in SCORINGS:
        raise EvaluationError(f"unknown scoring {scoring!r} (simple or seeger-fabian)")
    return cards, seat


def _workers(workers: int | None) -> int:
    return workers if workers is not None else (os.cpu_count() or 1)


def evaluate_hand(cards: int | str | Iterable, seat: int | str, bid: int | None = None, *,
                  sampling: Sampling | None = None, advice: Advice | None = None,
                  declarations: Sequence[Declaration] | None = None,
                  auction: Sequence[tuple[int, str]] | None = None, solver: Solver | None = None,
                  workers: int | None = None, progress: Callable[[int, int], None] | None = None,
                  **options: Any) -> HandEvaluation:
    """Evaluate ten cards in a seat (0/F forehand, 1/M, 2/R) at ``bid`` (None: 18, no bid asked);
    see the package docs.

    ``sampling``: how the worlds are sampled (:class:`~solver.advice.options.Sampling`: how many,
    when the race may stop, the seed); ``advice``: what is answered
    (:class:`~solver.advice.options.Advice`: the scoring, the safe bid's win chance, the play
    model, Spitze, which declarations are reported).  Any of their fields may also be given by
    its own keyword (``samples=64, seed=3``), which sets it on them.  ``declarations``: these
    alone (default: the whole menu, :func:`base_declarations`); ``auction``: the calls so far
    ((seat, '18' | 'y' | 'p'), see :func:`~solver.bidding.parse_auction`): the worlds are then
    drawn in proportion to how likely the other two seats' calls are with their hands
    (:func:`_worlds`); ``workers`` processes solve (default: all cores).

    >>> ev = evaluate_hand("CJ SJ HJ DJ CA CT SA ST HA HT", "M", sampling=Sampling(samples=32), workers=1)
    >>> ev.recommended.declaration.game == GRAND, ev.recommended.p_win()
    (True, 1.0)
    """
    t0 = time.perf_counter()
    sp, ad = bundle(sampling, advice, options, "evaluate_hand")
    cards, seat = _check(cards, 10, seat, bid, ad.scoring)
    at = bid if bid is not None else 18
    ev = Evaluator(cards, seat, solver or default_solver(), _workers(workers))
    cands = [Candidate(d) for d in (declarations or base_declarations())]
    if ad.spitze:
        cands += [Candidate(dataclasses.replace(c.declaration, spitze=True)) for c in cands
                  if _spitze_possible(c.declaration, cards)]
    mdl = _model(ad.model)
    sampler = _worlds(WorldSampler(cards, seat, sp.seed), seat, sp.seed, auction)
    read = Readings(ad.scoring, lambda c, r: calibrate(r, cards, seat, mdl))
    race = Race(ev, cands, sampler, at, sp, read=read, progress=progress)
    outcomes, total, stopped = race.run(option_round=ad.details == "all")

    def rows(got: dict[Candidate, Outcome]) -> list[tuple[Candidate, Declaration]]:
        out = [(shared(c), c.declaration) for c in cands]
        # Hand announcements that are not hopeless share the Hand game's play
        for g in list(SUIT_GAMES) + [GRAND]:
            base = Candidate(Declaration(g, hand=True))
            if base not in got:
                continue
            o = got[base]
            if np.mean(o.q90) >= 0.25:
                out.append((base, Declaration(g, hand=True, schneider=True)))
            if np.mean(o.qall) >= 0.25:
                out.append((base, Declaration(g, hand=True, schwarz=True)))
                out.append((base, Declaration(g, hand=True, ouvert=True)))
        return out

    results = _settled(ev, outcomes, rows, read, at, ad.min_win, ad.details)

    def evaluation(paired: list[DeclarationResult]) -> HandEvaluation:
        return HandEvaluation(cards, seat, bid, results, ad.scoring, ad.min_win, total, sp.seed, ev.solves,
                              time.perf_counter() - t0, stopped=stopped, budget=sp.budget,
                              auction=list(auction or []), acceptance=getattr(sampler, "acceptance", None),
                              complete=ad.details == "all", option_rows=paired).calibrated_with(mdl)
    if ad.details != "all":
        # A bulk row: the pick-up's option can only turn a no or a borderline into something
        # better, so only there are the pick-ups paired (the race's last round, as skat bid's), and
        # every pick-up declaration is then kept: its answer is the one every declaration gives.
        single = evaluation([])
        if ad.min_win is not None or single.advice()["verdict"] == "yes":
            return single
        race.option_round()
        results = _settled(ev, outcomes, rows, read, at, ad.min_win, ad.details, keep=set(race.option_outcomes))
    return evaluation(_option_rows(ev, cands, race.option_outcomes, outcomes, ad.scoring))


def _option_rows(ev: Evaluator, cands: list[Candidate], extra: dict[Candidate, Outcome],
                 outcomes: dict[Candidate, Outcome], scoring: str) -> list[DeclarationResult]:
    """The pick-up declarations (of ``cands``) on the worlds the race's option round added
    (:meth:`Race.option_round`), their lost worlds' levels probed: those the race's own outcomes
    probed are taken from them."""
    for c, o in extra.items():
        own = outcomes[c]
        for i in [i for i in o.pending if i < len(own.q31) and i not in own.pending]:
            o.q31[i], o.qany[i] = own.q31[i], own.qany[i]
            del o.pending[i]
    ev.resolve(list(extra), extra)
    return [result_of(shared(c), extra[shared(c)], scoring, c.declaration) for c in cands if shared(c) in extra]


#: Which declarations an evaluation reports (``details``): every one, or only those that could
#: be the recommended one or pay at some bid (bulk rows report nothing else); the others' lost
#: worlds keep their Schneider and Schwarz probes unasked, and they are left out.
DETAILS = ("all", "needed")


def _settled(ev: Evaluator, outcomes: dict[Candidate, Outcome],
             rows: Callable[[dict[Candidate, Outcome]], list[tuple[Candidate, Declaration]]],
             read: Readings, at: int, min_win: float | None, details: str,
             keep: Collection[Candidate] = ()) -> list[DeclarationResult]:
    """The evaluation's declarations (``rows``: (candidate solved, declaration played as it) from
    the outcomes; ``read``: their judged results), every waiting lost world probed (``details``
    "all"), or only those of a declaration that at its best could lead at ``at`` or pay at 18
    (its P(win) or its expected score), or is one of ``keep``, the rest left out ("needed"): the
    recommended declaration, the safe bid and the highest bid are the same either way, and with
    ``keep`` the pick-up declarations the race paired, the pick-up's option too."""
    if details not in DETAILS:
        raise ValueError(f"details must be one of {DETAILS}, not {details!r}")
    if details == "all":
        ev.resolve(list(outcomes), outcomes)
    while True:
        got = rows(outcomes)
        waiting = [i for i, (c, _) in enumerate(got) if outcomes[c].pending]
        if not waiting:
            return [result_of(c, outcomes[c], read.scoring, d) for c, d in got]
        judged = [read(c, outcomes[c], d) for c, d in got]
        spans = [score_span(js, at) for js in judged]
        lead = max(lo for lo, _ in spans)
        need = {got[i][0] for i in waiting
                if got[i][0] in keep or spans[i][1] >= lead or (score_span(judged[i], 18)[1] >= 0 if min_win is None
                                           else judged[i][0].p_win(18) >= min_win)}
        if not need:
            return [result_of(c, outcomes[c], read.scoring, d) for i, (c, d) in enumerate(got) if i not in waiting]
        ev.resolve(need, outcomes)


def _worlds(sampler: WorldSampler, seat: int, seed: int, auction: Sequence[tuple[int, str]] | None):
    """The worlds the advice samples: uniform, or with an auction drawn by how likely the other
    two seats' calls are with their hands (:func:`~solver.inference.auction_likelihood`,
    rejection sampling: :class:`~solver.sampling.LikelySampler`)."""
    likelihood = auction_likelihood(list(auction), seat) if auction else None
    if likelihood is None:
        return sampler
    return LikelySampler(sampler, likelihood, seed, what=f"the auction {' '.join(auction_record(list(auction or [])))}")


def evaluate_declarer(deal: Deal, declared_only: bool = False, **options: Any) -> HandEvaluation:
    """The declarer's cards as he knew them when he declared, at the deal's bid: his ten (a Hand
    game: :func:`evaluate_hand`) or his twelve (a pick-up: :func:`evaluate_declare`), the
    worlds drawn by the deal's auction (a record's ``auction``; :func:`by_the_auction`), on
    one process.  ``declared_only``: the game he declared (with his discard) alone, its
    ``recommended``; else every declaration, as ``skat bid`` / ``skat declare`` rank them.
    ``options``: theirs (``samples``, ``seed``, ``precision``, ``first_batch`` ...).

    >>> from solver.cards import parse_cards
    >>> from solver.games import Declaration, GRAND
    >>> hands = [parse_cards("CJ SJ HJ DJ CA CT SA ST HA HT"), parse_cards("C9 C8 C7 S9 S8 S7 H9 H8 H7 D7"),
    ...          parse_cards("CK CQ SK SQ HK HQ DA DT DK DQ")]
    >>> deal = Deal(hands, parse_cards("D9 D8"), 0, Declaration(GRAND, hand=True), bid=24)
    >>> evaluate_declarer(deal, declared_only=True, samples=16).recommended.p_win(24)
    1.0
    """
    d, decl, bid = deal.declarer, deal.declaration, deal.bid or 18

    def ask(auction: list[tuple[int, str]] | None) -> HandEvaluation:
        opts = dict(options, workers=1, auction=auction)
        if decl.hand:
            return evaluate_hand(deal.hands[d], d, bid=bid, declarations=[decl] if declared_only else None, **opts)
        mine = (decl, deal.skat) if declared_only else None
        return evaluate_declare(deal.hands[d] | deal.skat, d, bid, declared=mine, **opts)

    return by_the_auction(parse_calls(deal.extra.get("auction") or []), ask)


def by_the_auction(calls: list[tuple[int, str]],
                   ask: Callable[[list[tuple[int, str]] | None], HandEvaluation]) -> HandEvaluation:
    """``ask(calls)``; with uniform worlds (``ask(None)``) where there are no calls or no
    sampled world explains them (the evaluation's ``auction`` is then empty)."""
    try:
        return ask(calls or None)
    except EvaluationError:
        if not calls:
            raise
        return ask(None)


def _spitze_possible(decl: Declaration, cards: int) -> bool:
    """May this declaration announce Spitze with these cards (a suit or Grand game whose lowest
    trump they hold; no Ouvert, which promises every trick anyway)?"""
    return not decl.is_null and not decl.ouvert and not decl.spitze and bool((cards >> spitze_card(decl.game)) & 1)


def _model(model):
    return default_model() if isinstance(model, str) and model == "default" else model


def evaluate_hands(hands: Iterable[tuple], **options) -> list[HandEvaluation]:
    """Many hands at once: ``(cards, seat)`` or ``(cards, seat, bid)`` tuples, with the
    options of :func:`evaluate_hand` (a bid in a tuple overrides ``bid=``)."""
    out = []
    for h in hands:
        kw = dict(options)
        if len(h) > 2:
            kw["bid"] = h[2]
        out.append(evaluate_hand(h[0], h[1], **kw))
    return out


def evaluate_declare(cards: int | str | Iterable, seat: int | str, bid: int, skat: int | str | None = None, *,
                     sampling: Sampling | None = None, advice: Advice | None = None, discards_per_game: int = 3,
                     declared: tuple[Declaration, int] | None = None,
                     auction: Sequence[tuple[int, str]] | None = None, solver: Solver | None = None,
                     workers: int | None = None, progress: Callable[[int, int], None] | None = None,
                     **options: Any) -> HandEvaluation:
    """After the pick-up: rank discards and declarations by expected score at ``bid``
    (``sampling``, ``advice`` and their fields by keyword as for :func:`evaluate_hand`; Spitze:
    for discards that keep the lowest trump).

    ``cards`` are the twelve cards (or ten, with ``skat``).  The defenders'
    hands are sampled from the twenty unseen cards; every candidate is
    evaluated on the same worlds: the ``discards_per_game`` best discards of each game by the
    discard heuristic.  ``declared``: evaluate this (declaration, discard) alone
    (a game already declared, see :func:`evaluate_declarer`).
    """
    sp, ad = bundle(sampling, advice, options, "evaluate_declare")
    t0 = time.perf_counter()
    if skat is not None:
        try:
            ten = cards if isinstance(cards, int) else parse_cards(cards)
            sk = skat if isinstance(skat, int) else parse_cards(skat)
        except CardParseError as e:
            raise EvaluationError(str(e)) from None
        if popcount(sk) != 2:
            raise EvaluationError(f"the skat has two cards, got {popcount(sk)}")
        if popcount(ten) != 10:
            raise EvaluationError(f"expected 10 cards with the skat, got {popcount(ten)}")
        if ten & sk:
            both = " and ".join(card_codes(ten & sk))
            raise EvaluationError(f"{both} {'is' if popcount(ten & sk) == 1 else 'are'} in the hand and in the "
                                  f"skat: a card is dealt once")
        cards = ten | sk
    twelve, seat = _check(cards, 12, seat, bid, ad.scoring)
    ev = Evaluator(twelve, seat, solver or default_solver(), _workers(workers))
    cands = [] if declared is None else [Candidate(*declared)]
    for g in GAMES if declared is None else ():
        for d in ranked_discards(twelve, g)[:discards_per_game]:
            cands.append(Candidate(Declaration(g), d))
            if ad.spitze and _spitze_possible(Declaration(g), twelve & ~d):
                cands.append(Candidate(Declaration(g, spitze=True), d))
            if g == NULL:
                cands.append(Candidate(Declaration(NULL, ouvert=True), d))
    sampler = _worlds(WorldSampler(twelve, seat, sp.seed, sizes=(10, 10, 10, 0)), seat, sp.seed, auction)
    mdl = _model(ad.model)
    read = Readings(ad.scoring, lambda c, r: calibrate(r, twelve & ~(c.discard or 0), seat, mdl))
    # (twelve cards: the pick-up is behind him, no option to price)
    outcomes, total, stopped = Race(ev, cands, sampler, bid, dataclasses.replace(sp, option_worlds=0), read=read,
                                    progress=progress).run()
    ev.resolve(list(outcomes), outcomes)
    results = [result_of(c, outcomes[shared(c)], ad.scoring, c.declaration) for c in cands]
    return HandEvaluation(twelve, seat, bid, results, ad.scoring, ad.min_win, total, sp.seed, ev.solves,
                          time.perf_counter() - t0, stopped=stopped, budget=sp.budget, auction=list(auction or []),
                          acceptance=getattr(sampler, "acceptance", None)).calibrated_with(mdl)
